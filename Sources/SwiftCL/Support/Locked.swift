#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a pthread mutex: SwiftCL's one lock box, used by every module of the package (package access:
/// it is no part of the API; use `Synchronization.Mutex` or your own). The value and the mutex share one allocation; every pthread call's result is checked.
///
/// `Locked` is `Sendable` exactly when its value is: the lock makes shared mutation safe, not the
/// sending of a non-`Sendable` value to another thread.
///
/// SwiftCL uses this rather than `Synchronization.Mutex` because ThreadSanitizer sees pthread
/// mutexes but not the futex-based `Mutex` of the (uninstrumented) standard library, which it then
/// reports as races; `swift test --sanitize=thread` must stay meaningful.
///
/// A pthread call that fails (only possible through memory corruption or a lock taken recursively
/// from inside `withLock`) traps: continuing would break the exclusion the type promises.
package struct Locked<Value>: @unchecked Sendable where Value: Sendable {
    private let storage: Storage

    /// A lock box holding `value`.
    package init(_ value: Value) {
        storage = Storage.make(value)
    }

    /// Runs `body` with exclusive access to the value. Do not call `withLock` on the same box from
    /// inside `body`.
    /// - Throws: what `body` throws, with its type.
    @inline(__always)
    package func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        try storage.withLock(body)
    }

    /// The header of the allocation: the value, and one byte so that a zero-sized value (`Locked(())`, a lock that
    /// guards only calls) does not sit at the mutex's address, where ThreadSanitizer reports the value's inout access
    /// and the mutex's own reads as a race.
    private struct Header {
        var value: Value
        let distinctAddress: UInt8 = 0
    }

    /// The value and, in the tail of the same allocation, its mutex.
    private final class Storage: ManagedBuffer<Header, pthread_mutex_t> {
        static func make(_ value: Value) -> Storage {
            let buffer = Storage.create(minimumCapacity: 1) { _ in Header(value: value) }
            buffer.withUnsafeMutablePointerToElements { mutex in
                mutex.initialize(to: pthread_mutex_t())
                let status = pthread_mutex_init(mutex, nil)
                precondition(status == 0, "pthread_mutex_init failed: \(status)")
            }
            // `create` returns the dynamic type, which is `Storage`.
            return unsafeDowncast(buffer, to: Storage.self)
        }

        // ManagedBuffer destroys the header (the value) itself; the tail element is ours to destroy.
        deinit {
            withUnsafeMutablePointerToElements { mutex in
                let status = pthread_mutex_destroy(mutex)
                precondition(status == 0, "pthread_mutex_destroy failed: \(status)")
                _ = mutex.deinitialize(count: 1)
            }
        }

        @inline(__always)
        func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
            try withUnsafeMutablePointers { (header, mutex) throws(E) -> T in
                let locked = pthread_mutex_lock(mutex)
                precondition(locked == 0, "pthread_mutex_lock failed: \(locked)")
                defer {
                    let unlocked = pthread_mutex_unlock(mutex)
                    precondition(unlocked == 0, "pthread_mutex_unlock failed: \(unlocked)")
                }
                return try body(&header.pointee.value)
            }
        }
    }
}
