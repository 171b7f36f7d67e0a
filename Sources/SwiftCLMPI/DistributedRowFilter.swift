import SwiftCL

/// A filter over an image split by rows across the ranks of a communicator: each rank runs the filter on its block plus
/// `halo` rows from each neighbour (``HaloExchange``) on its own device and keeps its own rows.
///
/// The filter is any encoding of kernels from an input buffer of `width × rows` floats to an output buffer of the same
/// shape (the shipped box filter, a stencil of your own). When each output pixel depends only on input pixels at most
/// `halo` rows away, the result is identical to filtering the whole image in one process, wherever the image was cut.
public struct DistributedRowFilter: Sendable {
    /// Encodes the filter from `input` into `output`, both `width × rows` floats (the rank's block with its halo rows).
    public typealias Encode = @Sendable (_ encoder: ComputeEncoder, _ input: Buffer<Float>, _ output: Buffer<Float>,
                                         _ width: Int, _ rows: Int) throws -> Void

    /// Rows each rank needs from each neighbour.
    public let halo: Int
    public let communicator: Communicator
    public let queue: ComputeQueue
    private let encode: Encode

    /// Time spent in one application, on this rank.
    public struct Timing: Sendable {
        /// Exchanging halo rows (the all-to-all, including waiting for the slowest rank).
        public var halo: Duration
        /// Uploading, filtering and reading back this rank's rows with their halo.
        public var compute: Duration
    }

    /// - Throws: ``MPIError`` `.invalidArgument` for a negative halo.
    public init(halo: Int, communicator: Communicator, queue: ComputeQueue, encode: @escaping Encode) throws {
        guard halo >= 0 else {
            throw MPIError(.invalidArgument, routine: "DistributedRowFilter", message: "halo \(halo) is negative")
        }
        self.halo = halo
        self.communicator = communicator
        self.queue = queue
        self.encode = encode
    }

    /// This rank's rows of the filtered `width × height` image, from its own rows of the input (``RowBlocks`` over the
    /// communicator's ranks). Collective.
    /// - Throws: ``MPIError``, and the filter's own errors.
    @available(*, noasync, message: "blocks while the device filters; run it from a thread of its own")
    public func apply(ownRows: [Float], width: Int, height: Int) throws -> (rows: [Float], timing: Timing) {
        let blocks = try RowBlocks(height: height, ranks: communicator.size)
        let exchange = try HaloExchange(blocks: blocks, width: width, halo: halo)
        let clock = ContinuousClock()
        let start = clock.now
        let (above, below) = try exchange.halos(around: ownRows, on: communicator)
        let exchanged = clock.now
        let own = blocks.range(of: communicator.rank)
        guard !own.isEmpty else { return ([], Timing(halo: exchanged - start, compute: .zero)) }
        let needed = blocks.rangeWithHalo(of: communicator.rank, halo: halo)
        let rows = needed.count
        // The halo rows and the block go straight into the device buffer: every row crosses to the device once.
        let input = try Buffer<Float>(count: width * rows, context: queue.context)
        let output = try Buffer<Float>(count: width * rows, context: queue.context)
        let first = own.lowerBound - needed.lowerBound
        let result = try queue.sync { cl in
            if !above.isEmpty { try cl.write(input, from: above) }
            try cl.write(input, from: ownRows, at: above.count)
            if !below.isEmpty { try cl.write(input, from: below, at: above.count + ownRows.count) }
            try encode(cl, input, output, width, rows)
            return try cl.read(output, range: (first * width)..<((first + own.count) * width))
        }
        return (result, Timing(halo: exchanged - start, compute: clock.now - exchanged))
    }
}
