internal import CMPI

/// A group of MPI processes that talk to each other: the world (``MPI/world()``) or a part of it (``split(color:key:)``).
///
/// Every operation is checked before MPI sees it where it can be (ranks, roots, counts) and every MPI status becomes an
/// ``MPIError`` naming the routine. Collective operations must be called by every rank of the communicator, in the same
/// order, as MPI requires; they compare the ranks' counts first, so a shape mismatch is an error on every rank instead
/// of a hang or a truncated message.
public final class Communicator: Sendable, CustomStringConvertible {
    /// The MPI communicator (`MPI_Comm`): immutable, and only used by MPI calls made under ``MPI``'s lock.
    nonisolated(unsafe) let handle: OpaquePointer
    private let owned: Bool
    /// This process's rank, 0 ..< ``size``.
    public let rank: Int
    /// How many processes the communicator has.
    public let size: Int

    /// Wraps `handle`; runs under MPI's lock (it queries rank and size).
    init(adopting handle: OpaquePointer?, owned: Bool) throws {
        guard let handle else { throw MPIError(.invalidArgument, routine: "Communicator", message: "a null communicator") }
        var rank: Int32 = 0, size: Int32 = 0
        try MPI.check(MPI_Comm_rank(handle, &rank), "MPI_Comm_rank")
        try MPI.check(MPI_Comm_size(handle, &size), "MPI_Comm_size")
        self.handle = handle
        self.owned = owned
        self.rank = Int(rank)
        self.size = Int(size)
    }

    deinit {
        guard owned else { return }
        var handle: OpaquePointer? = self.handle
        MPI.call { _ = MPI_Comm_free(&handle) }
    }

    public var description: String { "Communicator(rank \(rank) of \(size))" }

    /// Whether this is rank 0, the usual root.
    public var isRoot: Bool { rank == 0 }

    /// Splits the communicator: ranks that pass the same `color` form one new communicator each, ordered by `key`
    /// (then by their rank here). Collective.
    /// - Throws: ``MPIError``.
    public func split(color: Int, key: Int? = nil) throws -> Communicator {
        guard color >= 0, color <= Int(Int32.max) else {
            throw MPIError(.invalidArgument, routine: "MPI_Comm_split", message: "color \(color) is not a non-negative Int32")
        }
        return try MPI.call {
            var result: OpaquePointer?
            try MPI.check(MPI_Comm_split(handle, Int32(color), Int32(clamping: key ?? rank), &result), "MPI_Comm_split")
            MPI_Comm_set_errhandler(result, swiftcl_mpi_errors_return())
            return try Communicator(adopting: result, owned: true)
        }
    }

    /// Waits until every rank has called it. Collective.
    /// - Throws: ``MPIError``.
    public func barrier() throws {
        try MPI.call { try MPI.check(MPI_Barrier(handle), "MPI_Barrier") }
    }

    func checkRank(_ other: Int, _ routine: String, what: String = "rank") throws {
        guard (0..<size).contains(other) else {
            throw MPIError(.invalidArgument, routine: routine, message: "\(what) \(other) is outside 0..<\(size)")
        }
    }

    func checkTag(_ tag: Int, _ routine: String) throws {
        guard (0...32767).contains(tag) else {
            throw MPIError(.invalidArgument, routine: routine, message: "tag \(tag) is outside 0...32767 (MPI's guaranteed range)")
        }
    }

    static func checkCount(_ count: Int, _ routine: String) throws -> Int32 {
        guard let count = Int32(exactly: count), count >= 0 else {
            throw MPIError(.invalidArgument, routine: routine, message: "\(count) elements do not fit MPI's int count")
        }
        return count
    }
}
