/// A scalar a validation can compare: floating-point types by value and by units in the last place, integers
/// exactly or by their difference.
public protocol ValidatedScalar: Equatable, Sendable, CustomStringConvertible {
    /// The value as a `Double` (exact for every conforming type except 64-bit integers beyond 2⁵³).
    var validationValue: Double { get }
    /// Units in the last place between two values of this type (for integers, the difference: their ULP is 1);
    /// infinite when either is NaN or their signs differ by more than the representable distance.
    static func ulpDistance(_ a: Self, _ b: Self) -> Double
    /// |a − b| (exact for integers of any width; in `Double` arithmetic for floating-point types; NaN when either is).
    static func difference(_ a: Self, _ b: Self) -> Double
}

/// A kernel output element: a scalar, or a SIMD vector compared lane by lane.
public protocol ValidatedElement: Sendable {
    associatedtype Scalar: ValidatedScalar
    /// How many lanes each element has (1 for a scalar).
    static var validationLaneCount: Int { get }
    /// Lane `lane` (0 ..< ``validationLaneCount``), without building an array.
    func validationLane(_ lane: Int) -> Scalar
}

extension ValidatedElement {
    /// The lanes (one for a scalar), as an array.
    public var validationLanes: [Scalar] { (0..<Self.validationLaneCount).map(validationLane) }
}

extension ValidatedScalar {
    public static var validationLaneCount: Int { 1 }
    public func validationLane(_ lane: Int) -> Self { self }
}

extension SIMD where Scalar: ValidatedScalar {
    public static var validationLaneCount: Int { Self.scalarCount }
    public func validationLane(_ lane: Int) -> Scalar { self[lane] }
}

extension BinaryFloatingPoint where Self: ValidatedScalar {
    /// ULPs between two floats: their magnitudes' bit patterns read as integers (consecutive floats differ by 1,
    /// infinity is one past the largest finite value), negative values mirrored below zero, so +0 and −0 are 0 apart.
    /// Counted exactly in 64-bit integers, then given as a `Double`.
    static func orderedDistance(_ a: Self, _ b: Self) -> Double {
        if a.isNaN || b.isNaN { return .infinity }
        func ordered(_ value: Self) -> Int64 {
            let steps = Int64(UInt64(value.exponentBitPattern) << UInt64(Self.significandBitCount) | UInt64(value.significandBitPattern))
            return value.sign == .minus ? -steps : steps
        }
        let (x, y) = (ordered(a), ordered(b))
        // The distance is below 2^64, so the wrapped difference read unsigned is exact.
        return Double(UInt64(bitPattern: Swift.max(x, y) &- Swift.min(x, y)))
    }

    public static func difference(_ a: Self, _ b: Self) -> Double { abs(Double(a) - Double(b)) }
}

extension Float: ValidatedElement, ValidatedScalar {
    public var validationValue: Double { Double(self) }
    public static func ulpDistance(_ a: Float, _ b: Float) -> Double { orderedDistance(a, b) }
}

extension Double: ValidatedElement, ValidatedScalar {
    public var validationValue: Double { self }
    public static func ulpDistance(_ a: Double, _ b: Double) -> Double { orderedDistance(a, b) }
}

extension Float16: ValidatedElement, ValidatedScalar {
    public var validationValue: Double { Double(self) }
    public static func ulpDistance(_ a: Float16, _ b: Float16) -> Double { orderedDistance(a, b) }
}

extension FixedWidthInteger where Self: ValidatedScalar {
    public var validationValue: Double { Double(self) }
    /// The exact difference (an integer's ULP is 1), computed in 64 bits without overflow.
    public static func ulpDistance(_ a: Self, _ b: Self) -> Double {
        let (low, high) = a < b ? (a, b) : (b, a)
        if Self.isSigned {
            // The true difference lies in 0...UInt64.max, so the wrapped 64-bit result read unsigned is exact.
            return Double(UInt64(bitPattern: Int64(high) &- Int64(low)))
        }
        return Double(UInt64(high) - UInt64(low))
    }

    public static func difference(_ a: Self, _ b: Self) -> Double { ulpDistance(a, b) }
}

extension Int8: ValidatedElement, ValidatedScalar {}
extension UInt8: ValidatedElement, ValidatedScalar {}
extension Int16: ValidatedElement, ValidatedScalar {}
extension UInt16: ValidatedElement, ValidatedScalar {}
extension Int32: ValidatedElement, ValidatedScalar {}
extension UInt32: ValidatedElement, ValidatedScalar {}
extension Int64: ValidatedElement, ValidatedScalar {}
extension UInt64: ValidatedElement, ValidatedScalar {}
extension Int: ValidatedElement, ValidatedScalar {}

extension SIMD2: ValidatedElement where Scalar: ValidatedScalar {}
extension SIMD3: ValidatedElement where Scalar: ValidatedScalar {}
extension SIMD4: ValidatedElement where Scalar: ValidatedScalar {}
extension SIMD8: ValidatedElement where Scalar: ValidatedScalar {}
extension SIMD16: ValidatedElement where Scalar: ValidatedScalar {}
