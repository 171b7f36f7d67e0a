import SwiftCL

/// A kernel validation: for each size, run the kernel on a device and compare its output with a host
/// reference under a tolerance. Sizes are `width × height` (1-D kernels use height 1).
public struct KernelCheck: Sendable {
    /// What one run produced and what it should have: one or more named outputs of any element type.
    public struct Outcome: Sendable {
        /// One output: its comparison, made under the check's tolerance unless the output sets its own.
        public struct Output: Sendable {
            public let name: String
            let ownTolerance: Tolerance?
            let compare: @Sendable (Tolerance) -> OutputComparison

            /// An output named `name`; `tolerance`, when given, replaces the check's for this output (an integer
            /// count beside floating-point sums, say).
            public init<Element: ValidatedElement>(_ name: String, actual: [Element], expected: [Element], tolerance: Tolerance? = nil) {
                self.name = name
                ownTolerance = tolerance
                compare = { OutputComparison(output: name, actual: actual, expected: expected, tolerance: tolerance ?? $0) }
            }

            /// An output compared by `comparing` under the check's tolerance (or `tolerance`), for callers that hold
            /// their arrays type-erased.
            public init(_ name: String, tolerance: Tolerance? = nil, comparing: @escaping @Sendable (Tolerance) -> OutputComparison) {
                self.name = name
                ownTolerance = tolerance
                compare = { comparing(tolerance ?? $0) }
            }
        }

        public let outputs: [Output]

        /// Several outputs, each compared on its own.
        public init(outputs: [Output]) { self.outputs = outputs }

        /// One output named "output".
        public init<Element: ValidatedElement>(actual: [Element], expected: [Element]) {
            self.init(outputs: [Output("output", actual: actual, expected: expected)])
        }

        /// Each output compared under its own tolerance or `tolerance`.
        public func comparisons(under tolerance: Tolerance) -> [OutputComparison] {
            outputs.map { $0.compare(tolerance) }
        }
    }

    /// The name reports and `--check` use.
    public let name: String
    /// The sizes to sweep.
    public let sizes: [ImageProblem]
    public let tolerance: Tolerance
    /// The work-group shapes worth trying on a queue besides the runtime's choice (which is always tried).
    public let localShapes: @Sendable (ComputeQueue) throws -> [WorkGroupShape]
    /// Runs the kernel for a size with a work-group shape (nil: the runtime's choice) and returns its output and the
    /// reference.
    public let runShaped: @Sendable (ComputeQueue, ImageProblem, WorkGroupShape?) throws -> Outcome

    /// A check whose local sizes are 1-D (the first dimension; the others 1).
    public init(name: String, sizes: [ImageProblem], tolerance: Tolerance,
                localSizes: @escaping @Sendable (ComputeQueue) throws -> [Int] = { _ in [] },
                run: @escaping @Sendable (ComputeQueue, ImageProblem, Int?) throws -> Outcome) {
        self.init(name: name, sizes: sizes, tolerance: tolerance, localShapes: { queue in try localSizes(queue).map(WorkGroupShape.init) }) {
            queue, size, shape in try run(queue, size, shape?.extents[0])
        }
    }

    /// A check with work-group shapes of any dimension (`16x16`).
    public init(name: String, sizes: [ImageProblem], tolerance: Tolerance,
                localShapes: @escaping @Sendable (ComputeQueue) throws -> [WorkGroupShape],
                runShaped: @escaping @Sendable (ComputeQueue, ImageProblem, WorkGroupShape?) throws -> Outcome) {
        self.name = name
        self.sizes = sizes
        self.tolerance = tolerance
        self.localShapes = localShapes
        self.runShaped = runShaped
    }

    /// The first dimension of each of ``localShapes``.
    public var localSizes: @Sendable (ComputeQueue) throws -> [Int] {
        { [localShapes] queue in try localShapes(queue).map { $0.extents[0] } }
    }

    /// ``runShaped`` with a 1-D local size.
    public var run: @Sendable (ComputeQueue, ImageProblem, Int?) throws -> Outcome {
        { [runShaped] queue, size, local in try runShaped(queue, size, local.map(WorkGroupShape.init)) }
    }
}

/// One case of a validation run: which check, device, size and local size, and how it went.
public struct ValidationCase: Hashable, Sendable, Codable, CustomStringConvertible {
    public let check: String
    public let device: String
    public let width: Int
    public let height: Int
    /// The local size when it is 1-D (nil: the runtime's choice, or a shape of more dimensions).
    public let localSize: Int?
    /// The work-group shape the case ran with (nil: the runtime's choice).
    public let localShape: WorkGroupShape?
    public let passed: Bool
    /// The largest error, in the tolerance's unit.
    public let maxError: Double
    public let tolerance: String
    /// The output holding the worst element (the first failing output, else the one with the largest error).
    public let output: String?
    /// Where the worst element is: its index in the output, and (x, y) for the check's width.
    public let worstIndex: Int?
    public let worstX: Int?
    public let worstY: Int?
    /// The worst lane's values, as text (any element type).
    public let worstExpected: String?
    public let worstActual: String?
    /// Every output's comparison.
    public let outputs: [OutputComparison]
    /// An error that stopped the case (thrown by SwiftCL or the runtime), if any.
    public let failure: String?

    public var description: String {
        let size = height == 1 ? "\(width)" : "\(width)×\(height)"
        let local = localShape.map { "local \($0)" } ?? localSize.map { "local \($0)" } ?? "local auto"
        if let failure { return "FAIL \(check) \(size) \(local) on \(device): \(failure)" }
        let named = outputs.count > 1 ? output.map { " in \($0)" } ?? "" : ""
        let worst = worstX.map { x in
            "\(named) worst at \(height == 1 ? "\(x)" : "(\(x), \(worstY ?? 0))"): expected \(worstExpected ?? "?"), got \(worstActual ?? "?")"
        } ?? ""
        return "\(passed ? "pass" : "FAIL") \(check) \(size) \(local) on \(device): max error \(maxError) (\(tolerance))\(worst)"
    }
}
