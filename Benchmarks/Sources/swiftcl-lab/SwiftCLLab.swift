import ArgumentParser
import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLBenchmarkSuites
import SwiftCLBinaryCache
import SwiftCLLabSuites

/// `swiftcl-lab`: the lab's measurements, with `swiftcl bench`'s reports.
@main
struct SwiftCLLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swiftcl-lab",
        abstract: "SwiftCL's lab: every benchmark suite, shipped and lab (verified before timed).",
        subcommands: [Bench.self], defaultSubcommand: Bench.self)

    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run suites (default: \(LabSuites.names.joined(separator: ", ")); also \(LabSuites.optionalNames.joined(separator: ", "))).")

        @Argument(help: "Suites to run.") var suites: [String] = []
        @Flag(help: "Small sizes and few samples: a smoke run, not a measurement.") var quick = false
        @Option(help: "Box half-width RANGE for the box suite.") var range = 2
        @Option(help: "Comma-separated box variant names to run (default: all).") var variants: String?
        @Flag(help: "Sweep local sizes again instead of reusing the remembered best ones.") var retune = false
        @Flag(help: "Keep built program binaries in SwiftCL's disk cache and load them in later runs.") var binaryCache = false
        @Option(help: "Device type to run on: cpu, gpu, accelerator (default: the most capable GPU, else CPU).") var deviceType: String?
        @Option(help: "Write the results as JSON to this path.") var json: String?
        @Option(help: "Write a Markdown report to this path.") var markdown: String?
        @Option(help: "Write the box suite's SVG bar chart here (and the copy and size charts beside it).") var chart: String?
        @Option(help: "Compare with an earlier --json report; exit non-zero on a regression beyond --threshold.") var baseline: String?
        @Option(help: "Regression threshold for --baseline, in percent.") var threshold: Double = 10

        func run() throws {
            if binaryCache { Context.sharedBinaryStore = ProgramBinaryCache() }
            let device = try BenchmarkSuites.device(typeNamed: deviceType)
            let names = suites.isEmpty ? LabSuites.names : suites
            print("Benchmarking \(names.joined(separator: ", ")) on \(device.name)\(quick ? " (quick)" : "")")
            let options = BenchmarkSuites.Options(quick: quick, range: range, variants: variants, retune: retune)
            var report = try LabSuites.run(names, on: device, options: options) { line in print(line) }
            let regressed = try report.publish(device: device, settings: options.settings, json: json, markdown: markdown, chart: chart,
                                               baseline: baseline, thresholdPercent: threshold) { print($0) }
            if regressed { throw ExitCode(2) }
        }
    }
}
