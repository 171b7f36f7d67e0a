import SwiftCL
import SwiftCLArrays

/// Row-block decomposition of `DeviceArray`s (``RowBlocks`` over the first dimension): root's array scattered into
/// one block per rank on each rank's device, and the blocks gathered back. Staged through host memory on both sides.
extension Communicator {
    /// Root's `array` split by rows: rank `r` receives rows ``RowBlocks/range(of:)`` of its first dimension (a 1-D
    /// array's elements split the same way) as a new array on `queue`, shaped `[rows] + the rest of root's shape`. The
    /// other ranks pass nil (their argument is ignored). Collective.
    /// - Throws: ``MPIError/Code/invalidArgument`` on every rank when root passes nil or a 0-D shape; ``MPIError``,
    ///   SwiftCL's and SwiftCLArrays' errors.
    public func scatterRows<T: ArrayElement & MPIElement>(_ array: DeviceArray<T>?, root: Int = 0, on queue: ComputeQueue) throws
        -> DeviceArray<T> {
        let routine = "scatterRows"
        try checkRank(root, routine, what: "root")
        // Root's shape, or [-1] when it has none to give, so every rank refuses together.
        let given = rank == root ? (array.flatMap { $0.shape.isEmpty ? nil : $0.shape.map(Int64.init) } ?? [-1]) : []
        let shape = try broadcast(given, root: root).map(Int.init)
        guard let height = shape.first, height >= 0 else {
            throw MPIError(.invalidArgument, routine: routine, message: "root \(root) gave no array of one or more dimensions to scatter")
        }
        let blocks = try RowBlocks(height: height, ranks: size)
        let rowLength = shape.dropFirst().reduce(1, *)
        // Only root reads its array (every rank learns whether that read worked); the others' arguments are ignored.
        let elements = try collectively(routine) { rank == root ? try array?.toArray() ?? [] : [] }
        let chunks: [[T]] = rank != root ? [] : (0..<size).map { r in
            let rows = blocks.range(of: r)
            return Array(elements[(rows.lowerBound * rowLength)..<(rows.upperBound * rowLength)])
        }
        let mine = try scatter(chunks, root: root)
        return try DeviceArray(mine, shape: [blocks.range(of: rank).count] + shape.dropFirst(), on: queue)
    }

    /// Every rank's row block stacked in rank order, as a new array on root's `block.queue` (nil on the other ranks):
    /// the inverse of ``scatterRows(_:root:on:)``. Blocks may differ in their first dimension (0 included) and must
    /// agree on the rest. Collective.
    /// - Throws: ``MPIError/Code/shapeMismatch`` on every rank when the blocks' trailing dimensions differ (both
    ///   shapes named); ``MPIError``, SwiftCL's and SwiftCLArrays' errors.
    public func gatherRows<T: ArrayElement & MPIElement>(_ block: DeviceArray<T>, root: Int = 0) throws -> DeviceArray<T>? {
        let routine = "gatherRows"
        try checkRank(root, routine, what: "root")
        // Every rank's shape as [dimension count, dimensions…], so all ranks compare the same list.
        let described = try allGather([Int64(block.shape.count)] + block.shape.map(Int64.init))
        var shapes: [[Int]] = [], cursor = 0
        while cursor < described.count {
            let length = Int(described[cursor])
            shapes.append(described[(cursor + 1)..<(cursor + 1 + length)].map(Int.init))
            cursor += 1 + length
        }
        guard shapes.allSatisfy({ !$0.isEmpty }) else {
            throw MPIError(.invalidArgument, routine: routine, message: "a 0-D array has no rows to gather (shapes \(shapes))")
        }
        let trailing = Array(shapes[0].dropFirst())
        if let other = shapes.first(where: { Array($0.dropFirst()) != trailing }) {
            throw MPIError(.shapeMismatch, routine: routine,
                           message: "row blocks must agree on every dimension but the first: shapes \(shapes[0]) and \(other)")
        }
        let elements = try collectively(routine) { try block.toArray() }
        guard let gathered = try gather(elements, root: root) else { return nil }
        return try DeviceArray(gathered, shape: [shapes.reduce(0) { $0 + $1[0] }] + trailing, on: block.queue)
    }
}
