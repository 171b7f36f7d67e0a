@testable import SwiftCLBenchmarkHarness
import Foundation
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

    @Test("a resume cache: an interrupted or widened run evaluates only what the file lacks; another tuning replaces it",
          arguments: TestDevices.all)
    func resuming(device: Device) throws {
        let queue = try makeQueue(device)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-tune-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: cache) }
        let spec = try KernelArgumentSpec("in:float[n], out:float[n], uint=n")
        let kernel = UserKernel(source: ProgramSource(name: "scale.cl", text: Self.source), name: "scale", spec: spec)
        func tuner(_ widths: [String], factor: String = "2.0f", size: Int = 777) throws -> KernelTuner {
            var tuner = KernelTuner(kernel: kernel, space: try TuningSpace(parameters: [
                TuningSpace.Parameter(name: "VW", values: widths), TuningSpace.Parameter(name: "FACTOR", values: [factor])]),
                globalSize: "(n + VW - 1) / VW", reference: .host([try HostExpression("y = 2 * x")]), tolerance: .exact,
                size: ProblemSize(size))
            tuner.samples = 1
            tuner.sampleBudget = 0.001
            return tuner
        }
        // "Interrupted" after two configurations: the file holds those two.
        #expect(try tuner(["1", "2"]).run(on: queue, resumingFrom: cache).evaluated == 2)
        let resumed = try tuner(["1", "2", "3", "4"]).run(on: queue, resumingFrom: cache)
        #expect(resumed.evaluated == 2 && resumed.outcomes.count == 4)
        #expect(resumed.outcomes.filter(\.isTimed).count == 3, "VW 3 does not build: \(resumed.outcomes)")
        let again = try tuner(["1", "2", "3", "4"]).run(on: queue, resumingFrom: cache)
        #expect(again.evaluated == 0 && again.outcomes == resumed.outcomes, "a repeated run times nothing again")
        // A new parameter value is a new configuration of the same tuning: only it is evaluated, and kept.
        #expect(try tuner(["1"], factor: "3.0f").run(on: queue, resumingFrom: cache).evaluated == 1)
        #expect(try tuner(["1", "2"]).run(on: queue, resumingFrom: cache).evaluated == 0)
        // Another tuning (another problem size) reuses nothing, and replaces the file.
        #expect(try tuner(["1", "2"], size: 778).run(on: queue, resumingFrom: cache).evaluated == 2)
        #expect(try tuner(["1", "2"]).run(on: queue, resumingFrom: cache).evaluated == 2)
        // A file that is not a cache is ignored and replaced.
        try Data("not json".utf8).write(to: cache)
        #expect(try tuner(["1"]).run(on: queue, resumingFrom: cache).evaluated == 1)
    }

    @Test("a random sample: that many configurations, without repeats, in the space's order, the same for the same seed")
    func randomSample() throws {
        let space = try TuningSpace(parameters: [try TuningSpace.parameter("A=1,2,3,4"), try TuningSpace.parameter("B=1,2,3")],
                                    restrictions: ["A + B != 5"])
        let all = try space.configurations()
        #expect(all.count == 9)
        let drawn = KernelTuner.Strategy.randomSample(count: 4, seed: 7).select(all)
        #expect(drawn.count == 4 && Set(drawn).count == 4 && Set(drawn).isSubset(of: Set(all)))
        #expect(drawn == all.filter(drawn.contains), "in the space's order")
        #expect(KernelTuner.Strategy.randomSample(count: 4, seed: 7).select(all) == drawn)
        let seeds = (1...8).map { KernelTuner.Strategy.randomSample(count: 4, seed: UInt64($0)).select(all) }
        #expect(Set(seeds).count > 1, "other seeds draw other samples")
        #expect(KernelTuner.Strategy.randomSample(count: 20, seed: 1).select(all) == all)
        #expect(KernelTuner.Strategy.exhaustive.select(all) == all)
    }
}
