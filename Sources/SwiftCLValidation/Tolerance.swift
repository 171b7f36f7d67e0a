/// How far a computed value may be from the reference and still pass. Works for every ``ValidatedScalar``
/// (`Float`, `Double`, `Float16`, integers) and, lane by lane, for SIMD vectors of them.
///
/// Equal values always pass (so infinities match themselves) and NaN never does. Near zero, ``relative(_:)`` and
/// ``ulp(_:)`` break down: when the reference cancels to (almost) zero, a tiny absolute error is a huge relative
/// error, and the ULPs between 1e-30 and 0 number about a billion. Use ``allClose(atol:rtol:)`` (an absolute floor
/// plus a relative part, as NumPy does) or ``anyOf(_:)`` with an ``absolute(_:)`` floor for such outputs.
public indirect enum Tolerance: Hashable, Sendable, CustomStringConvertible {
    /// Identical values (integers, or floating-point results that must be bit-exact up to the sign of zero).
    case exact
    /// |actual − expected| ≤ bound.
    case absolute(Double)
    /// |actual − expected| ≤ bound × |expected|.
    case relative(Double)
    /// At most this many units in the last place apart (for integers: the difference).
    case ulp(Int)
    /// NumPy's `allclose`: |actual − expected| ≤ atol + rtol × |expected|.
    case allClose(atol: Double, rtol: Double)
    /// Passes when any part passes: `.anyOf([.ulp(4), .absolute(1e-6)])` allows 4 ULPs, or 1e-6 near zero.
    case anyOf([Tolerance])
    /// Passes when every part passes.
    case allOf([Tolerance])

    /// Whether `actual` is close enough to `expected`.
    public func accepts<S: ValidatedScalar>(_ actual: S, _ expected: S) -> Bool {
        usedAllowance(actual, expected) <= 1
    }

    /// The error in this tolerance's own unit: the absolute difference (``exact``, ``absolute(_:)``), the relative
    /// difference, ULPs, or for ``allClose(atol:rtol:)`` and combinations the fraction of the allowance used (≤ 1 passes).
    /// Infinite for NaN.
    public func error<S: ValidatedScalar>(_ actual: S, _ expected: S) -> Double {
        if actual.validationValue.isNaN || expected.validationValue.isNaN { return .infinity }
        if actual == expected { return 0 }
        switch self {
        case .exact, .absolute: return S.difference(actual, expected)
        case .relative: return S.difference(actual, expected) / abs(expected.validationValue)
        case .ulp: return S.ulpDistance(actual, expected)
        case .allClose, .anyOf, .allOf: return usedAllowance(actual, expected)
        }
    }

    /// The error as a fraction of what this tolerance allows: ≤ 1 passes; 0 for equal values, infinite for NaN or
    /// any difference under ``exact``.
    public func usedAllowance<S: ValidatedScalar>(_ actual: S, _ expected: S) -> Double {
        if actual.validationValue.isNaN || expected.validationValue.isNaN { return .infinity }
        if actual == expected { return 0 }
        func fraction(_ error: Double, _ allowed: Double) -> Double {
            guard error.isFinite else { return .infinity }
            return error <= allowed ? (allowed > 0 ? error / allowed : 0) : (allowed > 0 ? Swift.max(error / allowed, 1.0.nextUp) : .infinity)
        }
        switch self {
        case .exact: return .infinity
        case let .absolute(bound): return fraction(S.difference(actual, expected), bound)
        case let .relative(bound): return fraction(S.difference(actual, expected), bound * abs(expected.validationValue))
        case let .ulp(units): return fraction(S.ulpDistance(actual, expected), Double(Swift.max(0, units)))
        case let .allClose(atol, rtol):
            return fraction(S.difference(actual, expected), atol + rtol * abs(expected.validationValue))
        case let .anyOf(parts): return parts.map { $0.usedAllowance(actual, expected) }.min() ?? .infinity
        case let .allOf(parts): return parts.map { $0.usedAllowance(actual, expected) }.max() ?? 0
        }
    }

    public var description: String {
        switch self {
        case .exact: "exact"
        case let .absolute(bound): "abs ≤ \(bound)"
        case let .relative(bound): "rel ≤ \(bound)"
        case let .ulp(units): "≤ \(units) ULP"
        case let .allClose(atol, rtol): "allclose(atol \(atol), rtol \(rtol))"
        case let .anyOf(parts): parts.map(\.description).joined(separator: " or ")
        case let .allOf(parts): parts.map(\.description).joined(separator: " and ")
        }
    }
}
