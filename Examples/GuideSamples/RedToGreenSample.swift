import SwiftCL
import SwiftCLKernels

/// Listing 6-5 of the guide, ported: a 2048×2048 solid red RGBA image swapped to green on the device,
/// the host waiting on a dispatch semaphore, every pixel checked equal to 0xFF00FF00.
package enum RedToGreenSample {
    package struct Outcome: Sendable {
        package let device: String
        package let pixels: Int
        package let mismatches: Int
    }

    package static func run(on queue: ComputeQueue, width: Int = 2048, height: Int = 2048) throws -> Outcome {
        let swap = try RedToGreenCL.RedToGreen(context: queue.context)
        let red = [UInt32](repeating: 0xFF00_00FF, count: width * height)
        let input = try Image(format: .rgbaUInt8, width: width, height: height, context: queue.context, access: .readOnly)
        let output = try Image(format: .rgbaUInt8, width: width, height: height, context: queue.context, access: .writeOnly)
        let semaphore = DispatchSemaphoreBox()
        let result = ResultBox()
        queue.async({ cl in
            try cl.write(input, from: red)
            try swap(cl, NDRange(width: width, height: height), input: input, output: output)
            result.pixels = try cl.read(output, as: UInt32.self)
        }, completion: { outcome in
            if case let .failure(error) = outcome { result.error = error }
            semaphore.signal()
        })
        semaphore.wait()
        if let error = result.error { throw error }
        let mismatches = result.pixels.count == width * height ? result.pixels.filter { $0 != 0xFF00_FF00 }.count : width * height
        return Outcome(device: queue.device.name, pixels: width * height, mismatches: mismatches)
    }
}
