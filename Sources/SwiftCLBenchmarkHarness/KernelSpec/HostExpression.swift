import Foundation

/// A host reference written as one line of arithmetic per output, evaluated in Double:
///
/// - `OUT = EXPR` (`--expect "y = a * x + y"`): for every element `i` of the output;
/// - `OUT[INDEX] = EXPR` (`--expect "out[x*h + y] = in[y*w + x]"`, a transpose): for every point of the problem, which
///   element it writes given by INDEX; elements no point writes keep their initial value (zero for `out:`, the input
///   for `inout:`).
///
/// Names are the kernel's arguments (a buffer reads its element `i` — its input value, for an inout buffer —, `a[EXPR]`
/// any element, and a scalar its value), `i` (the element or point, linear), `x`, `y`, `z` (the point in the problem's
/// `w × h × d`, `i = x + w*(y + h*z)`, where no argument has the name) and the size's `n`, `w`, `h`, `d`; numbers;
/// `+ - * / %`, unary minus, parentheses; and `sqrt exp log sin cos tan tanh abs fabs floor ceil min max pow fma`.
/// (`/` divides in Double: use `floor(a / b)` for a C integer quotient of non-negative numbers.)
public struct HostExpression: Hashable, Sendable, CustomStringConvertible {
    /// The output it computes.
    public let output: String
    public let text: String
    let parser: ArithmeticParser
    /// For `OUT[INDEX] = …`: the index.
    let outputIndex: ArithmeticParser?

    /// Whether the output's element is given per point (`OUT[INDEX] = …`) rather than per element (`OUT = …`).
    public var isIndexed: Bool { outputIndex != nil }

    /// - Throws: ``KernelSpecError/badExpression(_:reason:)`` for text that is not `NAME = EXPRESSION`, or an expression
    ///   that does not parse.
    public init(_ text: String) throws {
        self.text = text.trimmingCharacters(in: .whitespaces)
        guard let equals = self.text.firstIndex(of: "="), self.text[self.text.index(after: equals)...].first != "=" else {
            throw KernelSpecError.badExpression(text, reason: "write OUTPUT = EXPRESSION, e.g. \"y = a * x + y\"")
        }
        var target = self.text[..<equals].trimmingCharacters(in: .whitespaces)
        var outputIndex: ArithmeticParser?
        if let open = target.firstIndex(of: "["), target.hasSuffix("]") {
            let inner = target[target.index(after: open)..<target.index(before: target.endIndex)]
            let tokens = try ArithmeticParser.tokenize(inner, operators: Self.operators, text: self.text)
            guard !tokens.isEmpty else { throw KernelSpecError.badExpression(text, reason: "empty index in \(target)") }
            outputIndex = try ArithmeticParser(text: self.text, tokens: tokens, functions: Self.functions, allowsRemainder: true)
            target = target[..<open].trimmingCharacters(in: .whitespaces)
        }
        output = target
        self.outputIndex = outputIndex
        guard let first = output.first, first.isLetter || first == "_", output.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw KernelSpecError.badExpression(text, reason: "'\(output)' is not an argument name (write OUT = EXPR or OUT[INDEX] = EXPR)")
        }
        let tokens = try ArithmeticParser.tokenize(self.text[self.text.index(after: equals)...], operators: Self.operators, text: self.text)
        guard !tokens.isEmpty else { throw KernelSpecError.badExpression(text, reason: "empty expression") }
        parser = try ArithmeticParser(text: self.text, tokens: tokens, functions: Self.functions, allowsRemainder: true)
        // Reports syntax errors now (names are checked against the kernel's arguments when it runs).
        _ = try evaluate(at: 0, lookup: { _ in 0 }, element: { _, _ in 0 })
        _ = try outputElement(at: 0, lookup: { _ in 0 }, element: { _, _ in 0 })
    }

    private static let operators = "+-*/%(),[]"

    public var description: String { text }

    /// The names the expression reads (arguments, `i`, size variables).
    public var names: Set<String> {
        Set((parser.tokens + (outputIndex?.tokens ?? [])).filter { $0.first.map { $0.isLetter || $0 == "_" } ?? false }
            .filter { Self.functions[$0] == nil })
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

    /// The value at element (or point) `i`, with `lookup` giving each name's value there and `element` each indexed
    /// name's element.
    /// - Throws: ``KernelSpecError/badExpression(_:reason:)``.
    public func evaluate(at i: Int, lookup: (String) throws -> Double,
                         element: (String, Double) throws -> Double) throws -> Double {
        try parser.evaluate(lookup: { name in name == "i" ? Double(i) : try lookup(name) }, element: element)
    }

    /// The value at element `i`, with `lookup` giving each name's value there (no indexed names).
    /// - Throws: ``KernelSpecError/badExpression(_:reason:)``.
    public func evaluate(at i: Int, lookup: (String) throws -> Double) throws -> Double {
        try evaluate(at: i, lookup: lookup) { name, _ in
            throw KernelSpecError.badExpression(text, reason: "\(name)[…]: no element lookup here")
        }
    }

    /// For `OUT[INDEX] = …`: the output element point `i` writes (nil for `OUT = …`).
    /// - Throws: ``KernelSpecError/badExpression(_:reason:)``.
    public func outputElement(at i: Int, lookup: (String) throws -> Double,
                              element: (String, Double) throws -> Double) throws -> Double? {
        try outputIndex?.evaluate(lookup: { name in name == "i" ? Double(i) : try lookup(name) }, element: element)
    }

    public static func == (lhs: HostExpression, rhs: HostExpression) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
