import ArgumentParser
import Foundation
import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLBenchmarkSuites
import SwiftCLCommandLine
import SwiftCLMPI

/// `mpirun -np N swiftcl-mpi bench [suites | FILE.cl --kernel … --args …]`: every rank runs the suites, or your kernels
/// (as `swiftcl bench FILE.cl` does), on every device it has (each variant verified before it is timed) and rank 0
/// writes one report. A variant whose output differs from the reference on some device is a FAILED row there. Ranks that share a host take turns, so
/// their timings do not share the machine (`--concurrent` runs them at once). A suite that fails on a rank is a row
/// saying so and a non-zero exit; a crashing rank ends the job (mpirun names it) and no report is written.
struct FleetBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench",
                                                    abstract: "Run benchmark suites on every rank's devices; one report from rank 0.")

    @Argument(help: "Suites to run (default: square copy; also box), or your FILE.cl with --kernel and --args.")
    var suites: [String] = []

    @OptionGroup(title: "Your kernel (with FILE.cl)")
    var user: UserKernelOptions

    @Option(help: ArgumentHelp("FLOPs of one run of your kernel, an expression of the size (e.g. 2*n): adds GFLOP/s.", valueName: "EXPR"))
    var flops: String?

    @Flag(help: "Small sizes and few samples: a smoke run, not a measurement.")
    var quick = false

    @Flag(help: "Run the ranks of one host at the same time instead of taking turns.")
    var concurrent = false

    @OptionGroup var reports: ReportFiles

    @Option(help: "Write an SVG bar chart of one metric across every rank's devices and variants here (rank 0).")
    var chart: String?

    @Option(help: "The metric the chart shows (default: the first timed one, e.g. square_16777216).")
    var chartMetric: String?

    @Option(help: .hidden)
    var failOnRank: Int?

    func run() throws {
        try requireLaunchedByMPI()
        let world = try MPI.world()
        let names = suites.isEmpty ? ["square", "copy"] : suites
        let userFile = names.first.flatMap { $0.hasSuffix(".cl") ? $0 : nil }
        let known = BenchmarkSuites.names
        // Usage errors are said once (by rank 0), not once per rank with the lines interleaved.
        if userFile == nil, let unknown = names.first(where: { !known.contains($0) }) {
            if world.rank == 0 {
                FileHandle.standardError.write(Data("Error: unknown suite \(unknown); available: \(known.joined(separator: ", ")), or FILE.cl\n".utf8))
            }
            throw ExitCode.validationFailure
        }
        if let userFile, names.count > 1 || user.kernels.isEmpty || user.args == nil {
            if world.rank == 0 {
                FileHandle.standardError.write(Data("Error: \(userFile) is benchmarked alone, with --kernel NAME and --args SPEC\n".utf8))
            }
            throw ExitCode.validationFailure
        }
        let host = currentHostName()
        let hosts = try world.allGather(host)
        // My turn: my place among the ranks on my host (everyone at once with --concurrent).
        let turn = concurrent ? 0 : hosts[..<world.rank].filter { $0 == host }.count
        let turns = concurrent ? 1 : Dictionary(grouping: hosts, by: { $0 }).values.map(\.count).max() ?? 1
        var records: [BenchmarkRecord] = []
        for current in 0..<turns {
            if current == turn {
                records = userFile.map { runUserKernels($0, rank: world.rank, host: host) } ?? runSuites(names, rank: world.rank, host: host)
            }
            try world.barrier()
        }
        guard let results = try world.gatherJSON(records) else { return }
        var report = BenchmarkReport(results: results)
        report.context = ["command": "mpirun -np \(world.size) swiftcl-mpi bench \(names.joined(separator: " "))\(quick ? " --quick" : "")",
                          "ranks": "\(world.size)", "hosts": Set(hosts).sorted().joined(separator: ", "),
                          "turns": concurrent ? "concurrent" : "ranks of one host took \(turns) turn(s)"]
        print(report.table())
        let failed = report.results.filter { $0.note?.hasPrefix("FAILED") == true }
        print(failed.isEmpty ? "Fleet benchmark: \(report.results.count) records from \(world.size) rank(s), \(Set(hosts).count) host(s)."
                             : "Fleet benchmark FAILED on \(Set(failed.map(\.device)).sorted().joined(separator: "; ")).")
        for line in try report.write(json: reports.json, markdown: reports.markdown, chart: nil) { print(line) }
        if let chart {
            let timed = report.results.filter { $0.samples > 0 && $0.isBound != true && $0.verified }
            let metric = chartMetric ?? timed.first?.metric
            let rows = timed.filter { $0.metric == metric }
            if let first = rows.first, let metric {
                let bars = rows.map { Chart.Bar(label: "\($0.device) · \($0.variant)", median: $0.median, min: $0.min, max: $0.max) }
                let svg = Chart.bars(title: "\(metric) across \(world.size) rank(s), \(Set(hosts).count) host(s)",
                                     subtitle: "median per device and variant, whiskers min–max; every variant verified before it was timed",
                                     unit: first.unit, bars: bars, bound: nil)
                try FileSystem.replaceFile(chart, with: Array(svg.utf8), origin: .user)
                print("Chart: \(chart)")
            } else {
                print("Chart: no timed record of \(metric ?? "any metric"); none written")
            }
        }
        if !failed.isEmpty { throw ExitCode.failure }
    }

    /// This rank's records for `file`'s kernels on every device, each verified before it is timed; a variant whose
    /// output differs from the reference is a record saying FAILED.
    private func runUserKernels(_ file: String, rank: Int, host: String) -> [BenchmarkRecord] {
        onEveryDevice(rank: rank, host: host, suites: [URL(fileURLWithPath: file).lastPathComponent]) { suite, device, place in
            let queue = try ComputeQueue(device: device)
            let benchmark = try user.benchmark(of: file, flops: flops, quick: quick, on: queue).benchmark
            let results = try benchmark.run(sizes: try user.parsedSizes(), on: queue) { line in
                FileHandle.standardError.write(Data("rank \(rank): \(line)\n".utf8))
            }
            return results.map { result in
                var record = BenchmarkRecord(result, suite: suite, metric: "size_\(result.size.spec)")
                record.device = place
                if !result.verified && !result.isBound {
                    record.note = "FAILED on rank \(rank): output differs from the reference" + (result.note.map { " (\($0))" } ?? "")
                }
                return record
            }
        }
    }

    /// This rank's records: every suite on every device.
    private func runSuites(_ names: [String], rank: Int, host: String) -> [BenchmarkRecord] {
        var options = BenchmarkSuites.Options()
        options.quick = quick
        return onEveryDevice(rank: rank, host: host, suites: names) { name, device, place in
            let report = try BenchmarkSuites.run([name], on: device, options: options) { line in
                FileHandle.standardError.write(Data("rank \(rank): \(line)\n".utf8))
            }
            return report.results.map { record in
                var record = record
                record.device = record.device == "host" ? "\(host) rank \(rank): host" : place
                return record
            }
        }
    }

    /// `run(suite, device, place)` for each of `suites` on every device of this rank, where `place` names the device as
    /// "host rank N: device" for the report; a run that throws (or every run, with `--fail-on-rank` naming this rank) is
    /// one untimed record saying FAILED and why, and so is a rank whose devices cannot be listed.
    private func onEveryDevice(rank: Int, host: String, suites: [String],
                               _ run: (_ suite: String, _ device: Device, _ place: String) throws -> [BenchmarkRecord]) -> [BenchmarkRecord] {
        let devices: [Device]
        do { devices = try Device.all } catch {
            return [.untimed(suite: "fleet", variant: "devices", metric: "-", device: "\(host) rank \(rank)", width: nil, height: nil,
                             note: "FAILED on rank \(rank): \(error)")]
        }
        var records: [BenchmarkRecord] = []
        for device in devices {
            let place = "\(host) rank \(rank): \(device.name)"
            for suite in suites {
                do {
                    if failOnRank == rank { throw ValidationError("forced failure on rank \(rank) (--fail-on-rank)") }
                    records += try run(suite, device, place)
                } catch {
                    records.append(.untimed(suite: suite, variant: "-", metric: "-", device: place, width: nil, height: nil,
                                            note: "FAILED on rank \(rank): \(error)"))
                }
            }
        }
        return records
    }
}
