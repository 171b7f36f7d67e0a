/// Reads kernel parameter lists straight from OpenCL C source, for the launches the runtime gives no
/// argument information for (a program built with ``BuildOptions/kernelArgumentInfo`` off).
///
/// It does not preprocess, so it is deliberately conservative: a kernel whose name appears more than
/// once with different parameters (`#if` branches), or whose parameter types it cannot classify (a
/// macro might expand to a pointer), gets no entry, and a kernel whose scanned count differs from
/// `CL_KERNEL_NUM_ARGS` is ignored by ``KernelCore``. What it records — pointer or value, address space,
/// `const`, built-in type names — is enough to refuse a scalar for a buffer before the driver
/// dereferences it.
enum KernelSignatureScanner {
    /// The parameters of each kernel in `kernels` that could be read unambiguously.
    static func parameters(in source: String, kernels: [String]) -> [String: [KernelParameter]] {
        let tokens = tokenize(source)
        let typedefs = typedefNames(tokens)
        var found: [String: [[KernelParameter]?]] = [:]
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard tokens[index] == "kernel" || tokens[index] == "__kernel" else { continue }
            var cursor = index + 1
            var name: String?
            // Skip attributes and the return type up to `name (`.
            while cursor < tokens.count, tokens[cursor] != "(" || name == nil {
                if tokens[cursor] == "__attribute__" {
                    cursor = skipBalanced(tokens, from: cursor + 1)
                    continue
                }
                if tokens[cursor] == ";" || tokens[cursor] == "{" { break }
                name = isIdentifier(tokens[cursor]) ? tokens[cursor] : name
                cursor += 1
            }
            guard let name, cursor < tokens.count, tokens[cursor] == "(", kernels.contains(name) else { continue }
            let end = skipBalanced(tokens, from: cursor)
            let inner = Array(tokens[(cursor + 1)..<max(cursor + 1, end - 1)])
            found[name, default: []].append(parseParameters(inner, typedefs: typedefs))
            index = end - 1
        }
        var result: [String: [KernelParameter]] = [:]
        for (name, candidates) in found {
            guard let first = candidates.first, let parameters = first, candidates.allSatisfy({ $0 == parameters }) else { continue }
            result[name] = parameters
        }
        return result
    }

    private static let qualifiers: Set<String> = [
        "const", "volatile", "restrict", "__restrict", "global", "__global", "local", "__local", "constant", "__constant",
        "private", "__private", "read_only", "__read_only", "write_only", "__write_only", "read_write", "__read_write",
    ]

    private static let builtinTypes: Set<String> = {
        var names: Set<String> = ["sampler_t", "size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "bool", "event_t", "void"]
        for scalar in ["char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "half", "float", "double"] {
            names.insert(scalar)
            for width in [2, 3, 4, 8, 16] { names.insert("\(scalar)\(width)") }
        }
        for image in ["image1d_t", "image1d_buffer_t", "image1d_array_t", "image2d_t", "image2d_array_t", "image3d_t",
                      "image2d_depth_t", "image2d_array_depth_t"] {
            names.insert(image)
        }
        return names
    }()

    /// One parameter list, or nil when a parameter cannot be classified.
    private static func parseParameters(_ tokens: [String], typedefs: Set<String>) -> [KernelParameter]? {
        if tokens.isEmpty || tokens == ["void"] { return [] }
        var parameters: [KernelParameter] = []
        var current: [String] = []
        var depth = 0
        for token in tokens + [","] {
            if token == "(" || token == "[" { depth += 1 }
            if token == ")" || token == "]" { depth -= 1 }
            if token == ",", depth == 0 {
                guard let parameter = parameter(current, typedefs: typedefs) else { return nil }
                parameters.append(parameter)
                current = []
            } else {
                current.append(token)
            }
        }
        return parameters
    }

    private static func parameter(_ tokens: [String], typedefs: Set<String>) -> KernelParameter? {
        guard let name = tokens.last, isIdentifier(name), tokens.count >= 2 else { return nil }
        let declaration = tokens.dropLast()
        let stars = declaration.filter { $0 == "*" }.count
        guard stars <= 1, !declaration.contains("(") else { return nil }
        var space = KernelParameter.AddressSpace.private
        for token in declaration {
            switch token {
            case "global", "__global": space = .global
            case "local", "__local": space = .local
            case "constant", "__constant": space = .constant
            default: break
            }
        }
        let starIndex = declaration.firstIndex(of: "*")
        let pointee = starIndex.map { declaration[declaration.startIndex..<$0] } ?? declaration[...]
        let isConst = pointee.contains("const") || space == .constant
        var words = pointee.filter { !qualifiers.contains($0) && $0 != "*" }
        if words.first == "struct" || words.first == "union" || words.first == "enum" {
            guard words.count == 2 else { return nil }
        } else {
            words = normalisedIntegerWords(words)
            guard words.count == 1, builtinTypes.contains(words[0]) || typedefs.contains(words[0]) else { return nil }
        }
        let typeName = words.joined(separator: " ") + (stars == 1 ? "*" : "")
        if stars == 1, space == .private { return nil }
        return KernelParameter(name: name, typeName: typeName, addressSpace: space, isConst: isConst)
    }

    /// `unsigned int` → `uint`, `signed char` → `char`, `long long` stays unrecognised.
    private static func normalisedIntegerWords(_ words: [String]) -> [String] {
        guard words.count == 2 else { return words }
        switch (words[0], words[1]) {
        case ("unsigned", let base) where ["char", "short", "int", "long"].contains(base): return ["u" + base]
        case ("signed", let base) where ["char", "short", "int", "long"].contains(base): return [base]
        default: return words
        }
    }

    /// Names introduced by `typedef ... NAME;` (the last identifier before the `;`).
    private static func typedefNames(_ tokens: [String]) -> Set<String> {
        var names: Set<String> = []
        var index = 0
        while index < tokens.count {
            if tokens[index] == "typedef" {
                var cursor = index + 1, depth = 0, last: String?
                while cursor < tokens.count, !(tokens[cursor] == ";" && depth == 0) {
                    if tokens[cursor] == "{" { depth += 1 } else if tokens[cursor] == "}" { depth -= 1 }
                    if depth == 0, isIdentifier(tokens[cursor]) { last = tokens[cursor] }
                    cursor += 1
                }
                if let last { names.insert(last) }
                index = cursor
            }
            index += 1
        }
        return names
    }

    /// The index after the bracket group opening at `start` (or `start` when it opens none).
    private static func skipBalanced(_ tokens: [String], from start: Int) -> Int {
        guard start < tokens.count, tokens[start] == "(" else { return start }
        var depth = 0, cursor = start
        while cursor < tokens.count {
            if tokens[cursor] == "(" { depth += 1 }
            if tokens[cursor] == ")" {
                depth -= 1
                if depth == 0 { return cursor + 1 }
            }
            cursor += 1
        }
        return cursor
    }

    private static func isIdentifier(_ token: String) -> Bool {
        guard let first = token.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return token.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    /// Identifiers, numbers and single punctuation characters; comments, strings and preprocessor lines dropped.
    static func tokenize(_ source: String) -> [String] {
        var tokens: [String] = []
        let scalars = Array(source.unicodeScalars)
        var index = 0
        var atLineStart = true
        func isWord(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            if scalar == "\n" {
                atLineStart = true
                index += 1
            } else if scalar == " " || scalar == "\t" || scalar == "\r" || scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "/", next == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else if scalar == "/", next == "*" {
                index += 2
                while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                index += 2
            } else if scalar == "#", atLineStart {
                // A preprocessor line, with its backslash continuations.
                while index < scalars.count, scalars[index] != "\n" || (index > 0 && scalars[index - 1] == "\\") { index += 1 }
            } else if scalar == "\"" || scalar == "'" {
                index += 1
                while index < scalars.count, scalars[index] != scalar {
                    index += scalars[index] == "\\" ? 2 : 1
                }
                index += 1
                atLineStart = false
            } else if isWord(scalar) {
                var word = String.UnicodeScalarView()
                while index < scalars.count, isWord(scalars[index]) {
                    word.append(scalars[index])
                    index += 1
                }
                tokens.append(String(word))
                atLineStart = false
            } else {
                tokens.append(String(scalar))
                index += 1
                atLineStart = false
            }
        }
        return tokens
    }
}
