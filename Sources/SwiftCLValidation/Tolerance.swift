/// How far a computed value may be from the reference and still pass.
public enum Tolerance: Hashable, Sendable, CustomStringConvertible {
    /// |actual − expected| ≤ bound.
    case absolute(Float)
    /// |actual − expected| ≤ bound × max(|expected|, smallest normal).
    case relative(Float)
    /// At most this many units in the last place apart (same sign; NaN never passes).
    case ulp(Int)

    /// Whether `actual` is close enough to `expected`.
    public func accepts(_ actual: Float, _ expected: Float) -> Bool {
        if actual.isNaN || expected.isNaN { return false }
        switch self {
        case let .absolute(bound): return abs(actual - expected) <= bound
        case let .relative(bound): return abs(actual - expected) <= bound * max(abs(expected), .leastNormalMagnitude)
        case let .ulp(units): return Self.ulpDistance(actual, expected) <= UInt64(max(0, units))
        }
    }

    /// The error in this tolerance's own unit (absolute, relative, or ULPs).
    public func error(_ actual: Float, _ expected: Float) -> Double {
        if actual.isNaN || expected.isNaN { return .infinity }
        switch self {
        case .absolute: return Double(abs(actual - expected))
        case .relative: return Double(abs(actual - expected) / max(abs(expected), .leastNormalMagnitude))
        case .ulp: return Double(Self.ulpDistance(actual, expected))
        }
    }

    static func ulpDistance(_ a: Float, _ b: Float) -> UInt64 {
        func ordered(_ value: Float) -> Int64 {
            let bits = Int64(Int32(bitPattern: value.bitPattern))
            return bits < 0 ? Int64(Int32.min) - bits : bits
        }
        return UInt64(abs(ordered(a) - ordered(b)))
    }

    public var description: String {
        switch self {
        case let .absolute(bound): "abs ≤ \(bound)"
        case let .relative(bound): "rel ≤ \(bound)"
        case let .ulp(units): "≤ \(units) ULP"
        }
    }
}
