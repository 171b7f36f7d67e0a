/// The `#if` / `#ifdef` / `#ifndef` / `#elif` / `#else` / `#endif` state of a `.cl` file as the tokenizer walks it, with
/// the macros the file `#define`s and the build's `-D`s (the generator reads them from `// swiftcl-options:`), so kernels
/// the compiler would not see are neither typed nor given parameters.
///
/// Conditions it can evaluate: integer literals, macros with integer values (undefined ones are 0, as in C),
/// `defined(X)` / `defined X`, `!`, `&&`, `||`, comparisons and parentheses. A condition it cannot evaluate (a
/// function-like macro, arithmetic) counts as true, so its kernels are typed as before; when a device is present at
/// build time, `swiftcl-kernelgen` cross-checks the typed kernels against the compiled program and fails on a mismatch.
package struct ConditionalDirectives {
    private struct Frame {
        let parentActive: Bool
        /// Whether a branch of this `#if` chain has been taken.
        var taken: Bool
        var active: Bool
        /// Why the generator cannot know which branch the compiler takes (a macro the compiler predefines per
        /// device, a condition it cannot evaluate), or nil when it can.
        var uncertainty: String?
    }

    private var frames: [Frame] = []
    /// The object-like macros defined at this point (the `-D`s, then the file's `#define`s and `#undef`s).
    package private(set) var macros: [String: String]

    package init(definitions: [String: String]) {
        macros = definitions
    }

    /// Whether code at this point is compiled.
    package var isActive: Bool { frames.last?.active ?? true }

    /// Why whether code at this point is compiled depends on something only the compiler knows (the innermost
    /// enclosing such condition), or nil when the generator's answer is certain.
    package var uncertainty: String? { frames.last { $0.uncertainty != nil }?.uncertainty }

    /// Whether the compiler may predefine `name` (so an undefined one is not known to be 0): its reserved names
    /// (`__OPENCL_VERSION__`, `__IMAGE_SUPPORT__`, `__ENDIAN_LITTLE__`), extension macros (`cl_khr_fp64`), `CL_VERSION_*`
    /// and `FP_FAST_FMA*`.
    package static func compilerMayDefine(_ name: String) -> Bool {
        name.hasPrefix("__") || name.hasPrefix("cl_") || name.hasPrefix("CL_") || name.hasPrefix("FP_FAST_FMA")
            || name == "FLT_EVAL_METHOD" || name == "NULL"
    }

    /// The `-D` definitions among build options (`-D NAME=VALUE`, `-DNAME`, …).
    package static func definitions(in options: [String]) -> [String: String] {
        var result: [String: String] = [:]
        var index = 0
        while index < options.count {
            var definition: Substring?
            if options[index] == "-D", index + 1 < options.count {
                definition = Substring(options[index + 1])
                index += 1
            } else if options[index].hasPrefix("-D") {
                definition = options[index].dropFirst(2)
            }
            if let definition, !definition.isEmpty {
                let parts = definition.split(separator: "=", maxSplits: 1)
                result[String(parts[0])] = parts.count > 1 ? String(parts[1]) : "1"
            }
            index += 1
        }
        return result
    }

    /// Applies one directive line (without its `#`); `lineNumber` names it in the reason a branch is uncertain.
    package mutating func apply(_ line: String, lineNumber: Int = 0) {
        let text = Substring(line).drop { $0 == " " || $0 == "\t" }
        let keyword = String(text.prefix { $0.isLetter })
        let rest = String(text.dropFirst(keyword.count)).trimmingBlanks()
        let directive = "#\(keyword) \(rest.strippingComments())` (line \(lineNumber))"
        func unknown(_ name: String) -> String? {
            macros[name] == nil && Self.compilerMayDefine(name)
                ? "`" + directive + " depends on \(name), which the compiler defines or not per device" : nil
        }
        switch keyword {
        case "if":
            let (value, uncertainty) = evaluate(rest)
            push(value != 0, uncertainty: uncertainty.map { "`" + directive + " " + $0 })
        case "ifdef": push(macros[rest.firstWord] != nil, uncertainty: unknown(rest.firstWord))
        case "ifndef": push(macros[rest.firstWord] == nil, uncertainty: unknown(rest.firstWord))
        case "elif":
            guard var frame = frames.popLast() else { return }
            let (value, uncertainty) = evaluate(rest)
            frame.active = frame.parentActive && !frame.taken && value != 0
            frame.taken = frame.taken || frame.active
            frame.uncertainty = frame.uncertainty ?? uncertainty.map { "`" + directive + " " + $0 }
            frames.append(frame)
        case "else":
            guard var frame = frames.popLast() else { return }
            frame.active = frame.parentActive && !frame.taken
            frame.taken = true
            frames.append(frame)
        case "endif": _ = frames.popLast()
        case "define" where isActive:
            let name = rest.prefix { $0 == "_" || $0.isLetter || $0.isNumber }
            if !name.isEmpty, !rest.dropFirst(name.count).hasPrefix("(") {
                macros[String(name)] = String(rest.dropFirst(name.count)).trimmingBlanks()
            }
        case "undef" where isActive: macros[rest.firstWord] = nil
        default: break
        }
    }

    private mutating func push(_ condition: Bool, uncertainty: String?) {
        let parent = isActive
        frames.append(Frame(parentActive: parent, taken: parent && condition, active: parent && condition, uncertainty: uncertainty))
    }

    /// The integer value of `expression` (an attribute's argument: `TILE`, `TILE * 2`) with these macros, or why it has
    /// none here: a name no macro defines (a `-D` the build passes that the generator does not see), or text that is not
    /// integer arithmetic.
    package func integerValue(of expression: String) -> Result<Int, IntegerExpressionFailure> {
        var parser = ExpressionParser(tokens: ExpressionParser.tokenize(expression), macros: macros)
        let value = parser.parseOr()
        if let name = parser.undefinedNames.first { return .failure(IntegerExpressionFailure("\(name) is not defined here")) }
        if parser.overflowed {
            return .failure(IntegerExpressionFailure("'\(expression)' overflows or divides by zero with these values", isArithmetic: true))
        }
        if parser.expansions.exhausted {
            return .failure(IntegerExpressionFailure("'\(expression)' expands its macros more than \(ExpressionParser.Expansions.limit) times"))
        }
        guard let value, parser.isAtEnd else {
            return .failure(IntegerExpressionFailure("'\(expression)' is not integer arithmetic over literals and macros"))
        }
        return .success(value)
    }

    /// Why an expression has no integer value for the generator.
    package struct IntegerExpressionFailure: Error, Hashable, Sendable {
        package let reason: String
        /// True when the expression is well formed but its value does not exist for these macros (an overflow of 64-bit
        /// integers, a division by zero): a tuning configuration with such values does not meet the restriction.
        package let isArithmetic: Bool
        init(_ reason: String, isArithmetic: Bool = false) {
            self.reason = reason
            self.isArithmetic = isArithmetic
        }
    }

    /// The condition's value (one it cannot evaluate counts as true, 1) and why the compiler may decide otherwise.
    func evaluate(_ expression: String) -> (value: Int, uncertainty: String?) {
        var parser = ExpressionParser(tokens: ExpressionParser.tokenize(expression), macros: macros)
        guard let value = parser.parseOr(), parser.isAtEnd else { return (1, "cannot be evaluated by the generator") }
        if let name = parser.unknownNames.first {
            return (value, "depends on \(name), which the compiler defines or not per device")
        }
        return (value, nil)
    }
}

