/// Device memory kept for reuse (PyOpenCL's `MemoryPool`, CuPy's default pool): a buffer made from a pool goes back to
/// it when its last reference goes away, and the next buffer of the same byte count takes that memory instead of a
/// fresh allocation — no `clCreateBuffer`, and on a CPU device none of the first-touch page faults of new memory, which
/// cost more than a streaming kernel over the same bytes.
///
/// Every ``Context`` has one, ``Context/memoryPool``; `DeviceArray` results and temporaries (SwiftCLArrays) are
/// allocated from it. On a context of CPU devices it keeps up to ``defaultCapacity(for:)`` (1 GiB, or an eighth of the
/// smallest device's global memory); elsewhere it keeps nothing until its ``capacityBytes`` is raised. A buffer
/// returns when nothing uses its memory any more (commands keep what they use alive until they complete; sub-buffers
/// and reinterpretations keep their root buffer alive). When the returning memory does not fit, the memory that has
/// been held longest is released to make room. Reused memory is uninitialised, like a new buffer's. C code that
/// retains a pooled buffer's `handle` must not use it after the buffer goes away.
public final class MemoryPool: Sendable {
    /// Memory is reused only within its context, for the same byte count. (A context lives while memory of it does,
    /// so its handle names it for as long as the pool holds any.)
    private struct Key: Hashable, Sendable {
        let context: ContextHandle
        let byteCount: Int
    }

    /// Released memory and when it came back (a count that orders returns, oldest first).
    private struct Held: Sendable {
        let handle: MemoryHandle
        let returned: Int
    }

    private struct State: Sendable {
        /// Released buffers' memory by context and byte count, oldest first.
        var free: [Key: [Held]] = [:]
        var heldBytes = 0
        var heldCount = 0
        var capacityBytes: Int
        var reuses = 0
        var returns = 0

        /// Takes the memory held longest out of the pool and gives it to the caller to release.
        mutating func removeOldest() -> MemoryHandle? {
            guard let key = free.min(by: { $0.value[0].returned < $1.value[0].returned })?.key,
                  let oldest = free[key]?.removeFirst() else { return nil }
            if free[key]?.isEmpty == true { free[key] = nil }
            heldBytes -= key.byteCount
            heldCount -= 1
            return oldest.handle
        }
    }

    /// The most buffers a pool holds at once, whatever their size (released memory objects are not free to keep
    /// either: each is a runtime object).
    public static let maximumHeldBuffers = 1_024

    private let state: Locked<State>

    /// A pool that keeps up to `capacityBytes` of released buffers' memory.
    public init(capacityBytes: Int = 0) {
        state = Locked(State(capacityBytes: Swift.max(0, capacityBytes)))
    }

    deinit { releaseAll() }

    /// What a new context's pool keeps: on contexts whose devices are all CPUs (their memory is the host's, and new
    /// memory costs its page faults), 1 GiB or an eighth of the smallest device's global memory, whichever is less;
    /// on any other context nothing (not measured on GPUs yet).
    public static func defaultCapacity(for devices: [Device]) -> Int {
        guard !devices.isEmpty, devices.allSatisfy({ $0.type.contains(.cpu) }) else { return 0 }
        let smallest = devices.map(\.globalMemoryBytes).min() ?? 0
        return Swift.min(1 << 30, smallest / 8)
    }

    /// The most memory the pool keeps, in bytes (0: it keeps nothing). Lowering it releases what no longer fits,
    /// the memory held longest first.
    public var capacityBytes: Int {
        get { state.withLock { $0.capacityBytes } }
        set {
            let released = state.withLock { state in
                state.capacityBytes = Swift.max(0, newValue)
                var released: [MemoryHandle] = []
                while state.heldBytes > state.capacityBytes, let handle = state.removeOldest() {
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
            defer { state.free = [:]; state.heldBytes = 0; state.heldCount = 0 }
            return state.free.values.flatMap { $0.map(\.handle) }
        }
        released.forEach(CL.releaseMemObject)
    }

    /// Memory of exactly `byteCount` bytes in `context` the pool holds, now the caller's (the most recently returned).
    func take(byteCount: Int, context: Context) -> MemoryHandle? {
        let key = Key(context: context.id, byteCount: byteCount)
        return state.withLock { state in
            guard var list = state.free[key], let held = list.popLast() else { return nil }
            state.free[key] = list.isEmpty ? nil : list
            state.heldBytes -= byteCount
            state.heldCount -= 1
            state.reuses += 1
            return held.handle
        }
    }

    /// Keeps `handle`, the reference of a buffer going away, when it fits the capacity, releasing the memory held
    /// longest to make room; false when the caller must release it (it is larger than the capacity).
    /// Nothing else uses the memory by then: commands keep their buffers alive until they complete, and sub-buffers
    /// and reinterpretations keep their root buffer alive.
    func keep(_ handle: MemoryHandle, byteCount: Int, context: Context) -> Bool {
        let (kept, released) = state.withLock { state -> (Bool, [MemoryHandle]) in
            guard byteCount <= state.capacityBytes else { return (false, []) }
            var released: [MemoryHandle] = []
            while state.heldBytes + byteCount > state.capacityBytes || state.heldCount >= Self.maximumHeldBuffers,
                  let oldest = state.removeOldest() {
                released.append(oldest)
            }
            state.returns += 1
            state.free[Key(context: context.id, byteCount: byteCount), default: []].append(Held(handle: handle, returned: state.returns))
            state.heldBytes += byteCount
            state.heldCount += 1
            return (true, released)
        }
        released.forEach(CL.releaseMemObject)
        return kept
    }
}
