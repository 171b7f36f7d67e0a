import OpenCLSource

/// Maps the kernels the one OpenCL C signature reader (``OpenCLSource/KernelDeclarations``, shared with the runtime)
/// finds to Swift types, reporting what it cannot map at the exact line and column, with the file's
/// `// swiftcl-options:` `-D`s deciding `#if` branches and `// swiftcl-requires:` lines read as launch requirements.
package struct KernelParser {
    package let fileName: String

    package init(fileName: String) { self.fileName = fileName }

    /// The comment that declares a launch requirement: `// swiftcl-requires: input.count >= global.x`.
    static let requirementPrefix = "swiftcl-requires:"

    /// The kernels, or the first diagnostics; never traps, whatever the input. `extraOptions` are build options besides
    /// the file's own `// swiftcl-options:` (`swiftcl check -D …`), whose `-D`s decide `#if`s and attribute arguments too.
    package func parse(_ source: String, extraOptions: [String] = []) -> (kernels: [KernelSignature], diagnostics: [GeneratorDiagnostic]) {
        if let nul = nulPosition(in: source) {
            // OpenCL would compile the text up to the NUL only, while the generator would type the whole file.
            return ([], [GeneratorDiagnostic(file: fileName, line: nul.line, column: nul.column,
                                             message: "the file contains a NUL byte; OpenCL would ignore everything after it")])
        }
        let declarations = KernelDeclarations(
            source: source, definitions: ConditionalDirectives.definitions(in: SwiftGenerator.declaredOptions(in: source) + extraOptions),
            annotationPrefix: Self.requirementPrefix)
        var diagnostics = declarations.problems.map(diagnostic)
        var kernels: [KernelSignature] = []
        // Kernels the compiler may or may not build: named, never typed (their Swift could call a kernel that is not there).
        var untyped: Set<String> = []
        for conditional in declarations.conditionalKernels {
            let token = conditional.nameToken
            guard untyped.insert(token.text).inserted else { continue }
            diagnostics.append(GeneratorDiagnostic(
                file: fileName, line: token.line, column: token.column,
                message: "kernel \(token.text) is not typed: \(token.condition ?? "a conditional branch decides whether the compiler sees it"); "
                    + "launch it by name (program.kernel(named: \"\(token.text)\"))",
                severity: .warning, untyped: .kernel(token.text)))
        }
        for (use, macro) in declarations.kernelMacroUses {
            diagnostics.append(GeneratorDiagnostic(
                file: fileName, line: use.line, column: use.column,
                message: "the kernel that macro \(macro) declares here is not typed: the generator does not expand macros; "
                    + "launch it by name (program.kernel(named:))",
                severity: .warning, untyped: .throughMacro(macro)))
        }
        // Integer macros the file (or its swiftcl-options) defines: the defaults a requirement's macros fall back to.
        let macroDefaults = declarations.macros.compactMapValues { Int($0) }
        for declaration in declarations.kernels where declaration.nameToken.condition == nil {
            var parameters: [KernelSignature.Parameter] = []
            var failed = false
            var names: [String: SourceToken] = [:]
            for parameter in declaration.parameters {
                if case let .success(read) = parameter {
                    if let first = names[read.name] {
                        diagnostics.append(diagnostic(SourceProblem(
                            at: read.nameToken, "parameter \(read.name) of kernel \(declaration.name) is declared twice (first at \(first.line):\(first.column))")))
                        failed = true
                    }
                    names[read.name] = names[read.name] ?? read.nameToken
                }
                switch parameter.flatMap(classify) {
                case let .success(mapped): parameters.append(mapped)
                case let .failure(problem):
                    diagnostics.append(diagnostic(problem))
                    failed = true
                }
            }
            if failed { continue }
            var kernel = KernelSignature(name: declaration.name, parameters: parameters, requiredWorkGroupSize: declaration.requiredWorkGroupSize,
                                         line: declaration.nameToken.line, column: declaration.nameToken.column)
            var requirementParser = LaunchRequirementParser(parameters: parameters, macroDefaults: macroDefaults)
            for requirement in declaration.annotations {
                let text = String(requirement.text.dropFirst(Self.requirementPrefix.count)).trimmingBlanks()
                switch requirementParser.parse(text, line: requirement.line, column: requirement.column) {
                case let .success(spec): kernel.requirements.append(spec)
                case let .failure(failure): diagnostics.append(diagnostic(SourceProblem(at: requirement, failure.message)))
                }
            }
            kernels.append(kernel)
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
        return (kernels.filter { !untyped.contains($0.name) }, diagnostics)
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

    /// The Swift type a declarator maps to, or why it cannot be passed from the host.
    private func classify(_ parameter: ParameterDeclaration) -> Result<KernelSignature.Parameter, SourceProblem> {
        let (typeName, typeToken, nameToken) = (parameter.typeName, parameter.typeToken, parameter.nameToken)
        let (addressSpace, access, declaration) = (parameter.addressSpace, parameter.access, parameter.declaration)
        if parameter.pointerDepth > 1 {
            return .failure(SourceProblem(at: nameToken, "pointer-to-pointer parameters are not allowed in kernels"))
        }
        if typeName.hasPrefix("image") {
            guard parameter.pointerDepth == 0, Self.imageTypes.contains(typeName) else {
                return .failure(SourceProblem(at: typeToken, "cannot map image type '\(typeName)'"))
            }
            return .success(.init(name: nameToken.text, declaration: declaration, swiftType: "Image",
                                  isReadOnly: access == nil || access == "read_only"))
        }
        if typeName == "sampler_t" {
            return .success(.init(name: nameToken.text, declaration: declaration, swiftType: "Sampler", isReadOnly: true))
        }
        if let refusal = Self.refusal(forArgumentType: typeName, pointer: parameter.pointerDepth > 0) {
            return .failure(SourceProblem(at: typeToken, refusal))
        }
        guard let type = OpenCLType(name: typeName) else {
            return .failure(SourceProblem(at: typeToken, "cannot map type '\(typeName)' to a Swift type (structs, typedefs and macros are not supported)"))
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
                return .failure(SourceProblem(at: nameToken, "pointer parameter \(nameToken.text) needs an address space (global, constant or local)"))
            }
        }
        if let addressSpace, addressSpace != "private" {
            return .failure(SourceProblem(at: typeToken, "a by-value parameter cannot be in the \(addressSpace) address space"))
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

    private func diagnostic(_ problem: SourceProblem) -> GeneratorDiagnostic {
        GeneratorDiagnostic(file: fileName, line: problem.line, column: problem.column, message: problem.message,
                            severity: problem.isWarning ? .warning : .error)
    }
}
