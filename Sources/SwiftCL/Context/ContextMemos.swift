/// Values the package's other modules derive from a context and keep while it lives: SwiftCLArrays' generated kernels
/// by recipe (operation, element types, launch shape), so a repeated small-array operation neither regenerates nor
/// re-hashes its OpenCL source. Package access; at most ``capacity`` values (all are dropped when it is reached, and
/// the program cache still holds the built programs, so the next use only looks them up again).
package final class ContextMemos: Sendable {
    package static let capacity = 256

    /// A key of any `Hashable & Sendable` type (AnyHashable wraps it only after that was checked).
    private struct Key: Hashable, @unchecked Sendable {
        let base: AnyHashable
    }

    private let values = Locked<[Key: any Sendable]>([:])

    package init() {}

    /// The value remembered for `key`, made by `make` on a miss (outside the lock: two threads missing together may
    /// both make it, and the first one stored is kept and returned to both).
    package func value<K: Hashable & Sendable, V: Sendable>(for key: K, make: () throws -> V) rethrows -> V {
        let boxed = Key(base: AnyHashable(key))
        if let found = values.withLock({ $0[boxed] }) as? V { return found }
        let made = try make()
        return values.withLock { stored in
            if let existing = stored[boxed] as? V { return existing }
            if stored.count >= Self.capacity { stored.removeAll(keepingCapacity: true) }
            stored[boxed] = made
            return made
        }
    }

    /// How many values are remembered (for tests).
    package var count: Int { values.withLock { $0.count } }
}
