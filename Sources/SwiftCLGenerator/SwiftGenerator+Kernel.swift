extension SwiftGenerator {
    /// One kernel's members: the bound struct (the one way to launch it: built once per context, then launched
    /// without any lookup), its required work-group size, and a static function that forwards to the struct.
    /// Every name from the `.cl` file is backticked and every type module-qualified (`SwiftCL.Buffer<Swift.Float>`),
    /// so no kernel or parameter name can shadow one; parameters named like the generated code's own names keep
    /// their labels and are renamed inside.
    static func writeKernel(_ kernel: KernelSignature, fileName: String, namespace: String, kernelNames: Set<String>,
                            into writer: inout SwiftWriter) {
        let typeName = typeName(for: kernel.name, namespace: namespace, kernelNames: kernelNames)
        let parameters = GeneratedParameter.list(for: kernel.parameters, reserving: [namespace])
        writer.documentation(describe(kernel, fileName: fileName))
        writer.block("public struct `\(typeName)`: Swift.Sendable {") { body in
            body.documentation("The kernel object (shared by every `\(typeName)` of the same context and options).")
            body.line("public let kernel: SwiftCL.Kernel")
            body.line()
            body.documentation("`\(commentSafe(kernel.name))` for `context`: the program is built once per context and options, then cached.")
            let macros = requirementMacros(kernel)
            for (name, _) in macros {
                body.line("private let \(macroProperty(name)): SwiftCL.LaunchQuantity")
            }
            if !macros.isEmpty { body.line() }
            body.block("public init(context: SwiftCL.Context, options: SwiftCL.BuildOptions? = nil) throws {") {
                $0.line("kernel = try `\(namespace)`.program(in: context, options: options).sharedKernel(named: \(literal(kernel.name)))")
                for (name, fileDefault) in macros {
                    $0.line("\(macroProperty(name)) = SwiftCL.LaunchQuantity.macro(\(literal(name)), in: options ?? `\(namespace)`.options, "
                        + "fileDefault: \(fileDefault))")
                }
            }
            body.line()
            body.documentation(kernel.requirements.isEmpty
                ? "Enqueues `\(commentSafe(kernel.name))` over `range` on the encoder's queue."
                : "Checks the kernel's launch requirements, then enqueues `\(commentSafe(kernel.name))` over `range` on the encoder's queue.")
            writeFunction("public func callAsFunction(", parameters: parameters, trailing: nil, into: &body) {
                for requirement in kernel.requirements {
                    writeCheck(requirement, kernel: kernel.name, parameters: parameters, into: &$0)
                }
                $0.line("try cl.launch(self.kernel, range\(parameters.map { ", " + $0.argument }.joined()))")
            }
        }
        if let size = kernel.requiredWorkGroupSize {
            writer.line()
            writer.documentation("`reqd_work_group_size` of `\(commentSafe(kernel.name))`.")
            writer.line("public static let `\(kernel.name)RequiredWorkGroupSize`: [Swift.Int] = \(size)")
        }
        // `Namespace.Type` and `Namespace.Protocol` name metatypes even backticked, so such a function could not be
        // called; those kernels have only the struct.
        guard hasStaticFunction(kernel.name) else { return }
        writer.line()
        writer.documentation("""
            Enqueues `\(commentSafe(kernel.name))` over `range`: the same as
            `\(typeName)(context: cl.context, options: options)(cl, range, …)`, which it calls.
            """)
        writeFunction("public static func `\(kernel.name)`(", parameters: parameters,
                      trailing: "options: SwiftCL.BuildOptions? = nil", into: &writer) {
            let labelled = parameters.map { ", " + $0.labelledArgument }.joined()
            $0.line("try `\(namespace)`.`\(typeName)`(context: cl.context, options: options)(cl, range\(labelled))")
        }
    }

    /// The macros a kernel's requirements name, with the file's default value, in first-use order.
    private static func requirementMacros(_ kernel: KernelSignature) -> [(String, Int)] {
        var found: [(String, Int)] = []
        func visit(_ expression: LaunchRequirementSpec.Expression) {
            switch expression {
            case let .macro(name, fileDefault) where !found.contains { $0.0 == name }: found.append((name, fileDefault))
            case let .binary(_, lhs, rhs): visit(lhs); visit(rhs)
            default: break
            }
        }
        for requirement in kernel.requirements {
            visit(requirement.lhs)
            visit(requirement.rhs)
        }
        return found
    }

    private static func macroProperty(_ name: String) -> String { "`requirementMacro_\(name)`" }

    /// `try SwiftCL.LaunchRequirement.check(lhs >= rhs, …, terms: [each named quantity])` for one requirement.
    private static func writeCheck(_ requirement: LaunchRequirementSpec, kernel: String, parameters: [GeneratedParameter],
                                   into writer: inout SwiftWriter) {
        var terms: [(name: String, code: String)] = []
        func code(_ expression: LaunchRequirementSpec.Expression) -> String {
            func named(_ name: String, _ code: String) -> String {
                if !terms.contains(where: { $0.name == name }) { terms.append((name, code)) }
                return code
            }
            func internalName(_ parameter: String) -> String {
                "`\(parameters.first { $0.label == parameter }?.internalName ?? parameter)`"
            }
            let axes = ["x", "y", "z"]
            switch expression {
            case let .literal(value): return "SwiftCL.LaunchQuantity(\(value))"
            case let .count(parameter): return named("\(parameter).count", "SwiftCL.LaunchQuantity(\(internalName(parameter)).count)")
            case let .imageExtent(parameter, axis):
                return named("\(parameter).\(axis)", "SwiftCL.LaunchQuantity(\(internalName(parameter)).\(axis))")
            case let .scalar(parameter): return named(parameter, "SwiftCL.LaunchQuantity(exactly: \(internalName(parameter)))")
            case let .globalEnd(dimension):
                return named("global.\(axes[dimension])", "SwiftCL.LaunchQuantity.globalEnd(of: range, \(dimension))")
            case let .offset(dimension):
                return named("offset.\(axes[dimension])", "SwiftCL.LaunchQuantity.offset(of: range, \(dimension))")
            case let .macro(name, _): return named(name, "self.\(macroProperty(name))")
            case let .binary(operation, lhs, rhs): return "(\(code(lhs)) \(operation) \(code(rhs)))"
            }
        }
        let condition = "\(code(requirement.lhs)) \(requirement.comparison) \(code(requirement.rhs))"
        writer.line("try SwiftCL.LaunchRequirement.check(")
        writer.indented {
            $0.line("\(condition),")
            $0.line("kernel: \(literal(kernel)), requirement: \(literal(requirement.text)), range: range,")
            $0.line("terms: [\(terms.map { "SwiftCL.LaunchRequirementViolation.Term(\(literal($0.name)), \($0.code))" }.joined(separator: ", "))])")
        }
    }

    /// Whether a kernel gets the static convenience function: every kernel but `Type` and `Protocol`.
    package static func hasStaticFunction(_ kernelName: String) -> Bool {
        kernelName != "Type" && kernelName != "Protocol"
    }

    /// A throwing function taking the encoder, the range and the kernel's parameters (one line when short).
    private static func writeFunction(_ opening: String, parameters: [GeneratedParameter], trailing: String?,
                                      into writer: inout SwiftWriter, body: (inout SwiftWriter) -> Void) {
        let list = ["_ cl: SwiftCL.ComputeEncoder", "_ range: SwiftCL.NDRange"] + parameters.map(\.declaration) + [trailing].compactMap { $0 }
        writer.line(opening)
        writer.indented { $0.line(list.joined(separator: ", ")) }
        writer.block(") throws {", body)
    }

    /// The doc comment of a kernel's struct: its declaration, where it stands, what it only reads, its work-group size.
    private static func describe(_ kernel: KernelSignature, fileName: String) -> String {
        let signature = "kernel void \(kernel.name)(\(kernel.parameters.map(\.declaration).joined(separator: ", ")))"
        var lines = ["`\(commentSafe(signature))` (\(commentSafe(fileName)):\(kernel.line):\(kernel.column)), bound to a context."]
        let readOnly = kernel.parameters.filter { $0.isReadOnly && ($0.swiftType.hasPrefix("Buffer") || $0.swiftType == "Image") }
        if !readOnly.isEmpty {
            lines.append("Read-only: \(readOnly.map { "`\(commentSafe($0.name))`" }.joined(separator: ", ")).")
        }
        for requirement in kernel.requirements {
            lines.append("Requires `\(commentSafe(requirement.text))` (checked before each launch).")
        }
        if let size = kernel.requiredWorkGroupSize {
            lines.append("Requires work-groups of \(size.map(String.init).joined(separator: "×")) (enforced at launch).")
        }
        return lines.joined(separator: "\n")
    }
}
