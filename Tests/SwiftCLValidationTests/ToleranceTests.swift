import SwiftCLValidation
import Testing

/// One row of the tolerance table: a tolerance, two values, and whether they pass.
struct ToleranceCase: Sendable, CustomTestStringConvertible {
    let label: String
    let accepts: @Sendable () -> Bool
    let expected: Bool

    init<S: ValidatedScalar>(_ tolerance: Tolerance, _ actual: S, _ reference: S, _ expected: Bool) {
        label = "\(tolerance): \(actual) vs \(reference) (\(S.self))"
        accepts = { tolerance.accepts(actual, reference) }
        self.expected = expected
    }

    var testDescription: String { label }

    static let table: [ToleranceCase] = [
        // exact
        ToleranceCase(.exact, Float(1), 1, true),
        ToleranceCase(.exact, Float(1).nextUp, 1, false),
        ToleranceCase(.exact, Float(-0.0), 0, true),
        ToleranceCase(.exact, Int64.max, Int64.max - 1, false),
        // NumPy allclose: |a − e| ≤ atol + rtol·|e|
        ToleranceCase(.allClose(atol: 1e-8, rtol: 1e-5), 1.00001, 1.0, true),
        ToleranceCase(.allClose(atol: 1e-8, rtol: 1e-5), 1.0001, 1.0, false),
        ToleranceCase(.allClose(atol: 1e-8, rtol: 1e-5), 1e-9, 0.0, true),
        ToleranceCase(.allClose(atol: 0, rtol: 1e-5), 1e-9, 0.0, false),
        ToleranceCase(.allClose(atol: 1e-6, rtol: 0), Float(3e-7), Float(-5e-7), true),
        // near zero: relative and ULP tolerances break down, an absolute floor does not
        ToleranceCase(.relative(0.01), Float(1e-30), 0, false),
        ToleranceCase(.ulp(1000), Float(1e-30), 0, false),
        ToleranceCase(.anyOf([.ulp(4), .absolute(1e-6)]), Float(1e-30), 0, true),
        ToleranceCase(.anyOf([.ulp(4), .absolute(1e-6)]), Float(1).nextUp.nextUp, 1, true),
        ToleranceCase(.anyOf([.ulp(4), .absolute(1e-6)]), Float(1) + 1e-5, 1, false),
        ToleranceCase(.allOf([.ulp(4), .absolute(1e-6)]), Float(1e-30), 0, false),
        ToleranceCase(.allOf([.ulp(4), .absolute(1)]), Float(100).nextUp, 100, true),
        // ULPs across zero and for each floating-point width
        ToleranceCase(.ulp(2), Float(0).nextUp, Float(0).nextDown, true),
        ToleranceCase(.ulp(1), Float16(1).nextUp, Float16(1), true),
        ToleranceCase(.ulp(1), Float16(1).nextUp.nextUp, Float16(1), false),
        ToleranceCase(.ulp(1), Double(1).nextUp, 1, true),
        ToleranceCase(.ulp(0), Double(1).nextUp, 1, false),
        ToleranceCase(.ulp(2), -Double.leastNonzeroMagnitude, .leastNonzeroMagnitude, true),
        ToleranceCase(.ulp(1), Float.greatestFiniteMagnitude, .infinity, true),
        // integers: exact, or ±n; no overflow at the extremes
        ToleranceCase(.absolute(2), Int32(5), 7, true),
        ToleranceCase(.absolute(2), Int32(5), 8, false),
        ToleranceCase(.ulp(1), UInt8(255), 254, true),
        ToleranceCase(.absolute(1), Int64.min, Int64.max, false),
        ToleranceCase(.absolute(1), UInt64.max, UInt64.max - 1, true),
        // infinities match themselves; NaN never passes
        ToleranceCase(.absolute(0), Float.infinity, .infinity, true),
        ToleranceCase(.relative(1), -Float.infinity, .infinity, false),
        ToleranceCase(.absolute(.infinity), Float.nan, 0, false),
        ToleranceCase(.allClose(atol: 1, rtol: 1), Double.nan, .nan, false),
    ]
}

