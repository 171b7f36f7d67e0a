import SwiftCL

// SIMD vectors of array elements are array elements for elementwise work (see ArrayStorable). ArrayElement requires
// its SIMD storage types to be bitwise copyable, which is what lets these generic conformances be BitwiseCopyable.

extension ArrayStorable where Self: SIMD, Self.Scalar: ArrayElement {
    /// A vector's lanes are its scalars.
    public typealias Lane = Scalar
    /// A vector's lane count is its scalar count.
    public static var laneCount: Int { Self().scalarCount }
}

extension SIMD2: ArrayStorable where Scalar: ArrayElement {}
extension SIMD3: ArrayStorable where Scalar: ArrayElement {}
extension SIMD4: ArrayStorable where Scalar: ArrayElement {}
extension SIMD8: ArrayStorable where Scalar: ArrayElement {}
extension SIMD16: ArrayStorable where Scalar: ArrayElement {}
