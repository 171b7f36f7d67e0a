import Foundation

extension BenchmarkReport {
    /// A bar chart of one image suite (median Mpix/s per variant, min–max whiskers, the copy bound as
    /// a line), or nil when the report has no timed record of it.
    public func barChart(suite: String) -> String? {
        let records = results.filter { $0.suite == suite && $0.samples > 0 && $0.unit == "Mpix/s" }
        guard let first = records.first else { return nil }
        let summary = suites.first { $0.name == suite && $0.width == first.width && $0.height == first.height }
        let sameSize = records.filter { $0.width == first.width && $0.height == first.height }
        let bars = sameSize.map { Chart.Bar(label: $0.variant, median: $0.median, min: $0.min, max: $0.max) }
        let device = context["device"] ?? first.device
        return Chart.bars(
            title: "\(suite): \(first.width ?? 0)×\(first.height ?? 0) pixels on \(device)",
            subtitle: "median Mpix/s per variant, whiskers min–max; every variant verified against the host oracle first",
            unit: "Mpix/s (higher is better)", bars: bars,
            bound: summary?.copyBoundMpixPerS.map { ("copy bound", $0) })
    }

    /// A line chart of the copy suite: GB/s (read + write) against buffer size, or nil without it.
    public func copyChart() -> String? {
        let records = results.filter { $0.suite == "copy" && $0.samples > 0 }
        guard !records.isEmpty else { return nil }
        var series: [(name: String, points: [(x: Double, y: Double)])] = []
        for variant in Set(records.map(\.variant)).sorted() {
            let points = records.filter { $0.variant == variant }.map { (x: $0.extra["bytes"] ?? 0, y: $0.median) }
            series.append((variant, points))
        }
        return Chart.lines(
            title: "Copy bandwidth against buffer size on \(context["device"] ?? "the device")",
            subtitle: "GB/s counting the read and the write (median of samples), like the guide's Figure 11-1",
            xLabel: "buffer size", yLabel: "GB/s", series: series, xFormat: Self.byteLabel)
    }

    static func byteLabel(_ bytes: Double) -> String {
        if bytes >= 1_048_576 { return "\(Int(bytes) >> 20) MiB" }
        if bytes >= 1024 { return "\(Int(bytes) >> 10) KiB" }
        return "\(Int(bytes)) B"
    }
}
