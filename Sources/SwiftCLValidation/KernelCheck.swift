import SwiftCL

/// A kernel validation: for each size, run the kernel on a device and compare its output with a host
/// reference under a tolerance. Sizes are `width × height` (1-D kernels use height 1).
public struct KernelCheck: Sendable {
    /// What one run produced and what it should have.
    public struct Outcome: Sendable {
        public let actual: [Float]
        public let expected: [Float]

        public init(actual: [Float], expected: [Float]) {
            self.actual = actual
            self.expected = expected
        }
    }

    /// The name reports and `--check` use.
    public let name: String
    /// The sizes to sweep.
    public let sizes: [ImageProblem]
    public let tolerance: Tolerance
    /// The local sizes worth trying on a queue (nil: the runtime's choice; always tried).
    public let localSizes: @Sendable (ComputeQueue) throws -> [Int]
    /// Runs the kernel for a size with a local size and returns its output and the reference.
    public let run: @Sendable (ComputeQueue, ImageProblem, Int?) throws -> Outcome

    public init(name: String, sizes: [ImageProblem], tolerance: Tolerance,
                localSizes: @escaping @Sendable (ComputeQueue) throws -> [Int] = { _ in [] },
                run: @escaping @Sendable (ComputeQueue, ImageProblem, Int?) throws -> Outcome) {
        self.name = name
        self.sizes = sizes
        self.tolerance = tolerance
        self.localSizes = localSizes
        self.run = run
    }
}

/// One case of a validation run: which check, device, size and local size, and how it went.
public struct ValidationCase: Hashable, Sendable, Codable, CustomStringConvertible {
    public let check: String
    public let device: String
    public let width: Int
    public let height: Int
    public let localSize: Int?
    public let passed: Bool
    /// The largest error, in the tolerance's unit.
    public let maxError: Double
    public let tolerance: String
    /// Where the worst element is (x, y) and its values, when there are elements.
    public let worstX: Int?
    public let worstY: Int?
    public let worstExpected: Float?
    public let worstActual: Float?
    /// An error that stopped the case (thrown by SwiftCL or the runtime), if any.
    public let failure: String?

    public var description: String {
        let size = height == 1 ? "\(width)" : "\(width)×\(height)"
        let local = localSize.map { "local \($0)" } ?? "local auto"
        if let failure { return "FAIL \(check) \(size) \(local) on \(device): \(failure)" }
        let worst = worstX.map { x in
            " worst at (\(x), \(worstY ?? 0)): expected \(worstExpected ?? .nan), got \(worstActual ?? .nan)"
        } ?? ""
        return "\(passed ? "pass" : "FAIL") \(check) \(size) \(local) on \(device): max error \(maxError) (\(tolerance))\(worst)"
    }
}
