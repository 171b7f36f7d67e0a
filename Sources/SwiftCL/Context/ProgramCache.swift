/// A context's cache of built programs: each (source, name, options) is built once even when many
/// threads ask at once (the first caller builds while others asking for the same key wait on that key
/// only), and at most ``capacity`` programs are kept, least recently used evicted first.
///
/// The cache holds built program handles, never a ``Program`` or ``Context``, so it cannot keep its
/// context alive. Evicting an entry does not invalidate programs already handed out; it only means the
/// next request builds again (or loads from the binary cache). Failed builds are not cached, so a
/// caller may fix the environment and try again.
public final class ProgramCache: Sendable {
    /// The capacity contexts get unless told otherwise: 64 programs. A small built program (one kernel) costs about
    /// 1.1 MB of resident memory on PoCL 3.1 (measured by `LifetimeTests.distinctSourcesRetention`), so a full default
    /// cache holds about 70 MB there, and that is the bound: past it every new source evicts the least recently used
    /// one (RSS then grows ~4 KB per new source, allocator noise). A service building many distinct sources should give
    /// its context a smaller `programCacheCapacity`.
    public static let defaultCapacity = 64

    struct Key: Hashable, Sendable {
        let source: String
        let name: String
        let options: String
        /// The source's hash, computed once per ``ProgramSource`` (so a lookup does not hash a long text again;
        /// equal sources sharing storage compare in constant time).
        let sourceHash: Int

        init(source: String, name: String, options: String, sourceHash: Int? = nil) {
            self.source = source
            self.name = name
            self.options = options
            self.sourceHash = sourceHash ?? source.hashValue
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(sourceHash)
            hasher.combine(name)
            hasher.combine(options)
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.sourceHash == rhs.sourceHash && lhs.name == rhs.name && lhs.options == rhs.options && lhs.source == rhs.source
        }
    }

    private final class Slot: Sendable {
        let program = Locked<BuiltProgram?>(nil)
    }

    private struct State {
        var slots: [Key: (slot: Slot, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
        var builds = 0
    }

    /// The most programs kept at once.
    public let capacity: Int
    private let state = Locked(State())

    /// A cache keeping at most `capacity` programs (at least 1).
    public init(capacity: Int = ProgramCache.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// How many programs this cache has built (a cache hit does not count).
    public var buildCount: Int { state.withLock { $0.builds } }

    /// How many programs are cached now (including one being built).
    public var count: Int { state.withLock { $0.slots.count } }

    /// Drops the entry for `source`, `name` and `options`; returns whether there was one.
    @discardableResult
    public func evict(source: String, name: String = "<source>", options: BuildOptions = BuildOptions()) -> Bool {
        state.withLock { $0.slots.removeValue(forKey: Key(source: source, name: name, options: options.description)) != nil }
    }

    /// Drops every entry.
    public func removeAll() {
        state.withLock { $0.slots.removeAll() }
    }

    func program(for key: Key, build: () throws -> BuiltProgram) throws -> BuiltProgram {
        let slot = state.withLock { state in
            state.clock += 1
            if let entry = state.slots[key] {
                state.slots[key]?.lastUse = state.clock
                return entry.slot
            }
            if state.slots.count >= capacity, let oldest = state.slots.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                state.slots.removeValue(forKey: oldest)
            }
            let slot = Slot()
            state.slots[key] = (slot, state.clock)
            return slot
        }
        do {
            return try slot.program.withLock { cached in
                if let cached { return cached }
                let program = try build()
                state.withLock { $0.builds += 1 }
                cached = program
                return program
            }
        } catch {
            // Do not keep a slot for a failed build (it would take room and be retried anyway).
            state.withLock { state in
                if state.slots[key]?.slot === slot { state.slots.removeValue(forKey: key) }
            }
            throw error
        }
    }
}
