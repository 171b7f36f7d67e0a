import OpenCLTypes

/// Finds the kernels of an OpenCL C source and maps their parameters to Swift types, reporting what
/// it cannot map at the exact line and column. Comments are skipped, preprocessor lines are ignored
/// (a signature that depends on a macro is reported, not guessed), helper functions are passed over.
public struct KernelParser {
    public let fileName: String

    public init(fileName: String) { self.fileName = fileName }

    /// The comment that declares a launch requirement: `// swiftcl-requires: input.count >= global.x`.
    static let requirementPrefix = "swiftcl-requires:"

    struct Token: Hashable {
        let text: String
        let line: Int
        let column: Int
    }

    /// The kernels, or the first diagnostics; never traps, whatever the input.
    public func parse(_ source: String) -> (kernels: [KernelSignature], diagnostics: [GeneratorDiagnostic]) {
        if let nul = nulPosition(in: source) {
            // OpenCL would compile the text up to the NUL only, while the generator would type the whole file.
            return ([], [GeneratorDiagnostic(file: fileName, line: nul.line, column: nul.column,
                                             message: "the file contains a NUL byte; OpenCL would ignore everything after it")])
        }
        let tokens = tokenize(source)
        var kernels: [KernelSignature] = []
        var diagnostics: [GeneratorDiagnostic] = []
        var index = 0
        var pendingAttribute: [Int]?
        var pendingRequirements: [Token] = []
        var depth = 0
        let macroDefaults = LaunchRequirementParser.macroDefaults(in: source)
        while index < tokens.count {
            let token = tokens[index]
            if token.text.hasPrefix(Self.requirementPrefix) {
                if depth == 0 {
                    pendingRequirements.append(token)
                } else {
                    diagnostics.append(diagnostic(at: token, "a swiftcl-requires line must stand directly above a kernel"))
                }
                index += 1
                continue
            }
            if token.text == "{" { depth += 1 }
            if token.text == "}" { depth = max(0, depth - 1) }
            if depth == 0, token.text == "__attribute__" {
                let (size, next) = parseAttribute(tokens, from: index, diagnostics: &diagnostics)
                if let size { pendingAttribute = size }
                index = next
                continue
            }
            if depth == 0, token.text == "kernel" || token.text == "__kernel" {
                var cursor = index + 1
                while cursor < tokens.count, tokens[cursor].text == "__attribute__" {
                    let (size, next) = parseAttribute(tokens, from: cursor, diagnostics: &diagnostics)
                    if let size { pendingAttribute = size }
                    cursor = next
                }
                guard cursor + 2 < tokens.count, tokens[cursor].text == "void" else {
                    diagnostics.append(diagnostic(at: tokens[min(cursor, tokens.count - 1)], "a kernel must return void"))
                    index = cursor + 1
                    pendingAttribute = nil
                    continue
                }
                let nameToken = tokens[cursor + 1]
                guard isIdentifier(nameToken.text), tokens[cursor + 2].text == "(" else {
                    diagnostics.append(diagnostic(at: nameToken, "expected a kernel name followed by '('"))
                    index = cursor + 2
                    pendingAttribute = nil
                    continue
                }
                let (parameters, next) = parseParameters(tokens, from: cursor + 3, diagnostics: &diagnostics)
                if let parameters {
                    var kernel = KernelSignature(name: nameToken.text, parameters: parameters, requiredWorkGroupSize: pendingAttribute,
                                                 line: nameToken.line, column: nameToken.column)
                    var requirementParser = LaunchRequirementParser(parameters: parameters, macroDefaults: macroDefaults)
                    for requirement in pendingRequirements {
                        let text = String(requirement.text.dropFirst(Self.requirementPrefix.count)).trimmingBlanks()
                        switch requirementParser.parse(text, line: requirement.line, column: requirement.column) {
                        case let .success(spec): kernel.requirements.append(spec)
                        case let .failure(failure): diagnostics.append(diagnostic(at: requirement, failure.message))
                        }
                    }
                    kernels.append(kernel)
                }
                pendingRequirements = []
                pendingAttribute = nil
                index = next
                continue
            }
            if token.text == ";" || token.text == "}" {
                pendingAttribute = nil
                if depth == 0 {
                    for requirement in pendingRequirements {
                        diagnostics.append(diagnostic(at: requirement, "a swiftcl-requires line must stand directly above a kernel"))
                    }
                    pendingRequirements = []
                }
            }
            index += 1
        }
        var seen: Set<String> = []
        for kernel in kernels where !seen.insert(kernel.name).inserted {
            diagnostics.append(GeneratorDiagnostic(file: fileName, line: kernel.line, column: kernel.column,
                                                   message: "kernel \(kernel.name) is declared twice"))
        }
        for kernel in kernels where kernel.name == "Swift" || kernel.name == "SwiftCL" {
            diagnostics.append(GeneratorDiagnostic(
                file: fileName, line: kernel.line, column: kernel.column,
                message: "a kernel named \(kernel.name) would hide the \(kernel.name) module the generated Swift names; rename it"))
        }
        diagnostics += typeNameCollisions(kernels)
        return (kernels, diagnostics)
    }

