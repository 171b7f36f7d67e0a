import SwiftCL
import SwiftCLKernels

/// Listing 3-2 of the guide, ported: square `count` values on the most capable GPU (or the CPU when
/// there is none) and check every value against the host.
package enum SquareSample {
    /// What one run found.
    package struct Outcome: Sendable {
        package let device: String
        package let count: Int
        package let mismatches: Int
        package let workGroupSize: Int
    }

    /// Picks a GPU queue, falling back to the CPU, as the listing does.
    package static func preferredQueue() throws -> ComputeQueue {
        try ComputeQueue(device: Device.default(preferring: [.gpu, .cpu]))
    }

    /// Runs the listing on `queue`.
    package static func run(on queue: ComputeQueue, count: Int = 1024) throws -> Outcome {
        let square = try SquareCL.Square(context: queue.context)
        let input = (0..<count).map { Float($0) }
        let inputBuffer = try Buffer(copying: input, context: queue.context, access: .readOnly)
        let outputBuffer = try Buffer<Float>(count: count, context: queue.context, access: .writeOnly)
        let (output, workGroupSize) = try queue.sync { cl in
            // Ask for the kernel's work-group size, then use the largest divisor of the count within it.
            let limit = try square.kernel.workGroupInfo(on: cl.device).maxWorkGroupSize
            let local = NDRange.largestDividingLocalSize(of: count, atMost: limit)
            try square(cl, NDRange(count, local: local), input: inputBuffer, output: outputBuffer)
            return (try cl.read(outputBuffer), local)
        }
        let expected = SquareCL.Square.reference(input)
        let mismatches = zip(output, expected).filter { $0 != $1 }.count
        return Outcome(device: queue.device.name, count: count, mismatches: mismatches, workGroupSize: workGroupSize)
    }
}
