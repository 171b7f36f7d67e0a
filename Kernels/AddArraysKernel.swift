import SwiftCL

/// `add_arrays` (Listings 8-1, 8-3): `c[i] = a[i] + b[i]`; launch offsets split it across queues.
public struct AddArraysKernel: Sendable {
    /// The underlying kernel object.
    public let kernel: Kernel

    /// Builds (once per context) and looks up the kernel.
    public init(context: Context, options: BuildOptions = BuildOptions()) throws {
        kernel = try context.program(ShippedSources.addArrays, options: options).kernel(named: "add_arrays")
    }

    /// Enqueues `add_arrays` over `range` on the encoder's queue.
    public func callAsFunction(_ cl: ComputeEncoder, _ range: NDRange, _ a: Buffer<Float>, _ b: Buffer<Float>, _ c: Buffer<Float>) throws {
        try cl.launch(kernel, range, a, b, c)
    }

    /// The host reference.
    public static func reference(_ a: [Float], _ b: [Float]) -> [Float] {
        zip(a, b).map { $0 + $1 }
    }
}
