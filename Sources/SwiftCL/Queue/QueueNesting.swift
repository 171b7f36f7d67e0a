#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which ``ComputeQueue`` closures the current thread is inside, innermost first, kept in a
/// thread-specific chain of stack frames (no allocation).
///
/// `sync` and `measure` consult it so that a nested call on a queue the thread is already inside —
/// directly, or through other queues (`A.sync { B.sync { A.sync { } } }`) — throws
/// ``SwiftCLError/reentrantSync(queue:)`` instead of deadlocking or tripping libdispatch's
/// "already owned by current thread" trap.
enum QueueNesting {
    private struct Frame {
        let queue: ObjectIdentifier
        let outer: UnsafeMutableRawPointer?
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Whether the current thread is inside a closure of `queue`.
    static func isInside(_ queue: ComputeQueue) -> Bool {
        let target = ObjectIdentifier(queue)
        var cursor = pthread_getspecific(key)
        while let frame = cursor?.assumingMemoryBound(to: Frame.self).pointee {
            if frame.queue == target { return true }
            cursor = frame.outer
        }
        return false
    }

    /// Whether the current thread is inside a closure of any queue.
    static var isInsideAnyQueue: Bool { pthread_getspecific(key) != nil }

    /// Runs `body` with `queue` recorded as the innermost queue of the current thread.
    static func inside<T>(_ queue: ComputeQueue, _ body: () throws -> T) rethrows -> T {
        var frame = Frame(queue: ObjectIdentifier(queue), outer: pthread_getspecific(key))
        return try withUnsafeMutablePointer(to: &frame) { pointer in
            pthread_setspecific(key, pointer)
            defer { pthread_setspecific(key, pointer.pointee.outer) }
            return try body()
        }
    }
}
