/// Why the harness refused a comparison (its own errors; a variant that fails verification is a
/// record marked unverified, not an error).
public enum BenchmarkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input or reference does not hold the problem's pixels.
    case problemSizeMismatch(suite: String, problem: String, input: Int, reference: Int)
    /// The bound (the copy kernel every variant is compared with) must run on the device.
    case boundNotOnDevice(suite: String, bound: String)
    /// A kernel benchmark names an array that does not exist or has another element type.
    case argumentType(name: String, expected: String)
    /// A kernel benchmark's reference gives no array for a declared output.
    case missingReference(benchmark: String, output: String)

    public var description: String {
        switch self {
        case let .problemSizeMismatch(suite, problem, input, reference):
            "comparison \(suite): input (\(input)) and reference (\(reference)) must hold \(problem) pixels"
        case let .boundNotOnDevice(suite, bound): "comparison \(suite): the bound \(bound) must be a device variant"
        case let .argumentType(name, expected): "benchmark array \(name): no such array of type \(expected)"
        case let .missingReference(benchmark, output): "benchmark \(benchmark): the reference gives no array for output \(output)"
        }
    }
}
