/// Why a kernel check could not compare its outputs (the validation engine's own errors).
public enum KernelCheckError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An output has another number of results than its reference (`detail` gives both counts).
    case outputCountMismatch(check: String, output: String, detail: String)

    public var description: String {
        switch self {
        case let .outputCountMismatch(check, output, detail): "\(check), output \(output): \(detail)"
        }
    }
}
