/// Elementwise math on arrays and expressions, fused into the expression's one kernel (OpenCL C's built-ins). On
/// vector elements each function works lane by lane.
///
/// A namespace rather than free functions, so `sqrt(2.0)` in code that imports SwiftCLArrays means what it always did.
public enum ArrayMath {
    public static func sqrt<A: ArrayExpressible>(_ a: A) -> ArrayExpression<A.Element> where A.Element.Lane: BinaryFloatingPoint { apply("sqrt($0)", [a.expression]) }
    public static func exp<A: ArrayExpressible>(_ a: A) -> ArrayExpression<A.Element> where A.Element.Lane: BinaryFloatingPoint { apply("exp($0)", [a.expression]) }
    public static func log<A: ArrayExpressible>(_ a: A) -> ArrayExpression<A.Element> where A.Element.Lane: BinaryFloatingPoint { apply("log($0)", [a.expression]) }
    public static func sin<A: ArrayExpressible>(_ a: A) -> ArrayExpression<A.Element> where A.Element.Lane: BinaryFloatingPoint { apply("sin($0)", [a.expression]) }
    public static func cos<A: ArrayExpressible>(_ a: A) -> ArrayExpression<A.Element> where A.Element.Lane: BinaryFloatingPoint { apply("cos($0)", [a.expression]) }
    public static func pow<A: ArrayExpressible, B: ArrayExpressible>(_ a: A, _ b: B) -> ArrayExpression<A.Element>
    where A.Element == B.Element, A.Element.Lane: BinaryFloatingPoint { apply("pow($0, $1)", [a.expression, b.expression]) }
    public static func pow<A: ArrayExpressible>(_ a: A, _ b: A.Element) -> ArrayExpression<A.Element> where A.Element.Lane: BinaryFloatingPoint {
        apply("pow($0, $1)", [a.expression, ArrayExpression(scalar: b)])
    }

    /// The absolute value (`fabs` for floating point; for integers `abs`, whose result for the most negative value
    /// wraps to itself as in Swift's `&-`).
    public static func abs<A: ArrayExpressible>(_ a: A) -> ArrayExpression<A.Element> {
        switch A.Element.laneKind {
        case .floatingPoint: apply("fabs($0)", [a.expression])
        case .signedInteger: apply("\(A.Element.openCLConversion)(abs($0))", [a.expression])
        case .unsignedInteger: a.expression
        }
    }

    public static func min<A: ArrayExpressible, B: ArrayExpressible>(_ a: A, _ b: B) -> ArrayExpression<A.Element> where A.Element == B.Element {
        apply(A.Element.laneKind == .floatingPoint ? "fmin($0, $1)" : "min($0, $1)", [a.expression, b.expression])
    }
    public static func max<A: ArrayExpressible, B: ArrayExpressible>(_ a: A, _ b: B) -> ArrayExpression<A.Element> where A.Element == B.Element {
        apply(A.Element.laneKind == .floatingPoint ? "fmax($0, $1)" : "max($0, $1)", [a.expression, b.expression])
    }
    public static func min<A: ArrayExpressible>(_ a: A, _ b: A.Element) -> ArrayExpression<A.Element> { min(a, ArrayExpression(scalar: b)) }
    public static func max<A: ArrayExpressible>(_ a: A, _ b: A.Element) -> ArrayExpression<A.Element> { max(a, ArrayExpression(scalar: b)) }

    /// `a` limited to `low...high` elementwise.
    public static func clamp<A: ArrayExpressible>(_ a: A, _ low: A.Element, _ high: A.Element) -> ArrayExpression<A.Element> {
        apply("clamp($0, $1, $2)", [a.expression, ArrayExpression(scalar: low), ArrayExpression(scalar: high)])
    }

    /// `a * b + c` with one rounding.
    public static func fma<A: ArrayExpressible, B: ArrayExpressible, C: ArrayExpressible>(_ a: A, _ b: B, _ c: C) -> ArrayExpression<A.Element>
    where A.Element == B.Element, A.Element == C.Element, A.Element.Lane: BinaryFloatingPoint {
        apply("fma($0, $1, $2)", [a.expression, b.expression, c.expression])
    }

    /// `a` where `mask` is non-zero, else `b` (PyOpenCL's `if_positive`/numpy's `where`).
    public static func `where`<M: ArrayExpressible, A: ArrayExpressible, B: ArrayExpressible>(_ mask: M, _ a: A, _ b: B) -> ArrayExpression<A.Element>
    where M.Element == UInt8, A.Element == B.Element {
        ArrayExpression(.apply(template: "(($0) ? ($1) : ($2))", operands: [mask.expression.node, a.expression.node, b.expression.node],
                               pragma: A.Element.pragma))
    }
}
