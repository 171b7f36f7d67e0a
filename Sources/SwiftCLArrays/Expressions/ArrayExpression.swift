import SwiftCL

/// Anything that reads as an array of `Element` inside an expression: a ``DeviceArray`` or an ``ArrayExpression``.
public protocol ArrayExpressible<Element>: Sendable {
    associatedtype Element: ArrayStorable
    /// The expression that reads this value.
    var expression: ArrayExpression<Element> { get }
}

/// A lazy elementwise computation over arrays and scalars, typed by its result's element.
///
/// Operators and ``ArrayMath`` functions on arrays and expressions build a tree; nothing runs until
/// ``evaluated()`` (a new array) or ``DeviceArray/assign(_:)-(ArrayExpressible)`` (into an existing one), which
/// launch **one** kernel for the whole tree: `a * x + y` reads `x` and `y` once, writes the result once, and
/// allocates only the result. Each distinct tree shape is built once per context (the context's program cache).
public struct ArrayExpression<Element: ArrayStorable>: ArrayExpressible {
    let node: ExpressionNode

    init(_ node: ExpressionNode) { self.node = node }

    public var expression: ArrayExpression<Element> { self }

    /// A scalar as an expression (every element is `value`).
    public init(scalar value: Element) {
        node = .scalar(value, typeName: Element.openCLTypeName, pragma: Element.pragma)
    }

    /// The shape of the expression's result: its arrays' shapes broadcast NumPy's way (aligned at their last
    /// dimensions, each dimension equal or 1 in every array that has it), nil for an expression of scalars alone.
    /// - Throws: ``ArrayError/Code/shapeMismatch`` naming two shapes that do not broadcast, ``ArrayError/Code/contextMismatch``.
    func commonShape() throws -> (shape: [Int], queue: ComputeQueue)? {
        let arrays = node.arrays
        guard let first = arrays.first else { return nil }
        var shape = first.shape
        for other in arrays.dropFirst() {
            guard other.queue.context === first.queue.context else {
                throw ArrayError(.contextMismatch, "arrays of different contexts in one expression: \(first.queue.context) and \(other.queue.context)")
            }
            guard let joined = Self.broadcast(shape, other.shape) else {
                throw ArrayError(.shapeMismatch, "arrays of shapes \(shape) and \(other.shape) in one elementwise expression do not broadcast "
                                 + "(from the last dimension on, each pair must be equal or one of them 1)")
            }
            shape = joined
        }
        return (shape, first.queue)
    }

    /// The shape two shapes broadcast to, or nil where a dimension differs and neither is 1.
    static func broadcast(_ a: [Int], _ b: [Int]) -> [Int]? {
        let rank = Swift.max(a.count, b.count)
        let a = Array(repeating: 1, count: rank - a.count) + a, b = Array(repeating: 1, count: rank - b.count) + b
        var shape: [Int] = []
        for (x, y) in zip(a, b) {
            guard x == y || x == 1 || y == 1 else { return nil }
            shape.append(x == 1 ? y : x)
        }
        return shape
    }
}

extension DeviceArray: ArrayExpressible {
    public var expression: ArrayExpression<Element> { ArrayExpression(.array(ArrayOperand(self))) }
}

extension ArrayExpressible where Element: ArrayElement {
    /// The value converted elementwise to `T` (OpenCL's `convert_T`, like a C cast).
    public func converted<T: ArrayElement>(to _: T.Type) -> ArrayExpression<T> {
        ArrayExpression(.apply(template: "\(T.openCLConversion)($0)", operands: [expression.node], pragma: T.pragma))
    }
}

/// Builds a node applying `template` to expressions of one element type.
func apply<E: ArrayStorable, R: ArrayStorable>(_ template: String, _ operands: [ArrayExpression<E>]) -> ArrayExpression<R> {
    ArrayExpression(.apply(template: template, operands: operands.map(\.node), pragma: R.pragma))
}
