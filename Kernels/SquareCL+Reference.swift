import SwiftCL

/// `square` (Listing 3-1): `output[i] = input[i] * input[i]`. `SquareCL.Square` is generated from `square.cl`
/// by SwiftCLKernelPlugin; call it like the guide's kernel block: `try square(cl, range, input: a, output: b)`.
extension SquareCL.Square {
    /// The host reference: the exact answer every device must reproduce bit for bit.
    public static func reference(_ input: [Float]) -> [Float] {
        input.map { $0 * $0 }
    }
}
