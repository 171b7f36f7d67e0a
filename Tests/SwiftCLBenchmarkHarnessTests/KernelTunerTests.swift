@testable import SwiftCLBenchmarkHarness
import SwiftCL
import SwiftCLTestSupport
import SwiftCLValidation
import Testing

/// Tuning over compile-time parameters: the space and its restrictions, and every configuration verified before it is
/// timed, on the real device.
@Suite("Kernel tuning (swiftcl tune)")
struct KernelTunerTests {
    @Test("the space: every combination in order (the last parameter fastest), restrictions as integer conditions")
    func space() throws {
        let space = try TuningSpace(parameters: [try TuningSpace.parameter("TILE=8,16,32"), try TuningSpace.parameter("VW = 1, 2, 4")],
                                    restrictions: ["TILE * VW <= 64", "TILE % VW == 0"])
        #expect(space.unrestrictedCount == 9)
        let configurations = try space.configurations()
        #expect(configurations.map(\.description) == ["TILE=8 VW=1", "TILE=8 VW=2", "TILE=8 VW=4", "TILE=16 VW=1", "TILE=16 VW=2",
                                                      "TILE=16 VW=4", "TILE=32 VW=1", "TILE=32 VW=2"])
        #expect(configurations[4].definitions == ["TILE": "16", "VW": "2"])
        #expect(configurations[4].substituted(into: "w/VW x h") == "w/2 x h")
        #expect(configurations[4].substituted(into: "TILE x TILE×VW") == "16 x 16×2")
        #expect(configurations[4].substituted(into: "TILEx") == "TILEx", "only whole names are replaced")
        #expect(try TuningSpace(parameters: [try TuningSpace.parameter("A=1")]).configurations().count == 1)
        #expect(try TuningSpace(parameters: [try TuningSpace.parameter("A=1,2")], restrictions: ["A > 5"]).configurations().isEmpty)
    }

    @Test("malformed spaces and restrictions are refused naming the part", arguments: [
        "TILE", "1TILE=4", "TILE=", "TILE=4,,8", "TILE=4;restrict:Q > 1", "TILE=4;restrict:TILE >", "TILE=4,8;dup",
    ])
    func refusals(text: String) throws {
        let parts = text.split(separator: ";").map(String.init)
        #expect(throws: KernelSpecError.self, "\(text)") {
            var parameters = [try TuningSpace.parameter(parts[0])]
            if parts.contains("dup") { parameters.append(parameters[0]) }
            let restrictions = parts.filter { $0.hasPrefix("restrict:") }.map { String($0.dropFirst("restrict:".count)) }
            _ = try TuningSpace(parameters: parameters, restrictions: restrictions).configurations()
        }
    }

    static let source = """
        #if VW == 3
        #error "no 3-wide variant"
        #endif
        kernel void scale(global const float *x, global float *y, const uint n) {
            const uint i = get_global_id(0) * VW;
            for (uint k = 0; k < VW; ++k) if (i + k < n) y[i + k] = FACTOR * x[i + k];
        }
        """

    @Test("every configuration is verified before it is timed; failed builds and wrong answers are reported, never best",
          arguments: TestDevices.all)
    func tuning(device: Device) throws {
        let queue = try makeQueue(device)
        let spec = try KernelArgumentSpec("in:float[n], out:float[n], uint=n")
        let kernel = UserKernel(source: ProgramSource(name: "scale.cl", text: Self.source), name: "scale", spec: spec)
        let space = try TuningSpace(parameters: [TuningSpace.Parameter(name: "VW", values: ["1", "2", "3", "4"]),
                                                 TuningSpace.Parameter(name: "FACTOR", values: ["2.0f", "3.0f"])])
        var tuner = KernelTuner(kernel: kernel, space: space, globalSize: "(n + VW - 1) / VW", workGroup: nil,
                                reference: .host([try HostExpression("y = 2 * x")]), tolerance: .exact, size: ProblemSize(1001))
        tuner.samples = 2
        tuner.sampleBudget = 0.002
        let outcomes = try tuner.run(on: queue)
        #expect(outcomes.count == 8)
        let timed = outcomes.prefix { $0.isTimed }
        #expect(timed.map { $0.configuration.definitions["FACTOR"] } == ["2.0f", "2.0f", "2.0f"], "\(outcomes)")
        #expect(Set(timed.compactMap { $0.configuration.definitions["VW"] }) == ["1", "2", "4"])
        #expect(timed.allSatisfy { ($0.deviceSeconds?.median ?? 0) > 0 && ($0.gbPerS ?? 0) > 0 })
        let medians = timed.compactMap { $0.deviceSeconds?.median }
        #expect(medians == medians.sorted(), "fastest first")
        for outcome in outcomes.dropFirst(timed.count) {
            switch outcome.status {
            case .timed: Issue.record("a timed outcome after the untimed ones")
            case let .wrong(output, maxError): #expect(output == "y" && maxError > 0 && outcome.configuration.definitions["FACTOR"] == "3.0f")
            case let .failed(reason): #expect(reason.contains("no 3-wide variant") && outcome.configuration.definitions["VW"] == "3", "\(reason)")
            }
        }
        #expect(outcomes.count { if case .failed = $0.status { true } else { false } } == 2)
        #expect(KernelTuner.Outcome.table(outcomes).contains("WRONG: y off by"))
    }
}
