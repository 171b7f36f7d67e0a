import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SwiftCL
import SwiftCLKernels
import Testing
@testable import SwiftCLBench
@testable import SwiftCLBenchmarks

@Suite("Benchmark harness")
struct BenchHarnessTests {
    @Test("summaries give min, median and max; none for no samples")
    func summaries() throws {
        let odd = try #require(Summary([5, 1, 3]))
        #expect(odd.min == 1 && odd.median == 3 && odd.max == 5 && odd.count == 3)
        let even = try #require(Summary([4, 1, 3, 2]))
        #expect(even.median == 2.5)
        #expect(Summary([]) == nil)
        #expect(even.scaled(by: 2).median == 5)
    }

    @Test("calibration fits the run count to the time budget")
    func calibration() throws {
        let comparison = try Comparison(suite: "t", problem: ImageProblem(width: 1, height: 1), input: [0], reference: [0],
                                        tolerance: 0, bound: BoxVariants.copyBound)
        let repetitions = try comparison.calibrate({ runs in Thread.sleep(forTimeInterval: 0.002 * Double(runs)) }, budget: 0.02)
        #expect((2...10).contains(repetitions), "about 10 runs of 2 ms (more under load) fill 20 ms, got \(repetitions)")
        #expect(try comparison.calibrate({ _ in }, budget: 1) >= 1_000, "an instant run is capped, not divided by zero")
        #expect(comparison.rate(0.5) == 2e-6, "1 pixel in 0.5 s is 2e-6 Mpix/s")
        #expect(throws: SwiftCLError.self) {
            _ = try Comparison(suite: "t", problem: ImageProblem(side: 2), input: [0], reference: [0], tolerance: 0, bound: BoxVariants.copyBound)
        }
    }

    @Test("a comparison verifies before timing, reports unsupported sizes and the copy bound", arguments: TestDevices.all)
    func comparisonRun(device: Device) throws {
        let queue = try makeQueue(device)
        let problem = ImageProblem(width: 66, height: 10)
        let input = BoxSuite.image(problem.pixels)
        let reference = try BoxFilterReference.exact(input, width: 66, height: 10, range: 2)
        var comparison = try Comparison(suite: "test", problem: problem, input: input, reference: reference,
                                        tolerance: 1e-4, bound: BoxVariants.copyBound)
        comparison.settings.sampleBudget = 0.002
        comparison.settings.samplesPerAllocation = 2
        comparison.settings.allocations = 2
        comparison.settings.sweepBudget = 0.001
        let wrong = Variant(name: "copy-pretending", kernels: ["copy"], plan: "copies instead of filtering",
                            body: BoxVariants.copyBound.body)
        let variants = [BoxVariants.device(.naive, range: 2), BoxVariants.device(.h4v4Float4, range: 2), wrong,
                        BoxVariants.hostPeer(range: 2)]
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

    static func sampleReport() -> BenchmarkReport {
        var box = BenchmarkRecord(suite: "box", variant: "strip4", metric: "mpix_per_s", summary: Summary([900, 1000, 1100])!,
                                  unit: "Mpix/s", device: "cpu", verified: true)
        box.width = 64
        box.height = 64
        box.medianMpixPerS = 1000
        box.percentOfCopyBound = 25
        let launch = BenchmarkRecord(suite: "launch", variant: "swiftcl", metric: "batched_launch", summary: Summary([2, 3, 4])!,
                                     unit: "us", device: "cpu", verified: true)
        var copy = BenchmarkRecord(suite: "copy", variant: "opencl-copy", metric: "bytes_1024", summary: Summary([10, 12])!,
                                   unit: "GB/s", device: "cpu", verified: true, extra: ["bytes": 1024])
        copy.width = 256
        copy.height = 1
        var copy2 = copy
        copy2.metric = "bytes_4096"
        copy2.extra = ["bytes": 4096]
        return BenchmarkReport(results: [box, launch, copy, copy2],
                               suites: [SuiteSummary(name: "box", width: 64, height: 64, copyBoundMpixPerS: 4000)],
                               context: ["device": "test <device> & co"])
    }

    @Test("the JSON report is a flat results list with snake_case keys, and reads back")
    func json() throws {
        let report = Self.sampleReport()
        let data = try report.jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == 4)
        for key in ["suite", "variant", "median", "min", "max", "unit", "width", "height", "median_mpix_per_s",
                    "percent_of_copy_bound", "verified"] {
            #expect(results[0][key] != nil, "record has \(key)")
        }
        let suites = try #require(object["suites"] as? [[String: Any]])
        #expect(suites.first?["copy_bound_mpix_per_s"] as? Double == 4000)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-\(UUID())/report.json")
        try report.writeJSON(to: url)
        let back = try BenchmarkReport.read(from: url)
        #expect(back.results == report.results)
        #expect(back.suites == report.suites)
    }

    @Test("the SVG charts are well-formed XML that names every variant and escapes text")
    func svg() throws {
        let report = Self.sampleReport()
        let bars = try #require(report.barChart(suite: "box"))
        let lines = try #require(report.copyChart())
        for svg in [bars, lines] {
            let parser = XMLParser(data: Data(svg.utf8))
            #expect(parser.parse(), "parses as XML: \(parser.parserError.map { "\($0)" } ?? "")")
            #expect(svg.contains("<svg"))
            #expect(svg.contains("&lt;device&gt; &amp; co"))
        }
        #expect(bars.contains("strip4") && bars.contains("copy bound"))
        #expect(lines.contains("opencl-copy") && lines.contains("1 KiB"))
        #expect(report.barChart(suite: "nothing") == nil)
        let markdown = report.markdown()
        #expect(markdown.contains("| suite | variant |") && markdown.contains("| box | strip4 |"))
        #expect(markdown.contains("copy bound 4000 Mpix/s"))
    }

    @Test("a baseline comparison flags regressions beyond the threshold, either way a unit points")
    func baseline() throws {
        let old = Self.sampleReport()
        var new = old
        new.results[0].median = 850  // Mpix/s down 15%: a regression
        new.results[1].median = 3.1  // µs up 3%: within 10%
        new.results[2].median = 14  // GB/s up: an improvement
        let checker = Baseline(threshold: 0.10)
        let changes = checker.compare(new, with: old)
        #expect(changes.count == 4)
        let byVariant = Dictionary(uniqueKeysWithValues: changes.map { ($0.key, $0) })
        #expect(byVariant["box|strip4|mpix_per_s|64|64"]?.isRegression == true)
        #expect(byVariant["launch|swiftcl|batched_launch||"]?.isRegression == false)
        #expect((byVariant["copy|opencl-copy|bytes_1024|256|1"]?.improvementPercent ?? 0) > 0)
        new.results[1].median = 4  // µs up 33%: a regression too
        #expect(checker.compare(new, with: old).filter(\.isRegression).count == 2)
        #expect(checker.describe(changes).contains("REGRESSION"))
    }

    @Test("the tuning store remembers local sizes in a private folder and survives a corrupt file")
    func tuningStore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-tuning-\(UUID())")
        let url = folder.appendingPathComponent("cache/tuning.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = TuningStore(url: url)
        #expect(store.localSize(for: "k") == nil)
        try store.remember(64, for: "k")
        try store.remember(nil, for: "runtime")
        let reopened = TuningStore(url: url)
        #expect(reopened.localSize(for: "k") == .some(64))
        #expect(reopened.localSize(for: "runtime") == .some(nil))
        let attributes = try FileManager.default.attributesOfItem(atPath: url.deletingLastPathComponent().path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        try Data("not json".utf8).write(to: url)
        #expect(TuningStore(url: url).all.isEmpty)
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
