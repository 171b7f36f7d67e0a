import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SwiftCL
import Testing
@testable import SwiftCLBenchmarkHarness
import SwiftCLValidation

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

    /// Load-proof (issue 40): the arithmetic is tested on given durations; the clocked runs are held only to what a
    /// machine at any load gives (a 2 ms sleep never takes less than 2 ms, so at most 10 fill 20 ms; it may take far
    /// longer, so one run is the least).
    @Test("calibration fits the run count to the time budget")
    func calibration() throws {
        #expect(Stopwatch.repetitions(toFill: 0.02, oneRunTaking: 0.002) == 10)
        #expect(Stopwatch.repetitions(toFill: 0.02, oneRunTaking: 0.003) == 6)
        #expect(Stopwatch.repetitions(toFill: 0.02, oneRunTaking: 0.5) == 1, "a run longer than the budget still runs once")
        #expect(Stopwatch.repetitions(toFill: 1, oneRunTaking: 0) == 10_000, "an instant run is capped, not divided by zero")
        #expect(Stopwatch.repetitions(toFill: 1, oneRunTaking: 1e-12) == 10_000)
        #expect(Stopwatch.repetitions(toFill: .infinity, oneRunTaking: 1, atMost: 7) == 7)
        #expect(Stopwatch.repetitions(toFill: .nan, oneRunTaking: 1) == 1)
        let sleeper = HostPeerRun(run: KernelBenchmark.HostRun(run: { Thread.sleep(forTimeInterval: 0.002) }, outputs: { HostArrays() }))
        let repetitions = try sleeper.calibrate(budget: 0.02)
        #expect((1...10).contains(repetitions), "runs of at least 2 ms fill 20 ms at most 10 times, got \(repetitions)")
        let instant = HostPeerRun(run: KernelBenchmark.HostRun(run: {}, outputs: { HostArrays() }))
        #expect((1...10_000).contains(try instant.calibrate(budget: 1)))
        let sample = try sleeper.sample(runs: 3)
        #expect(sample.device == nil && sample.seconds == sample.host && sample.host >= 0.002, "a host run is timed by the clock")
    }

    @Test("the size sweep's charts plot each variant and the copy bound against the image side")
    func sizeCharts() throws {
        var records: [BenchmarkRecord] = []
        var suites: [SuiteSummary] = []
        for (side, bound) in [(256, 8000.0), (1024, 9000), (4096, 4000)] {
            for (variant, rate) in [("rows4", bound * 0.9), ("host-swift-parallel", bound * 0.3)] {
                var record = BenchmarkRecord(suite: "box-sizes", variant: variant, metric: "mpix_per_s",
                                             summary: Summary([rate])!, unit: "Mpix/s", device: "cpu", verified: true)
                record.width = side
                record.height = side
                record.percentOfCopyBound = rate / bound * 100
                records.append(record)
            }
            suites.append(SuiteSummary(name: "box-sizes", width: side, height: side, copyBoundMpixPerS: bound))
        }
        let report = BenchmarkReport(results: records, suites: suites, context: ["device": "cpu"])
        let (rates, percent) = try #require(report.sizesCharts())
        for svg in [rates, percent] {
            let parser = XMLParser(data: Data(svg.utf8))
            #expect(parser.parse(), "parses as XML: \(parser.parserError.map { "\($0)" } ?? "")")
            #expect(svg.contains("rows4") && svg.contains("host-swift-parallel") && svg.contains("4096²"))
        }
        #expect(rates.contains("copy bound"))
        #expect(percent.contains("% of copy"))
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

    @Test("tables lead with a device column only when records come from more than one device (host peers aside)")
    func deviceColumn() throws {
        let summary = try #require(Summary([1, 2, 3]))
        func record(_ device: String) -> BenchmarkRecord {
            BenchmarkRecord(suite: "square", variant: "v", metric: "m", summary: summary, unit: "GB/s", device: device, verified: true)
        }
        let single = BenchmarkReport(results: [record("gpu"), record("host")])
        #expect(!single.table().hasPrefix("device") && single.markdown().contains("| suite | variant |"))
        let fleet = BenchmarkReport(results: [record("a rank 0: gpu"), record("b rank 1: gpu"), record("host")])
        #expect(fleet.table().hasPrefix("device") && fleet.markdown().contains("| device | suite | variant |"))
        #expect(fleet.markdown().contains("| b rank 1: gpu | square |"))
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
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
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
        #expect(report.sizesCharts() == nil, "no sweep, no size chart")
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

    @Test("a baseline comparison also flags a worse same-run ratio to raw C when the absolute time improved")
    func baselineRatios() throws {
        var old = Self.sampleReport()
        old.results[1].extra["ratio_to_raw_c"] = 1.10
        var new = old
        new.results[1].median = 2.0  // faster in absolute terms (a quieter machine)…
        new.results[1].extra["ratio_to_raw_c"] = 1.40  // …but further from raw C measured beside it: a regression
        let changes = Baseline(threshold: 0.10).compare(new, with: old)
        let byKey = Dictionary(uniqueKeysWithValues: changes.map { ($0.key, $0) })
        #expect(byKey["launch|swiftcl|batched_launch||"]?.isRegression == false)
        let ratio = try #require(byKey["launch|swiftcl|batched_launch|| ratio_to_raw_c"])
        #expect(ratio.isRegression && ratio.old == 1.10 && ratio.new == 1.40)
        new.results[1].extra["ratio_to_raw_c"] = 1.15  // within 10% of 1.10
        #expect(Baseline(threshold: 0.10).compare(new, with: old).allSatisfy { !$0.isRegression })
        new.results[1].extra["ratio_to_raw_c"] = nil  // a ratio missing from one run is not compared
        #expect(Baseline(threshold: 0.10).compare(new, with: old).count == changes.count - 1)
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
}

@Suite("Stopwatch")
struct StopwatchTests {
    @Test("repetitions never trap: infinite, NaN, zero and negative budgets and run times give a count in 1...cap")
    func repetitionsAreTotal() {
        let values: [Double] = [.infinity, -.infinity, .nan, 0, -1, 1e-300, 1e300, .greatestFiniteMagnitude, 1]
        for budget in values {
            for seconds in values {
                let runs = Stopwatch.repetitions(toFill: budget, oneRunTaking: seconds, atMost: 100)
                #expect((1...100).contains(runs), "budget \(budget), run \(seconds): \(runs)")
            }
        }
        #expect(Stopwatch.repetitions(toFill: 1, oneRunTaking: 0.01, atMost: 1000) == 100)
    }
}
