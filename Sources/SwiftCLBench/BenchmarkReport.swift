import Foundation

/// A benchmark run: every record, and where it ran. Written as JSON with a flat `results` list.
public struct BenchmarkReport: Sendable, Codable {
    public var results: [BenchmarkRecord]
    /// Free-form facts about the run (device, date, SwiftCL version, the command).
    public var context: [String: String]

    public init(results: [BenchmarkRecord] = [], context: [String: String] = [:]) {
        self.results = results
        self.context = context
    }

    /// The report as pretty-printed JSON with sorted keys.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Writes ``jsonData()`` to `url`, creating the parent folder if needed.
    public func writeJSON(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try jsonData().write(to: url, options: .atomic)
    }

    /// A plain-text table, one row per record, with a ratio column where a record has one.
    public func table() -> String {
        let header = ["suite", "variant", "metric", "median", "min", "max", "unit", "n", "verified", "notes"]
        var rows = [header]
        for record in results {
            let notes = record.extra.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.format($0.value))" }.joined(separator: " ")
            rows.append([record.suite, record.variant, record.metric, Self.format(record.median), Self.format(record.min),
                         Self.format(record.max), record.unit, "\(record.samples)", record.verified ? "yes" : "NO", notes])
        }
        let widths = (0..<header.count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.enumerated().map { index, row in
            let line = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
            return index == 0 ? line + "\n" + String(repeating: "-", count: line.count) : line
        }.joined(separator: "\n")
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
