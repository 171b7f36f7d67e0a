/// Why a kernel check could not compare its outputs (the validation engine's own errors).
public enum KernelCheckError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The run returned another number of results than its reference.
    case outputCountMismatch(check: String, actual: Int, expected: Int)

    public var description: String {
        switch self {
        case let .outputCountMismatch(check, actual, expected): "\(check): \(actual) results for \(expected) expected"
        }
    }
}
