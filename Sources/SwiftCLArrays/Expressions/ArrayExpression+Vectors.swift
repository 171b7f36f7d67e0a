// Vector elements (SIMD2…SIMD16 of array elements): arithmetic with one lane value on every lane, single lanes as
// scalar arrays, vectors assembled from scalar arrays, lane-wise conversions and the geometric functions. Every
// operator of ArrayExpression+Operators.swift also works between vector arrays, lane by lane (OpenCL's vector types).

extension ArrayExpressible where Element: SIMD {
    /// Lane `index` of every element, as a scalar expression (OpenCL's `.s0` … `.sf`).
    /// - Throws: ``ArrayError/Code/invalidArgument`` naming the lanes there are.
    public func lane(_ index: Int) throws -> ArrayExpression<Element.Lane> {
        guard (0..<Element.laneCount).contains(index) else {
            throw ArrayError(.invalidArgument, "lane \(index) of \(Element.openCLTypeName), which has lanes 0..<\(Element.laneCount)")
        }
        let suffix = String(index, radix: 16)
        return ArrayExpression(.apply(template: "($0).s\(suffix)", operands: [expression.node], pragma: Element.pragma))
    }
}

extension ArrayExpressible {
    func lanesConverted<Result: ArrayStorable>() -> ArrayExpression<Result> {
        ArrayExpression(.apply(template: "\(Result.openCLConversion)($0)", operands: [expression.node], pragma: Result.pragma))
    }

    /// Each lane converted to `T` (OpenCL's `convert_T2`, like a C cast per lane).
    public func converted<L, T: ArrayElement>(to _: T.Type) -> ArrayExpression<SIMD2<T>> where Element == SIMD2<L> { lanesConverted() }
    /// Each lane converted to `T` (OpenCL's `convert_T3`).
    public func converted<L, T: ArrayElement>(to _: T.Type) -> ArrayExpression<SIMD3<T>> where Element == SIMD3<L> { lanesConverted() }
    /// Each lane converted to `T` (OpenCL's `convert_T4`).
    public func converted<L, T: ArrayElement>(to _: T.Type) -> ArrayExpression<SIMD4<T>> where Element == SIMD4<L> { lanesConverted() }
    /// Each lane converted to `T` (OpenCL's `convert_T8`).
    public func converted<L, T: ArrayElement>(to _: T.Type) -> ArrayExpression<SIMD8<T>> where Element == SIMD8<L> { lanesConverted() }
    /// Each lane converted to `T` (OpenCL's `convert_T16`).
    public func converted<L, T: ArrayElement>(to _: T.Type) -> ArrayExpression<SIMD16<T>> where Element == SIMD16<L> { lanesConverted() }
}

extension ArrayMath {
    /// `callee(operand, …)` in parentheses: an OpenCL built-in, or a vector literal's `(float4)`.
    static func call<Result: ArrayStorable>(_ callee: String, _ operands: [ExpressionNode]) -> ArrayExpression<Result> {
        let placeholders = operands.indices.map { "$\($0)" }.joined(separator: ", ")
        return ArrayExpression(.apply(template: "(\(callee)(\(placeholders)))", operands: operands, pragma: Result.pragma))
    }

    static func assemble<Result: ArrayStorable>(_ lanes: [ExpressionNode]) -> ArrayExpression<Result> {
        call("(\(Result.openCLTypeName))", lanes)
    }

    /// Two-lane vectors from two scalar arrays or expressions of one shape (OpenCL's `(float2)(x, y)`).
    public static func vector<X: ArrayExpressible, Y: ArrayExpressible>(_ x: X, _ y: Y) -> ArrayExpression<SIMD2<X.Element>>
    where X.Element: ArrayElement, Y.Element == X.Element {
        assemble([x.expression.node, y.expression.node])
    }

    /// Three-lane vectors from three scalar arrays or expressions of one shape.
    public static func vector<X: ArrayExpressible, Y: ArrayExpressible, Z: ArrayExpressible>(_ x: X, _ y: Y, _ z: Z)
    -> ArrayExpression<SIMD3<X.Element>> where X.Element: ArrayElement, Y.Element == X.Element, Z.Element == X.Element {
        assemble([x.expression.node, y.expression.node, z.expression.node])
    }

