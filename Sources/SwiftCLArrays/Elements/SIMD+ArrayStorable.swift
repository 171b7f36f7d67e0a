import SwiftCL

// SIMD vectors of array elements are array elements for elementwise work (see ArrayStorable). ArrayElement requires
// its SIMD storage types to be bitwise copyable, which is what lets these generic conformances be BitwiseCopyable.

extension SIMD2: ArrayStorable where Scalar: ArrayElement {
    public typealias Lane = Scalar
    public static var laneCount: Int { 2 }
}

extension SIMD3: ArrayStorable where Scalar: ArrayElement {
    public typealias Lane = Scalar
    public static var laneCount: Int { 3 }
}

extension SIMD4: ArrayStorable where Scalar: ArrayElement {
    public typealias Lane = Scalar
    public static var laneCount: Int { 4 }
}

extension SIMD8: ArrayStorable where Scalar: ArrayElement {
    public typealias Lane = Scalar
    public static var laneCount: Int { 8 }
}

extension SIMD16: ArrayStorable where Scalar: ArrayElement {
    public typealias Lane = Scalar
    public static var laneCount: Int { 16 }
}
