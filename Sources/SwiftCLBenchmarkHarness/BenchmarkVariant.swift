import SwiftCL
import SwiftCLValidation

/// One candidate in a comparison: a name, the kernels it launches, how, and with what parameters.
/// A device variant is prepared for a queue and a problem, then enqueued again and again; a host
/// variant is a Swift function (a peer to compare against). Point the harness at your own kernels by
/// making variants of them.
public struct BenchmarkVariant: Sendable {
    /// A variant ready to run on one queue for one problem.
    public struct Prepared {
        /// Enqueues one run from `input` to `output`.
        public let encode: (ComputeEncoder, Buffer<Float>, Buffer<Float>) throws -> Void

        public init(encode: @escaping (ComputeEncoder, Buffer<Float>, Buffer<Float>) throws -> Void) {
            self.encode = encode
        }
    }

    public enum Body: Sendable {
        /// Prepares the variant on a queue for a problem with a local size (nil: the runtime's choice).
        case device(@Sendable (ComputeQueue, ImageProblem, Int?) throws -> Prepared)
        /// Computes the output on the host into `output`, which the harness allocates once (and the
        /// first run touches), as a device variant writes into a buffer allocated once.
        case host(@Sendable (_ input: [Float], _ output: inout [Float], ImageProblem) throws -> Void)
    }

    /// The stable name the suite selects the variant by.
    public let name: String
    /// The kernels it launches, in order (empty for host variants).
    public let kernels: [String]
    /// How it is launched, in words.
    public let plan: String
    /// Build-time and launch parameters (e.g. RANGE).
    public let parameters: [String: String]
    /// The local sizes worth sweeping (empty: no sweep; the runtime chooses).
    public let localSizeCandidates: @Sendable (ComputeQueue) throws -> [Int]
    /// Why the variant cannot run a problem, or nil when it can.
    public let unsupportedReason: @Sendable (ImageProblem) -> String?
    public let body: Body

    public init(name: String, kernels: [String], plan: String, parameters: [String: String] = [:],
                localSizeCandidates: @escaping @Sendable (ComputeQueue) throws -> [Int] = { _ in [] },
                unsupportedReason: @escaping @Sendable (ImageProblem) -> String? = { _ in nil }, body: Body) {
        self.name = name
        self.kernels = kernels
        self.plan = plan
        self.parameters = parameters
        self.localSizeCandidates = localSizeCandidates
        self.unsupportedReason = unsupportedReason
        self.body = body
    }
}
