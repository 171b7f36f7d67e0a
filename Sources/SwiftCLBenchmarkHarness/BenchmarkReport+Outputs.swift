import Foundation
import SwiftCL

extension BenchmarkReport {
    /// Records where and how the report was made: the device, its driver and platform, the date, the command line, and
    /// `settings` (e.g. quick, range).
    public mutating func recordContext(device: Device, settings: [String: String] = [:]) {
        context = [
            "device": device.name, "driver": device.driverVersion, "platform": device.platform.name,
            "date": ISO8601DateFormatter().string(from: Date()), "command": CommandLine.arguments.joined(separator: " "),
        ].merging(settings) { _, setting in setting }
    }

    /// Writes the report where asked — JSON, Markdown, and SVG charts: the box suite's bars at `chart`, the copy suite's
    /// line chart beside it as `-copy.svg`, the box size sweep's as `-sizes.svg` and `-sizes-percent.svg` — and returns one
    /// line per file written, for the caller to print.
    public func write(json: String?, markdown: String?, chart: String?) throws -> [String] {
        var written: [String] = []
        if let json {
            try writeJSON(to: URL(fileURLWithPath: json))
            written.append("JSON: \(json)")
        }
        if let markdown {
            try writeMarkdown(to: URL(fileURLWithPath: markdown))
            written.append("Markdown: \(markdown)")
        }
        guard let chart else { return written }
        let url = URL(fileURLWithPath: chart)
        let directory = url.deletingLastPathComponent(), stem = url.deletingPathExtension().lastPathComponent
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func save(_ svg: String, _ suffix: String, _ label: String) throws {
            let named = directory.appendingPathComponent(stem + suffix)
            try FileSystem.replaceFile(named.path, with: Array(svg.utf8), origin: .user)
            written.append("\(label): \(named.path)")
        }
        if let copy = copyChart() { try save(copy, "-copy.svg", "Copy chart") }
        if let (rates, percent) = sizesCharts() {
            try save(rates, "-sizes.svg", "Size chart")
            try save(percent, "-sizes-percent.svg", "Size chart")
        }
        if let bars = barChart(suite: "box") ?? barChart(suite: "box-sizes") {
            try FileSystem.replaceFile(url.path, with: Array(bars.utf8), origin: .user)
            written.append("Chart: \(url.path)")
        }
        return written
    }

    /// This report against an earlier JSON report at `path`: the comparison's text, and whether any record regressed by
    /// more than `thresholdPercent`.
    public func compared(withBaselineAt path: String, thresholdPercent: Double) throws -> (text: String, regressed: Bool) {
        let old = try BenchmarkReport.read(from: URL(fileURLWithPath: path))
        let comparison = Baseline(threshold: thresholdPercent / 100)
        let changes = comparison.compare(self, with: old)
        let text = "\nAgainst \(path) (regression threshold \(thresholdPercent)%):\n"
            + (changes.isEmpty ? "no record in common" : comparison.describe(changes))
        return (text, changes.contains(where: \.isRegression))
    }

    /// What a benchmark command does with a finished report: records the context (`device`, `settings`), prints the
    /// table, writes the files asked for, compares with a baseline; returns whether a record regressed beyond
    /// `thresholdPercent`.
    public mutating func publish(device: Device, settings: [String: String], json: String?, markdown: String?, chart: String?,
                                 baseline: String?, thresholdPercent: Double, print: (String) -> Void) throws -> Bool {
        recordContext(device: device, settings: settings)
        print(table())
        for line in try write(json: json, markdown: markdown, chart: chart) { print(line) }
        guard let baseline else { return false }
        let (text, regressed) = try compared(withBaselineAt: baseline, thresholdPercent: thresholdPercent)
        print(text)
        return regressed
    }
}
