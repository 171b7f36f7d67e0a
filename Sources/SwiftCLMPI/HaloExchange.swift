/// Rows of a row-decomposed image moved between ranks so each holds its block plus `halo` rows above and below
/// (clipped to the image): what a stencil of that reach needs. Works for any block sizes — a halo may span several
/// ranks' blocks when blocks are thinner than the halo — by one all-to-all in which each pair exchanges only the rows
/// one owns and the other needs.
public struct HaloExchange: Sendable {
    public let blocks: RowBlocks
    public let width: Int
    public let halo: Int

    public init(blocks: RowBlocks, width: Int, halo: Int) throws {
        guard width > 0, halo >= 0 else {
            throw MPIError(.invalidArgument, routine: "HaloExchange", message: "width \(width), halo \(halo)")
        }
        self.blocks = blocks
        self.width = width
        self.halo = halo
    }

    /// This rank's rows with their halo (``RowBlocks/rangeWithHalo(of:halo:)``), from `ownRows` (its block, row after
    /// row, `width` values each). Collective.
    /// - Throws: ``MPIError`` `.shapeMismatch` when `ownRows` does not hold the rank's block, or the communicator's size
    ///   is not the decomposition's.
    public func exchange<T: MPIElement>(_ ownRows: [T], on communicator: Communicator) throws -> [T] {
        let (above, below) = try halos(around: ownRows, on: communicator)
        if above.isEmpty && below.isEmpty { return ownRows }   // one rank, or no halo: no copy
        return above + ownRows + below
    }

    /// The halo rows above and below this rank's block (each clipped to the image), without copying the block itself:
    /// a caller that uploads the three parts to a device buffer moves every row once. Collective.
    /// - Throws: as ``exchange(_:on:)``.
    public func halos<T: MPIElement>(around ownRows: [T], on communicator: Communicator) throws -> (above: [T], below: [T]) {
        let me = communicator.rank
        guard communicator.size == blocks.ranks else {
            throw MPIError(.shapeMismatch, routine: "HaloExchange", message: "the rows are split over \(blocks.ranks) ranks, the communicator has \(communicator.size)")
        }
        let own = blocks.range(of: me)
        guard ownRows.count == own.count * width else {
            throw MPIError(.shapeMismatch, routine: "HaloExchange",
                           message: "rank \(me) owns \(own.count) rows of \(width), given \(ownRows.count) values")
        }
        // To each rank: the rows of mine it needs.
        let outgoing = (0..<blocks.ranks).map { other -> [T] in
            guard other != me else { return [] }
            let wanted = Self.overlap(blocks.rangeWithHalo(of: other, halo: halo), own)
            return Array(ownRows[((wanted.lowerBound - own.lowerBound) * width)..<((wanted.upperBound - own.lowerBound) * width)])
        }
        let incoming = try communicator.allToAll(outgoing)
        let needed = blocks.rangeWithHalo(of: me, halo: halo)
        var above: [T] = [], below: [T] = []
        // The ranks' blocks are ordered by rank: those before this one hold the rows above it.
        for other in 0..<blocks.ranks where other != me {
            let rows = Self.overlap(needed, blocks.range(of: other))
            guard incoming[other].count == rows.count * width else {
                throw MPIError(.shapeMismatch, routine: "HaloExchange",
                               message: "rank \(other) sent \(incoming[other].count) values, \(rows.count * width) expected")
            }
            if other < me { above += incoming[other] } else { below += incoming[other] }
        }
        return (above, below)
    }

    static func overlap(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
        let lower = max(a.lowerBound, b.lowerBound), upper = min(a.upperBound, b.upperBound)
        return lower < upper ? lower..<upper : b.lowerBound..<b.lowerBound
    }
}
