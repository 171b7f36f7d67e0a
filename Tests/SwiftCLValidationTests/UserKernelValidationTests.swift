import SwiftCL
import SwiftCLTestSupport
import SwiftCLValidation
import Testing

/// A user's kernel with three outputs of different element types (float, int, uint2), validated through the same
/// engine as the shipped kernels.
enum SplitKernel {
    static let source = """
        kernel void split(global const float *x, global float *scaled, global int *rounded, global uint2 *pairs, uint n) {
            size_t i = get_global_id(0);
            if (i >= n) return;
            scaled[i] = x[i] * 0.5f;
            rounded[i] = (int)round(x[i] * 100.0f);
            pairs[i] = (uint2)((uint)i, (uint)(i * i));
        }
        """

    /// A check over 1-D sizes; `corrupt` edits the references (to show how a failure is reported).
    static func check(name: String, sizes: [Int], corrupt: @escaping @Sendable (inout [Int32]) -> Void = { _ in }) -> KernelCheck {
        KernelCheck(name: name, sizes: sizes.map { ImageProblem(width: $0, height: 1) }, tolerance: .ulp(0),
                    localSizes: { queue in [1, 2, 4, 8, 16, 64].filter { $0 <= queue.device.maxWorkGroupSize } }) { queue, size, local in
            let n = size.width
            let x = DeterministicInput.unitInterval(n, seed: 7).map { $0 * 40 - 20 }
            let kernel = try queue.context.program(source: source, name: "split.cl").kernel(named: "split")
            let input = try Buffer(copying: x, context: queue.context, access: .readOnly)
            let scaled = try Buffer<Float>(count: n, context: queue.context)
            let rounded = try Buffer<Int32>(count: n, context: queue.context)
            let pairs = try Buffer<SIMD2<UInt32>>(count: n, context: queue.context)
            let (s, r, p) = try queue.sync { cl in
                try cl.launch(kernel, try local.map { try NDRange(covering: n, local: $0) } ?? NDRange(n), input, scaled, rounded, pairs, n)
                return (try cl.read(scaled), try cl.read(rounded), try cl.read(pairs))
            }
            var expectedRounded = x.map { Int32(($0 * 100).rounded()) }
            corrupt(&expectedRounded)
            return KernelCheck.Outcome(outputs: [
                .init("scaled", actual: s, expected: x.map { $0 * 0.5 }),
                .init("rounded", actual: r, expected: expectedRounded, tolerance: .exact),
                .init("pairs", actual: p, expected: (0..<n).map { SIMD2<UInt32>(UInt32($0), UInt32($0 * $0)) }, tolerance: .exact),
            ])
        }
    }
}

@Suite("Validating a user's kernel")
struct UserKernelValidationTests {
    @Test("three outputs of float, int and uint2 pass at sizes 1, 7, 997 and 1000 with every local size",
          arguments: TestDevices.all)
    func multipleOutputs(device: Device) {
        let cases = Validator().run([SplitKernel.check(name: "split", sizes: [1, 7, 997, 1000])], on: [device])
        #expect(cases.count == 4 * (1 + [1, 2, 4, 8, 16, 64].filter { $0 <= device.maxWorkGroupSize }.count))
        for item in cases {
            #expect(item.passed, "\(item)")
            #expect(item.outputs.map(\.output) == ["scaled", "rounded", "pairs"])
        }
    }

    @Test("a wrong integer output is named in the report with its index and both values", arguments: TestDevices.all)
    func failureNamesTheOutput(device: Device) throws {
        let check = SplitKernel.check(name: "split-wrong", sizes: [7]) { $0[5] += 2 }
        let result = try #require(Validator().run([check], on: [device]).first)
        #expect(!result.passed && result.output == "rounded" && result.worstIndex == 5 && result.tolerance == "exact")
        let rounded = try #require(result.outputs.first { $0.output == "rounded" })
        #expect(rounded.failures == 1 && rounded.worstActual.flatMap(Int32.init).map { $0 + 2 } == rounded.worstExpected.flatMap(Int32.init))
        #expect(result.outputs.filter(\.passed).map(\.output) == ["scaled", "pairs"])
        #expect(result.description.contains("in rounded worst at 5: expected"), "\(result)")
    }
}
