import SwiftCL
import SwiftCLArrays

/// An element type CLBlast computes with here: `Float` (its `S` routines) and `Double` (`D`, on devices with
/// `cl_khr_fp64`). CLBlast's half-precision routines are not exposed: no device SwiftCL has run on offers
/// `cl_khr_fp16`, so they could not be tested.
public protocol BLASScalar: ArrayElement & BinaryFloatingPoint {
    /// The CLBlast routine prefix: "S" or "D".
    static var blasPrefix: String { get }
}

extension Float: BLASScalar {
    public static var blasPrefix: String { "S" }
}

extension Double: BLASScalar {
    public static var blasPrefix: String { "D" }
}
