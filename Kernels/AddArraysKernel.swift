import SwiftCL

/// `add_arrays` (Listings 8-1, 8-3): `c[i] = a[i] + b[i]`; launch offsets split it across queues. Generated
/// from `add_arrays.cl` by SwiftCLKernelPlugin.
public typealias AddArraysKernel = AddArraysCL.AddArrays

extension AddArraysCL.AddArrays {
    /// The host reference.
    public static func reference(_ a: [Float], _ b: [Float]) -> [Float] {
        zip(a, b).map { $0 + $1 }
    }
}
