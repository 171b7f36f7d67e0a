import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLValidation
import SwiftCLKernels

/// The box filter as a kernel benchmark: the problem's arrays (`input`, `output`), its reference, the shipped variants,
/// the fast host peer and the bounds (copy, streaming copy, halo copy, read-only, write-only).
public enum BoxFilterBenchmarkVariants {
    /// One float read and one written per pixel: what every variant must move at least.
    static func pixelTraffic(_ size: ProblemSize) -> Traffic { .perElement(size.elements, read: 4, written: 4) }

    /// The box filter at half-width `range` over deterministic pixels in [0, 1), verified to `tolerance` (max abs).
    public static func benchmark(name: String, range: Int, tolerance: Double, variants: [KernelBenchmark.Variant],
                                 bound: KernelBenchmark.Variant? = copyBound) -> KernelBenchmark {
        KernelBenchmark(
            name: name, input: { DeterministicInput.unitInterval($0.elements) },
            reference: { input, size in try BoxFilterReference.exact(input, width: size.width, height: size.height, range: range) },
            tolerance: .absolute(tolerance), variants: variants, bound: bound)
    }

    /// Every shipped box-filter variant at box half-width `range`.
    public static func device(range: Int) -> [KernelBenchmark.Variant] {
        BoxFilterVariant.all.map { device($0, range: range) }
    }

    /// One shipped variant: its local size swept when it has one to tune.
    public static func device(_ boxVariant: BoxFilterVariant, range: Int) -> KernelBenchmark.Variant {
        KernelBenchmark.Variant(
            name: boxVariant.name, traffic: pixelTraffic,
            body: .device { queue, size, localSize in
                let filter = try BoxFilter(variant: boxVariant, context: queue.context, range: range)
                let workspace = try filter.makeWorkspace(width: size.width, height: size.height)
                return { cl, buffers in
                    try filter.encode(cl, input: try buffers.buffer("input"), output: try buffers.buffer("output"), workspace: workspace,
                                      localSize: localSize)
                }
            },
            localSizes: { queue in
                guard boxVariant.hasTunableLocalSize else { return [] }
                let filter = try BoxFilter(variant: boxVariant, context: queue.context, range: range)
                return try filter.kernels[0].powerOfTwoLocalSizes(on: queue.device)
            },
            unsupportedReason: { size in boxVariant.unsupportedReason(width: size.width, height: size.height) })
    }

    /// The fast multi-threaded SIMD Swift implementation, a peer: a row band per core, SIMD16 running column sums,
    /// horizontal taps from an L1 row. Its output array is allocated once, as a device variant's buffer is.
    public static func hostPeer(range: Int) -> KernelBenchmark.Variant {
        KernelBenchmark.Variant(name: "host-swift-parallel", traffic: pixelTraffic, body: .host { arrays, size in
            let input = try arrays.values("input", as: Float.self)
            return .writing("output", initial: [Float](repeating: 0, count: size.elements)) { output in
                try BoxFilterReference.fast(input, into: &output, width: size.width, height: size.height, range: range)
            }
        })
    }

    /// The guide's copy kernel (Listing 11-3), one work item per pixel: the bound of every variant.
    public static let copyBound = KernelBenchmark.Variant(name: "copy", traffic: pixelTraffic) { queue, size in
        let copy = try CopyCL.Copy(context: queue.context)
        let range = try NDRange(size.elements)
        return { cl, buffers in try copy(cl, range, in: try buffers.buffer("input"), out: try buffers.buffer("output")) }
    }

    /// The streaming copy: a row per work item, float16 loads and non-temporal stores — the copy the rows variants'
    /// own writes should be held to, since they stream their output too.
    public static let streamingCopyBound = KernelBenchmark.Variant(name: "copy-streaming", traffic: pixelTraffic) { queue, size in
        let copy = try CopyCL.CopyRowsStreaming(context: queue.context)
        let range = try NDRange(size.height)
        return { cl, buffers in
            try copy(cl, range, w: Int32(size.width), h: Int32(size.height), in: try buffers.buffer("input"), out: try buffers.buffer("output"))
        }
    }

    /// A copy with the rows variants' access pattern (`rows` rows plus `range` halo rows above and below read per
    /// work item, streaming stores as the filter decides) and none of their arithmetic. Declared traffic: 8 bytes per
    /// pixel, like the filter; the halo's re-reads are what it measures.
    public static func haloCopyBound(rows: Int, range: Int) -> KernelBenchmark.Variant {
        KernelBenchmark.Variant(name: "copy-halo (\(rows) rows ± \(range))", traffic: pixelTraffic) { queue, size in
            let copy = try CopyCL.CopyRowsHalo(context: queue.context)
            let ndRange = try BoxFilter.rowBlocksRange(blocks: (size.height + rows - 1) / rows, kernel: copy.kernel, device: queue.device)
            let stream: Int32 = BoxFilter.streamsOutput(width: size.width, height: size.height) ? 1 : 0
            return { cl, buffers in
                try copy(cl, ndRange, w: Int32(size.width), h: Int32(size.height), rows: Int32(rows), haloRows: Int32(range), weight: 0,
                         in: try buffers.buffer("input"), out: try buffers.buffer("output"), stream: stream)
            }
        }
    }

    /// Read-only: every pixel read once (float16 accumulators per row), one float written per row.
    public static let readBound = KernelBenchmark.Variant(
        name: "read-only", traffic: { Traffic(bytesRead: $0.elements * 4, bytesWritten: $0.height * 4) }
    ) { queue, size in
        let read = try CopyCL.ReadRows(context: queue.context)
        let range = try NDRange(size.height)
        return { cl, buffers in
            // Row sums land in the first `height` floats of the output.
            try read(cl, range, w: Int32(size.width), h: Int32(size.height), in: try buffers.buffer("input"), rowSums: try buffers.buffer("output"))
        }
    }

    /// Write-only: every pixel written once (float16 streaming stores), nothing read.
    public static let writeBound = KernelBenchmark.Variant(
        name: "write-only", traffic: { Traffic(bytesRead: 0, bytesWritten: $0.elements * 4) }
    ) { queue, size in
        let fill = try CopyCL.FillRows(context: queue.context)
        let range = try NDRange(size.height)
        return { cl, buffers in
            try fill(cl, range, w: Int32(size.width), h: Int32(size.height), value: 1, out: try buffers.buffer("output"))
        }
    }
}
