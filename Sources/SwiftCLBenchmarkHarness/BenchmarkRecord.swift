/// One measurement of one variant, as the JSON report lists it (keys in snake_case).
///
/// Every record has `suite`, `variant`, `metric`, `median`, `min`, `max` and `unit`. Image suites
/// (box filter, copy) also fill the pixel fields: `width`, `height`, `local_size`,
/// `median_mpix_per_s`, `min_mpix_per_s`, `max_mpix_per_s`, `gb_per_s`, `percent_of_copy_bound`,
/// `copy_bound_mpix_per_s`, `max_abs_error`, `tolerance`.
public struct BenchmarkRecord: Hashable, Sendable, Codable {
    public var suite: String
    public var variant: String
    /// What was measured ("batched_launch", "box_filter", "copy").
    public var metric: String
    public var median: Double
    public var min: Double
    public var max: Double
    /// The unit of median/min/max ("us", "ms", "Mpix/s", "GB/s").
    public var unit: String
    /// How many samples the summary is over.
    public var samples: Int
    /// The device the variant ran on ("host" for host peers).
    public var device: String
    /// Whether the variant's output matched the host reference before it was timed.
    public var verified: Bool
    /// Whether this is a bound (a copy, read-only or write-only kernel) timed for comparison, not a verified variant.
    public var isBound: Bool?
    /// Why the variant was not timed (unsupported size, failed verification), when it was not.
    public var note: String?
    /// Extra figures (e.g. "ratio_to_raw_c").
    public var extra: [String: Double]

    public var width: Int?
    public var height: Int?
    /// The work-group size used along the first dimension (nil: the runtime chose).
    public var localSize: Int?
    public var medianMpixPerS: Double?
    public var minMpixPerS: Double?
    public var maxMpixPerS: Double?
    /// Effective bandwidth: one float read and one written per pixel, at the median.
    public var gbPerS: Double?
    /// The variant's median against the copy kernel's median measured next to it in the same run.
    public var percentOfCopyBound: Double?
    public var copyBoundMpixPerS: Double?
    public var maxAbsError: Double?
    public var tolerance: Double?

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

    /// A record for a variant that was not timed, saying why.
    public static func untimed(suite: String, variant: String, metric: String, device: String, width: Int?, height: Int?,
                               note: String, maxAbsError: Double? = nil, tolerance: Double? = nil) -> BenchmarkRecord {
        var record = BenchmarkRecord(suite: suite, variant: variant, metric: metric, summary: Summary.zero, unit: "Mpix/s",
                                     device: device, verified: false)
        record.samples = 0
        record.width = width
        record.height = height
        record.note = note
        record.maxAbsError = maxAbsError
        record.tolerance = tolerance
        return record
    }

    /// Whether a larger median is better (rates) or worse (times).
    public var higherIsBetter: Bool { unit.hasSuffix("/s") }

    /// The key a baseline comparison matches records by.
    public var comparisonKey: String {
        [suite, variant, metric, width.map(String.init) ?? "", height.map(String.init) ?? ""].joined(separator: "|")
    }
}
