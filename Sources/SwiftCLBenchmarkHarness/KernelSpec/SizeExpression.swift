import Foundation

/// An arithmetic expression over a problem's size — `n` (elements), `w`, `h`, `d` — with numbers, `+ - * /` and
/// parentheses: how a kernel argument spec gives element counts (`n`, `w*h/4`) and scalar values (`n`, `2.5`).
public struct SizeExpression: Hashable, Sendable, CustomStringConvertible {
    public let text: String
    private let parser: ArithmeticParser

    /// - Throws: ``KernelSpecError/badExpression(_:reason:)`` for anything else.
    public init(_ text: String) throws {
        self.text = text.trimmingCharacters(in: .whitespaces)
        let tokens = try ArithmeticParser.tokenize(Substring(self.text), operators: "+-*/()", text: self.text)
        parser = try ArithmeticParser(text: self.text, tokens: tokens, functions: [:], allowsRemainder: false)
        _ = try value(for: ProblemSize(1))   // reports syntax errors now, not at the first size
    }

    public static func == (lhs: SizeExpression, rhs: SizeExpression) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// The value for `size`.
    /// - Throws: ``KernelSpecError/badExpression(_:reason:)``.
    public func value(for size: ProblemSize) throws -> Double {
        let variables = ["n": size.elements, "w": size.width, "h": size.height, "d": size.depth]
        return try parser.evaluate { name in
            guard let variable = variables[name] else {
                throw KernelSpecError.badExpression(text, reason: "unknown name '\(name)' (use n, w, h, d)")
            }
            return Double(variable)
        }
    }

    /// The value as a whole number of at least `minimum`.
    /// - Throws: ``KernelSpecError/badExpression(_:reason:)`` when it is fractional or too small.
    public func count(for size: ProblemSize, minimum: Int = 1) throws -> Int {
        let value = try value(for: size)
        guard value.rounded() == value, value >= Double(minimum), value < 1e15 else {
            throw KernelSpecError.badExpression(text, reason: "gives \(value) for \(size); a count must be a whole number ≥ \(minimum)")
        }
        return Int(value)
    }

    public var description: String { text }
}
