import ArgumentParser
import Foundation
import SwiftCL
import SwiftCLBench
import SwiftCLBenchmarks

/// `swiftcl bench [SUITE ...]`: run benchmark suites, print a table, optionally write JSON.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run benchmark suites (\(BenchmarkSuites.names.joined(separator: ", "))); every variant is verified before it is timed.")

    @Argument(help: "Suites to run (default: all).")
    var suites: [String] = []

    @Option(help: "Write the results as JSON to this path.")
    var json: String?

    @Option(help: "Device type to run on: cpu, gpu, accelerator (default: the most capable GPU, else CPU).")
    var deviceType: String?

    @Flag(help: "Small sizes and few rounds: a smoke run, not a measurement.")
    var quick = false

    func run() throws {
        let device = try selectedDevice()
        let names = suites.isEmpty ? BenchmarkSuites.names : suites
        print("Benchmarking \(names.joined(separator: ", ")) on \(device.name)\(quick ? " (quick)" : "")")
        let progress = ProgressLine()
        let records = try BenchmarkSuites.run(names, on: device, quick: quick) { progress.show($0) }
        progress.clear()
        let report = BenchmarkReport(results: records, context: [
            "device": device.name, "driver": device.driverVersion, "platform": (try? device.platform.name) ?? "?",
            "date": ISO8601DateFormatter().string(from: Date()), "quick": quick ? "true" : "false",
            "command": CommandLine.arguments.joined(separator: " "),
        ])
        print(report.table())
        if let json {
            let url = URL(fileURLWithPath: json)
            try report.writeJSON(to: url)
            print("JSON: \(url.path)")
        }
    }

    private func selectedDevice() throws -> Device {
        switch deviceType?.lowercased() {
        case nil: if let gpu = try? Device.default(for: .gpu) { return gpu }; return try Device.default(for: .cpu)
        case "cpu": return try Device.default(for: .cpu)
        case "gpu": return try Device.default(for: .gpu)
        case "accelerator": return try Device.default(for: .accelerator)
        case let other?: throw ValidationError("unknown device type \(other); use cpu, gpu or accelerator")
        }
    }
}

/// A one-line progress indicator on standard error, redrawn in place when it is a terminal.
final class ProgressLine {
    private let isTerminal = isatty(STDERR_FILENO) != 0

    func show(_ message: String) {
        if isTerminal {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + message).utf8))
        } else {
            FileHandle.standardError.write(Data((message + "\n").utf8))
        }
    }

    func clear() {
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
