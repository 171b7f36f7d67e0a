/// Device memory kept for reuse (PyOpenCL's `MemoryPool`): a buffer made from a pool goes back to it when its last
/// reference goes away, and the next buffer of the same byte count takes that memory instead of a fresh allocation —
/// no `clCreateBuffer`, and on a CPU device none of the first-touch page faults of new memory, which cost more than a
/// streaming kernel over the same bytes.
///
/// Every ``Context`` has one, ``Context/memoryPool``, that keeps nothing until its ``capacityBytes`` is raised;
/// `DeviceArray` results and temporaries (SwiftCLArrays) are allocated from it. A buffer returns when nothing uses
/// its memory any more (commands keep what they use alive until they complete; sub-buffers and reinterpretations keep
/// their root buffer alive), and only while the pool holds less than its capacity; otherwise it is released as
/// usual. Reused memory is uninitialised, like a new buffer's. C code that retains a pooled buffer's `handle` must
/// not use it after the buffer goes away.
public final class MemoryPool: Sendable {
    /// Memory is reused only within its context, for the same byte count. (A context lives while memory of it does,
    /// so its handle names it for as long as the pool holds any.)
    private struct Key: Hashable, Sendable {
        let context: ContextHandle
        let byteCount: Int
    }

    private struct State: Sendable {
        /// Released buffers' memory by context and byte count.
        var free: [Key: [MemoryHandle]] = [:]
        var heldBytes = 0
        var capacityBytes: Int
        var reuses = 0
    }

    private let state: Locked<State>

    /// A pool that keeps up to `capacityBytes` of released buffers' memory.
    public init(capacityBytes: Int = 0) {
        state = Locked(State(capacityBytes: Swift.max(0, capacityBytes)))
    }

    deinit { releaseAll() }

    /// The most memory the pool keeps, in bytes (0: it keeps nothing). Lowering it releases what no longer fits.
    public var capacityBytes: Int {
        get { state.withLock { $0.capacityBytes } }
        set {
            let released = state.withLock { state in
                state.capacityBytes = Swift.max(0, newValue)
                var released: [MemoryHandle] = []
                while state.heldBytes > state.capacityBytes, let key = state.free.keys.max(by: { $0.byteCount < $1.byteCount }),
                      var list = state.free[key], let handle = list.popLast() {
                    state.free[key] = list.isEmpty ? nil : list
                    state.heldBytes -= key.byteCount
                    released.append(handle)
                }
                return released
            }
            released.forEach(CL.releaseMemObject)
        }
    }

    /// The memory the pool holds now, in bytes.
    public var heldBytes: Int { state.withLock { $0.heldBytes } }

    /// How many allocations the pool has served from memory it held.
    public var reuseCount: Int { state.withLock { $0.reuses } }

    /// Releases every buffer's memory the pool holds.
    public func releaseAll() {
        let released = state.withLock { state in
            defer { state.free = [:]; state.heldBytes = 0 }
            return state.free.values.flatMap { $0 }
        }
        released.forEach(CL.releaseMemObject)
    }

    /// Memory of exactly `byteCount` bytes in `context` the pool holds, now the caller's.
    func take(byteCount: Int, context: Context) -> MemoryHandle? {
        let key = Key(context: context.id, byteCount: byteCount)
        return state.withLock { state in
            guard var list = state.free[key], let handle = list.popLast() else { return nil }
            state.free[key] = list.isEmpty ? nil : list
            state.heldBytes -= byteCount
            state.reuses += 1
            return handle
        }
    }

    /// Keeps `handle`, the reference of a buffer going away, when it fits; false when the caller must release it.
    /// Nothing else uses the memory by then: commands keep their buffers alive until they complete, and sub-buffers
    /// and reinterpretations keep their root buffer alive.
    func keep(_ handle: MemoryHandle, byteCount: Int, context: Context) -> Bool {
        state.withLock { state in
            guard state.heldBytes + byteCount <= state.capacityBytes else { return false }
            state.free[Key(context: context.id, byteCount: byteCount), default: []].append(handle)
            state.heldBytes += byteCount
            return true
        }
    }
}
