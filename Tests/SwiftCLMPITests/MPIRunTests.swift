import Foundation
import SwiftCLMPI
import SwiftCLTestSupport
import Testing

/// SwiftCLMPI under real `mpirun` processes on this machine only: Open MPI's shared-memory (`vader`) and self
/// transports, no network; `--oversubscribe` for more ranks than cores; `--allow-run-as-root` because CI runs as root.
/// Every run is bounded by `timeout`.
@Suite("MPI: real mpirun, 1, 2 and 4 ranks", .serialized)
struct MPIRunTests {
    static var executable: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("swiftcl-mpi"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/debug/swiftcl-mpi"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// `mpi_yield_when_idle`: a rank waiting for a message yields its core instead of spinning, so the jobs neither
    /// starve nor are starved by the rest of the suite running beside them on 2 cores (under ThreadSanitizer the MPI
    /// suite alone takes 98 s, but spinning ranks stretched it to 806 s inside the full run).
    static let mpirun = ["--allow-run-as-root", "--oversubscribe", "--mca", "btl", "self,vader",
                         "--mca", "btl_vader_single_copy_mechanism", "none", "--mca", "mpi_yield_when_idle", "1"]

    /// `mpirun -np ranks swiftcl-mpi arguments…`, killed after `seconds`. The output is mpirun's own, followed by each
    /// rank's stdout and stderr as that rank wrote them (`--output-filename`): mpirun forwards the ranks' output in
    /// chunks and may print its abort notice in the middle of a rank's line, so a test reads a rank's words from its file.
    static func run(ranks: Int, _ arguments: [String], seconds: Int = 120) throws -> (status: Int32, output: String) {
        let executable = try #require(executable, "swiftcl-mpi is built next to the tests")
        return try run(executable, ranks: ranks, arguments, seconds: seconds)
    }

    /// `mpirun -np ranks program arguments…`, read as ``run(ranks:_:seconds:)`` describes.
    static func run(_ executable: URL, ranks: Int, _ arguments: [String], seconds: Int) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-mpirun-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runProcess(["timeout", "-k", "5", "\(seconds)", "mpirun"] + mpirun
                                 + ["--output-filename", folder.path, "-np", "\(ranks)", executable.path] + arguments)
        var output = run.output
        for rank in 0..<ranks {
            for stream in ["stdout", "stderr"] {
                let file = folder.appendingPathComponent("1/rank.\(rank)/\(stream)")
                if let text = try? String(contentsOf: file, encoding: .utf8), !text.isEmpty {
                    output += "\n[rank \(rank) \(stream)]\n" + text
                }
            }
        }
        return (run.status, output)
    }

    @Test("every operation on host arrays and buffers, checked on every rank", arguments: [1, 2, 4])
    func selfTest(ranks: Int) throws {
        let run = try Self.run(ranks: ranks, ["selftest"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("selftest passed on \(ranks) rank(s)"), "\(run.output)")
    }

    @Test("the distributed box filter is bit-identical to one process, odd heights, RANGE 1…16", arguments: [1, 2, 4])
    func boxFilter(ranks: Int) throws {
        for (width, height, range, variant) in [(37, 23, 1, "H1+V1"), (64, 9, 16, "H1+V1"), (33, 101, 5, "boxAvg1"), (17, 3, 2, "H2+V1")] {
            let run = try Self.run(ranks: ranks, ["box", "--width", "\(width)", "--height", "\(height)", "--range", "\(range)",
                                                  "--variant", variant, "--repeats", "1"])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("\(width)×\(height) RANGE \(range) \(variant) on \(ranks) rank(s): bit-identical to one process"),
                    "\(run.output)")
        }
    }