    /// Four-lane vectors from four scalar arrays or expressions of one shape.
    public static func vector<X: ArrayExpressible, Y: ArrayExpressible, Z: ArrayExpressible, W: ArrayExpressible>(
        _ x: X, _ y: Y, _ z: Z, _ w: W
    ) -> ArrayExpression<SIMD4<X.Element>>
    where X.Element: ArrayElement, Y.Element == X.Element, Z.Element == X.Element, W.Element == X.Element {
        assemble([x.expression.node, y.expression.node, z.expression.node, w.expression.node])
    }

    /// Every lane limited to `low...high`.
    public static func clamp<A: ArrayExpressible>(_ a: A, _ low: A.Element.Lane, _ high: A.Element.Lane) -> ArrayExpression<A.Element>
    where A.Element: SIMD {
        ArrayExpression(.apply(template: "clamp($0, $1, $2)",
                               operands: [a.expression.node, ArrayExpression(scalar: low).node, ArrayExpression(scalar: high).node],
                               pragma: A.Element.pragma))
    }

    /// The dot product of each pair of elements (OpenCL's geometric `dot`, for 2-, 3- and 4-lane floating-point vectors).
    public static func dot<A: ArrayExpressible, B: ArrayExpressible, L>(_ a: A, _ b: B) -> ArrayExpression<L>
    where A.Element == SIMD2<L>, B.Element == A.Element, L: BinaryFloatingPoint { call("dot", [a.expression.node, b.expression.node]) }
    public static func dot<A: ArrayExpressible, B: ArrayExpressible, L>(_ a: A, _ b: B) -> ArrayExpression<L>
    where A.Element == SIMD3<L>, B.Element == A.Element, L: BinaryFloatingPoint { call("dot", [a.expression.node, b.expression.node]) }
    public static func dot<A: ArrayExpressible, B: ArrayExpressible, L>(_ a: A, _ b: B) -> ArrayExpression<L>
    where A.Element == SIMD4<L>, B.Element == A.Element, L: BinaryFloatingPoint { call("dot", [a.expression.node, b.expression.node]) }

    /// The Euclidean length of each element (OpenCL's `length`).
    public static func length<A: ArrayExpressible, L>(_ a: A) -> ArrayExpression<L>
    where A.Element == SIMD2<L>, L: BinaryFloatingPoint { call("length", [a.expression.node]) }
    public static func length<A: ArrayExpressible, L>(_ a: A) -> ArrayExpression<L>
    where A.Element == SIMD3<L>, L: BinaryFloatingPoint { call("length", [a.expression.node]) }
    public static func length<A: ArrayExpressible, L>(_ a: A) -> ArrayExpression<L>
    where A.Element == SIMD4<L>, L: BinaryFloatingPoint { call("length", [a.expression.node]) }

    /// Each element scaled to length 1 (OpenCL's `normalize`; a zero vector stays zero).
    public static func normalize<A: ArrayExpressible, L>(_ a: A) -> ArrayExpression<SIMD2<L>>
    where A.Element == SIMD2<L>, L: BinaryFloatingPoint { call("normalize", [a.expression.node]) }
    public static func normalize<A: ArrayExpressible, L>(_ a: A) -> ArrayExpression<SIMD3<L>>
    where A.Element == SIMD3<L>, L: BinaryFloatingPoint { call("normalize", [a.expression.node]) }
    public static func normalize<A: ArrayExpressible, L>(_ a: A) -> ArrayExpression<SIMD4<L>>
    where A.Element == SIMD4<L>, L: BinaryFloatingPoint { call("normalize", [a.expression.node]) }

    /// The cross product of each pair of 3-lane elements.
    public static func cross<A: ArrayExpressible, B: ArrayExpressible, L>(_ a: A, _ b: B) -> ArrayExpression<SIMD3<L>>
    where A.Element == SIMD3<L>, B.Element == A.Element, L: BinaryFloatingPoint { call("cross", [a.expression.node, b.expression.node]) }
}