    /// Kernels whose generated Swift types would have one name (`box_avg` and `boxAvg` both give `BoxAvg`), reported
    /// at the later kernel.
    private func typeNameCollisions(_ kernels: [KernelSignature]) -> [GeneratorDiagnostic] {
        let namespace = SwiftGenerator.namespace(for: String(fileName.split(separator: "/").last ?? Substring(fileName)))
        var owners: [String: KernelSignature] = [:]
        var diagnostics: [GeneratorDiagnostic] = []
        for kernel in kernels {
            let typeName = SwiftGenerator.typeName(for: kernel.name, namespace: namespace, kernelNames: Set(kernels.map(\.name)))
            if let first = owners[typeName], first.name != kernel.name {
                diagnostics.append(GeneratorDiagnostic(
                    file: fileName, line: kernel.line, column: kernel.column,
                    message: "kernels \(first.name) (line \(first.line)) and \(kernel.name) would both be typed as \(typeName); rename one"))
            } else {
                owners[typeName] = owners[typeName] ?? kernel
            }
        }
        return diagnostics
    }

    /// `__attribute__((reqd_work_group_size(X, Y, Z)))` → the size; other attributes are skipped.
    private func parseAttribute(_ tokens: [Token], from start: Int, diagnostics: inout [GeneratorDiagnostic]) -> ([Int]?, Int) {
        var index = start + 1
        var depth = 0
        var size: [Int]?
        repeat {
            guard index < tokens.count else { return (nil, index) }
            let text = tokens[index].text
            if text == "(" { depth += 1 }
            if text == ")" { depth -= 1 }
            if text == "reqd_work_group_size" {
                var values: [Int] = []
                var cursor = index + 1
                while cursor < tokens.count, tokens[cursor].text != ")" {
                    if let value = Int(tokens[cursor].text) { values.append(value) }
                    else if tokens[cursor].text != "(" && tokens[cursor].text != "," {
                        diagnostics.append(diagnostic(at: tokens[cursor], "reqd_work_group_size needs integer literals, not \(tokens[cursor].text)"))
                    }
                    cursor += 1
                }
                if values.count == 3, values.allSatisfy({ $0 > 0 }) {
                    size = values
                } else {
                    diagnostics.append(diagnostic(at: tokens[index], "reqd_work_group_size needs three positive integers"))
                }
            }
            index += 1
        } while depth > 0
        return (size, index)
    }

