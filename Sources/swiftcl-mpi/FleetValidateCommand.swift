import ArgumentParser
import Foundation
import SwiftCL
import SwiftCLCommandLine
import SwiftCLMPI
import SwiftCLValidation
import SwiftCLValidationSuites

/// `mpirun -np N swiftcl-mpi validate`: the shipped checks split over the ranks, each rank running its share on every
/// device it has, and rank 0 writing one report with host, rank and device on every row. With your `FILE.cl` (and
/// `--kernel`, `--args`, `--reference` or `--expect`, as `swiftcl validate FILE.cl` takes them) every rank checks your
/// kernels on every device it has: the question is whether they pass everywhere. A crashing rank ends the job
/// (mpirun names it) and no report is written; a failing check is a row marked FAIL and a non-zero exit.
struct FleetValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "validate",
                                                    abstract: "Validate the shipped kernels, or yours, across every rank's devices; one report.")

    @Argument(help: "Your FILE.cl (with --kernel, --args and --reference or --expect); default: the shipped checks.")
    var file: String?

    @OptionGroup(title: "Your kernel (with FILE.cl)")
    var user: UserKernelOptions

    @Option(name: .customLong("check"), help: "Only checks whose name starts with this (repeatable).")
    var checks: [String] = []

    @OptionGroup var reports: ReportFiles

    @Option(help: .hidden)
    var failOnRank: Int?

    @Option(help: .hidden)
    var dieOnRank: Int?

    /// One row of the fleet report: a validation case and where it ran.
    struct Row: Codable {
        let rank: Int
        let host: String
        let result: ValidationCase
    }

    func run() throws {
        try requireLaunchedByMPI()
        let world = try MPI.world()
        var rows: [Row] = []
        do {
            var selected = try file.map(user.checks(of:)) ?? ShippedChecks.all()
            if !checks.isEmpty { selected = selected.filter { check in checks.contains { check.name.hasPrefix($0) } } }
            guard !selected.isEmpty else { throw ValidationError("no \(file == nil ? "shipped " : "")check matches \(checks)") }
            // Shipped checks round-robin: check i runs on rank i mod N (every rank has work once there are N checks).
            // Your kernels: every rank checks all of them on its devices.
            let mine = file != nil ? selected : selected.enumerated().filter { $0.offset % world.size == world.rank }.map(\.element)
            let devices = try Device.all
            let hostName = currentHostName()
            rows = Validator().run(mine, on: devices).map { Row(rank: world.rank, host: hostName, result: $0) }
            if dieOnRank == world.rank {
                FileHandle.standardError.write(Data("rank \(world.rank): killing itself on purpose (--die-on-rank)\n".utf8))
                kill(getpid(), SIGKILL)
            }
            if failOnRank == world.rank {
                // A check that fails on this rank only, as a broken device would: its row must say so.
                rows = rows.map { row in
                    Row(rank: row.rank, host: row.host, result: Self.failed(row.result, reason: "forced failure on rank \(world.rank) (--fail-on-rank)"))
                }
            }
        } catch {
            failRank(world, "\(error)")
        }
        // Rank 0: every rank's rows, in rank order.
        guard let all = try world.gatherJSON(rows) else { return }
        try report(all, ranks: world.size)
        if !all.allSatisfy({ $0.result.passed }) { throw ExitCode.failure }
    }

    static func failed(_ result: ValidationCase, reason: String) -> ValidationCase {
        // Round-trip through JSON to set the two fields (ValidationCase has no public memberwise initialiser).
        guard var object = (try? JSONSerialization.jsonObject(with: JSONEncoder().encode(result))) as? [String: Any] else { return result }
        object["passed"] = false
        object["failure"] = reason
        guard let data = try? JSONSerialization.data(withJSONObject: object),
              let changed = try? JSONDecoder().decode(ValidationCase.self, from: data) else { return result }
        return changed
    }

    private func report(_ rows: [Row], ranks: Int) throws {
        var table: [[String]] = [["check", "host", "rank", "device", "cases", "failed", "worst max error"]]
        var groups: [String: [Row]] = [:], order: [String] = []
        for row in rows {
            let key = "\(row.result.check)|\(row.host)|\(row.rank)|\(row.result.device)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(row)
        }
        for key in order {
            let group = groups[key] ?? []
            let first = group[0]
            let failed = group.filter { !$0.result.passed }.count
            let worst = group.map(\.result.maxError).max() ?? 0
            table.append([first.result.check, first.host, "\(first.rank)", first.result.device, "\(group.count)",
                          failed == 0 ? "0" : "\(failed) FAIL", worst.isFinite ? String(format: "%.3g", worst) : "error"])
        }
        let passed = rows.allSatisfy { $0.result.passed }
        let hosts = Set(rows.map(\.host)).count
        print(TextTable.lines(table).joined(separator: "\n"))
        for row in rows where !row.result.passed { print("FAIL on \(row.host) rank \(row.rank): \(row.result)") }
        print(passed ? "Fleet validation: all \(rows.count) cases passed on \(ranks) rank(s), \(hosts) host(s)."
                     : "Fleet validation FAILED: \(rows.filter { !$0.result.passed }.count) of \(rows.count) cases.")
        if let json = reports.json {
            struct Report: Codable {
                let passed: Bool
                let ranks: Int
                let rows: [Row]
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            try FileSystem.replaceFile(json, with: encoder.encode(Report(passed: passed, ranks: ranks, rows: rows)), origin: .user)
            print("JSON: \(json)")
        }
        if let markdown = reports.markdown {
            let lines = ["# Fleet validation", "", passed ? "All cases passed." : "**FAILED**", "",
                         "| " + table[0].joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: table[0].count)]
                + table.dropFirst().map { "| " + $0.joined(separator: " | ") + " |" }
            try FileSystem.replaceFile(markdown, with: Array((lines.joined(separator: "\n") + "\n").utf8), origin: .user)
            print("Markdown: \(markdown)")
        }
    }
}
