import OpenCLSource

extension KernelParameter {
    /// The parameters of each kernel in `kernels`, from the source as the one OpenCL C signature reader
    /// (`KernelDeclarations`, shared with the code generator) read it with the build's `-D` definitions deciding `#if`
    /// branches, for the launches the runtime gives no argument information for (a program built with
    /// ``BuildOptions/kernelArgumentInfo`` off).
    ///
    /// Deliberately conservative: a kernel seen more than once with different parameters, or with a parameter whose
    /// type it cannot classify (a macro might expand to a pointer), gets no entry, and ``KernelCore`` ignores an
    /// entry whose count differs from `CL_KERNEL_NUM_ARGS`. What it records — pointer or value, address space,
    /// `const`, built-in type names — is enough to refuse a scalar for a buffer before the driver dereferences it.
    static func fromSource(_ declarations: KernelDeclarations, kernels: [String]) -> [String: [KernelParameter]] {
        let typedefs = typedefNames(declarations.tokens.map(\.text))
        var found: [String: [[KernelParameter]?]] = [:]
        for kernel in declarations.kernels where kernels.contains(kernel.name) {
            found[kernel.name, default: []].append(kernel.readParameters.flatMap { parameters in
                let mapped = parameters.compactMap { KernelParameter(declared: $0, typedefs: typedefs) }
                return mapped.count == parameters.count ? mapped : nil
            })
        }
        return found.compactMapValues { candidates in
            guard let first = candidates.first, let parameters = first, candidates.allSatisfy({ $0 == parameters }) else { return nil }
            return parameters
        }
    }

    /// The `-D` macros a build defines (named definitions and raw `-D` options), as the compiler sees them.
    static func preprocessorDefinitions(of options: BuildOptions) -> [String: String] {
        var definitions: [String: String] = [:]
        for definition in options.definitions { definitions[definition.name] = definition.value ?? "1" }
        definitions.merge(ConditionalDirectives.definitions(in: options.raw)) { _, raw in raw }
        return definitions
    }

    /// A declared parameter as the runtime would report it, or nil when its type cannot be classified.
    private init?(declared: ParameterDeclaration, typedefs: Set<String>) {
        guard declared.pointerDepth <= 1 else { return nil }
        let space: AddressSpace
        switch declared.addressSpace {
        case "global": space = .global
        case "local": space = .local
        case "constant": space = .constant
        default: space = .private
        }
        let pointer = declared.pointerDepth == 1
        if pointer, space == .private { return nil }
        let words = declared.typeName.split(separator: " ")
        if words.first == "struct" || words.first == "union" || words.first == "enum" {
            guard words.count == 2 else { return nil }
        } else {
            guard words.count == 1, Self.builtinTypes.contains(declared.typeName) || typedefs.contains(declared.typeName) else {
                return nil
            }
        }
        self.init(name: declared.name, typeName: declared.typeName + (pointer ? "*" : ""), addressSpace: space,
                  isConst: declared.isConst || space == .constant)
    }

    private static let builtinTypes: Set<String> = {
        var names: Set<String> = ["sampler_t", "size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "bool", "event_t", "void"]
        for scalar in OpenCLType.scalars.map(\.name) {
            names.insert(scalar)
            for width in OpenCLType.vectorWidths { names.insert("\(scalar)\(width)") }
        }
        for image in ["image1d_t", "image1d_buffer_t", "image1d_array_t", "image2d_t", "image2d_array_t", "image3d_t",
                      "image2d_depth_t", "image2d_array_depth_t"] {
            names.insert(image)
        }
        return names
    }()

    /// Names introduced by `typedef ... NAME;` (the last identifier before the `;`).
    static func typedefNames(_ tokens: [String]) -> Set<String> {
        var names: Set<String> = []
        var index = 0
        while index < tokens.count {
            if tokens[index] == "typedef" {
                var cursor = index + 1, depth = 0, last: String?
                while cursor < tokens.count, !(tokens[cursor] == ";" && depth == 0) {
                    if tokens[cursor] == "{" { depth += 1 } else if tokens[cursor] == "}" { depth -= 1 }
                    if depth == 0, KernelDeclarations.isIdentifier(tokens[cursor]) { last = tokens[cursor] }
                    cursor += 1
                }
                if let last { names.insert(last) }
                index = cursor
            }
            index += 1
        }
        return names
    }
}
