import Foundation

/// A kernel's global size per dimension as expressions of the problem size, for a kernel that does not run one
/// work-item per element: `w/4` (a quarter of the first dimension), `w/4 x h`, `(w+15)/16 x h/2 x d`. Dimensions are
/// separated by `x` or `×` (the size names are `n`, `w`, `h`, `d`, so an `x` is never part of an expression). Each value
/// is rounded up (at least 1); dimensions not given keep the problem's own extents.
public struct GlobalSizeExpression: Hashable, Sendable, CustomStringConvertible {
    /// One expression per dimension given (1 to 3).
    public let dimensions: [SizeExpression]

    /// - Throws: ``KernelSpecError/badExpression(_:reason:)`` for more than three dimensions or an expression that does
    ///   not parse.
    public init(_ text: String) throws {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "×" }
        guard (1...3).contains(parts.count) else {
            throw KernelSpecError.badExpression(text, reason: "a global size has 1 to 3 dimensions (EXPR[xEXPR[xEXPR]]), not \(parts.count)")
        }
        dimensions = try parts.map { try SizeExpression(String($0)) }
    }

    /// One dimension's expression.
    public init(_ expression: SizeExpression) { dimensions = [expression] }

    /// The extents to launch for `size`: each given dimension's value rounded up (at least 1), the rest the problem's.
    /// - Throws: ``KernelSpecError/badExpression(_:reason:)`` for a value that is not finite or too large.
    public func extents(for size: ProblemSize) throws -> [Int] {
        var extents = size.extents
        while extents.count < dimensions.count { extents.append(1) }
        for (dimension, expression) in dimensions.enumerated() {
            let value = try expression.value(for: size)
            guard value.isFinite, value < 1e15, value > -1 else {
                throw KernelSpecError.badExpression(expression.text, reason: "gives \(value) for \(size); a global size must be "
                                                    + "a finite number from 0 to 10^15")
            }
            extents[dimension] = max(1, Int(value.rounded(.up)))
        }
        return extents
    }

    public var description: String { dimensions.map(\.text).joined(separator: " x ") }
}
