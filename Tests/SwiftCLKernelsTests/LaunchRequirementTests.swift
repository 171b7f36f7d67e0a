import Foundation
import SwiftCL
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

/// The shipped kernels declare what their buffers and images must hold for a range (`// swiftcl-requires:`), and
/// their typed wrappers refuse any range those cannot serve before the launch: these launches crashed PoCL (SIGSEGV).
@Suite("Launch requirements of the shipped kernels")
struct LaunchRequirementTests {
    /// Runs every refused launch of `shippedRefusals` in a child process, so that a launch that is not refused and
    /// crashes fails this test instead of killing the test run.
    @Test("ranges beyond the buffers or images are refused with a typed error naming the buffer, its count and the range")
    func refusedInChildProcess() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let queue = try ComputeQueue(device: try #require(Device.all.first))
            let refusals = try LaunchRequirementTests.shippedRefusals(queue)
            for (name, attempt) in refusals {
                let error = thrownError { try queue.sync { cl in try attempt(cl) } }
                guard let violation = (error as? SwiftCLError)?.launchRequirementViolation else {
                    Issue.record("\(name): expected a launch-requirement refusal, got \(String(describing: error))")
                    continue
                }
                print("refused \(name): \(violation)")
            }
            print("refusals: \(refusals.count)")
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output.contains("refusals:"), "the child finished: \(output.suffix(800))")
        #expect(output.contains("kernel square requires input.count >= global.x (input.count = 64, global.x = 4160)"), "\(output)")
    }

    /// Launches through the shipped typed kernels that their requirements refuse.
    static func shippedRefusals(_ queue: ComputeQueue) throws -> [(String, (ComputeEncoder) throws -> Void)] {
        let context = queue.context
        let a = try Buffer<Float>(count: 64, context: context), b = try Buffer<Float>(count: 64, context: context)
        let small = try Buffer<Float>(count: 63, context: context)
        var cases: [(String, (ComputeEncoder) throws -> Void)] = [
            ("square over Int.max", { cl in try SquareCL.square(cl, NDRange(Int.max), input: a, output: b) }),
            ("square over 4,160 with 64-element buffers", { cl in try SquareCL.square(cl, NDRange(4160), input: a, output: b) }),
            ("square over 64 from offset 1", { cl in try SquareCL.square(cl, NDRange(64, offset: 1), input: a, output: b) }),
            ("square into a 63-element output", { cl in try SquareCL.square(cl, NDRange(64), input: a, output: small) }),
            ("copy over 65", { cl in try CopyCL.copy(cl, NDRange(65), in: a, out: b) }),
            ("add_arrays over 65", { cl in try AddArraysCL.add_arrays(cl, NDRange(65), a: a, b: b, c: b) }),
            ("boxAvg1 8x9 on 64 pixels", { cl in try BoxFilterCL.boxAvg1(cl, NDRange(width: 8, height: 9), w: 8, h: 9, in: a, out: b) }),
            ("boxAvg1 over Int.max columns", { cl in try BoxFilterCL.boxAvg1(cl, NDRange(global: [Int.max, 1]), w: 8, h: 8, in: a, out: b) }),
            ("boxAvgH4 w*h overflowing", { cl in try BoxFilterCL.boxAvgH4(cl, NDRange(8), w: Int32.max, h: Int32.max, in: a, out: b) }),
            ("boxAvgStrip from offset 0", { cl in
                try BoxFilterCL.boxAvgStrip(cl, NDRange(global: [4, 1], offset: [0, 0]), w: 8, h: 8, in: a, out: b) }),
            ("boxAvgStrip past the right border", { cl in
                try BoxFilterCL.boxAvgStrip(cl, NDRange(global: [6, 1], offset: [2, 0]), w: 8, h: 8, in: a, out: b) }),
            ("boxAvgVec wider than the image", { cl in try BoxFilterCL.boxAvgVec(cl, NDRange(global: [1, 1]), w: 8, h: 8, in: a, out: b) }),
            ("boxAvgV4_float4 width 6", { cl in try BoxFilterCL.boxAvgV4_float4(cl, NDRange(global: [2, 1]), w: 6, h: 8, in: a, out: b) }),
            ("boxAvgBand with a small aux", { cl in try BoxFilterCL.boxAvgBand(cl, NDRange(4), w: 8, h: 8, in: a, out: b, aux: small) }),
            ("boxAvgRows on 63 pixels", { cl in try BoxFilterCL.boxAvgRows(cl, NDRange(8), w: 8, h: 8, in: a, out: small, stream: 0) }),
            ("copyRowsHalo with 0 rows per item", { cl in
                try CopyCL.copyRowsHalo(cl, NDRange(8), w: 8, h: 8, rows: 0, haloRows: 1, weight: 0, in: a, out: b, stream: 0) }),
        ]
        if queue.device.supportsImages {
            let format = ImageFormat(.rgba, .unsignedInt8)
            let input = try Image(.image2D(width: 8, height: 8), format: format, context: context, access: .readOnly)
            let output = try Image(.image2D(width: 8, height: 4), format: format, context: context, access: .writeOnly)
            cases.append(("red_to_green into a shorter image", { cl in
                try RedToGreenCL.red_to_green(cl, NDRange(width: 8, height: 8), input: input, output: output) }))
        }
        return cases
    }

    @Test("launches the requirements allow still run and compute the reference", arguments: TestDevices.all)
    func allowedLaunchesRun(device: Device) throws {
        let queue = try makeQueue(device)
        let input = ramp(65)
        let a = try Buffer(copying: input, context: queue.context), b = try Buffer<Float>(count: 65, context: queue.context)
        let squares = try queue.sync { cl in
            try SquareCL.square(cl, NDRange(64, offset: 1), input: a, output: b)
            try SquareCL.square(cl, NDRange(1), input: a, output: b)
            return try cl.read(b)
        }
        #expect(squares == SquareCL.Square.reference(input))
        // The interior launch the box filter's strip variant makes (offset RANGE, up to w - RANGE) passes its requirements.
        let image = try Buffer(copying: ramp(64, scale: 0.01), context: queue.context)
        let out = try Buffer<Float>(count: 64, context: queue.context)
        try queue.sync { cl in
            try BoxFilterCL.boxAvgStrip(cl, NDRange(global: [4, 1], offset: [2, 0]), w: 8, h: 8, in: image, out: out)
        }
    }
}
