import SwiftCL

/// `copy` (Listing 11-3): `out[i] = in[i]`, the memory-bandwidth bound of the benchmark suite. `CopyCL.Copy` is generated
/// from `copy.cl` by SwiftCLKernelPlugin.
extension CopyCL.Copy {
    /// The host reference.
    public static func reference(_ input: [Float]) -> [Float] { input }
}