    @Test("a rank that dies ends the job with an error within the time bound, naming the rank")
    func killedRank() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let run = try Self.run(ranks: 2, ["selftest", "--die-rank", "1"], seconds: 90)
        #expect(run.status != 0 && run.status != 124, "mpirun reports the failure, not a timeout: \(run.status) \(run.output)")
        #expect(run.output.contains("rank 1: killing itself on purpose"), "\(run.output)")
        #expect(!run.output.contains("selftest passed"), "no report written as if complete: \(run.output)")
        #expect(clock.now - start < .seconds(90))
    }

    @Test("refusals: a variant whose rounding depends on the cut, a run without mpirun")
    func refusals() throws {
        let rows = try Self.run(ranks: 2, ["box", "--width", "16", "--height", "16", "--variant", "rows4"])
        #expect(rows.status != 0 && rows.output.contains("rows4 keeps running sums"), "\(rows.output)")
        let executable = try #require(Self.executable)
        let alone = try runProcess([executable.path, "selftest"])
        #expect(alone.status != 0 && alone.output.contains("mpirun -np N swiftcl-mpi"), "\(alone.output)")
    }

    @Test("fleet validation: checks split over the ranks, one report from rank 0 naming host, rank and device", arguments: [2, 4])
    func fleetValidation(ranks: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-fleet-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("fleet.json").path, markdown = folder.appendingPathComponent("fleet.md").path
        let checks = ["--check", "square", "--check", "copy", "--check", "add_arrays", "--check", "box/H4+V1"]
        let run = try Self.run(ranks: ranks, ["validate"] + checks + ["--json", json, "--markdown", markdown])
        #expect(run.status == 0 && run.output.contains("Fleet validation: all"), "\(run.output)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let rows = try #require(report["rows"] as? [[String: Any]])
        #expect(report["passed"] as? Bool == true && report["ranks"] as? Int == ranks)
        let ranksSeen = Set(rows.compactMap { $0["rank"] as? Int })
        #expect(ranksSeen == Set(0..<ranks), "every rank ran a share: \(ranksSeen)")
        #expect(rows.allSatisfy { ($0["host"] as? String)?.isEmpty == false })
        #expect(try String(contentsOfFile: markdown, encoding: .utf8).contains("| check | host | rank | device |"))
        // A failing rank is a FAIL row naming it, and a non-zero exit.
        let failing = try Self.run(ranks: ranks, ["validate"] + checks + ["--fail-on-rank", "1"])
        #expect(failing.status != 0 && failing.output.contains("rank 1:") && failing.output.contains("Fleet validation FAILED"), "\(failing.output)")
        // A crashing rank ends the job; no report is written as if complete.
        let partial = folder.appendingPathComponent("partial.json").path
        let crashing = try Self.run(ranks: ranks, ["validate"] + checks + ["--die-on-rank", "1", "--json", partial], seconds: 90)
        #expect(crashing.status != 0 && crashing.status != 124 && crashing.output.contains("rank 1"), "\(crashing.output)")
        #expect(!FileManager.default.fileExists(atPath: partial))
    }

    @Test("fleet benchmark: every rank's devices, ranks of one host take turns, one report from rank 0 with a device column")
    func fleetBench() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-fleet-bench-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("fleet.json").path, markdown = folder.appendingPathComponent("fleet.md").path
        let chart = folder.appendingPathComponent("fleet.svg").path
        let run = try Self.run(ranks: 2, ["bench", "square", "--quick", "--json", json, "--markdown", markdown, "--chart", chart], seconds: 240)
        #expect(run.status == 0 && run.output.contains("Fleet benchmark: "), "\(run.output)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        let devices = results.compactMap { $0["device"] as? String }
        #expect(devices.contains { $0.contains(" rank 0: ") } && devices.contains { $0.contains(" rank 1: ") }, "\(devices)")
        #expect(results.filter { ($0["variant"] as? String) == "swiftcl" }.allSatisfy { $0["verified"] as? Bool == true })
        let context = try #require(report["context"] as? [String: String])
        #expect(context["ranks"] == "2" && context["turns"]?.contains("2 turn") == true, "one host: the two ranks took turns \(context)")
        #expect(try String(contentsOfFile: markdown, encoding: .utf8).contains("| device | suite | variant |"))
        let svg = try String(contentsOfFile: chart, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") || svg.contains("<svg"), "an SVG chart")
        #expect(svg.contains("rank 0: ") && svg.contains("rank 1: "), "a bar per rank's device")
        // A failing rank is a FAILED row naming it and a non-zero exit; an unknown suite is refused.
        let failing = try Self.run(ranks: 2, ["bench", "square", "--quick", "--fail-on-rank", "1"], seconds: 240)
        #expect(failing.status != 0 && failing.output.contains("FAILED on rank 1") && failing.output.contains("Fleet benchmark FAILED"),
                "\(failing.output)")
        let unknown = try Self.run(ranks: 2, ["bench", "nonesuch"])
        #expect(unknown.status != 0 && unknown.output.contains("unknown suite nonesuch"), "\(unknown.output)")
    }

    @Test("fleet benchmark of your own .cl file: every rank's devices, each variant verified, a wrong variant FAILED by rank")
    func fleetBenchUserKernel() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-fleet-user-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scale.cl").path
        try """
            kernel void twice(global const float *x, global float *y, const uint n)
            {
                const uint i = get_global_id(0);
                if (i < n) y[i] = 2.0f * x[i];
            }
            kernel void twice_plus_one(global const float *x, global float *y, const uint n)
            {
                const uint i = get_global_id(0);
                if (i < n) y[i] = 2.0f * x[i] + 1.0f;
            }
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let json = folder.appendingPathComponent("fleet.json").path
        let common = ["--args", "in:float[n], out:float[n], uint=n", "--expect", "y = 2 * x", "--sizes", "7,1000", "--quick"]
        let run = try Self.run(ranks: 2, ["bench", file, "--kernel", "twice", "--json", json] + common, seconds: 240)
        #expect(run.status == 0 && run.output.contains("Fleet benchmark: "), "\(run.output)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        let timed = results.filter { ($0["variant"] as? String)?.contains("twice") == true }
        let devices = timed.compactMap { $0["device"] as? String }
        #expect(devices.contains { $0.contains(" rank 0: ") } && devices.contains { $0.contains(" rank 1: ") }, "\(devices)")
        #expect(!timed.isEmpty && timed.allSatisfy { $0["verified"] as? Bool == true && $0["suite"] as? String == "scale.cl" }, "\(timed)")
        #expect(Set(timed.compactMap { $0["metric"] as? String }) == ["size_7", "size_1000"], "\(timed)")
        // A variant that computes something else fails verification on every rank's device: FAILED rows, non-zero exit.
        let wrong = try Self.run(ranks: 2, ["bench", file, "--kernel", "twice", "--kernel", "twice_plus_one"] + common, seconds: 240)
        #expect(wrong.status != 0 && wrong.output.contains("FAILED on rank 0") && wrong.output.contains("FAILED on rank 1")
                && wrong.output.contains("Fleet benchmark FAILED"), "\(wrong.output)")
        // A file without --kernel is a usage error said once.
        let bare = try Self.run(ranks: 2, ["bench", file])
        #expect(bare.status != 0 && bare.output.contains("with --kernel NAME and --args SPEC"), "\(bare.output)")
    }

    @Test("fleet validation of your own .cl file: every rank checks your kernels on its devices; a wrong kernel FAILs on each")
    func fleetValidateUserKernel() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-fleet-validate-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("halve.cl").path
        try """
            kernel void halve(global float *y, const uint n) { const uint i = get_global_id(0); if (i < n) y[i] = 0.5f * y[i]; }
            kernel void halve_wrong(global float *y, const uint n) { const uint i = get_global_id(0); if (i + 1 < n) y[i] = 0.5f * y[i]; }
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let common = ["--args", "inout:float[n], uint=n", "--expect", "y = 0.5 * y", "--sizes", "1,7,1000"]
        let json = folder.appendingPathComponent("fleet.json").path
        let good = try Self.run(ranks: 2, ["validate", file, "--kernel", "halve", "--json", json] + common, seconds: 180)
        #expect(good.status == 0 && good.output.contains("Fleet validation: all 6 cases passed on 2 rank(s)"), "\(good.output)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let rows = try #require(report["rows"] as? [[String: Any]])
        #expect(Set(rows.compactMap { $0["rank"] as? Int }) == [0, 1], "both ranks checked the kernel on their devices")
        // The last element is never halved: every size fails, on both ranks.
        let bad = try Self.run(ranks: 2, ["validate", file, "--kernel", "halve_wrong"] + common, seconds: 180)
        #expect(bad.status != 0 && bad.output.contains("Fleet validation FAILED: 6 of 6 cases"), "\(bad.output)")
        #expect(bad.output.contains("rank 0: ") && bad.output.contains("rank 1: "), "\(bad.output)")
    }

    @Test("the overlap measurement checks both forms' results and reports every rank")
    func overlap() throws {
        let run = try Self.run(ranks: 2, ["overlap", "--count", "4096", "--work", "4096", "--iterations", "4", "--rounds", "2"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("rank 0: blocking") && run.output.contains("rank 1: blocking") && run.output.contains("non-blocking"),
                "\(run.output)")
        let refused = try Self.run(ranks: 2, ["overlap", "--rounds", "0"])
        #expect(refused.status != 0 && refused.output.contains("--rounds, --count and --work must be at least 1"), "\(refused.output)")
    }

    @Test("swiftcl itself under mpirun says it is not MPI-aware and names swiftcl-mpi; one rank runs as usual")
    func swiftclUnderMPI() throws {
        let swiftcl = try #require(Self.executable?.deletingLastPathComponent().appendingPathComponent("swiftcl"))
        try #require(FileManager.default.isExecutableFile(atPath: swiftcl.path), "swiftcl is built next to swiftcl-mpi")
        let two = try Self.run(swiftcl, ranks: 2, ["devices"], seconds: 60)
        #expect(two.status != 0 && two.output.contains("swiftcl is not MPI-aware") && two.output.contains("swiftcl-mpi"), "\(two.output)")
        #expect(!two.output.contains("Platform #0"), "no rank ran the command: \(two.output)")
        let one = try Self.run(swiftcl, ranks: 1, ["devices"], seconds: 60)
        #expect(one.status == 0 && one.output.contains("Platform #0"), "\(one.output)")
    }

    @Test("row blocks cover the image once and differ by at most one row; halos clip at the borders")
    func rowBlocks() throws {
        for (height, ranks) in [(0, 1), (1, 4), (23, 4), (1000, 3), (7, 7)] {
            let blocks = try RowBlocks(height: height, ranks: ranks)
            let ranges = (0..<ranks).map { blocks.range(of: $0) }
            #expect(ranges.flatMap { Array($0) } == Array(0..<height))
            #expect((ranges.map(\.count).max() ?? 0) - (ranges.map(\.count).min() ?? 0) <= 1)
            for rank in 0..<ranks {
                let halo = blocks.rangeWithHalo(of: rank, halo: 3)
                #expect(halo.lowerBound >= 0 && halo.upperBound <= height)
            }
        }
        #expect(throws: MPIError.self) { _ = try RowBlocks(height: 5, ranks: 0) }
    }
}
