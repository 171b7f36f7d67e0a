import Foundation
import SwiftCL
import SwiftCLValidation
import SwiftCLKernels
import SwiftCLValidationSuites
import SwiftCLTestSupport
import Testing

@Suite("Kernel validation")
struct ValidationTests {
    @Test("tolerances: absolute, relative, ULP; NaN never passes")
    func tolerances() {
        #expect(Tolerance.absolute(0.1).accepts(1.05, 1))
        #expect(!Tolerance.absolute(0.1).accepts(1.2, 1))
        #expect(Tolerance.relative(0.01).accepts(1005, 1000) && !Tolerance.relative(0.01).accepts(1020, 1000))
        #expect(Tolerance.ulp(0).accepts(1, 1) && !Tolerance.ulp(0).accepts(1, Float(1).nextUp))
        #expect(Tolerance.ulp(1).accepts(Float(1).nextUp, 1) && Tolerance.ulp(2).accepts(Float(0).nextUp, Float(0).nextDown))
        #expect(!Tolerance.absolute(.infinity).accepts(.nan, 0))
        #expect(Tolerance.ulp(3).error(Float(1).nextUp.nextUp, 1) == 2)
    }

    /// One parameterised test per shipped kernel: every device, every size, every allowed local size.
    @Test("every shipped kernel matches its host reference", arguments: ShippedChecks.all())
    func shippedKernel(check: KernelCheck) {
        for device in TestDevices.all {
            let cases = Validator().run([check], on: [device])
            #expect(!cases.isEmpty)
            for failure in cases where !failure.passed {
                Issue.record("\(failure)")
            }
        }
    }

    @Test("a failing case names the worst element, its position and both values", arguments: TestDevices.all)
    func failureReport(device: Device) throws {
        let wrong = KernelCheck(name: "square-against-a-wrong-reference", sizes: [ImageProblem(width: 5, height: 2)],
                                tolerance: .absolute(0.5)) { queue, size, _ in
            let input = (0..<size.pixels).map(Float.init)
            let square = try SquareCL.Square(context: queue.context)
            let a = try Buffer(copying: input, context: queue.context)
            let b = try Buffer<Float>(count: input.count, context: queue.context)
            let output = try queue.sync { cl in
                try square(cl, NDRange(input.count), input: a, output: b)
                return try cl.read(b)
            }
            var expected = SquareCL.Square.reference(input)
            expected[7] += 3  // element (2, 1) is "expected" to be 52 instead of 49
            return KernelCheck.Outcome(actual: output, expected: expected)
        }
        let result = try #require(Validator().run([wrong], on: [device]).first)
        #expect(!result.passed)
        #expect(result.worstX == 2 && result.worstY == 1)
        #expect(result.worstExpected == "52.0" && result.worstActual == "49.0" && result.maxError == 3 && result.output == "output")
        #expect(result.description.contains("worst at (2, 1): expected 52.0, got 49.0"))
        let throwing = KernelCheck(name: "throws", sizes: [ImageProblem(width: 1, height: 1)], tolerance: .ulp(0)) { _, _, _ in
            throw OnPurpose()
        }
        let thrown = try #require(Validator().run([throwing], on: [device]).first)
        #expect(!thrown.passed && thrown.failure == "on purpose")
        let json = try Validator.json([result, thrown])
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["passed"] as? Bool == false && (object["cases"] as? [Any])?.count == 2)
        #expect(Validator.table([result, thrown]).contains("1 FAIL"))
    }

    @Test("Oclgrind's report parses into findings attributed to the running case")
    func oclgrindParsing() {
        let log = """

        [case] square 1×1 local auto

        [case] broken_oob_write 16×1 local auto

        Invalid write of size 4 at global memory address 0x2000000000040
        \tKernel: broken_oob_write
        \tEntity: Global(15,0,0) Local(15,0,0) Group(0,0,0)
        \tAt line 5 (column 20) of input.cl:

        Read-write data race at local memory address 0x1000000000004
        \tKernel: broken_missing_barrier
        """
        let findings = Oclgrind.parse(log)
        #expect(findings.count == 2)
        #expect(findings[0].context == "broken_oob_write 16×1 local auto" && findings[0].kernel == "broken_oob_write")
        #expect(findings[0].summary.hasPrefix("Invalid write of size 4") && findings[0].details.count == 3)
        #expect(findings[1].kernel == "broken_missing_barrier" && findings[1].summary.contains("data race"))
    }

    @Test("findings group by case, kernel and kind (addresses blanked): one missing barrier is one group, not 961 lines")
    func oclgrindGrouping() {
        func race(_ address: Int, kernel: String = "broken_missing_barrier", context: String = "c 16 local auto") -> Oclgrind.Finding {
            Oclgrind.Finding(context: context, kernel: kernel, summary: "Read-write data race at local memory address 0x\(String(address, radix: 16))",
                             details: ["Kernel: \(kernel)"])
        }
        let write = Oclgrind.Finding(context: "c 16 local auto", kernel: "k", summary: "Invalid write of size 4 at global memory address 0x20",
                                     details: [])
        let findings = (0..<961).map { race(0x1000 + 4 * $0) } + [write, race(8, context: "c 32 local auto"), race(12)]
        let groups = Oclgrind.grouped(findings)
        #expect(groups.map(\.count) == [962, 1, 1])
        #expect(groups[0].examples.map(\.summary) == [findings[0].summary, findings[1].summary])
        #expect(groups[1].examples == [write] && groups[2].examples.first?.context == "c 32 local auto")
        #expect(race(0x1000).kind == "Read-write data race at local memory address …")
        #expect(write.kind == "Invalid write of size … at global memory address …")
        #expect(Oclgrind.grouped([]).isEmpty && Oclgrind.grouped(findings, examples: 5)[0].examples.count == 5)
    }

    @Test("Oclgrind is installed (the README's test command installs it), so memcheck runs on CI")
    func oclgrindInstalled() {
        #expect(Oclgrind.libraryPath != nil, "install the Debian package oclgrind (scripts/install-opencl.sh does)")
    }
}

extension KernelCheck: CustomTestStringConvertible {
    public var testDescription: String { name }
}

/// An error a check throws on purpose; its description is what the case reports.
struct OnPurpose: Error, CustomStringConvertible {
    var description: String { "on purpose" }
}
