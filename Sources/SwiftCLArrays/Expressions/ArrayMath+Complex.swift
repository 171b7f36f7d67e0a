/// Complex arithmetic on arrays of `SIMD2` elements — `x` the real part, `y` the imaginary part, the layout of
/// `float2`/`double2` and of SwiftCLFFT's spectra — fused into the expression's one kernel like every `ArrayMath`
/// function. (`+`, `-` and scaling by a real work lane by lane already; `*` between two `SIMD2` arrays is lane by lane
/// too, so complex products are spelled ``complexMultiply(_:_:)``.)
extension ArrayMath {
    /// The complex product of each pair of elements: `(a.x·b.x − a.y·b.y, a.x·b.y + a.y·b.x)`.
    public static func complexMultiply<A: ArrayExpressible, B: ArrayExpressible, L: ArrayElement & BinaryFloatingPoint>(_ a: A, _ b: B)
    -> ArrayExpression<SIMD2<L>> where A.Element == SIMD2<L>, B.Element == SIMD2<L> {
        let type = SIMD2<L>.openCLTypeName
        return ArrayExpression(.apply(template: "((\(type))(($0).x * ($1).x - ($0).y * ($1).y, ($0).x * ($1).y + ($0).y * ($1).x))",
                                      operands: [a.expression.node, b.expression.node], pragma: SIMD2<L>.pragma))
    }

    /// The complex conjugate of each element: `(z.x, −z.y)`.
    public static func conjugate<A: ArrayExpressible, L: ArrayElement & BinaryFloatingPoint>(_ a: A) -> ArrayExpression<SIMD2<L>>
    where A.Element == SIMD2<L> {
        ArrayExpression(.apply(template: "((\(SIMD2<L>.openCLTypeName))(($0).x, -($0).y))", operands: [a.expression.node],
                               pragma: SIMD2<L>.pragma))
    }

    /// The magnitude |z| of each element (`length`, which scales to avoid overflow as `hypot` does), a real array.
    public static func magnitude<A: ArrayExpressible, L: ArrayElement & BinaryFloatingPoint>(_ a: A) -> ArrayExpression<L>
    where A.Element == SIMD2<L> {
        ArrayExpression(.apply(template: "length($0)", operands: [a.expression.node], pragma: L.pragma))
    }

    /// The argument of each element, `atan2(z.y, z.x)` in (−π, π], a real array.
    public static func phase<A: ArrayExpressible, L: ArrayElement & BinaryFloatingPoint>(_ a: A) -> ArrayExpression<L>
    where A.Element == SIMD2<L> {
        ArrayExpression(.apply(template: "atan2(($0).y, ($0).x)", operands: [a.expression.node], pragma: L.pragma))
    }
}
