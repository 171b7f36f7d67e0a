import Foundation
import SwiftCL
import SwiftCLValidation

/// A benchmark run: every record in a flat `results` list, per-suite facts, and where it ran.
public struct BenchmarkReport: Sendable, Codable {
    public var results: [BenchmarkRecord]
    public var suites: [SuiteSummary]
    /// Free-form facts about the run (device, date, the command).
    public var context: [String: String]

    public init(results: [BenchmarkRecord] = [], suites: [SuiteSummary] = [], context: [String: String] = [:]) {
        self.results = results
        self.suites = suites
        self.context = context
    }

    /// The report as pretty-printed JSON, snake_case keys, sorted.
    /// - Throws: `EncodingError`.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return try encoder.encode(self)
    }

    /// Reads a report written by ``writeJSON(to:)``.
    /// - Throws: `SwiftCLError.unreadableFile` when the file cannot be read (a FIFO never blocks it), `DecodingError`
    ///   when it is not a report.
    public static func read(from url: URL) throws -> BenchmarkReport {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(BenchmarkReport.self, from: Data(FileSystem.contentsOfUserFile(url.path)))
    }

    /// Writes ``jsonData()`` to `url`, creating the parent folder if needed.
    /// - Throws: `EncodingError`, or a Foundation error when the file cannot be written.
    public func writeJSON(to url: URL) throws {
        try write(jsonData(), to: url)
    }

    func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileSystem.replaceFile(url.path, with: data, origin: .user)
    }

    /// Rows of the text and Markdown tables.
    func rows() -> [[String]] {
        results.map { record in
            let size = record.width.map { width in record.height.map { "\(width)×\($0)" } ?? "\(width)" } ?? ""
            var notes = record.extra.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.format($0.value))" }
            if let percent = record.percentOfCopyBound { notes.insert("\(Self.format(percent))% of copy", at: 0) }
            if let error = record.maxAbsError, record.verified { notes.append("err \(String(format: "%.1e", error))") }
            if let local = record.localSize { notes.append("local \(local)") }
            if let gb = record.gbPerS, record.samples > 0 { notes.append("\(Self.format(gb)) GB/s") }
            if let note = record.note { notes.append(note) }
            let timed = record.samples > 0
            let metric = record.metric == "mpix_per_s" ? "" : record.metric
            return (spansDevices ? [record.device] : []) + [record.suite, record.variant, metric, size, timed ? Self.format(record.median) : "-",
                    timed ? Self.format(record.min) : "-", timed ? Self.format(record.max) : "-", record.unit,
                    record.verified ? "yes" : record.isBound == true ? "bound" : "NO", notes.joined(separator: ", ")]
        }
    }

    static let columns = ["suite", "variant", "metric", "size", "median", "min", "max", "unit", "verified", "notes"]

    /// Whether the records come from more than one device (a fleet run, the host peers aside): the tables then lead
    /// with a device column.
    var spansDevices: Bool { Set(results.map(\.device).filter { $0 != "host" }).count > 1 }

    /// The table header: ``columns``, after a device column when the report ``spansDevices``.
    var header: [String] { (spansDevices ? ["device"] : []) + Self.columns }

    /// A plain-text table, one row per record.
    public func table() -> String {
        let all = [header] + rows()
        let widths = (0..<header.count).map { column in all.map { $0[column].count }.max() ?? 0 }
        var lines = all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        lines.insert(String(repeating: "-", count: lines[0].count), at: 1)
        for suite in suites {
            if let bound = suite.copyBoundMpixPerS {
                lines.append("\(suite.name) \(suite.width ?? 0)×\(suite.height ?? 0): copy bound \(Self.format(bound)) Mpix/s (median, same run)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A Markdown report: the run's context, then one table.
    public func markdown() -> String {
        var text = "# SwiftCL benchmark report\n\n"
        for (key, value) in context.sorted(by: { $0.key < $1.key }) { text += "- **\(key)**: \(value)\n" }
        text += "\n" + TextTable.markdown([header] + rows())
        let bounds = suites.compactMap { suite in
            suite.copyBoundMpixPerS.map { "- \(suite.name) \(suite.width ?? 0)×\(suite.height ?? 0): copy bound \(Self.format($0)) Mpix/s" }
        }
        if !bounds.isEmpty { text += "\nCopy bounds, measured in the same run, interleaved with the variants:\n\n" + bounds.joined(separator: "\n") + "\n" }
        return text
    }

    /// Writes ``markdown()`` to `url`.
    /// - Throws: a Foundation error when the file cannot be written.
    public func writeMarkdown(to url: URL) throws {
        try write(Data(markdown().utf8), to: url)
    }

    static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        let magnitude = abs(value)
        if magnitude >= 1000 { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 1 { return String(format: "%.2f", value) }
        return String(format: "%.3f", value)
    }
}
