/// Options for `clBuildProgram`, with named members for the common ones and raw passthrough.
///
/// ```swift
/// var options = BuildOptions()
/// options.define("RANGE", 2)
/// options.fastRelaxedMath = true
/// ```
public struct BuildOptions: Hashable, Sendable, CustomStringConvertible {
    /// A `-D NAME[=VALUE]` preprocessor definition.
    public struct Definition: Hashable, Sendable {
        public let name: String
        public let value: String?
    }

    /// The `-cl-std=` language version.
    public enum Standard: String, Hashable, Sendable {
        case cl1_1 = "CL1.1", cl1_2 = "CL1.2", cl2_0 = "CL2.0", cl3_0 = "CL3.0"
    }

    /// `-D` definitions, in order.
    public var definitions: [Definition] = []
    /// `-cl-fast-relaxed-math`.
    public var fastRelaxedMath = false
    /// `-cl-mad-enable`.
    public var madEnable = false
    /// `-cl-denorms-are-zero`.
    public var denormsAreZero = false
    /// `-cl-finite-math-only`.
    public var finiteMathOnly = false
    /// `-cl-opt-disable`.
    public var optimizationDisabled = false
    /// `-cl-std=`.
    public var standard: Standard?
    /// `-cl-kernel-arg-info`: on by default so SwiftCL can check argument types before a launch.
    public var kernelArgumentInfo = true
    /// Anything else, passed through verbatim (e.g. `-w`, `-Werror`, `-I dir`).
    public var raw: [String] = []

    public init() {}

    /// Adds `-D name` or `-D name=value`.
    public mutating func define(_ name: String, _ value: (any CustomStringConvertible)? = nil) {
        definitions.append(Definition(name: name, value: value.map { String(describing: $0) }))
    }

    /// A copy with `-D name[=value]` added.
    public func defining(_ name: String, _ value: (any CustomStringConvertible)? = nil) -> BuildOptions {
        var copy = self
        copy.define(name, value)
        return copy
    }

    /// Checks every definition is a C identifier with a value free of blanks, so a definition can never
    /// smuggle in another option.
    func validated() throws -> BuildOptions {
        for (index, option) in raw.enumerated() {
            try option.refusingNUL("build option raw[\(index)]")
        }
        for definition in definitions {
            guard let first = definition.name.unicodeScalars.first,
                  first == "_" || (first.properties.isAlphabetic && first.isASCII),
                  definition.name.unicodeScalars.allSatisfy({ $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) })
            else {
                throw SwiftCLError.invalidDefinition(name: definition.name, value: nil)
            }
            try definition.value?.refusingNUL("build option -D \(definition.name)")
            if let value = definition.value, value.isEmpty || value.contains(where: \.isWhitespace) {
                throw SwiftCLError.invalidDefinition(name: definition.name, value: value)
            }
        }
        return self
    }

    /// The options string handed to `clBuildProgram`.
    public var description: String {
        var parts: [String] = definitions.map { definition in
            definition.value.map { "-D \(definition.name)=\($0)" } ?? "-D \(definition.name)"
        }
        if fastRelaxedMath { parts.append("-cl-fast-relaxed-math") }
        if madEnable { parts.append("-cl-mad-enable") }
        if denormsAreZero { parts.append("-cl-denorms-are-zero") }
        if finiteMathOnly { parts.append("-cl-finite-math-only") }
        if optimizationDisabled { parts.append("-cl-opt-disable") }
        if let standard { parts.append("-cl-std=\(standard.rawValue)") }
        if kernelArgumentInfo { parts.append("-cl-kernel-arg-info") }
        parts += raw
        return parts.joined(separator: " ")
    }
}
