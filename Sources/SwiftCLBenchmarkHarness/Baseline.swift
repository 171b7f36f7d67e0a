/// Compares a run with an earlier one, variant by variant (like package-benchmark's `baseline check`).
public struct Baseline {
    /// One record's change.
    public struct Change: Sendable, Hashable {
        public let key: String
        public let variant: String
        public let old: Double
        public let new: Double
        public let unit: String
        /// Improvement in percent: positive is better, whichever way the unit points.
        public let improvementPercent: Double
        public let isRegression: Bool
    }

    /// A worse median beyond this fraction is a regression (0.10: 10%).
    public let threshold: Double

    public init(threshold: Double = 0.10) { self.threshold = threshold }

    /// Changes of every record present, timed and verified in both runs.
    public func compare(_ current: BenchmarkReport, with baseline: BenchmarkReport) -> [Change] {
        var old: [String: BenchmarkRecord] = [:]
        for record in baseline.results where record.verified && record.samples > 0 { old[record.comparisonKey] = record }
        return current.results.compactMap { record in
            guard record.verified, record.samples > 0, let before = old[record.comparisonKey],
                  before.unit == record.unit, before.median > 0, record.median > 0 else { return nil }
            let ratio = record.higherIsBetter ? record.median / before.median : before.median / record.median
            let improvement = (ratio - 1) * 100
            return Change(key: record.comparisonKey, variant: record.variant, old: before.median, new: record.median,
                          unit: record.unit, improvementPercent: improvement, isRegression: ratio < 1 - threshold)
        }
    }

    /// Lines to print, one per change.
    public func describe(_ changes: [Change]) -> String {
        changes.map { change in
            let sign = change.improvementPercent >= 0 ? "+" : ""
            return "\(change.isRegression ? "REGRESSION" : "ok        ")  \(change.key)  \(BenchmarkReport.format(change.old)) → "
                + "\(BenchmarkReport.format(change.new)) \(change.unit)  (\(sign)\(String(format: "%.1f", change.improvementPercent))%)"
        }.joined(separator: "\n")
    }
}
