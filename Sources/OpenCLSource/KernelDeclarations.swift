/// One token of OpenCL C source with its 1-based line and column (in Unicode scalars).
package struct SourceToken: Hashable, Sendable {
    package let text: String
    package let line: Int
    package let column: Int
    /// Why the compiler may or may not see this token when the generator cannot tell (it stands in a branch of an
    /// `#if` on a macro the compiler predefines per device, or one the generator cannot evaluate); nil when certain.
    package var condition: String?

    package init(text: String, line: Int, column: Int, condition: String? = nil) {
        self.text = text
        self.line = line
        self.column = column
        self.condition = condition
    }
}

/// A problem found in OpenCL C source, at its line and column: an error, or a warning about what the reader cannot
/// know (the compiler decides).
package struct SourceProblem: Hashable, Sendable, Error {
    package let line: Int
    package let column: Int
    package let message: String
    package let isWarning: Bool

    package init(at token: SourceToken, _ message: String, isWarning: Bool = false) {
        line = token.line
        column = token.column
        self.message = message
        self.isWarning = isWarning
    }
}

/// One kernel parameter as declared: qualifiers, type words, pointer depth and name, not yet mapped to anything.
package struct ParameterDeclaration: Hashable, Sendable {
    /// `global`, `local`, `constant` or `private` when written (either spelling), else nil.
    package var addressSpace: String?
    package var isConst = false
    /// `read_only`, `write_only` or `read_write` when written.
    package var access: String?
    /// The type words ("float4", "struct Pair", "uint" for `unsigned int`).
    package var typeName: String
    package var typeToken: SourceToken
    package var pointerDepth: Int
    package var nameToken: SourceToken

    package var name: String { nameToken.text }

    /// The declaration as OpenCL C spells it, normalised ("global const float *in").
    package var declaration: String {
        ([addressSpace, isConst ? "const" : nil, access].compactMap { $0 } + [typeName]).joined(separator: " ")
            + (pointerDepth > 0 ? " " + String(repeating: "*", count: pointerDepth) : " ") + nameToken.text
    }
}

/// One `kernel` declaration of a source.
package struct KernelDeclaration: Hashable, Sendable {
    package let nameToken: SourceToken
    /// Each parameter, or the problem that kept it from being read.
    package let parameters: [Result<ParameterDeclaration, SourceProblem>]
    /// `reqd_work_group_size(X, Y, Z)`.
    package let requiredWorkGroupSize: [Int]?
    /// The comment tokens with the caller's annotation prefix directly above the kernel.
    package let annotations: [SourceToken]

    package var name: String { nameToken.text }

    /// The parameters when every one was read.
    package var readParameters: [ParameterDeclaration]? {
        var read: [ParameterDeclaration] = []
        for parameter in parameters {
            guard case let .success(declaration) = parameter else { return nil }
            read.append(declaration)
        }
        return read
    }
}

