/// Minimum, median and maximum of a set of samples.
public struct Summary: Hashable, Sendable, Codable {
    public let min: Double
    public let median: Double
    public let max: Double
    public let count: Int

    /// Summarises `samples`; nil when there are none.
    public init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        min = sorted[0]
        max = sorted[sorted.count - 1]
        let middle = sorted.count / 2
        median = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        count = sorted.count
    }

    /// No samples: all zero.
    public static let zero = Summary(min: 0, median: 0, max: 0, count: 0)

    /// The same summary with every value multiplied by `factor` (unit conversion).
    public func scaled(by factor: Double) -> Summary {
        Summary(min: min * factor, median: median * factor, max: max * factor, count: count)
    }

    private init(min: Double, median: Double, max: Double, count: Int) {
        self.min = min
        self.median = median
        self.max = max
        self.count = count
    }
}
