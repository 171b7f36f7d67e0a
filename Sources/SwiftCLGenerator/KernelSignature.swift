/// A kernel declared in an OpenCL C file, as the generator sees it.
package struct KernelSignature: Hashable, Sendable {
    /// A parameter and the Swift type it maps to.
    package struct Parameter: Hashable, Sendable {
        package let name: String
        /// The declaration as written, normalised ("global const float *input").
        package let declaration: String
        /// The Swift type of the generated function's parameter ("Buffer<Float>").
        package let swiftType: String
        /// Whether the kernel only reads it (a `const` or `constant` pointee, or a `read_only` image).
        package let isReadOnly: Bool
        /// Whether it is a by-value integer scalar, which the generated functions take as any `BinaryInteger`
        /// (converted, checked, to ``swiftType`` at launch).
        package let isIntegerValue: Bool

        package init(name: String, declaration: String, swiftType: String, isReadOnly: Bool, isIntegerValue: Bool = false) {
            self.name = name
            self.declaration = declaration
            self.swiftType = swiftType
            self.isReadOnly = isReadOnly
            self.isIntegerValue = isIntegerValue
        }

        /// The type the generated functions take: ``swiftType``, or `some BinaryInteger` for integer values.
        package var argumentType: String { isIntegerValue ? "some BinaryInteger" : swiftType }
    }

    package let name: String
    package let parameters: [Parameter]
    /// `reqd_work_group_size(x, y, z)`, when the kernel declares it.
    package let requiredWorkGroupSize: [Int]?
    /// Where the kernel's name stands in the file.
    package let line: Int
    package let column: Int
    /// The `// swiftcl-requires:` lines above the kernel, checked before every launch by the generated Swift.
    package var requirements: [LaunchRequirementSpec] = []
}

/// A problem the generator found, located in the `.cl` file: an error (nothing is generated) or a warning that a
/// kernel the compiler may build is left untyped, and why.
package struct GeneratorDiagnostic: Hashable, Sendable, CustomStringConvertible, Error {
    package enum Severity: String, Hashable, Sendable {
        case error, warning
    }

    package let file: String
    package let line: Int
    package let column: Int
    package let message: String
    package let severity: Severity
    /// What a warning leaves untyped: a kernel by name, or the kernels a macro declares (names unknown without
    /// expanding it).
    package enum Untyped: Hashable, Sendable {
        case kernel(String)
        case throughMacro(String)
    }

    /// What a warning leaves untyped.
    package let untyped: Untyped?

    package init(file: String, line: Int, column: Int, message: String, severity: Severity = .error, untyped: Untyped? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
        self.untyped = untyped
    }

    /// The form compilers print and SwiftPM shows as a build error or warning.
    package var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
}

extension [GeneratorDiagnostic] {
    /// The errors among the diagnostics (a file with any generates nothing).
    package var errors: [GeneratorDiagnostic] { filter { $0.severity == .error } }
    /// Whether a warning says why a kernel the compiler built is not typed (by its name, or as declared through a macro).
    package func explainsUntyped(_ kernel: String) -> Bool {
        contains { $0.untyped == .kernel(kernel) || { if case .throughMacro = $0 { true } else { false } }($0.untyped) }
    }
}
