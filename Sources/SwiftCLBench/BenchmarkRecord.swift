/// One measurement of one variant, as the JSON report lists it.
public struct BenchmarkRecord: Hashable, Sendable, Codable {
    /// The suite ("launch", "square").
    public let suite: String
    /// The variant measured ("swiftcl", "raw-c", "host-swift").
    public let variant: String
    /// What was measured ("batched_launch", "enqueue_wait").
    public let metric: String
    public let median: Double
    public let min: Double
    public let max: Double
    /// The unit of median/min/max ("us", "ms").
    public let unit: String
    /// How many samples the summary is over.
    public let samples: Int
    /// The device the variant ran on ("host" for host peers).
    public let device: String
    /// Whether the variant's output matched the host reference before it was timed.
    public let verified: Bool
    /// Extra figures (e.g. "gb_per_s", "ratio_to_raw_c").
    public let extra: [String: Double]

    public init(suite: String, variant: String, metric: String, summary: Summary, unit: String, device: String,
                verified: Bool, extra: [String: Double] = [:]) {
        self.suite = suite
        self.variant = variant
        self.metric = metric
        self.median = summary.median
        self.min = summary.min
        self.max = summary.max
        self.unit = unit
        self.samples = summary.count
        self.device = device
        self.verified = verified
        self.extra = extra
    }
}
