#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which queues the current thread is recording for (``ComputeQueue/record(engine:_:)``), innermost first, with the
/// recording encoder of each, in a thread-specific chain of stack frames (as ``QueueNesting`` keeps its own).
///
/// ``ComputeQueue/enqueue(_:)`` hands its closure the recording encoder of its queue, so libraries that enqueue through
/// it (`DeviceArray` expressions) are recorded; `sync`, `submit` and `measure` of a queue being recorded refuse.
enum RecordingScope {
    private struct Frame {
        let queue: ObjectIdentifier
        let encoder: Unmanaged<ComputeEncoder>
        let outer: UnsafeMutableRawPointer?
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The encoder recording for `queue` on the current thread, if any.
    static func encoder(recording queue: ComputeQueue) -> ComputeEncoder? {
        let target = ObjectIdentifier(queue)
        var cursor = pthread_getspecific(key)
        while let frame = cursor?.assumingMemoryBound(to: Frame.self).pointee {
            if frame.queue == target { return frame.encoder.takeUnretainedValue() }
            cursor = frame.outer
        }
        return nil
    }

    /// Runs `body` with `encoder` recording for its queue on the current thread.
    static func recording<T>(with encoder: ComputeEncoder, _ body: () throws -> T) rethrows -> T {
        var frame = Frame(queue: ObjectIdentifier(encoder.queue), encoder: .passUnretained(encoder), outer: pthread_getspecific(key))
        return try withExtendedLifetime(encoder) {
            try withUnsafeMutablePointer(to: &frame) { pointer in
                pthread_setspecific(key, pointer)
                defer { pthread_setspecific(key, pointer.pointee.outer) }
                return try body()
            }
        }
    }
}
