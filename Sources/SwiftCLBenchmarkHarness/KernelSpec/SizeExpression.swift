import Foundation

/// An arithmetic expression over a problem's size — `n` (elements), `w`, `h`, `d` — with numbers, `+ - * /` and
/// parentheses: how a kernel argument spec gives element counts (`n`, `w*h/4`) and scalar values (`n`, `2.5`).
public struct SizeExpression: Hashable, Sendable, CustomStringConvertible {
    public let text: String
    private let tokens: [String]

    /// - Throws: ``KernelSpecError/badExpression(_:reason:)`` for anything else.
    public init(_ text: String) throws {
        self.text = text.trimmingCharacters(in: .whitespaces)
        var tokens: [String] = [], current = ""
        func flush() { if !current.isEmpty { tokens.append(current); current = "" } }
        for character in self.text {
            if character.isLetter || character.isNumber || character == "." || character == "_" {
                current.append(character)
            } else if "+-*/()".contains(character) {
                flush()
                tokens.append(String(character))
            } else if character == " " {
                flush()
            } else {
                throw KernelSpecError.badExpression(text, reason: "unexpected '\(character)'")
            }
        }
        flush()
        guard !tokens.isEmpty else { throw KernelSpecError.badExpression(text, reason: "empty") }
        self.tokens = tokens
        _ = try value(for: ProblemSize(1))   // reports syntax errors now, not at the first size
    }

    /// The value for `size`.
    /// - Throws: ``KernelSpecError/badExpression(_:reason:)``.
    public func value(for size: ProblemSize) throws -> Double {
        var index = 0
        let variables = ["n": size.elements, "w": size.width, "h": size.height, "d": size.depth]
        func fail(_ reason: String) -> KernelSpecError { .badExpression(text, reason: reason) }
        func primary() throws -> Double {
            guard index < tokens.count else { throw fail("ends too early") }
            let token = tokens[index]
            index += 1
            if token == "(" {
                let inner = try sum()
                guard index < tokens.count, tokens[index] == ")" else { throw fail("missing ')'") }
                index += 1
                return inner
            }
            if token == "-" { return -(try primary()) }
            if let variable = variables[token] { return Double(variable) }
            if let number = Double(token) { return number }
            throw fail("unknown name '\(token)' (use n, w, h, d)")
        }
        func product() throws -> Double {
            var value = try primary()
            while index < tokens.count, tokens[index] == "*" || tokens[index] == "/" {
                let isDivision = tokens[index] == "/"
                index += 1
                let right = try primary()
                if isDivision && right == 0 { throw fail("division by zero") }
                value = isDivision ? value / right : value * right
            }
            return value
        }
        func sum() throws -> Double {
            var value = try product()
            while index < tokens.count, tokens[index] == "+" || tokens[index] == "-" {
                let isMinus = tokens[index] == "-"
                index += 1
                let right = try product()
                value = isMinus ? value - right : value + right
            }
            return value
        }
        let result = try sum()
        guard index == tokens.count else { throw fail("unexpected '\(tokens[index])'") }
        return result
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
