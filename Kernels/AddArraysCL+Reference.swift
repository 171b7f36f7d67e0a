import SwiftCL

/// `add_arrays` (Listings 8-1, 8-3): `c[i] = a[i] + b[i]`; launch offsets split it across queues. `AddArraysCL.AddArrays` is
/// generated from `add_arrays.cl` by SwiftCLKernelPlugin.
extension AddArraysCL.AddArrays {
    /// The host reference.
    public static func reference(_ a: [Float], _ b: [Float]) -> [Float] {
        zip(a, b).map { $0 + $1 }
    }
}
