import SwiftCL
import SwiftCLKernels
import SwiftCLTestSupport
import SwiftCLValidation
import Testing

@Suite("Box filter")
struct BoxFilterTests {
    /// The sizes: 1×1, 1×N, N×1, 3×5, 17×13, 4095×33, and widths that are not multiples of 4, 8 or 16.
    static let sizes: [(Int, Int)] = [(1, 1), (1, 37), (37, 1), (3, 5), (17, 13), (4095, 33), (100, 9), (24, 7), (64, 64)]
    /// Inputs in [0, 1); the separable and running-sum variants reorder float sums, so they are held
    /// to an absolute tolerance rather than bit equality.
    static let tolerance: Float = 1e-4
    /// The guide's horizontal running sums (H3, H4 and the fused kernel built on H4) add and subtract
    /// along a whole row, so their rounding error grows with the width and with the box sum: at 4095
    /// columns and RANGE 4 (sums up to 9) it reaches 1.3e-4. They are held to 2e-4 there; every
    /// other variant, and these at RANGE 1 to 3, to 1e-4.
    static func tolerance(_ variant: BoxFilterVariant, range: Int) -> Float {
        let runningAlongRows = variant.kernels.contains { ["boxAvgH3", "boxAvgH4", "boxAvg2"].contains($0) }
        return runningAlongRows && range >= 4 ? 2e-4 : tolerance
    }
    static let cases: [(BoxFilterVariant, Int)] = BoxFilterVariant.all.flatMap { variant in [1, 2, 3, 4].map { (variant, $0) } }

    static func image(_ width: Int, _ height: Int) -> [Float] {
        (0..<(width * height)).map { Float(($0 &* 2_654_435_761) % 1_000_003) / 1_000_003 }
    }

    @Test("every variant matches the exact host oracle at awkward sizes", arguments: cases)
    func variantMatchesOracle(variant: BoxFilterVariant, range: Int) throws {
        for device in TestDevices.all {
            let queue = try makeQueue(device)
            let filter = try BoxFilter(variant: variant, context: queue.context, range: range)
            for (width, height) in Self.sizes {
                let input = Self.image(width, height)
                let expected = try BoxFilterReference.exact(input, width: width, height: height, range: range)
                if let reason = variant.unsupportedReason(width: width, height: height) {
                    #expect(throws: BoxFilterError.unsupportedSize(variant: variant.name, width: width, height: height, reason: reason)) { _ = try filter.makeWorkspace(width: width, height: height) }
                    continue
                }
                let workspace = try filter.makeWorkspace(width: width, height: height)
                let a = try Buffer(copying: input, context: queue.context)
                let b = try Buffer<Float>(count: input.count, context: queue.context)
                let output = try queue.sync { cl in
                    try filter.encode(cl, input: a, output: b, workspace: workspace)
                    return try cl.read(b)
                }
                let (worst, worstIndex) = worstAbsoluteError(output, expected)
                let index = try #require(worstIndex, "\(output.count) outputs for \(expected.count) pixels")
                #expect(worst <= Self.tolerance(variant, range: range),
                        "\(variant.name) RANGE \(range) \(width)×\(height) on \(device.name): pixel \(index % width),\(index / width) is \(output[index]), expected \(expected[index])")
            }
        }
    }

    /// Images over 16 MiB in and out, where the rows variants stream their output past the caches: a
    /// width that is a multiple of 16 (every row aligned), and an odd one (rows alternate between
    /// aligned streaming stores and ordinary ones), at RANGE 0 to 4 and 16.
    @Test("rows variants stream large outputs correctly, aligned or not",
          arguments: BoxFilterVariant.rowsVariants, [0, 1, 2, 3, 4, 16])
    func rowsVariantsStreaming(variant: BoxFilterVariant, range: Int) throws {
        for device in TestDevices.all {
            let queue = try makeQueue(device)
            let filter = try BoxFilter(variant: variant, context: queue.context, range: range)
            for (width, height) in [(2048, 1030), (2047, 1101)] {
                #expect(BoxFilter.streamsOutput(width: width, height: height))
                let input = Self.image(width, height)
                let expected = try BoxFilterReference.fast(input, width: width, height: height, range: range)
                let a = try Buffer(copying: input, context: queue.context)
                let b = try Buffer<Float>(count: input.count, context: queue.context)
                let workspace = try filter.makeWorkspace(width: width, height: height)
                let output = try queue.sync { cl in
                    try filter.encode(cl, input: a, output: b, workspace: workspace)
                    return try cl.read(b)
                }
                let (worst, worstIndex) = worstAbsoluteError(output, expected)
                let index = try #require(worstIndex)
                #expect(worst <= Self.tolerance,
                        "\(variant.name) RANGE \(range) \(width)×\(height): pixel \(index % width),\(index / width) is \(output[index]), expected \(expected[index])")
            }
        }
    }

    @Test("the filter runs the fastest variant when none is named")
    func defaultVariant() throws {
        let queue = try makeQueue(TestDevices.all[0])
        let filter = try BoxFilter(context: queue.context)
        #expect(filter.variant == .fastest)
        #expect(filter.variant.name == "rows4")
    }

    @Test("the fast host peer matches the oracle", arguments: [1, 2, 3])
    func fastHostPeer(range: Int) throws {
        for (width, height) in Self.sizes + [(1000, 3), (31, 200)] {
            let input = Self.image(width, height)
            let fast = try BoxFilterReference.fast(input, width: width, height: height, range: range)
            let exact = try BoxFilterReference.exact(input, width: width, height: height, range: range)
            #expect(maxAbsError(fast, exact) <= Self.tolerance, "\(width)×\(height) RANGE \(range)")
        }
    }

    @Test("bad sizes and names are refused with a clear error")
    func badInput() throws {
        #expect(throws: BoxFilterError.pixelCountMismatch(what: "host input", count: 2, width: 3, height: 1)) {
            _ = try BoxFilterReference.exact([1, 2], width: 3, height: 1, range: 2)
        }
        #expect(throws: BoxFilterError.self) { _ = try BoxFilterReference.exact([], width: 0, height: 0, range: 2) }
        #expect(throws: BoxFilterError.unknownVariant(name: "boxAvg9", available: BoxFilterVariant.all.map(\.name))) {
            _ = try BoxFilterVariant.named("boxAvg9")
        }
        let device = try #require(TestDevices.all.first)
        let queue = try makeQueue(device)
        #expect(throws: BoxFilterError.rangeOutOfBounds(range: -1, allowed: 0...16)) {
            _ = try BoxFilter(variant: .naive, context: queue.context, range: -1)
        }
        let filter = try BoxFilter(variant: .h4v4Float4, context: queue.context)
        #expect(throws: BoxFilterError.unsupportedSize(variant: "H4+V4_float4", width: 17, height: 4,
                                                    reason: "H4+V4_float4 reads float4 columns: the width must be a multiple of 4, not 17")) {
            _ = try filter.makeWorkspace(width: 17, height: 4)
        }
        let workspace = try filter.makeWorkspace(width: 16, height: 4)
        let small = try Buffer<Float>(count: 8, context: queue.context)
        #expect(throws: BoxFilterError.pixelCountMismatch(what: "H4+V4_float4 input", count: 8, width: 16, height: 4)) {
            try queue.sync { cl in try filter.encode(cl, input: small, output: small, workspace: workspace) }
        }
    }
}
