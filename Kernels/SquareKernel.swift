import SwiftCL

/// `square` (Listing 3-1): `output[i] = input[i] * input[i]`, called like the guide's kernel block:
/// `try square(cl, range, input, output)` inside a queue closure.
public struct SquareKernel: Sendable {
    /// The underlying kernel object.
    public let kernel: Kernel

    /// Builds (once per context) and looks up the kernel.
    public init(context: Context, options: BuildOptions = BuildOptions()) throws {
        kernel = try context.program(ShippedSources.square, options: options).kernel(named: "square")
    }

    /// Enqueues `square` over `range` on the encoder's queue.
    public func callAsFunction(_ cl: ComputeEncoder, _ range: NDRange, _ input: Buffer<Float>, _ output: Buffer<Float>) throws {
        try cl.launch(kernel, range, input, output)
    }

    /// The host reference: the exact answer every device must reproduce bit for bit.
    public static func reference(_ input: [Float]) -> [Float] {
        input.map { $0 * $0 }
    }
}
