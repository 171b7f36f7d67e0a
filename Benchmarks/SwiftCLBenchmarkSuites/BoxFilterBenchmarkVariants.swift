import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLValidation
import SwiftCLKernels

/// The box-filter variants as harness variants, plus the copy bound and the fast host peer.
public enum BoxFilterBenchmarkVariants {
    /// Every shipped box-filter variant at box half-width `range`.
    public static func device(range: Int) -> [BenchmarkVariant] {
        BoxFilterVariant.all.map { device($0, range: range) }
    }

    /// One shipped variant as a harness variant.
    public static func device(_ boxVariant: BoxFilterVariant, range: Int) -> BenchmarkVariant {
        BenchmarkVariant(
            name: boxVariant.name,
            kernels: boxVariant.kernels,
            plan: boxVariant.summary,
            parameters: ["RANGE": "\(range)"],
            localSizeCandidates: { queue in
                guard boxVariant.hasTunableLocalSize else { return [] }
                let filter = try BoxFilter(variant: boxVariant, context: queue.context, range: range)
                return try filter.kernels[0].powerOfTwoLocalSizes(on: queue.device)
            },
            unsupportedReason: { problem in boxVariant.unsupportedReason(width: problem.width, height: problem.height) },
            body: .device { queue, problem, localSize in
                let filter = try BoxFilter(variant: boxVariant, context: queue.context, range: range)
                let workspace = try filter.makeWorkspace(width: problem.width, height: problem.height)
                return BenchmarkVariant.Prepared { cl, input, output in
                    try filter.encode(cl, input: input, output: output, workspace: workspace, localSize: localSize)
                }
            })
    }

    /// The fast multi-threaded SIMD Swift implementation, benchmarked as a peer.
    public static func hostPeer(range: Int) -> BenchmarkVariant {
        BenchmarkVariant(name: "host-swift-parallel", kernels: [],
                plan: "Swift: a row band per core, SIMD16 running column sums, horizontal taps from an L1 row",
                parameters: ["RANGE": "\(range)"],
                body: .host { input, output, problem in
                    try BoxFilterReference.fast(input, into: &output, width: problem.width, height: problem.height, range: range)
                })
    }

    /// The copy kernel: one float read and one written per pixel, the bound of every variant.
    public static let copyBound = BenchmarkVariant(
        name: "copy", kernels: ["copy"], plan: "one work item per pixel, runtime-chosen local size",
        body: .device { queue, problem, _ in
            let copy = try CopyCL.Copy(context: queue.context)
            let range = try NDRange(problem.pixels)
            return BenchmarkVariant.Prepared { cl, input, output in try copy(cl, range, in: input, out: output) }
        })

    /// The streaming copy: a row per work item, float16 loads and non-temporal stores — the copy the
    /// rows variants' own writes should be held to, since they stream their output too.
    public static let streamingCopyBound = BenchmarkVariant(
        name: "copy-streaming", kernels: ["copyRowsStreaming"], plan: "a row per work item, float16, non-temporal stores",
        body: .device { queue, problem, _ in
            let copy = try CopyCL.CopyRowsStreaming(context: queue.context)
            let range = try NDRange(problem.height)
            return BenchmarkVariant.Prepared { cl, input, output in
                try copy(cl, range, w: problem.width, h: problem.height, in: input, out: output)
            }
        })
}
