import Foundation

/// Plain-text tables for reports: columns padded to their widest cell, two spaces apart, a rule under the header.
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
}
