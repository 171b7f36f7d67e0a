/// A row-block decomposition of `height` rows over `ranks` processes: rank r owns rows `range(of: r)`, the first
/// `height % ranks` ranks one row more than the rest (so blocks differ by at most one row; a rank may own none).
public struct RowBlocks: Hashable, Sendable {
    public let height: Int
    public let ranks: Int

    public init(height: Int, ranks: Int) throws {
        guard height >= 0, ranks > 0 else {
            throw MPIError(.invalidArgument, routine: "RowBlocks", message: "height \(height) over \(ranks) ranks")
        }
        self.height = height
        self.ranks = ranks
    }

    /// The rows rank `rank` owns.
    public func range(of rank: Int) -> Range<Int> {
        let base = height / ranks, extra = height % ranks
        let start = rank * base + min(rank, extra)
        return start..<(start + base + (rank < extra ? 1 : 0))
    }

    /// The rows rank `rank` needs to compute its own with a stencil reaching `halo` rows up and down: its block widened
    /// by `halo` on each side, clipped to the image.
    public func rangeWithHalo(of rank: Int, halo: Int) -> Range<Int> {
        let own = range(of: rank)
        return max(0, own.lowerBound - halo)..<min(height, own.upperBound + halo)
    }
}
