import Dispatch
import Foundation

/// A dispatch semaphore, as the guide's listings use to wait for a queue's block.
final class DispatchSemaphoreBox: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func signal() { semaphore.signal() }
    func wait() { semaphore.wait() }
}

/// Where a queue's block leaves its result for the host (written before the semaphore is signalled,
/// read after it is waited on, so the semaphore orders the accesses).
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storedPixels: [UInt32] = []
    private var storedError: (any Error)?

    var pixels: [UInt32] {
        get { lock.withLock { storedPixels } }
        set { lock.withLock { storedPixels = newValue } }
    }

    var error: (any Error)? {
        get { lock.withLock { storedError } }
        set { lock.withLock { storedError = newValue } }
    }
}
