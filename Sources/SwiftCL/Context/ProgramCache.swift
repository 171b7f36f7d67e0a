/// Builds each (source, name, options) once per context, even when many threads ask at once: the
/// first caller builds while others asking for the same key wait on that key only. Failed builds are
/// not cached, so a caller may fix the environment and try again.
final class ProgramCache: Sendable {
    struct Key: Hashable, Sendable {
        let source: String
        let name: String
        let options: String
    }

    final class Slot: Sendable {
        let program = Locked<Program?>(nil)
    }

    private let slots = Locked<[Key: Slot]>([:])
    private let builds = Locked<Int>(0)

    /// How many programs this cache has built (a cache hit does not count).
    var buildCount: Int { builds.withLock { $0 } }

    func program(for key: Key, build: () throws -> Program) throws -> Program {
        let slot = slots.withLock { slots in
            if let slot = slots[key] { return slot }
            let slot = Slot()
            slots[key] = slot
            return slot
        }
        return try slot.program.withLock { cached in
            if let cached { return cached }
            let program = try build()
            builds.withLock { $0 += 1 }
            cached = program
            return program
        }
    }
}
