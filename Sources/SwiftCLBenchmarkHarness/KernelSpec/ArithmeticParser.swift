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

    /// The value, with `lookup` giving each name's (one that is not a function) and `element` each indexed name's
    /// element (`a[3]` → `element("a", 3)`).
    func evaluate(lookup: (String) throws -> Double,
                  element: (String, Double) throws -> Double = { name, _ in throw KernelSpecError.badExpression(name, reason: "cannot be indexed") })
        throws -> Double {
        var index = 0
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
            if let number = Double(token) { return number }
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
                guard let value = function(arguments) else { throw fail("\(token) does not take \(arguments.count) arguments") }
                return value
            }
            guard token.first.map({ $0.isLetter || $0 == "_" }) ?? false else { throw fail("unexpected '\(token)'") }
            if index < tokens.count, tokens[index] == "[" {
                index += 1
                let position = try sum()
                guard index < tokens.count, tokens[index] == "]" else { throw fail("missing ']' after \(token)'s index") }
                index += 1
                return try element(token, position)
            }
            return try lookup(token)
        }
        func product() throws -> Double {
            var value = try primary()
            while index < tokens.count, tokens[index] == "*" || tokens[index] == "/" || (allowsRemainder && tokens[index] == "%") {
                let op = tokens[index]
                index += 1
                let right = try primary()
                switch op {
                case "*": value *= right
                case "/":
                    if !allowsRemainder && right == 0 { throw fail("division by zero") }
                    value /= right
                default: value = value.truncatingRemainder(dividingBy: right)
                }
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
        guard !tokens.isEmpty else { throw fail("empty") }
        let result = try sum()
        guard index == tokens.count else { throw fail("unexpected '\(tokens[index])'") }
        return result
    }
}