/// A recursive-descent evaluator for the integer conditions of `#if`; nil for anything it does not understand.
private struct ExpressionParser {
    var tokens: [String]
    let macros: [String: String]
    var index = 0
    var depth = 0
    /// Macro expansions left to the whole evaluation, nested ones included (values that each name another macro
    /// several times grow exponentially with depth).
    var expansions = Expansions()
    /// Whether an operation overflowed or divided by zero (the value does not exist, the text is still arithmetic).
    var overflowed = false
    /// Identifiers the condition read that are undefined here but that the compiler may predefine.
    var unknownNames: [String] = []
    /// Every identifier read that no macro defines (0 in `#if`; an error in an attribute's argument).
    var undefinedNames: [String] = []

    var isAtEnd: Bool { index == tokens.count }

    /// The expansion budget shared by a parser and the parsers of the macros it expands.
    final class Expansions {
        static let limit = 10_000
        var left = limit
        var exhausted: Bool { left < 0 }
    }

    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var characters = Array(text)[...]
        while let first = characters.first {
            if first == " " || first == "\t" { characters.removeFirst(); continue }
            if first == "/", characters.dropFirst().first == "/" { break }
            if first == "/", characters.dropFirst().first == "*" {
                characters.removeFirst(2)
                while !characters.isEmpty, !(characters.first == "*" && characters.dropFirst().first == "/") { characters.removeFirst() }
                characters = characters.dropFirst(2)
                continue
            }
            if first.isLetter || first.isNumber || first == "_" {
                let word = characters.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                tokens.append(String(word))
                characters.removeFirst(word.count)
                continue
            }
            let pair = String(characters.prefix(2))
            if ["&&", "||", "==", "!=", "<=", ">="].contains(pair) {
                tokens.append(pair)
                characters.removeFirst(2)
            } else {
                tokens.append(String(first))
                characters.removeFirst()
            }
        }
        return tokens
    }

    private var current: String? { index < tokens.count ? tokens[index] : nil }

    mutating func parseOr() -> Int? {
        guard var value = parseAnd() else { return nil }
        while current == "||" {
            index += 1
            guard let right = parseAnd() else { return nil }
            value = (value != 0 || right != 0) ? 1 : 0
        }
        return value
    }

    private mutating func parseAnd() -> Int? {
        guard var value = parseComparison() else { return nil }
        while current == "&&" {
            index += 1
            guard let right = parseComparison() else { return nil }
            value = (value != 0 && right != 0) ? 1 : 0
        }
        return value
    }

    private mutating func parseComparison() -> Int? {
        guard let left = parseAdditive() else { return nil }
        guard let op = current, ["==", "!=", "<", ">", "<=", ">="].contains(op) else { return left }
        index += 1
        guard let right = parseAdditive() else { return nil }
        let result: Bool = switch op {
        case "==": left == right
        case "!=": left != right
        case "<": left < right
        case ">": left > right
        case "<=": left <= right
        default: left >= right
        }
        return result ? 1 : 0
    }

    /// `+` and `-`, left to right (nil on overflow).
    private mutating func parseAdditive() -> Int? {
        guard var value = parseMultiplicative() else { return nil }
        while let op = current, op == "+" || op == "-" {
            index += 1
            guard let right = parseMultiplicative() else { return nil }
            let (result, overflow) = op == "+" ? value.addingReportingOverflow(right) : value.subtractingReportingOverflow(right)
            guard !overflow else { overflowed = true; return nil }
            value = result
        }
        return value
    }

    /// `*`, `/` and `%`, left to right, as C computes them on integers (nil on overflow or division by zero).
    private mutating func parseMultiplicative() -> Int? {
        guard var value = parseUnary() else { return nil }
        while let op = current, op == "*" || op == "/" || op == "%" {
            index += 1
            guard let right = parseUnary() else { return nil }
            if op != "*", right == 0 { overflowed = true; return nil }
            let (result, overflow) = switch op {
            case "*": value.multipliedReportingOverflow(by: right)
            case "/": value.dividedReportingOverflow(by: right)
            default: value.remainderReportingOverflow(dividingBy: right)
            }
            guard !overflow else { overflowed = true; return nil }
            value = result
        }
        return value
    }

    private mutating func parseUnary() -> Int? {
        guard let token = current else { return nil }
        index += 1
        switch token {
        case "!": return parseUnary().map { $0 == 0 ? 1 : 0 }
        case "-":
            guard let operand = parseUnary() else { return nil }
            guard operand != .min else { overflowed = true; return nil }
            return -operand
        case "+": return parseUnary()
        case "(":
            guard let value = parseOr(), current == ")" else { return nil }
            index += 1
            return value
        case "defined":
            let parenthesised = current == "("
            if parenthesised { index += 1 }
            guard let name = current else { return nil }
            index += 1
            if parenthesised {
                guard current == ")" else { return nil }
                index += 1
            }
            if macros[name] == nil, ConditionalDirectives.compilerMayDefine(name) { unknownNames.append(name) }
            return macros[name] != nil ? 1 : 0
        default:
            if let number = Int(token.trimmingSuffixLetters()) { return number }
            if token.first?.isNumber == true, token.trimmingSuffixLetters().allSatisfy(\.isNumber) {
                overflowed = true  // a decimal literal past 64 bits
                return nil
            }
            guard token.first?.isLetter == true || token.first == "_" else { return nil }
            guard let value = macros[token] else {  // undefined identifiers are 0 in #if
                if ConditionalDirectives.compilerMayDefine(token) { unknownNames.append(token) }
                undefinedNames.append(token)
                return 0
            }
            expansions.left -= 1
            guard depth < 16, !expansions.exhausted else { return nil }
            var nested = ExpressionParser(tokens: Self.tokenize(value), macros: macros, depth: depth + 1, expansions: expansions)
            let result = nested.parseOr()
            overflowed = overflowed || nested.overflowed
            guard let result, nested.isAtEnd else { return nil }
            unknownNames += nested.unknownNames
            undefinedNames += nested.undefinedNames
            return result
        }
    }
}

extension String {
    package func trimmingBlanks() -> String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" || first == "\r" { view.removeFirst() }
        while let last = view.last, last == " " || last == "\t" || last == "\r" { view.removeLast() }
        return String(view)
    }

    /// The text without `/* … */` and `// …` comments (for quoting a directive in a message).
    package func strippingComments() -> String {
        var result = "", characters = Array(self)[...]
        while let first = characters.first {
            if first == "/", characters.dropFirst().first == "/" { break }
            if first == "/", characters.dropFirst().first == "*" {
                characters = characters.dropFirst(2)
                while !characters.isEmpty, !(characters.first == "*" && characters.dropFirst().first == "/") { characters.removeFirst() }
                characters = characters.dropFirst(2)
                result.append(" ")
                continue
            }
            result.append(first)
            characters.removeFirst()
        }
        return result.trimmingBlanks()
    }

    package var firstWord: String { String(prefix { $0 == "_" || $0.isLetter || $0.isNumber }) }

    /// `1u`, `2L` → `1`, `2`.
    package func trimmingSuffixLetters() -> String {
        String(reversed().drop { $0 == "u" || $0 == "U" || $0 == "l" || $0 == "L" }.reversed())
    }
}
