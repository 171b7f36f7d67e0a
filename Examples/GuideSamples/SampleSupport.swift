import Dispatch
import SwiftCL

/// A dispatch semaphore, as the guide's listings use to wait for a queue's block.
final class DispatchSemaphoreBox: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func signal() { semaphore.signal() }
    func wait() { semaphore.wait() }
}

/// Where a queue's block leaves its result for the host (written before the semaphore is signalled,
/// read after it is waited on, so the semaphore orders the accesses).
final class ResultBox: Sendable {
    private let stored = Locked((pixels: [UInt32](), error: (any Error)?.none))

    var pixels: [UInt32] {
        get { stored.withLock { $0.pixels } }
        set { stored.withLock { $0.pixels = newValue } }
    }

    var error: (any Error)? {
        get { stored.withLock { $0.error } }
        set { stored.withLock { $0.error = newValue } }
    }
}
