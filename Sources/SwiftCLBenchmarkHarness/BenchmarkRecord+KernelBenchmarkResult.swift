extension BenchmarkRecord {
    /// The report record of a kernel-benchmark result: its rate (`Mpix/s` for 2-D problems, `Melem/s` otherwise) as
    /// median/min/max, GB/s, % of the bound, the local size, the worst error over its outputs and, for 2-D problems,
    /// the pixel fields the charts read. `boundRate` is the bound's median rate at that size, when there is one.
    public init(_ result: KernelBenchmarkResult, suite: String, metric: String, tolerance: Double? = nil, boundRate: Double? = nil) {
        self.init(suite: suite, variant: result.variant, metric: metric, summary: result.rate ?? Summary.zero, unit: result.rateUnit,
                  device: result.device, verified: result.verified)
        samples = result.rate?.count ?? 0
        note = result.note
        width = result.size.width
        height = result.size.height * result.size.depth
        localSize = result.localSize
        gbPerS = result.gbPerS
        percentOfCopyBound = result.percentOfBound
        copyBoundMpixPerS = boundRate
        maxAbsError = result.outputs.map(\.maxError).max()
        self.tolerance = tolerance
        if let rate = result.rate, result.size.dimensions == 2 {
            medianMpixPerS = rate.median
            minMpixPerS = rate.min
            maxMpixPerS = rate.max
        }
        if let flops = result.gflopPerS { extra["gflop_per_s"] = flops }
        if result.isBound { isBound = true }
    }
}
