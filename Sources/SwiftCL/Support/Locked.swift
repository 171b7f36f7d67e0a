#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a pthread mutex.
///
/// SwiftCL uses this rather than `Synchronization.Mutex` because ThreadSanitizer sees pthread
/// mutexes but not the futex-based `Mutex` of the (uninstrumented) standard library, which it then
/// reports as races; `swift test --sanitize=thread` must stay meaningful.
final class Locked<Value>: @unchecked Sendable {
    // The mutex pointer comes first: a zero-sized `Value` (Void) would otherwise share its address,
    // and ThreadSanitizer would report the unlocked read of the pointer as racing with the value.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // `value` is only touched between pthread_mutex_lock and pthread_mutex_unlock.
    private var value: Value

    init(_ value: Value) {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        self.value = value
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
