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

    /// Ratios to a peer measured in the same run (SwiftCL over raw C), compared besides the medians: lower is better.
    /// A ratio is steadier between runs than an absolute time on a shared machine, so a slower launch path shows here
    /// even when the whole machine got faster or slower.
    public static let sameRunRatioKeys = ["ratio_to_raw_c", "paired_ratio_to_raw_c", "host_time_ratio_to_raw_c",
                                          "paired_ratio_to_raw_c_on_swiftcl_objects"]

    /// Changes of every record present, timed and verified in both runs: its median, and each of
    /// ``sameRunRatioKeys`` it carries (keyed `KEY ratio-name`).
    public func compare(_ current: BenchmarkReport, with baseline: BenchmarkReport) -> [Change] {
        var old: [String: BenchmarkRecord] = [:]
        for record in baseline.results where record.verified && record.samples > 0 { old[record.comparisonKey] = record }
        return current.results.flatMap { record -> [Change] in
            guard record.verified, record.samples > 0, let before = old[record.comparisonKey],
                  before.unit == record.unit else { return [] }
            var changes: [Change] = []
            if before.median > 0, record.median > 0 {
                let ratio = record.higherIsBetter ? record.median / before.median : before.median / record.median
                changes.append(change(record.comparisonKey, record.variant, before.median, record.median, record.unit, ratio))
            }
            for key in Self.sameRunRatioKeys {
                guard let was = before.extra[key], let now = record.extra[key], was > 0, now > 0 else { continue }
                changes.append(change("\(record.comparisonKey) \(key)", record.variant, was, now, "×", was / now))
            }
            return changes
        }
    }

    /// A change whose `ratio` is above 1 when the new figure is better.
    private func change(_ key: String, _ variant: String, _ old: Double, _ new: Double, _ unit: String, _ ratio: Double) -> Change {
        Change(key: key, variant: variant, old: old, new: new, unit: unit, improvementPercent: (ratio - 1) * 100,
               isRegression: ratio < 1 - threshold)
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