@Suite("Tolerances and output comparisons")
struct ToleranceTests {
    @Test("each tolerance accepts and refuses as documented", arguments: ToleranceCase.table)
    func table(row: ToleranceCase) {
        #expect(row.accepts() == row.expected)
    }

    @Test("errors are reported in each tolerance's unit")
    func errorUnits() {
        #expect(Tolerance.ulp(3).error(Float(1).nextUp.nextUp, 1) == 2)
        #expect(Tolerance.absolute(1).error(Int64.min, Int64.max) == Double(UInt64.max))
        #expect(Tolerance.relative(1).error(Float(1.5), 1) == 0.5)
        #expect(Tolerance.allClose(atol: 1, rtol: 0).error(Float(1.5), 1) == 0.5)
        #expect(Tolerance.allClose(atol: 1, rtol: 0).error(Float(3), 1) == 2)
        #expect(Tolerance.anyOf([.absolute(2), .absolute(4)]).error(Float(3), 1) == 0.5)
        #expect(Tolerance.exact.error(Float.nan, 1) == .infinity)
        #expect(Tolerance.anyOf([.ulp(4), .absolute(1e-6)]).description == "≤ 4 ULP or abs ≤ 1e-06")
    }

    @Test("vectors compare lane by lane and the report names the output, index, lane and both values")
    func vectors() {
        let expected = (0..<5).map { SIMD4<Float>(Float($0), 1, 2, 3) }
        var actual = expected
        actual[3][2] = 2.5
        let comparison = OutputComparison(output: "rgba", actual: actual, expected: expected, tolerance: .absolute(0.1))
        #expect(!comparison.passed && comparison.failures == 1 && comparison.count == 5)
        #expect(comparison.worstIndex == 3 && comparison.worstLane == 2)
        #expect(comparison.worstExpected == "2.0" && comparison.worstActual == "2.5" && comparison.maxError == 0.5)
        #expect(comparison.summary == "rgba: 1 of 5 elements outside abs ≤ 0.1; worst at 3 lane 2: expected 2.0, got 2.5 (max error 0.5)")
        let counts = OutputComparison(output: "n", actual: [UInt32(7), 9], expected: [7, 9, 11], tolerance: .exact)
        #expect(!counts.passed && counts.problem == "2 results for 3 expected")
    }

    /// The comparison is specialised for common element types (`Float`, `Double`, …) and generic for the rest; both
    /// must report the same.
    func checkScalarComparison<Element: ValidatedElement & BinaryFloatingPoint>(_: Element.Type) {
        let expected: [Element] = [0, 1, 2, 3, 4, 5]
        let same = OutputComparison(output: "y", actual: expected, expected: expected, tolerance: .exact)
        #expect(same.passed && same.maxError == 0 && same.worstIndex == 0 && same.worstLane == nil)
        let signedZero = OutputComparison(output: "y", actual: [-0.0 as Element], expected: [0], tolerance: .exact)
        #expect(signedZero.passed)
        var actual = expected
        actual[2] = .nan
        actual[4] = 4.25
        let broken = OutputComparison(output: "y", actual: actual, expected: expected, tolerance: .absolute(0.5))
        #expect(!broken.passed && broken.failures == 1 && broken.worstIndex == 2 && broken.maxError == .infinity)
        actual[2] = 2
        let close = OutputComparison(output: "y", actual: actual, expected: expected, tolerance: .absolute(0.5))
        #expect(close.passed && close.worstIndex == 4 && close.maxError == 0.25)
    }

    @Test("specialised and generic comparisons agree: equal values, −0 against +0, NaN, the worst element")
    func specialisedAndGenericAgree() {
        checkScalarComparison(Float.self)
        checkScalarComparison(Double.self)
        checkScalarComparison(Float16.self)
    }
}
