/// How names and text from a `.cl` file appear in generated Swift: backticked, module-qualified, escaped.
extension SwiftGenerator {
    /// Names the generated functions use for their own parameters, locals and modules; a `.cl` parameter with one of
    /// these names is renamed inside the functions (its label stays).
    static let generatedNames: Set<String> = ["cl", "range", "options", "kernel", "program", "self", "Self", "Swift", "SwiftCL", "_"]

    /// The parameters' names inside the generated functions: the `.cl` names, with `_` appended to any that would
    /// collide with a generated name or `reserved` (callers use the `.cl` names as labels and never see the difference).
    static func internalNames(_ names: [String], reserving reserved: Set<String> = []) -> [String] {
        let generated = generatedNames.union(reserved)
        var taken = generated.union(names)
        return names.map { name in
            guard generated.contains(name) else { return name }
            var renamed = name + "_"
            while taken.contains(renamed) { renamed += "_" }
            taken.insert(renamed)
            return renamed
        }
    }

    /// A parser type (`Buffer<SIMD4<Float>>`) with every type module-qualified (`SwiftCL.Buffer<Swift.SIMD4<Swift.Float>>`).
    static func qualified(_ swiftType: String) -> String {
        var result = "", word = ""
        func flush() {
            if !word.isEmpty {
                result += (Self.swiftCLTypes.contains(word) ? "SwiftCL." : word.first?.isUppercase == true ? "Swift." : "") + word
            }
            word = ""
        }
        for character in swiftType {
            if character.isLetter || character.isNumber { word.append(character) } else { flush(); result.append(character) }
        }
        flush()
        return result
    }

    static let swiftCLTypes: Set<String> = ["Buffer", "LocalMemory", "Image", "Sampler"]

    /// The struct name for a kernel in `namespace`: as ``typeName(for:)``, with `Kernel` appended when it would be
    /// a kernel function's name in the file (`Float`; a type and a function cannot share a name), the namespace, a
    /// module the generated code names (`Swift`, `SwiftCL`), or a member every type has (`Namespace.Type` and
    /// `Namespace.Protocol` name metatypes, even backticked).
    package static func typeName(for kernelName: String, namespace: String, kernelNames: Set<String>) -> String {
        var name = typeName(for: kernelName)
        while ["Swift", "SwiftCL", "Type", "Protocol", namespace].contains(name) || kernelNames.contains(name) { name += "Kernel" }
        return name
    }

    /// The struct name for a kernel: its words capitalised (`add_arrays` → `AddArrays`, `boxAvgH1` → `BoxAvgH1`).
    package static func typeName(for kernelName: String) -> String {
        let words = kernelName.split(separator: "_")
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return name.isEmpty ? "Kernel" : name
    }

    /// A Swift string literal of `text` that reads back exactly: backslashes and quotes escaped, printable ASCII as
    /// is, and everything else (CR, tab, form feed, ESC, DEL, NUL, non-ASCII) as a `\\u{…}` or named escape.
    static func literal<S: StringProtocol>(_ text: S) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case " " ... "~": result.unicodeScalars.append(scalar)
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result + "\""
    }

    /// The source's lines as array elements, one literal per line (a CRLF file keeps its `\\r`s), as the generated
    /// file indents them.
    static func embeddedLines(_ source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + literal($0) + "," }.joined(separator: "\n")
    }

    /// Text for a `//` comment: one line, printable ASCII (anything else becomes `?`).
    static func commentSafe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { (" " ... "~").contains($0) ? $0 : "?" }))
    }
}

/// A kernel parameter as the generated functions declare and pass it.
struct GeneratedParameter {
    /// The `.cl` name: the argument label callers write.
    let label: String
    /// The name inside the function (the label, renamed when it collides with a generated name).
    let internalName: String
    /// The module-qualified Swift type (`some Swift.BinaryInteger` for integer values).
    let type: String
    let isIntegerValue: Bool

    static func list(for parameters: [KernelSignature.Parameter], reserving reserved: Set<String>) -> [GeneratedParameter] {
        let names = SwiftGenerator.internalNames(parameters.map(\.name), reserving: reserved)
        return zip(parameters, names).map { parameter, name in
            GeneratedParameter(label: parameter.name, internalName: name,
                               type: SwiftGenerator.qualified(parameter.argumentType), isIntegerValue: parameter.isIntegerValue)
        }
    }

    /// In a parameter list: `` `n`: Swift.Float ``, or `` `range` `range_`: … `` when renamed.
    var declaration: String {
        label == internalName ? "`\(label)`: \(type)" : "`\(label)` `\(internalName)`: \(type)"
    }

    /// As a launch argument: the value, integers wrapped for their checked conversion.
    var argument: String {
        isIntegerValue ? "SwiftCL.KernelArgumentValue.integer(`\(internalName)`)" : "`\(internalName)`"
    }

    /// As a labelled argument (`n: n`); a call-site label is backticked only where Swift requires it, since
    /// backticks elsewhere draw a warning.
    var labelledArgument: String {
        let callLabel = ["inout", "_"].contains(label) ? "`\(label)`" : label
        return "\(callLabel): `\(internalName)`"
    }
}
