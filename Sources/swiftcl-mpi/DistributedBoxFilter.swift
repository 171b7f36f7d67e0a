import SwiftCL
import SwiftCLKernels
import SwiftCLMPI

/// The shipped box filter as a ``DistributedRowFilter``: RANGE halo rows from each neighbour.
///
/// The result is bit-identical to the single-process filter with the same variant when the variant computes each
/// pixel from its window alone (``bitIdenticalVariants``: the naive kernel and the separable H1/H2/H3 + V1 pipelines).
/// Variants that keep running sums down the rows (rows, band, V3/V4) round differently when a block starts elsewhere;
/// they are refused unless `allowingRounding` (then results agree within float rounding).
enum DistributedBoxFilter {
    /// The variants whose result does not depend on where the image was cut.
    static let bitIdenticalVariants: Set<String> = ["boxAvg1", "H1+V1", "H2+V1", "H3+V1"]

    /// - Throws: ``MPIError`` `.invalidArgument` for a variant whose result depends on the cut (unless
    ///   `allowingRounding`), the box filter's errors.
    static func make(variant: BoxFilterVariant, range: Int, communicator: Communicator, queue: ComputeQueue,
                     allowingRounding: Bool = false) throws -> DistributedRowFilter {
        guard allowingRounding || bitIdenticalVariants.contains(variant.name) else {
            throw MPIError(.invalidArgument, routine: "DistributedBoxFilter",
                           message: "\(variant.name) keeps running sums, so its rounding depends on where a block starts; use one of "
                               + bitIdenticalVariants.sorted().joined(separator: ", ") + " or pass allowingRounding")
        }
        let filter = try BoxFilter(variant: variant, context: queue.context, range: range)
        return try DistributedRowFilter(halo: filter.range, communicator: communicator, queue: queue) { cl, input, output, width, rows in
            let workspace = try filter.makeWorkspace(width: width, height: rows)
            try filter.encode(cl, input: input, output: output, workspace: workspace)
        }
    }
}
