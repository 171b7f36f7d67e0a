/// One kernel output compared with its reference under a tolerance: whether it passed, how many elements failed,
/// and the worst element (index, lane for vectors, both values).
public struct OutputComparison: Hashable, Sendable, Codable {
    /// The output's name ("y", "sum").
    public let output: String
    public let tolerance: String
    /// Elements compared.
    public let count: Int
    /// Elements with a lane outside the tolerance.
    public let failures: Int
    /// The worst error, in the tolerance's unit (see ``Tolerance/error(_:_:)``).
    public let maxError: Double
    /// Where the worst lane is, and its values as text (any element type).
    public let worstIndex: Int?
    public let worstLane: Int?
    public let worstExpected: String?
    public let worstActual: String?
    /// Set when the output could not be compared element by element.
    public let problem: String?

    public var passed: Bool { failures == 0 && problem == nil }

    /// Compares `actual` with `expected` element by element (vectors lane by lane).
    // Specialised for the common element types: a benchmark compares millions of elements, and the unspecialised
    // generic loop spent most of its time in the runtime looking up type metadata.
    @_specialize(where Element == Float)
    @_specialize(where Element == Double)
    @_specialize(where Element == Int32)
    @_specialize(where Element == UInt32)
    @_specialize(where Element == UInt8)
    @_specialize(where Element == SIMD4<Float>)
    public init<Element: ValidatedElement>(output: String, actual: [Element], expected: [Element], tolerance: Tolerance) {
        self.output = output
        self.tolerance = tolerance.description
        count = expected.count
        guard actual.count == expected.count else {
            failures = Swift.max(actual.count, expected.count)
            maxError = .infinity
            (worstIndex, worstLane, worstExpected, worstActual) = (nil, nil, nil, nil)
            problem = "\(actual.count) results for \(expected.count) expected"
            return
        }
        var failed = 0
        var worst: (error: Double, index: Int, lane: Int)?
        let lanes = Element.validationLaneCount
        for index in actual.indices {
            let actualElement = actual[index], expectedElement = expected[index]
            var elementFailed = false
            for lane in 0..<lanes {
                let actualLane = actualElement.validationLane(lane), expectedLane = expectedElement.validationLane(lane)
                // Equal lanes (NaN is never equal) have error 0 and pass: the common case, kept cheap.
                if actualLane == expectedLane {
                    if worst == nil { worst = (0, index, lane) }
                    continue
                }
                let error = tolerance.error(actualLane, expectedLane)
                if !tolerance.accepts(actualLane, expectedLane) { elementFailed = true }
                if worst == nil || error > worst!.error { worst = (error, index, lane) }
            }
            if elementFailed { failed += 1 }
        }
        failures = failed
        maxError = worst?.error ?? 0
        worstIndex = worst?.index
        worstLane = lanes > 1 ? worst?.lane : nil
        worstExpected = worst.map { expected[$0.index].validationLane($0.lane).description }
        worstActual = worst.map { actual[$0.index].validationLane($0.lane).description }
        problem = nil
    }

    /// "y: 3 of 1000 elements outside ≤ 2 ULP; worst at 17: expected 0.5, got 0.50001 (max error 5)".
    public var summary: String {
        if let problem { return "\(output): \(problem)" }
        let worst = worstIndex.map { index in
            "; worst at \(index)\(worstLane.map { " lane \($0)" } ?? ""): expected \(worstExpected ?? "?"), got \(worstActual ?? "?")"
        } ?? ""
        let verdict = passed ? "all \(count) elements within \(tolerance)" : "\(failures) of \(count) elements outside \(tolerance)"
        return "\(output): \(verdict)\(worst) (max error \(maxError))"
    }
}
