import ArgumentParser
import Foundation
import SwiftCL
import SwiftCLCommandLine
import SwiftCLBinaryCache
import SwiftCLBenchmarkHarness
import SwiftCLBenchmarkSuites

/// `swiftcl bench [SUITE ...]`: run benchmark suites, print a table, write JSON, Markdown and SVG.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run the shipped kernels' benchmark suites (\(BenchmarkSuites.names.joined(separator: ", "))) or your FILE.cl; every variant is verified before it is timed.")

    @Argument(help: "Suites to run (default: box, square, copy; also box-sizes), or your FILE.cl with --kernel and --args.")
    var suites: [String] = []

    @OptionGroup(title: "Your kernel (with FILE.cl)")
    var user: UserKernelOptions

    @Flag(help: "Keep built program binaries in SwiftCL's disk cache (~/.cache/swiftcl/programs) and load them in later runs.")
    var binaryCache = false

    @OptionGroup var reports: ReportFiles

    @Option(help: "Write an SVG bar chart of the box suite here (the copy suite's line chart goes next to it as -copy.svg, the box size sweep's as -sizes.svg and -sizes-percent.svg).")
    var chart: String?

    @Option(help: "Compare with an earlier --json report; exit non-zero on a regression beyond --threshold.")
    var baseline: String?

    @Option(help: "Regression threshold for --baseline, in percent.")
    var threshold: Double = 10

    @Option(help: "Device type to run on: cpu, gpu, accelerator (default: the most capable GPU, else CPU).")
    var deviceType: String?

    @Option(help: "Box half-width RANGE for the box suite.")
    var range: Int = 2

    @Option(help: "Comma-separated box variant names to run (default: all).")
    var variants: String?

    @Option(help: ArgumentHelp("FLOPs of one run of your kernel, an expression of the size (e.g. 2*n): adds GFLOP/s.", valueName: "EXPR"))
    var flops: String?

    @Flag(help: "Sweep local sizes again instead of reusing the remembered best ones.")
    var retune = false

    @Flag(help: "Small sizes and few samples: a smoke run, not a measurement.")
    var quick = false

    /// A malformed --flops expression is a usage error (exit 64) before anything runs.
    func validate() throws {
        guard let flops else { return }
        do {
            _ = try SizeExpression(flops)
        } catch let error as KernelSpecError {
            throw ValidationError("--flops: \(error.description)")
        }
    }

    func run() throws {
        // Producing a binary for the disk cache makes PoCL compile every kernel of a program at once, which
        // costs a cold benchmark run ~25 s and saves a warm one almost nothing (PoCL's own cache is warm
        // then), so benchmarks keep no binary cache unless --binary-cache asks for one.
        if binaryCache { Context.sharedBinaryStore = ProgramBinaryCache() }
        #if DEBUG
        FileHandle.standardError.write(Data("""
            warning: this swiftcl is a debug build: the host peers (Swift code) run unoptimised and the harness adds \
            overhead, so timings are not representative. Build with `swift build -c release` and run .build/release/swiftcl.

            """.utf8))
        #endif
        let device = try selectedDevice()
        if let file = suites.first, file.hasSuffix(".cl") {
            try benchUserKernel(file, on: device)
            return
        }
        let names = suites.isEmpty ? BenchmarkSuites.names : suites
        print("Benchmarking \(names.joined(separator: ", ")) on \(device.name)\(quick ? " (quick)" : "")")
        let options = BenchmarkSuites.Options(quick: quick, range: range, variants: variants, retune: retune)
        let progress = ProgressLine()
        var report = try BenchmarkSuites.run(names, on: device, options: options) { progress.show($0) }
        progress.clear()
        let regressed = try report.publish(device: device, settings: options.settings, json: reports.json, markdown: reports.markdown, chart: chart,
                                           baseline: baseline, thresholdPercent: threshold) { print($0) }
        if regressed { throw ExitCode(2) }
    }

    private func selectedDevice() throws -> Device {
        do {
            return try BenchmarkSuites.device(typeNamed: deviceType)
        } catch let error as BenchmarkSuiteError {
            throw ValidationError(error.description)
        }
    }
}

extension BenchCommand {
    /// `bench FILE.cl --kernel A [--kernel B …] --args …`: each kernel verified against the reference (the first
    /// kernel unless --reference), then timed; GB/s from the spec's buffers.
    private func benchUserKernel(_ file: String, on device: Device) throws {
        let queue = try ComputeQueue(device: device)
        let (benchmark, reference, referenceGiven) = try user.benchmark(of: file, flops: flops, quick: quick, on: queue)
        print("Verifying against \(reference.label) (\(user.tolerance))"
            + (referenceGiven ? "" : "; no --reference or --expect, so the first kernel is the oracle and is itself checked only for repeatability"))
        let progress = ProgressLine()
        let results = try benchmark.run(sizes: try user.parsedSizes(), on: queue) { progress.show($0) }
        progress.clear()
        print(KernelBenchmarkResult.table(results))
        if let json = reports.json {
            try FileSystem.replaceFile(json, with: KernelBenchmarkResult.json(results), origin: .user)
            print("JSON: \(json)")
        }
        if let markdown = reports.markdown {
            // The suites' Markdown report: one record per variant and size (rate, GB/s, % of the bound, the check).
            var report = BenchmarkReport(results: results.map { result in
                BenchmarkRecord(result, suite: file, metric: "\(benchmark.name) \(result.size)")
            })
            report.recordContext(device: device)
            try report.writeMarkdown(to: URL(fileURLWithPath: markdown))
            print("Markdown: \(markdown)")
        }
        if !results.allSatisfy({ $0.verified || $0.isBound }) { throw ExitCode.failure }
    }
}
