/// Why the harness refused a benchmark (its own errors; a variant that fails verification is a result marked
/// unverified, not an error).
public enum BenchmarkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A kernel benchmark names an array that does not exist or has another element type.
    case argumentType(name: String, expected: String)
    /// A kernel benchmark's reference gives no array for a declared output.
    case missingReference(benchmark: String, output: String)

    public var description: String {
        switch self {
        case let .argumentType(name, expected): "benchmark array \(name): no such array of type \(expected)"
        case let .missingReference(benchmark, output): "benchmark \(benchmark): the reference gives no array for output \(output)"
        }
    }
}
