import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLKernels
import SwiftCLTestSupport
import SwiftCLValidation
import Testing
@testable import SwiftCLBenchmarkSuites

@Suite("Shipped benchmark suites")
struct BenchmarkSuitesTests {
    @Test("a comparison verifies before timing, reports unsupported sizes and the copy bound", arguments: TestDevices.all)
    func comparisonRun(device: Device) throws {
        let queue = try makeQueue(device)
        let problem = ImageProblem(width: 66, height: 10)
        let input = BoxSuite.image(problem.pixels)
        let reference = try BoxFilterReference.exact(input, width: 66, height: 10, range: 2)
        var comparison = try Comparison(suite: "test", problem: problem, input: input, reference: reference,
                                        tolerance: 1e-4, bound: BoxFilterBenchmarkVariants.copyBound)
        comparison.settings.sampleBudget = 0.002
        comparison.settings.samplesPerAllocation = 2
        comparison.settings.allocations = 2
        comparison.settings.sweepBudget = 0.001
        let wrong = BenchmarkVariant(name: "copy-pretending", kernels: ["copy"], plan: "copies instead of filtering",
                            body: BoxFilterBenchmarkVariants.copyBound.body)
        let variants = [BoxFilterBenchmarkVariants.device(.naive, range: 2), BoxFilterBenchmarkVariants.device(.h4v4Float4, range: 2), wrong,
                        BoxFilterBenchmarkVariants.hostPeer(range: 2)]
        let (records, bound) = try comparison.run(variants, on: queue)
        #expect(records.map(\.variant) == ["boxAvg1", "H4+V4_float4", "copy-pretending", "host-swift-parallel"])
        #expect(bound > 0)
        #expect(records.allSatisfy { $0.copyBoundMpixPerS == bound })
        let naive = records[0]
        #expect(naive.verified && naive.samples == 4)
        #expect((naive.maxAbsError ?? 1) <= 1e-4)
        #expect(naive.min <= naive.median && naive.median <= naive.max)
        #expect((naive.percentOfCopyBound ?? 0) > 0)
        #expect(abs((naive.gbPerS ?? 0) - naive.median * 8 / 1000) <= 1e-9 * naive.median, "GB/s counts 8 bytes per pixel")
        #expect(!records[1].verified && records[1].note?.hasPrefix("unsupported: ") == true && records[1].samples == 0)
        #expect(!records[2].verified && records[2].note?.hasPrefix("failed verification") == true)
        #expect(records[3].verified && records[3].device == "host")
    }

    @Test("the launch and square suites verify both paths before timing them (smoke run)", arguments: TestDevices.all)
    func suitesSmoke(device: Device) throws {
        var launch = LaunchSuite()
        launch.rounds = 2
        launch.batchSize = 10
        launch.waitSamples = 4
        let launchRecords = try launch.run(on: device)
        #expect(launchRecords.map(\.variant) == ["swiftcl", "raw-c", "swiftcl", "raw-c", "swiftcl"])
        #expect(launchRecords.map(\.metric) == ["batched_launch", "batched_launch", "enqueue_wait", "enqueue_wait", "empty_sync"])
        #expect(launchRecords.allSatisfy { $0.verified && $0.unit == "us" && $0.median > 0 })
        var square = SquareSuite()
        square.count = 4099
        square.rounds = 2
        let squareRecords = try square.run(on: device)
        #expect(Set(squareRecords.map(\.variant)) == ["swiftcl", "raw-c", "host-swift", "host-swift-parallel"])
        #expect(squareRecords.allSatisfy { $0.verified })
        var copy = CopySuite()
        copy.sizes = [1024, 4096]
        copy.samples = 2
        copy.sampleBudget = 0.001
        let copyRecords = try copy.run(on: device)
        #expect(copyRecords.count == 4 && copyRecords.allSatisfy { $0.verified && $0.unit == "GB/s" })
    }
}
