/// Why a kernel argument spec (the CLI's `--args`) was refused.
public enum KernelSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    case badExpression(String, reason: String)
    case badArgument(String, reason: String)
    case argumentCount(kernel: String, parameters: Int, given: Int)
    case badSize(String)
    case badTolerance(String)

    public var description: String {
        switch self {
        case let .badExpression(text, reason): "expression '\(text)': \(reason)"
        case let .badArgument(text, reason): "argument '\(text)': \(reason)"
        case let .argumentCount(kernel, parameters, given): "kernel \(kernel) has \(parameters) parameters; --args gives \(given)"
        case let .badSize(text): "size '\(text)': use N, WxH or WxHxD with positive integers"
        case let .badTolerance(text):
            "tolerance '\(text)': use exact, abs:B, rel:R, ulp:N or allclose:ATOL,RTOL"
        }
    }
}
