import SwiftCL
import SwiftCLKernels

/// The shipped box filter over an image split by rows across the ranks of a communicator: each rank filters its block
/// plus `range` halo rows from its neighbours (``HaloExchange``) on its own device and keeps its own rows.
///
/// The result is bit-identical to the single-process filter with the same variant when the variant computes each
/// pixel from its window alone (``bitIdenticalVariants``: the naive kernel and the separable H1/H2/H3 + V1 pipelines).
/// Variants that keep running sums down the rows (rows, band, V3/V4) round differently when a block starts elsewhere;
/// they are refused unless `allowingRounding` (then results agree within float rounding).
public struct DistributedBoxFilter: Sendable {
    public let filter: BoxFilter
    public let communicator: Communicator
    public let queue: ComputeQueue

    /// The variants whose result does not depend on where the image was cut.
    public static let bitIdenticalVariants: Set<String> = ["boxAvg1", "H1+V1", "H2+V1", "H3+V1"]

    /// Time spent in one application, on this rank.
    public struct Timing: Sendable {
        /// Exchanging halo rows (the all-to-all, including waiting for the slowest rank).
        public var halo: Duration
        /// Uploading, filtering and reading back this rank's rows with their halo.
        public var compute: Duration
    }

    /// - Throws: ``MPIError`` `.invalidArgument` for a variant whose result depends on the cut (unless
    ///   `allowingRounding`), the box filter's errors.
    public init(variant: BoxFilterVariant, range: Int, communicator: Communicator, queue: ComputeQueue, allowingRounding: Bool = false) throws {
        guard allowingRounding || Self.bitIdenticalVariants.contains(variant.name) else {
            throw MPIError(.invalidArgument, routine: "DistributedBoxFilter",
                           reason: "\(variant.name) keeps running sums, so its rounding depends on where a block starts; use one of "
                               + Self.bitIdenticalVariants.sorted().joined(separator: ", ") + " or pass allowingRounding")
        }
        filter = try BoxFilter(variant: variant, context: queue.context, range: range)
        self.communicator = communicator
        self.queue = queue
    }

    /// This rank's rows of the filtered `width × height` image, from its own rows of the input (``RowBlocks`` over the
    /// communicator's ranks). Collective.
    /// - Throws: ``MPIError``, the box filter's errors.
    @available(*, noasync, message: "blocks while the device filters; run it from a thread of its own")
    public func apply(ownRows: [Float], width: Int, height: Int) throws -> (rows: [Float], timing: Timing) {
        let blocks = try RowBlocks(height: height, ranks: communicator.size)
        let exchange = try HaloExchange(blocks: blocks, width: width, halo: filter.range)
        let clock = ContinuousClock()
        let start = clock.now
        let (above, below) = try exchange.halos(around: ownRows, on: communicator)
        let exchanged = clock.now
        let own = blocks.range(of: communicator.rank)
        guard !own.isEmpty else { return ([], Timing(halo: exchanged - start, compute: .zero)) }
        let needed = blocks.rangeWithHalo(of: communicator.rank, halo: filter.range)
        let rows = needed.count
        let workspace = try filter.makeWorkspace(width: width, height: rows)
        // The halo rows and the block go straight into the device buffer: every row crosses to the device once.
        let input = try Buffer<Float>(count: width * rows, context: queue.context)
        let output = try Buffer<Float>(count: width * rows, context: queue.context)
        let first = own.lowerBound - needed.lowerBound
        let result = try queue.sync { cl in
            if !above.isEmpty { try cl.write(input, from: above) }
            try cl.write(input, from: ownRows, at: above.count)
            if !below.isEmpty { try cl.write(input, from: below, at: above.count + ownRows.count) }
            try filter.encode(cl, input: input, output: output, workspace: workspace)
            return try cl.read(output, range: (first * width)..<((first + own.count) * width))
        }
        return (result, Timing(halo: exchanged - start, compute: clock.now - exchanged))
    }
}
