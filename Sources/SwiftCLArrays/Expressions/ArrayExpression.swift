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

    /// The shape shared by every array in the expression (nil for an expression of scalars alone).
    /// - Throws: ``ArrayError/Code/shapeMismatch`` naming two different shapes, ``ArrayError/Code/contextMismatch``.
    func commonShape() throws -> (shape: [Int], queue: ComputeQueue)? {
        let arrays = node.arrays
        guard let first = arrays.first else { return nil }
        for other in arrays.dropFirst() {
            guard other.queue.context === first.queue.context else {
                throw ArrayError(.contextMismatch, "arrays of different contexts in one expression: \(first.queue.context) and \(other.queue.context)")
            }
            guard other.shape == first.shape else {
                throw ArrayError(.shapeMismatch, "arrays of shapes \(first.shape) and \(other.shape) in one elementwise expression")
            }
        }
        return (first.shape, first.queue)
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
