import SwiftCL

/// A scalar element type of a ``DeviceArray``: an OpenCL C scalar with a Swift twin, ordered, so arrays of it reduce,
/// compare, scan and sort.
///
/// `Float`, `Double` (devices with `cl_khr_fp64`), `Float16` (devices with `cl_khr_fp16`) and the eight fixed-width
/// integers conform; SIMD vectors of them are ``ArrayStorable`` for elementwise work.
public protocol ArrayElement: ArrayStorable, SIMDScalar, Hashable, Codable, Comparable
where Lane == Self, SIMD2Storage: BitwiseCopyable, SIMD4Storage: BitwiseCopyable, SIMD8Storage: BitwiseCopyable,
      SIMD16Storage: BitwiseCopyable {
    /// Whether the type is a floating-point, signed or unsigned integer type.
    static var kind: ElementKind { get }
    /// The OpenCL extension a device needs to compute with the type (`cl_khr_fp64` for `double`), if any.
    static var requiredExtension: String? { get }
    /// The OpenCL C literal of the type's lowest and highest values (neutral elements of max and min).
    static var openCLLowest: String { get }
    static var openCLHighest: String { get }
    /// The zero and one of the type.
    static var zero: Self { get }
    static var one: Self { get }
}

/// The three families of element type, which decide the operators and the accumulation of sums.
public enum ElementKind: Sendable, Hashable {
    case floatingPoint, signedInteger, unsignedInteger
}

extension ArrayElement {
    /// A scalar has one lane: itself.
    public static var laneCount: Int { 1 }

    /// The OpenCL type sums of this type accumulate in: `float` for `half`, `ulong` for every integer type (wrapping
    /// modulo 2⁶⁴, which is exact modulo the element's own width), the type itself otherwise.
    static var sumAccumulator: String {
        switch kind {
        case .floatingPoint: openCLTypeName == "half" ? "float" : openCLTypeName
        case .signedInteger, .unsignedInteger: "ulong"
        }
    }
}

extension Float: ArrayElement {
    public static var kind: ElementKind { .floatingPoint }
    public static var requiredExtension: String? { nil }
    public static var openCLLowest: String { "(-INFINITY)" }
    public static var openCLHighest: String { "INFINITY" }
    public static var one: Float { 1 }
}

extension Double: ArrayElement {
    public static var kind: ElementKind { .floatingPoint }
    public static var requiredExtension: String? { "cl_khr_fp64" }
    public static var openCLLowest: String { "(-(double)INFINITY)" }
    public static var openCLHighest: String { "((double)INFINITY)" }
    public static var one: Double { 1 }
}

extension Float16: ArrayElement {
    public static var kind: ElementKind { .floatingPoint }
    public static var requiredExtension: String? { "cl_khr_fp16" }
    public static var openCLLowest: String { "(-(half)INFINITY)" }
    public static var openCLHighest: String { "((half)INFINITY)" }
    public static var one: Float16 { 1 }
}

extension Int8: ArrayElement {
    public static var kind: ElementKind { .signedInteger }
    public static var requiredExtension: String? { nil }
    public static var openCLLowest: String { "CHAR_MIN" }
    public static var openCLHighest: String { "CHAR_MAX" }
    public static var one: Int8 { 1 }
}

extension UInt8: ArrayElement {
    public static var kind: ElementKind { .unsignedInteger }
    public static var requiredExtension: String? { nil }
    public static var openCLLowest: String { "0" }
    public static var openCLHighest: String { "UCHAR_MAX" }
    public static var one: UInt8 { 1 }
}

extension Int16: ArrayElement {
    public static var kind: ElementKind { .signedInteger }
    public static var requiredExtension: String? { nil }
    public static var openCLLowest: String { "SHRT_MIN" }
    public static var openCLHighest: String { "SHRT_MAX" }
    public static var one: Int16 { 1 }
}

extension UInt16: ArrayElement {
    public static var kind: ElementKind { .unsignedInteger }
    public static var requiredExtension: String? { nil }
    public static var openCLLowest: String { "0" }
    public static var openCLHighest: String { "USHRT_MAX" }
    public static var one: UInt16 { 1 }
}

extension Int32: ArrayElement {
    public static var kind: ElementKind { .signedInteger }
    public static var requiredExtension: String? { nil }
    public static var openCLLowest: String { "INT_MIN" }
    public static var openCLHighest: String { "INT_MAX" }
    public static var one: Int32 { 1 }
}

extension UInt32: ArrayElement {
    public static var kind: ElementKind { .unsignedInteger }
    public static var requiredExtension: String? { nil }
    public static var openCLLowest: String { "0" }
    public static var openCLHighest: String { "UINT_MAX" }
    public static var one: UInt32 { 1 }
}

extension Int64: ArrayElement {
    public static var kind: ElementKind { .signedInteger }
    public static var requiredExtension: String? { nil }
    public static var openCLLowest: String { "LONG_MIN" }
    public static var openCLHighest: String { "LONG_MAX" }
    public static var one: Int64 { 1 }
}

extension UInt64: ArrayElement {
    public static var kind: ElementKind { .unsignedInteger }
    public static var requiredExtension: String? { nil }
    public static var openCLLowest: String { "0" }
    public static var openCLHighest: String { "ULONG_MAX" }
    public static var one: UInt64 { 1 }
}