    private func parseParameters(_ tokens: [Token], from start: Int,
                                 diagnostics: inout [GeneratorDiagnostic]) -> ([KernelSignature.Parameter]?, Int) {
        var groups: [[Token]] = [[]]
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
            diagnostics.append(diagnostic(at: tokens[min(start, tokens.count - 1)], "unterminated parameter list"))
            return (nil, index)
        }
        if groups.count == 1, groups[0].isEmpty || groups[0].map(\.text) == ["void"] { return ([], index + 1) }
        var parameters: [KernelSignature.Parameter] = []
        var failed = false
        for group in groups {
            guard let first = group.first else {
                diagnostics.append(diagnostic(at: tokens[index], "empty parameter"))
                failed = true
                continue
            }
            switch mapParameter(group) {
            case let .success(parameter): parameters.append(parameter)
            case let .failure(problem):
                diagnostics.append(diagnostic(at: problem.token ?? first, problem.message))
                failed = true
            }
        }
        return (failed ? nil : parameters, index + 1)
    }

    /// Line and column (1-based, in characters) of the first NUL, if any.
    private func nulPosition(in source: String) -> (line: Int, column: Int)? {
        guard source.unicodeScalars.contains("\0") else { return nil }
        var line = 1, column = 1
        for scalar in source.unicodeScalars {
            if scalar == "\0" { return (line, column) }
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return nil
    }

    struct Problem: Error {
        let token: Token?
        let message: String
    }

    /// One parameter declaration, read token by token: its qualifiers, type words, pointer depth and name.
    private struct Declarator {
        var addressSpace: String?
        var isConst = false
        var access: String?
        var typeName = ""
        var typeToken: Token
        var pointerDepth = 0
        var nameToken: Token

        /// The declaration as OpenCL C spells it, normalised ("global const float *in").
        var declaration: String {
            ([addressSpace, isConst ? "const" : nil, access].compactMap { $0 } + [typeName]).joined(separator: " ")
                + (pointerDepth > 0 ? " " + String(repeating: "*", count: pointerDepth) : " ") + nameToken.text
        }
    }

    private func mapParameter(_ tokens: [Token]) -> Result<KernelSignature.Parameter, Problem> {
        parseDeclarator(tokens).flatMap(classify)
    }

    private func parseDeclarator(_ tokens: [Token]) -> Result<Declarator, Problem> {
        var addressSpace: String?
        var isConst = false
        var access: String?
        var typeWords: [Token] = []
        var pointerDepth = 0
        var name: Token?
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
            case "[", "]": return .failure(Problem(token: token, message: "array parameters are not allowed in kernels; use a pointer"))
            default:
                guard isIdentifier(token.text) else {
                    return .failure(Problem(token: token, message: "unexpected '\(token.text)' in a parameter"))
                }
                if name == nil && pointerDepth > 0 { name = token; continue }
                typeWords.append(token)
            }
        }
        if name == nil, typeWords.count >= 2 { name = typeWords.removeLast() }
        guard let nameToken = name else {
            return .failure(Problem(token: tokens.first, message: "a kernel parameter needs a type and a name"))
        }
        guard let typeToken = typeWords.first else {
            return .failure(Problem(token: nameToken, message: "parameter \(nameToken.text) has no type"))
        }
        var typeName = typeWords.map(\.text).joined(separator: " ")
        if typeName.hasPrefix("unsigned ") {
            let base = String(typeName.dropFirst("unsigned ".count))
            let names = ["char": "uchar", "short": "ushort", "int": "uint", "long": "ulong"]
            guard let mapped = names[base] else {
                return .failure(Problem(token: typeToken, message: "cannot map type '\(typeName)'"))
            }
            typeName = mapped
        }
        return .success(Declarator(addressSpace: addressSpace, isConst: isConst, access: access, typeName: typeName,
                                   typeToken: typeToken, pointerDepth: pointerDepth, nameToken: nameToken))
    }

    /// The Swift type a declarator maps to, or why it cannot be passed from the host.
    private func classify(_ parameter: Declarator) -> Result<KernelSignature.Parameter, Problem> {
        let (typeName, typeToken, nameToken) = (parameter.typeName, parameter.typeToken, parameter.nameToken)
        let (addressSpace, access, declaration) = (parameter.addressSpace, parameter.access, parameter.declaration)
        if parameter.pointerDepth > 1 {
            return .failure(Problem(token: nameToken, message: "pointer-to-pointer parameters are not allowed in kernels"))
        }
        if typeName.hasPrefix("image") {
            guard parameter.pointerDepth == 0, Self.imageTypes.contains(typeName) else {
                return .failure(Problem(token: typeToken, message: "cannot map image type '\(typeName)'"))
            }
            return .success(.init(name: nameToken.text, declaration: declaration, swiftType: "Image",
                                  isReadOnly: access == nil || access == "read_only"))
        }
        if typeName == "sampler_t" {
            return .success(.init(name: nameToken.text, declaration: declaration, swiftType: "Sampler", isReadOnly: true))
        }
        if let refusal = Self.refusal(forArgumentType: typeName, pointer: parameter.pointerDepth > 0) {
            return .failure(Problem(token: typeToken, message: refusal))
        }
        guard let type = OpenCLType(name: typeName) else {
            return .failure(Problem(token: typeToken, message: "cannot map type '\(typeName)' to a Swift type (structs, typedefs and macros are not supported)"))
        }
        let element = type.swiftName
        if parameter.pointerDepth == 1 {
            switch addressSpace {
            case "global", "constant":
                return .success(.init(name: nameToken.text, declaration: declaration, swiftType: "Buffer<\(element)>",
                                      isReadOnly: parameter.isConst || addressSpace == "constant"))
            case "local":
                return .success(.init(name: nameToken.text, declaration: declaration, swiftType: "LocalMemory<\(element)>", isReadOnly: false))
            default:
                return .failure(Problem(token: nameToken, message: "pointer parameter \(nameToken.text) needs an address space (global, constant or local)"))
            }
        }
        if let addressSpace, addressSpace != "private" {
            return .failure(Problem(token: typeToken, message: "a by-value parameter cannot be in the \(addressSpace) address space"))
        }
        return .success(.init(name: nameToken.text, declaration: declaration, swiftType: element, isReadOnly: true,
                              isIntegerValue: type.isInteger && type.lanes == 1))
    }

    /// Why a type cannot be a kernel argument at all, or nil when it can.
    private static func refusal(forArgumentType typeName: String, pointer: Bool) -> String? {
        if typeName == "bool" {
            return "bool is not allowed as a kernel argument (OpenCL C 6.9); use int or uchar"
        }
        if typeName == "size_t" || typeName == "ptrdiff_t" || typeName == "intptr_t" || typeName == "uintptr_t" {
            return "\(typeName) is not allowed as a kernel argument (its size differs between host and device); use uint or ulong"
        }
        if typeName.hasPrefix("half"), !pointer {
            return "\(typeName) is not allowed as a by-value kernel argument without cl_khr_fp16; pass float, "
                + "or a pointer to half (Buffer<Float16>, read with vload_half)"
        }
        return nil
    }

    static let imageTypes: Set<String> = ["image1d_t", "image1d_array_t", "image2d_t", "image2d_array_t", "image3d_t"]

    private func diagnostic(at token: Token, _ message: String) -> GeneratorDiagnostic {
        GeneratorDiagnostic(file: fileName, line: token.line, column: token.column, message: message)
    }

    private func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    /// Tokens with their 1-based line and column; comments and preprocessor lines removed.
    /// The tokens the compiler would see: comments dropped, preprocessor lines applied (see ``ConditionalDirectives``;
    /// code in `#if` branches that are not taken is skipped).
    func tokenize(_ source: String) -> [Token] {
        var tokens: [Token] = []
        var conditions = ConditionalDirectives(
            definitions: ConditionalDirectives.definitions(in: SwiftGenerator.declaredOptions(in: source)))
        let characters = Array(source.unicodeScalars)
        var index = 0, line = 1, column = 1
        var atLineStart = true
        func advance() {
            if characters[index] == "\n" { line += 1; column = 1; atLineStart = true } else { column += 1 }
            index += 1
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\n" || character == " " || character == "\t" || character == "\r" {
                advance()
                continue
            }
            if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                let startLine = line, startColumn = column
                var comment = ""
                while index < characters.count, characters[index] != "\n" {
                    comment.unicodeScalars.append(characters[index])
                    advance()
                }
                // A launch requirement travels as one token, so the parser can attach it to the next kernel.
                let body = comment.dropFirst(2).drop { $0 == " " || $0 == "\t" }
                if conditions.isActive, body.hasPrefix(Self.requirementPrefix) {
                    tokens.append(Token(text: String(body), line: startLine, column: startColumn))
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
                advance()
                while index < characters.count {
                    if characters[index] == "\\", index + 1 < characters.count, characters[index + 1] == "\n" { advance(); advance(); continue }
                    if characters[index] == "\n" { break }
                    directive.unicodeScalars.append(characters[index])
                    advance()
                }
                conditions.apply(directive)
                continue
            }
            if !conditions.isActive {
                atLineStart = false
                advance()
                continue
            }
            atLineStart = false
            let startLine = line, startColumn = column
            if character == "_" || character.properties.isAlphabetic || ("0"..."9").contains(character) {
                var text = ""
                while index < characters.count,
                      characters[index] == "_" || characters[index].properties.isAlphabetic || ("0"..."9").contains(characters[index]) {
                    text.unicodeScalars.append(characters[index])
                    advance()
                }
                tokens.append(Token(text: text, line: startLine, column: startColumn))
                continue
            }
            tokens.append(Token(text: String(character), line: startLine, column: startColumn))
            advance()
        }
        return tokens
    }
}