/// The one reader of OpenCL C kernel signatures, shared by the runtime (parameters when the driver reports none) and
/// the code generator (typed kernels): a tokenizer that drops comments and applies preprocessor conditionals
/// (``ConditionalDirectives``, with the build's `-D` definitions), and a parser that finds every `kernel` at the top
/// level with its attributes and parameters. It never traps, whatever the input.
package struct KernelDeclarations {
    package let kernels: [KernelDeclaration]
    /// Problems outside single parameters (a kernel that does not return void, an unterminated list, a bad
    /// attribute, an annotation not directly above a kernel).
    package let problems: [SourceProblem]
    /// The tokens the compiler would see (conditionals applied).
    package let tokens: [SourceToken]
    /// The object-like macros defined at the end of the source (the `-D`s, then the active `#define`s and `#undef`s).
    package let macros: [String: String]
    /// Kernels whose compilation depends on what only the compiler knows (``SourceToken/condition`` of the name says
    /// why): those in ``kernels`` that stand in such a branch, and those in the branches the generator judged not taken.
    package let conditionalKernels: [KernelDeclaration]
    /// Top-level uses of function-like macros whose body declares a kernel (`MAKE(square)`), with the macro's name:
    /// the compiler builds kernels there that no signature reader sees without expanding macros.
    package let kernelMacroUses: [(use: SourceToken, macro: String)]

    /// Parses `source` with `definitions` as `-D` macros; `//` comments that start with `annotationPrefix` are kept
    /// as tokens and attached to the kernel directly below them.
    package init(source: String, definitions: [String: String], annotationPrefix: String? = nil) {
        let scanned = Self.scan(source, definitions: definitions, annotationPrefix: annotationPrefix)
        (tokens, macros) = (scanned.tokens, scanned.macros)
        let parsed = Self.parse(scanned.tokens, annotationPrefix: annotationPrefix, kernelMacros: scanned.kernelMacros,
                                attributeMacros: scanned.attributeMacros)
        (kernels, problems, kernelMacroUses) = (parsed.kernels, parsed.problems, parsed.macroUses)
        let skipped = Self.parse(scanned.sideTokens, annotationPrefix: annotationPrefix, kernelMacros: [], attributeMacros: [:]).kernels
        conditionalKernels = kernels.filter { $0.nameToken.condition != nil } + skipped
    }

    /// Finds the kernels among `tokens`.
    private static func parse(_ tokens: [SourceToken], annotationPrefix: String?, kernelMacros: Set<String>,
                              attributeMacros: [Int: [String: String]])
        -> (kernels: [KernelDeclaration], problems: [SourceProblem], macroUses: [(use: SourceToken, macro: String)]) {
        var kernels: [KernelDeclaration] = []
        var macroUses: [(use: SourceToken, macro: String)] = []
        var problems: [SourceProblem] = []
        var index = 0
        var pendingAttribute: [Int]?
        var pendingAnnotations: [SourceToken] = []
        var depth = 0
        func isAnnotation(_ token: SourceToken) -> Bool { annotationPrefix.map { token.text.hasPrefix($0) } ?? false }
        while index < tokens.count {
            let token = tokens[index]
            if isAnnotation(token) {
                if depth == 0 {
                    pendingAnnotations.append(token)
                } else {
                    problems.append(SourceProblem(at: token, "an annotation must stand directly above a kernel"))
                }
                index += 1
                continue
            }
            if token.text == "{" { depth += 1 }
            if token.text == "}" { depth = max(0, depth - 1) }
            if depth == 0, token.text == "__attribute__" {
                let (size, next) = Self.parseAttribute(tokens, from: index, macros: attributeMacros, problems: &problems)
                if let size { pendingAttribute = size }
                index = next
                continue
            }
            if depth == 0, kernelMacros.contains(token.text), index + 1 < tokens.count, tokens[index + 1].text == "(" {
                macroUses.append((token, token.text))
            }
            if depth == 0, token.text == "kernel" || token.text == "__kernel" {
                var cursor = index + 1
                // `void kernel name(…)` is as valid as `kernel void name(…)`; attributes may stand on either side of `void`.
                var returnsVoid = index > 0 && tokens[index - 1].text == "void"
                func skipAttributes() {
                    while cursor < tokens.count, tokens[cursor].text == "__attribute__" {
                        let (size, next) = Self.parseAttribute(tokens, from: cursor, macros: attributeMacros, problems: &problems)
                        if let size { pendingAttribute = size }
                        cursor = next
                    }
                }
                skipAttributes()
                if cursor < tokens.count, tokens[cursor].text == "void" {
                    returnsVoid = true
                    cursor += 1
                    skipAttributes()
                }
                defer {
                    pendingAttribute = nil
                    pendingAnnotations = []
                }
                guard returnsVoid, cursor + 1 < tokens.count else {
                    problems.append(SourceProblem(at: tokens[min(cursor, tokens.count - 1)], "a kernel must return void"))
                    index = cursor + 1
                    continue
                }
                let nameToken = tokens[cursor]
                guard Self.isIdentifier(nameToken.text), tokens[cursor + 1].text == "(" else {
                    problems.append(SourceProblem(at: nameToken, "expected a kernel name followed by '('"))
                    index = cursor + 1
                    continue
                }
                let (parameters, next) = Self.parseParameters(tokens, from: cursor + 2, problems: &problems)
                if let parameters {
                    kernels.append(KernelDeclaration(nameToken: nameToken, parameters: parameters,
                                                     requiredWorkGroupSize: pendingAttribute, annotations: pendingAnnotations))
                }
                index = next
                continue
            }
            if token.text == ";" || token.text == "}" {
                pendingAttribute = nil
                if depth == 0 {
                    for annotation in pendingAnnotations {
                        problems.append(SourceProblem(at: annotation, "an annotation must stand directly above a kernel"))
                    }
                    pendingAnnotations = []
                }
            }
            index += 1
        }
        return (kernels, problems, macroUses)
    }

    /// `__attribute__((reqd_work_group_size(X, Y, Z)))` → the size; other attributes are skipped. Each argument is an
    /// integer expression over literals and the object-like macros defined where the attribute stands
    /// (`reqd_work_group_size(TILE, TILE, 1)` with `#define TILE 16` or `-D TILE=16`); one the generator cannot
    /// evaluate (a macro it does not see defined) is a warning and leaves the size unknown — the compiler still
    /// applies it, and the runtime reads the built kernel's.
    private static func parseAttribute(_ tokens: [SourceToken], from start: Int, macros: [Int: [String: String]],
                                       problems: inout [SourceProblem]) -> ([Int]?, Int) {
        var index = start + 1
        var depth = 0
        var size: [Int]?
        repeat {
            guard index < tokens.count else { return (nil, index) }
            let text = tokens[index].text
            if text == "(" { depth += 1 }
            if text == ")" { depth -= 1 }
            if text == "reqd_work_group_size" {
                size = requiredSize(tokens, at: index, macros: macros[index] ?? [:], problems: &problems)
            }
            index += 1
        } while depth > 0
        return (size, index)
    }

    /// The three values of the `reqd_work_group_size` at `index`, or nil with a problem (or a warning) recorded.
    private static func requiredSize(_ tokens: [SourceToken], at index: Int, macros: [String: String],
                                     problems: inout [SourceProblem]) -> [Int]? {
        let attribute = tokens[index]
        var cursor = index + 1
        guard cursor < tokens.count, tokens[cursor].text == "(" else {
            problems.append(SourceProblem(at: attribute, "reqd_work_group_size needs three arguments in parentheses"))
            return nil
        }
        cursor += 1
        var arguments: [[SourceToken]] = [[]]
        var level = 0
        while cursor < tokens.count {
            let text = tokens[cursor].text
            if text == ")" && level == 0 { break }
            if text == "(" { level += 1 }
            if text == ")" { level -= 1 }
            if text == "," && level == 0 { arguments.append([]) } else { arguments[arguments.count - 1].append(tokens[cursor]) }
            cursor += 1
        }
        let spelled = arguments.map { $0.map(\.text).joined(separator: " ") }
        guard arguments.count == 3, arguments.allSatisfy({ !$0.isEmpty }) else {
            problems.append(SourceProblem(at: attribute, "reqd_work_group_size needs three positive integers, not (\(spelled.joined(separator: ", ")))"))
            return nil
        }
        let table = ConditionalDirectives(definitions: macros)
        var values: [Int] = []
        for (argument, text) in zip(arguments, spelled) {
            switch table.integerValue(of: text) {
            case let .success(value): values.append(value)
            case let .failure(failure):
                problems.append(SourceProblem(
                    at: argument[0], "reqd_work_group_size(\(spelled.joined(separator: ", "))) is unknown to the generator: "
                        + "\(failure.reason); the compiler still applies it (define the macro in the file or in // swiftcl-options: -D)",
                    isWarning: true))
                return nil
            }
        }
        guard values.allSatisfy({ $0 > 0 }) else {
            problems.append(SourceProblem(at: attribute, "reqd_work_group_size needs three positive integers, not \(values)"))
            return nil
        }
        return values
    }

    /// The parameters from just after `(` to the matching `)`, or nil for an unterminated list.
    private static func parseParameters(_ tokens: [SourceToken], from start: Int,
                                        problems: inout [SourceProblem]) -> ([Result<ParameterDeclaration, SourceProblem>]?, Int) {
        var groups: [[SourceToken]] = [[]]
        var index = start
        var depth = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.text == "(" { depth += 1 }
            if token.text == ")" {
                if depth == 0 { break }
                depth -= 1
            }
            if token.text == "," && depth == 0 { groups.append([]) } else { groups[groups.count - 1].append(token) }
            index += 1
        }
        guard index < tokens.count else {
            problems.append(SourceProblem(at: tokens[min(start, tokens.count - 1)], "unterminated parameter list"))
            return (nil, index)
        }
        if groups.count == 1, groups[0].isEmpty || groups[0].map(\.text) == ["void"] { return ([], index + 1) }
        let parameters = groups.map { group -> Result<ParameterDeclaration, SourceProblem> in
            guard !group.isEmpty else { return .failure(SourceProblem(at: tokens[index], "empty parameter")) }
            return parseDeclarator(group)
        }
        return (parameters, index + 1)
    }

    /// One parameter declaration, read token by token.
    private static func parseDeclarator(_ tokens: [SourceToken]) -> Result<ParameterDeclaration, SourceProblem> {
        var addressSpace: String?
        var isConst = false
        var access: String?
        var typeWords: [SourceToken] = []
        var pointerDepth = 0
        var name: SourceToken?
        for token in tokens {
            switch token.text {
            case "global", "__global": addressSpace = "global"
            case "local", "__local": addressSpace = "local"
            case "constant", "__constant": addressSpace = "constant"
            case "private", "__private": addressSpace = "private"
            case "const": isConst = true
            case "volatile", "restrict", "__restrict": continue
            case "read_only", "__read_only": access = "read_only"
            case "write_only", "__write_only": access = "write_only"
            case "read_write", "__read_write": access = "read_write"
            case "*": pointerDepth += 1
            case "[", "]": return .failure(SourceProblem(at: token, "array parameters are not allowed in kernels; use a pointer"))
            default:
                guard isIdentifier(token.text) else {
                    return .failure(SourceProblem(at: token, "unexpected '\(token.text)' in a parameter"))
                }
                if name == nil && pointerDepth > 0 { name = token; continue }
                typeWords.append(token)
            }
        }
        if name == nil, typeWords.count >= 2 { name = typeWords.removeLast() }
        guard let nameToken = name else {
            return .failure(SourceProblem(at: tokens[0], "a kernel parameter needs a type and a name"))
        }
        guard let typeToken = typeWords.first else {
            return .failure(SourceProblem(at: nameToken, "parameter \(nameToken.text) has no type"))
        }
        var typeName = typeWords.map(\.text).joined(separator: " ")
        if typeName.hasPrefix("unsigned ") || typeName.hasPrefix("signed ") {
            let signed = typeName.hasPrefix("signed ")
            let base = String(typeName.drop { $0 != " " }.dropFirst())
            let names = ["char": "uchar", "short": "ushort", "int": "uint", "long": "ulong"]
            guard let mapped = names[base] else {
                return .failure(SourceProblem(at: typeToken, "cannot map type '\(typeName)'"))
            }
            typeName = signed ? base : mapped
        }
        return .success(ParameterDeclaration(addressSpace: addressSpace, isConst: isConst, access: access, typeName: typeName,
                                             typeToken: typeToken, pointerDepth: pointerDepth, nameToken: nameToken))
    }

    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    /// The tokens the compiler would see: comments dropped (but for annotations), preprocessor lines applied (code in
    /// `#if` branches that are not taken is skipped), string and character literals kept whole.
    package static func tokenize(_ source: String, definitions: [String: String], annotationPrefix: String? = nil) -> [SourceToken] {
        scan(source, definitions: definitions, annotationPrefix: annotationPrefix).tokens
    }

    /// What one pass over a source finds.
    private struct Scan {
        /// The tokens the compiler would see; those in uncertain branches carry their ``SourceToken/condition``.
        var tokens: [SourceToken] = []
        /// The tokens of branches judged not taken whose condition the compiler may judge otherwise.
        var sideTokens: [SourceToken] = []
        var macros: [String: String] = [:]
        /// Function-like macros whose body contains `kernel` or `__kernel`.
        var kernelMacros: Set<String> = []
        /// The object-like macros where each `reqd_work_group_size` stands (by its index in ``tokens``), for its
        /// arguments (`reqd_work_group_size(TILE, TILE, 1)`).
        var attributeMacros: [Int: [String: String]] = [:]
    }

    /// ``tokenize(_:definitions:annotationPrefix:)`` with the macros defined at the end.
    private static func scan(_ source: String, definitions: [String: String], annotationPrefix: String?) -> Scan {
        var result = Scan()
        var conditions = ConditionalDirectives(definitions: definitions)
        let characters = Array(source.unicodeScalars)
        var index = 0, line = 1, column = 1
        var atLineStart = true
        func advance() {
            if characters[index] == "\n" { line += 1; column = 1; atLineStart = true } else { column += 1 }
            index += 1
        }
        func isWord(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }
        /// A backslash that ends a line (before `\n` or `\r\n`): the compiler joins the lines before anything else.
        func isLineSplice(at position: Int) -> Bool {
            guard position < characters.count, characters[position] == "\\" else { return false }
            if position + 1 < characters.count, characters[position + 1] == "\n" { return true }
            return position + 2 < characters.count && characters[position + 1] == "\r" && characters[position + 2] == "\n"
        }
        func skipLineSplice() {
            let atStart = atLineStart
            advance()
            if characters[index] == "\r" { advance() }
            advance()
            atLineStart = atStart
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\n" || character == " " || character == "\t" || character == "\r" || character == "\u{0B}" || character == "\u{0C}" {
                advance()
                continue
            }
            if isLineSplice(at: index) {
                skipLineSplice()
                continue
            }
            if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                let startLine = line, startColumn = column
                var comment = ""
                while index < characters.count, characters[index] != "\n" {
                    if isLineSplice(at: index) {  // a `//` comment ending in a backslash goes on to the next line
                        skipLineSplice()
                        continue
                    }
                    comment.unicodeScalars.append(characters[index])
                    advance()
                }
                let body = comment.dropFirst(2).drop { $0 == " " || $0 == "\t" }
                if conditions.isActive, let annotationPrefix, body.hasPrefix(annotationPrefix) {
                    result.tokens.append(SourceToken(text: String(body), line: startLine, column: startColumn))
                }
                continue
            }
            if character == "/", index + 1 < characters.count, characters[index + 1] == "*" {
                advance(); advance()
                while index < characters.count, !(characters[index] == "*" && index + 1 < characters.count && characters[index + 1] == "/") {
                    advance()
                }
                if index < characters.count { advance(); advance() }
                continue
            }
            if character == "#", atLineStart {
                // A preprocessor line, with backslash continuations.
                var directive = ""
                let directiveLine = line
                advance()
                while index < characters.count {
                    if isLineSplice(at: index) { skipLineSplice(); continue }
                    if characters[index] == "\n" { break }
                    directive.unicodeScalars.append(characters[index])
                    advance()
                }
                if conditions.isActive, let name = kernelMacroName(directive) { result.kernelMacros.insert(name) }
                conditions.apply(directive, lineNumber: directiveLine)
                continue
            }
            atLineStart = false
            // Code in a branch not taken is skipped, unless the compiler may take it: then its tokens go aside.
            let condition = conditions.uncertainty
            if !conditions.isActive && condition == nil {
                advance()
                continue
            }
            let active = conditions.isActive
            func emit(_ token: SourceToken) {
                if active { result.tokens.append(token) } else { result.sideTokens.append(token) }
            }
            let startLine = line, startColumn = column
            if character == "\"" || character == "'" {
                var text = String(character)
                advance()
                while index < characters.count, characters[index] != character, characters[index] != "\n" {
                    if characters[index] == "\\", index + 1 < characters.count { text.unicodeScalars.append(characters[index]); advance() }
                    text.unicodeScalars.append(characters[index])
                    advance()
                }
                if index < characters.count, characters[index] == character { text.unicodeScalars.append(character); advance() }
                emit(SourceToken(text: text, line: startLine, column: startColumn, condition: condition))
                continue
            }
            if isWord(character) {
                var text = ""
                while index < characters.count {
                    if isLineSplice(at: index) { skipLineSplice(); continue }  // a name split across lines
                    guard isWord(characters[index]) else { break }
                    text.unicodeScalars.append(characters[index])
                    advance()
                }
                if active, text == "reqd_work_group_size" { result.attributeMacros[result.tokens.count] = conditions.macros }
                emit(SourceToken(text: text, line: startLine, column: startColumn, condition: condition))
                continue
            }
            emit(SourceToken(text: String(character), line: startLine, column: startColumn, condition: condition))
            advance()
        }
        result.macros = conditions.macros
        return result
    }

    /// The name of a function-like macro `#define NAME(…) …` whose body contains `kernel` or `__kernel`, else nil.
    private static func kernelMacroName(_ directive: String) -> String? {
        let text = Substring(directive).drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix("define") else { return nil }
        let rest = text.dropFirst("define".count).drop { $0 == " " || $0 == "\t" }
        let name = rest.prefix { $0 == "_" || $0.isLetter || $0.isNumber }
        guard !name.isEmpty, rest.dropFirst(name.count).hasPrefix("(") else { return nil }
        let words = rest.dropFirst(name.count).split { !($0 == "_" || $0.isLetter || $0.isNumber) }
        return words.contains { $0 == "kernel" || $0 == "__kernel" } ? String(name) : nil
    }
}
