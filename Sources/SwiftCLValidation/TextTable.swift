import Foundation

/// Tables for reports: plain text (columns padded to their widest cell, two spaces apart, a rule under the header) or
/// Markdown.
public enum TextTable {
    /// The lines of `rows` (the first row is the header).
    public static func lines(_ rows: [[String]]) -> [String] {
        guard let header = rows.first else { return [] }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
        }
        lines.insert(String(repeating: "-", count: lines[0].count), at: 1)
        return lines
    }

    /// `rows` as a Markdown table (the first row is the header; `|` in a cell escaped).
    public static func markdown(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        func line(_ row: [String]) -> String { "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n" }
        return line(header) + "|" + header.map { _ in "---" }.joined(separator: "|") + "|\n" + rows.dropFirst().map(line).joined()
    }
}
