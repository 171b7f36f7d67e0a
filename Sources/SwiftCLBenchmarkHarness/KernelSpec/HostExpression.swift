import Foundation

/// A host reference written as one line of arithmetic per output, evaluated in Double for every element `i`:
/// `--expect "y = a * x + y"`. Names are the kernel's arguments (a buffer reads its element `i` — its input value,
/// for an inout buffer — and a scalar its value), plus `i` and the size's `n`, `w`, `h`, `d`; numbers; `+ - * / %`,
/// unary minus, parentheses; and `sqrt exp log sin cos tan tanh abs fabs floor ceil min max pow fma`.
public struct HostExpression: Hashable, Sendable, CustomStringConvertible {
    /// The output it computes.
    public let output: String
    public let text: String
    private let parser: ArithmeticParser

    /// - Throws: ``KernelSpecError/badExpression(_:reason:)`` for text that is not `NAME = EXPRESSION`, or an expression
    ///   that does not parse.
    public init(_ text: String) throws {
        self.text = text.trimmingCharacters(in: .whitespaces)
        guard let equals = self.text.firstIndex(of: "="), self.text[self.text.index(after: equals)...].first != "=" else {
            throw KernelSpecError.badExpression(text, reason: "write OUTPUT = EXPRESSION, e.g. \"y = a * x + y\"")
        }
        output = self.text[..<equals].trimmingCharacters(in: .whitespaces)
        guard let first = output.first, first.isLetter || first == "_", output.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw KernelSpecError.badExpression(text, reason: "'\(output)' is not an argument name")
        }
        let tokens = try ArithmeticParser.tokenize(self.text[self.text.index(after: equals)...], operators: "+-*/%(),", text: self.text)
        guard !tokens.isEmpty else { throw KernelSpecError.badExpression(text, reason: "empty expression") }
        parser = ArithmeticParser(text: self.text, tokens: tokens, functions: Self.functions, allowsRemainder: true)
        // Reports syntax errors now (names are checked against the kernel's arguments when it runs).
        _ = try evaluate(at: 0) { _ in 0 }
    }

    public var description: String { text }

    /// The names the expression reads (arguments, `i`, size variables).
    public var names: Set<String> {
        Set(parser.tokens.filter { $0.first.map { $0.isLetter || $0 == "_" } ?? false }.filter { Self.functions[$0] == nil })
    }

    static let functions: [String: @Sendable ([Double]) -> Double?] = [
        "sqrt": { $0.count == 1 ? $0[0].squareRoot() : nil }, "exp": { $0.count == 1 ? Foundation.exp($0[0]) : nil },
        "log": { $0.count == 1 ? Foundation.log($0[0]) : nil }, "sin": { $0.count == 1 ? Foundation.sin($0[0]) : nil },
        "cos": { $0.count == 1 ? Foundation.cos($0[0]) : nil }, "tan": { $0.count == 1 ? Foundation.tan($0[0]) : nil },
        "tanh": { $0.count == 1 ? Foundation.tanh($0[0]) : nil }, "abs": { $0.count == 1 ? Swift.abs($0[0]) : nil },
        "fabs": { $0.count == 1 ? Swift.abs($0[0]) : nil }, "floor": { $0.count == 1 ? $0[0].rounded(.down) : nil },
        "ceil": { $0.count == 1 ? $0[0].rounded(.up) : nil }, "min": { $0.count == 2 ? Swift.min($0[0], $0[1]) : nil },
        "max": { $0.count == 2 ? Swift.max($0[0], $0[1]) : nil }, "pow": { $0.count == 2 ? Foundation.pow($0[0], $0[1]) : nil },
        "fma": { $0.count == 3 ? ($0[0] * $0[1] + $0[2]) : nil },
    ]

    /// The value at element `i`, with `lookup` giving each name's value there.
    /// - Throws: ``KernelSpecError/badExpression(_:reason:)``.
    public func evaluate(at i: Int, lookup: (String) throws -> Double) throws -> Double {
        try parser.evaluate { name in name == "i" ? Double(i) : try lookup(name) }
    }

    public static func == (lhs: HostExpression, rhs: HostExpression) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
