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

    /// Line charts of the box-sizes sweep against the image side (log scale): Mpix/s of each swept
    /// variant and of the copy bound measured beside it, and each variant's % of that bound — where the
    /// caches end and DRAM begins. Nil without a sweep.
    public func sizesCharts(suite: String = "box-sizes") -> (rates: String, percent: String)? {
        let records = results.filter { $0.suite == suite && $0.samples > 0 && $0.unit == "Mpix/s" && $0.width != nil }
        guard !records.isEmpty else { return nil }
        let device = context["device"] ?? records[0].device
        var rates: [(name: String, points: [(x: Double, y: Double)])] = []
        var percent: [(name: String, points: [(x: Double, y: Double)])] = []
        for variant in Set(records.map(\.variant)).sorted() {
            let mine = records.filter { $0.variant == variant }.sorted { ($0.width ?? 0) < ($1.width ?? 0) }
            rates.append((variant, mine.map { (x: Double($0.width ?? 0), y: $0.median) }))
            percent.append((variant, mine.compactMap { record in record.percentOfCopyBound.map { (x: Double(record.width ?? 0), y: $0) } }))
        }
        let bounds = suites.filter { $0.name == suite }.sorted { ($0.width ?? 0) < ($1.width ?? 0) }
        rates.append(("copy bound", bounds.compactMap { bound in bound.copyBoundMpixPerS.map { (x: Double(bound.width ?? 0), y: $0) } }))
        let side: (Double) -> String = { "\(Int($0))²" }
        return (
            Chart.lines(title: "Box filter against image size on \(device)",
                        subtitle: "median Mpix/s; the copy bound is measured interleaved with each size's variants",
                        xLabel: "image side (pixels)", yLabel: "Mpix/s", series: rates, xFormat: side),
            Chart.lines(title: "Box filter as % of the in-run copy bound on \(device)",
                        subtitle: "median Mpix/s over the copy kernel's median in the same run, per size",
                        xLabel: "image side (pixels)", yLabel: "% of copy", series: percent, xFormat: side))
    }

    static func byteLabel(_ bytes: Double) -> String {
        if bytes >= 1_048_576 { return "\(Int(bytes) >> 20) MiB" }
        if bytes >= 1024 { return "\(Int(bytes) >> 10) KiB" }
        return "\(Int(bytes)) B"
    }
}
