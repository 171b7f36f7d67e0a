import SwiftCL

/// Gathers of SwiftCL buffer ranges: every rank's range, concatenated in rank order, into a target buffer on every
/// rank or on the root. Counts may differ; every rank checks that the whole fits before data moves.
extension Communicator {
    /// Every rank's `range` of `buffer` (all of it by default), in rank order, written into `target` from element
    /// `offset` on every rank (`MPI_Allgatherv`). Collective.
    /// - Throws: as ``startAllGather(_:range:into:at:on:)``.
    public func allGather<T: MPIElement>(_ buffer: Buffer<T>, range: Range<Int>? = nil, into target: Buffer<T>, at offset: Int = 0,
                                         on queue: ComputeQueue) throws {
        try startAllGather(buffer, range: range, into: target, at: offset, on: queue).wait()
    }

    /// Every rank's `range` of `buffer` (all of it by default), in rank order, written into root's `target` from
    /// element `offset` (`MPI_Gatherv`); the other ranks pass nil (ignored). Collective.
    /// - Throws: ``MPIError`` `.shapeMismatch` on the root when its `target` is nil or too small (`.remoteFailure` on the
    ///   others), `.invalidArgument` for a bad root, `.call`; SwiftCL's errors.
    public func gather<T: MPIElement>(_ buffer: Buffer<T>, range: Range<Int>? = nil, into target: Buffer<T>?, at offset: Int = 0,
                                      root: Int = 0, on queue: ComputeQueue) throws {
        let routine = "MPI_Gatherv"
        try checkRank(root, routine, what: "root")
        let range = range ?? 0..<buffer.count
        let total = Int(try allReduce([Int64(range.count)], .sum)[0])
        let isRoot = rank == root
        try collectively(routine) {
            guard !isRoot || (target.map { offset >= 0 && offset + total <= $0.count } ?? false) else {
                throw MPIError(.shapeMismatch, routine: routine,
                               message: "\(total) gathered elements from element \(offset) do not fit the root's target of \(target?.count ?? 0)")
            }
        }
        let elements = try collectively(routine) { range.isEmpty ? [] : try queue.sync { cl in try cl.read(buffer, range: range) } }
        guard let gathered = try gather(elements, root: root), let target, !gathered.isEmpty else { return }
        try queue.sync { cl in try cl.write(target, from: gathered, at: offset) }
    }
}
