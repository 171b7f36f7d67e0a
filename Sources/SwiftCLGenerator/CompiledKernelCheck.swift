/// The build-time cross-check `swiftcl-kernelgen` runs when a device is present: the kernels the generator typed
/// must be exactly the kernels the compiler built, with the same number of parameters.
package enum CompiledKernelCheck {
    /// A kernel as the compiled program reports it.
    package struct Compiled: Hashable, Sendable {
        package let name: String
        package let argumentCount: Int
        package init(name: String, argumentCount: Int) {
            self.name = name
            self.argumentCount = argumentCount
        }
    }

    /// One `file:line:column: error:` line per mismatch (empty when the typed kernels match the compiled ones);
    /// `warnings` are the generator's: a compiled kernel one of them says is not typed is no mismatch.
    package static func mismatches(typed: [KernelSignature], compiled: [Compiled], fileName: String, device: String,
                                  warnings: [GeneratorDiagnostic] = []) -> [String] {
        var errors: [String] = []
        let typedNames = Set(typed.map(\.name))
        // PoCL lists a kernel named like an OpenCL C built-in (`any`, `sin`) as `_cl_any`; it is the typed `any`.
        let compiled = compiled.map { kernel in
            let declared = String(kernel.name.dropFirst(4))
            return kernel.name.hasPrefix("_cl_") && !typedNames.contains(kernel.name)
                && (typedNames.contains(declared) || warnings.explainsUntyped(declared))
                ? Compiled(name: declared, argumentCount: kernel.argumentCount) : kernel
        }
        let built = Dictionary(compiled.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for kernel in typed {
            let place = "\(fileName):\(kernel.line):\(kernel.column): error:"
            guard let match = built[kernel.name] else {
                errors.append("\(place) kernel \(kernel.name) is typed but \(device) did not build it "
                    + "(excluded by #if or the file's -D options?)")
                continue
            }
            if match.argumentCount != kernel.parameters.count {
                errors.append("\(place) kernel \(kernel.name) is typed with \(kernel.parameters.count) parameters but \(device) "
                    + "built it with \(match.argumentCount) (a macro in its signature?)")
            }
        }
        for kernel in compiled where !typedNames.contains(kernel.name) && !warnings.explainsUntyped(kernel.name) {
            errors.append("\(fileName):1:1: error: \(device) built kernel \(kernel.name), which the generator did not find "
                + "(declared through a macro?); it would have no typed function")
        }
        return errors
    }
}
