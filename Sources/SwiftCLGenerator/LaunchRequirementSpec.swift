/// A `// swiftcl-requires: LHS OP RHS` line of a `.cl` file: a requirement between a kernel's launch range and its
/// arguments that the generated typed kernel checks before every launch (``SwiftCL/LaunchRequirement``).
///
/// Grammar: `expression (>= | <= | == | > | <) expression`, where an expression combines integer literals and
/// these quantities with `+ - * /` and parentheses:
/// - `NAME.count`: the element count of buffer parameter `NAME`;
/// - `NAME.width`, `NAME.height`, `NAME.depth`: the extent of image parameter `NAME`;
/// - `NAME`: the value of integer parameter `NAME`;
/// - `global.x`, `global.y`, `global.z`: one past the last global id (offset + global size; 1 beyond the range's rank);
/// - `offset.x`, `offset.y`, `offset.z`: the global offset;
/// - an upper-case macro the file `#define`s to an integer (`RANGE`): its `-D` value in the build options, else the
///   file's own `#define`.
package struct LaunchRequirementSpec: Hashable, Sendable {
    package indirect enum Expression: Hashable, Sendable {
        case literal(Int)
        case count(parameter: String)
        case imageExtent(parameter: String, axis: String)
        case scalar(parameter: String)
        case globalEnd(dimension: Int)
        case offset(dimension: Int)
        case macro(name: String, fileDefault: Int)
        case binary(String, Expression, Expression)
    }

    /// The requirement as written (after `swiftcl-requires:`).
    package let text: String
    package let lhs: Expression
    package let comparison: String
    package let rhs: Expression
    package let line: Int
    package let column: Int
}

/// Parses requirement text against a kernel's parameters.
struct LaunchRequirementParser {
    let parameters: [KernelSignature.Parameter]
    /// The file's integer macros (its `#define`s and `swiftcl-options` `-D`s, as the tokenizer saw them).
    let macroDefaults: [String: Int]

    struct Failure: Error {
        let message: String
    }

    private var tokens: [String] = []
    private var position = 0

    init(parameters: [KernelSignature.Parameter], macroDefaults: [String: Int]) {
        self.parameters = parameters
        self.macroDefaults = macroDefaults
    }

    mutating func parse(_ text: String, line: Int, column: Int) -> Result<LaunchRequirementSpec, Failure> {
        tokens = Self.tokenize(text)
        position = 0
        do {
            let lhs = try expression()
            guard position < tokens.count, ["<=", ">=", "==", "<", ">"].contains(tokens[position]) else {
                throw Failure(message: "expected a comparison (>=, <=, ==, >, <) in '\(text)'")
            }
            let comparison = tokens[position]
            position += 1
            let rhs = try expression()
            guard position == tokens.count else { throw Failure(message: "unexpected '\(tokens[position])' in '\(text)'") }
            return .success(LaunchRequirementSpec(text: text, lhs: lhs, comparison: comparison, rhs: rhs, line: line, column: column))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(message: "\(error)"))
        }
    }

    private mutating func expression() throws -> LaunchRequirementSpec.Expression {
        var value = try term()
        while position < tokens.count, tokens[position] == "+" || tokens[position] == "-" {
            let operation = tokens[position]
            position += 1
            value = .binary(operation, value, try term())
        }
        return value
    }

    private mutating func term() throws -> LaunchRequirementSpec.Expression {
        var value = try factor()
        while position < tokens.count, tokens[position] == "*" || tokens[position] == "/" {
            let operation = tokens[position]
            position += 1
            value = .binary(operation, value, try factor())
        }
        return value
    }

    private mutating func factor() throws -> LaunchRequirementSpec.Expression {
        guard position < tokens.count else { throw Failure(message: "the requirement ends where a value is expected") }
        let token = tokens[position]
        position += 1
        if token == "(" {
            let inner = try expression()
            guard position < tokens.count, tokens[position] == ")" else { throw Failure(message: "missing ')'") }
            position += 1
            return inner
        }
        if let literal = Int(token) { return .literal(literal) }
        return try quantity(token)
    }

    private func quantity(_ name: String) throws -> LaunchRequirementSpec.Expression {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let axes = ["x": 0, "y": 1, "z": 2]
        if parts.count == 2, parts[0] == "global" || parts[0] == "offset" {
            guard let dimension = axes[parts[1]] else { throw Failure(message: "\(name): use \(parts[0]).x, .y or .z") }
            return parts[0] == "global" ? .globalEnd(dimension: dimension) : .offset(dimension: dimension)
        }
        let parameter = parameters.first { $0.name == parts[0] }
        if parts.count == 1 {
            if let parameter {
                guard parameter.isIntegerValue else {
                    throw Failure(message: "\(name) is not an integer parameter; a requirement uses integer values, NAME.count or NAME.width")
                }
                return .scalar(parameter: name)
            }
            if let value = macroDefaults[name] { return .macro(name: name, fileDefault: value) }
            throw Failure(message: "\(name) is neither a parameter of the kernel nor a macro the file #defines to an integer")
        }
        guard parts.count == 2, let parameter else {
            throw Failure(message: "unknown quantity '\(name)' (NAME.count, NAME.width/height/depth, global.x, offset.x, an integer parameter or macro)")
        }
        switch parts[1] {
        case "count" where parameter.swiftType.hasPrefix("Buffer<"):
            return .count(parameter: parameter.name)
        case "width" where parameter.swiftType == "Image", "height" where parameter.swiftType == "Image",
             "depth" where parameter.swiftType == "Image":
            return .imageExtent(parameter: parameter.name, axis: parts[1])
        default:
            throw Failure(message: "\(name): .count is for buffer parameters, .width/.height/.depth for image parameters")
        }
    }

    /// Identifiers with dots (`input.count`), integers, two-character comparisons and single characters.
    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "\t" {
                index += 1
            } else if scalar == "_" || scalar == "." || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                var word = ""
                while index < scalars.count,
                      scalars[index] == "_" || scalars[index] == "." || scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) {
                    word.unicodeScalars.append(scalars[index])
                    index += 1
                }
                tokens.append(word)
            } else if index + 1 < scalars.count, scalars[index + 1] == "=", "<>=!".unicodeScalars.contains(scalar) {
                tokens.append(String(scalar) + "=")
                index += 2
            } else {
                tokens.append(String(scalar))
                index += 1
            }
        }
        return tokens
    }
}
