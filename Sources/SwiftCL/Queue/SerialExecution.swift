import Dispatch

/// How a ``ComputeQueue`` runs its closures: one at a time, each after every closure submitted before it.
///
/// Asynchronous closures go through a serial Dispatch queue. A synchronous one runs on the caller's thread when no
/// asynchronous closure is pending (no Dispatch hop, which cost about a point of a launch round trip on PoCL), and
/// otherwise through the Dispatch queue, after the pending ones. Every closure, either way, runs holding one lock, so
/// two never overlap; the pending count is raised before an asynchronous closure is handed to Dispatch, so a
/// synchronous call made after it by the same thread always waits for it. The lock also holds the encoder lists the
/// closures reuse (``EncoderLists``), handed to each closure in turn.
struct SerialExecution: Sendable {
    private let dispatchQueue: DispatchQueue
    /// Held while a closure runs; the lists closures reuse.
    private let running = Locked(EncoderLists())
    /// Asynchronous closures submitted and not yet finished.
    private let pending = Locked(0)

    init(label: String) {
        dispatchQueue = DispatchQueue(label: label)
    }

    /// Runs `body` after every closure submitted before it, and returns its value.
    func sync<T>(_ body: (inout EncoderLists) throws -> T) throws -> T {
        if pending.withLock({ $0 }) == 0 {
            return try running.withLock { lists in try body(&lists) }
        }
        return try dispatchQueue.sync { try running.withLock { lists in try body(&lists) } }
    }

    /// Runs `body` later, after every closure submitted before it.
    func async(_ body: @escaping @Sendable (inout EncoderLists) -> Void) {
        pending.withLock { $0 += 1 }
        dispatchQueue.async { [running, pending] in
            running.withLock { lists in
                body(&lists)
                pending.withLock { $0 -= 1 }
            }
        }
    }
}
