/// The arithmetic both one-line expressions of the CLI share (``SizeExpression``, ``HostExpression``): tokens, then
/// recursive descent over `+ -`, `* /` (and `%` where allowed), unary minus, parentheses, numbers, names, function
/// calls and (where `[` is an operator) indexed names `a[EXPR]`, in Double.
struct ArithmeticParser {
    let text: String
    let tokens: [String]
    let functions: [String: @Sendable ([Double]) -> Double?]
    let allowsRemainder: Bool

    /// Splits `body` into names/numbers and the single-character `operators`; blanks separate.
    static func tokenize(_ body: Substring, operators: String, text: String) throws -> [String] {
        var tokens: [String] = [], current = ""
        func flush() { if !current.isEmpty { tokens.append(current); current = "" } }
        for character in body {
            if character.isLetter || character.isNumber || character == "." || character == "_" {
                current.append(character)
            } else if operators.contains(character) {
                flush()
                tokens.append(String(character))
            } else if character == " " || character == "\t" {
                flush()
            } else {
                throw KernelSpecError.badExpression(text, reason: "unexpected '\(character)'")
            }
        }
        flush()
        return tokens
    }

    /// The expression as a tree, parsed once.
    let tree: Node

    /// Parses `tokens` (in `text`, for messages).
    /// - Throws: ``KernelSpecError/badExpression(_:reason:)`` for a syntax error or a function called with the wrong
    ///   number of arguments.
    init(text: String, tokens: [String], functions: [String: @Sendable ([Double]) -> Double?], allowsRemainder: Bool) throws {
        self.text = text
        self.tokens = tokens
        self.functions = functions
        self.allowsRemainder = allowsRemainder
        tree = try Self.parse(tokens, text: text, functions: functions, allowsRemainder: allowsRemainder)
    }

    /// An expression tree: numbers parsed, functions found, names kept for whoever evaluates it to bind.
    indirect enum Node: Sendable {
        case number(Double)
        case name(String)
        /// `a[EXPR]`.
        case element(String, Node)
        case negate(Node)
        /// `+ - * / %`.
        case binary(Character, Node, Node)
        case call(String, @Sendable ([Double]) -> Double?, [Node])
    }

    private static func parse(_ tokens: [String], text: String, functions: [String: @Sendable ([Double]) -> Double?],
                              allowsRemainder: Bool) throws -> Node {
        var index = 0
        func fail(_ reason: String) -> KernelSpecError { .badExpression(text, reason: reason) }
        func primary() throws -> Node {
            guard index < tokens.count else { throw fail("ends too early") }
            let token = tokens[index]
            index += 1
            if token == "(" {
                let inner = try sum()
                guard index < tokens.count, tokens[index] == ")" else { throw fail("missing ')'") }
                index += 1
                return inner
            }
            if token == "-" { return .negate(try primary()) }
            if let number = Double(token) { return .number(number) }
            if let function = functions[token] {
                guard index < tokens.count, tokens[index] == "(" else { throw fail("\(token) needs its arguments in parentheses") }
                index += 1
                var arguments = [try sum()]
                while index < tokens.count, tokens[index] == "," {
                    index += 1
                    arguments.append(try sum())
                }
                guard index < tokens.count, tokens[index] == ")" else { throw fail("missing ')' after \(token)'s arguments") }
                index += 1
                guard function([Double](repeating: 1, count: arguments.count)) != nil else {
                    throw fail("\(token) does not take \(arguments.count) arguments")
                }
                return .call(token, function, arguments)
            }
            guard token.first.map({ $0.isLetter || $0 == "_" }) ?? false else { throw fail("unexpected '\(token)'") }
            if index < tokens.count, tokens[index] == "[" {
                index += 1
                let position = try sum()
                guard index < tokens.count, tokens[index] == "]" else { throw fail("missing ']' after \(token)'s index") }
                index += 1
                return .element(token, position)
            }
            return .name(token)
        }
        func product() throws -> Node {
            var value = try primary()
            while index < tokens.count, tokens[index] == "*" || tokens[index] == "/" || (allowsRemainder && tokens[index] == "%") {
                let op = Character(tokens[index])
                index += 1
                value = .binary(op, value, try primary())
            }
            return value
        }
        func sum() throws -> Node {
            var value = try product()
            while index < tokens.count, tokens[index] == "+" || tokens[index] == "-" {
                let op = Character(tokens[index])
                index += 1
                value = .binary(op, value, try product())
            }
            return value
        }
        guard !tokens.isEmpty else { throw fail("empty") }
        let result = try sum()
        guard index == tokens.count else { throw fail("unexpected '\(tokens[index])'") }
        return result
    }

    /// The value, with `lookup` giving each name's (one that is not a function) and `element` each indexed name's
    /// element (`a[3]` → `element("a", 3)`).
    func evaluate(lookup: (String) throws -> Double,
                  element: (String, Double) throws -> Double = { name, _ in throw KernelSpecError.badExpression(name, reason: "cannot be indexed") })
        throws -> Double {
        func value(_ node: Node) throws -> Double {
            switch node {
            case let .number(number): return number
            case let .name(name): return try lookup(name)
            case let .element(name, position): return try element(name, try value(position))
            case let .negate(inner): return -(try value(inner))
            case let .binary(op, left, right): return try combine(op, try value(left), try value(right))
            case let .call(name, function, arguments):
                guard let result = function(try arguments.map(value)) else {
                    throw KernelSpecError.badExpression(text, reason: "\(name) does not take \(arguments.count) arguments")
                }
                return result
            }
        }
        return try value(tree)
    }

    /// `left op right` in Double; `/` by zero refused where `%` is not allowed (sizes).
    func combine(_ op: Character, _ left: Double, _ right: Double) throws -> Double {
        switch op {
        case "+": return left + right
        case "-": return left - right
        case "*": return left * right
        case "/":
            if !allowsRemainder && right == 0 { throw KernelSpecError.badExpression(text, reason: "division by zero") }
            return left / right
        default: return left.truncatingRemainder(dividingBy: right)
        }
    }
}
