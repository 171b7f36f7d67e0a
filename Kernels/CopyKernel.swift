import SwiftCL

/// `copy` (Listing 11-3): `out[i] = in[i]`, the memory-bandwidth bound of the benchmark suite.
public struct CopyKernel: Sendable {
    /// The underlying kernel object.
    public let kernel: Kernel

    /// Builds (once per context) and looks up the kernel.
    public init(context: Context, options: BuildOptions = BuildOptions()) throws {
        kernel = try context.program(ShippedSources.copy, options: options).kernel(named: "copy")
    }

    /// Enqueues `copy` over `range` on the encoder's queue.
    public func callAsFunction(_ cl: ComputeEncoder, _ range: NDRange, _ input: Buffer<Float>, _ output: Buffer<Float>) throws {
        try cl.launch(kernel, range, input, output)
    }

    /// The host reference.
    public static func reference(_ input: [Float]) -> [Float] { input }
}
