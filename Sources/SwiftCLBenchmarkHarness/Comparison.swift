import SwiftCL
import SwiftCLValidation

/// Compares variants on one image problem, the way the guide's performance chapter does and more
/// strictly: each variant is verified against the reference (max abs error against a stated tolerance)
/// before its time counts; runs are warmed up; the run count per sample is calibrated to a time budget;
/// samples are repeated over fresh allocations; and the copy kernel — the memory bound — is measured
/// next to every variant sample, so "% of copy bound" compares moments that match.
public struct Comparison {
    public struct Settings: Sendable {
        /// Target seconds per timed sample (the run count is calibrated to it).
        public var sampleBudget = 0.08
        /// Timed samples per allocation.
        public var samplesPerAllocation = 3
        /// Fresh input/output allocations per variant.
        public var allocations = 2
        /// Untimed runs before timing.
        public var warmups = 1
        /// Target seconds per local-size candidate during a sweep (best of ``sweepSamples``).
        public var sweepBudget = 0.025
        /// Samples per local-size candidate; the fastest counts, which damps this machine's drift.
        public var sweepSamples = 2
        /// Whether to sweep local sizes at all; when off, variants run with the runtime's choice
        /// (or their own default).
        public var sweepsLocalSizes = true

        public init() {}
    }

    public let suite: String
    public let problem: ImageProblem
    public let input: [Float]
    public let reference: [Float]
    /// The largest absolute error a variant may have and still count.
    public let tolerance: Float
    /// The copy kernel (or any other bound) measured next to each variant.
    public let bound: BenchmarkVariant
    public var settings = Settings()
    /// Where the best local sizes are remembered (nil: sweep every time, remember nothing).
    public var tuning: TuningStore?
    /// Extra text in tuning keys (e.g. "RANGE=2").
    public var tuningContext = ""

    /// - Throws: ``BenchmarkError/problemSizeMismatch(suite:problem:input:reference:)``.
    public init(suite: String, problem: ImageProblem, input: [Float], reference: [Float], tolerance: Float, bound: BenchmarkVariant) throws {
        guard input.count == problem.pixels, reference.count == problem.pixels else {
            throw BenchmarkError.problemSizeMismatch(suite: suite, problem: "\(problem)", input: input.count, reference: reference.count)
        }
        self.suite = suite
        self.problem = problem
        self.input = input
        self.reference = reference
        self.tolerance = tolerance
        self.bound = bound
    }

    /// Runs every variant and returns one record each, plus the suite's copy bound.
    /// - Throws: ``BenchmarkError/boundNotOnDevice(suite:bound:)``, or the runtime's errors when the bound
    ///   cannot run (a variant that fails is a record, not an error).
    public func run(_ variants: [BenchmarkVariant], on queue: ComputeQueue,
                    progress: (String) -> Void = { _ in }) throws -> (records: [BenchmarkRecord], copyBoundMpixPerS: Double) {
        guard case let .device(prepareBound) = bound.body else {
            throw BenchmarkError.boundNotOnDevice(suite: suite, bound: bound.name)
        }
        let boundPrepared = try prepareBound(queue, problem, nil)
        var allBoundSamples: [Double] = []
        var records: [BenchmarkRecord] = []
        for (index, variant) in variants.enumerated() {
            progress("\(suite) \(problem): \(variant.name) (\(index + 1)/\(variants.count))")
            var (record, boundSamples) = try measure(variant, on: queue, bound: boundPrepared)
            allBoundSamples += boundSamples
            if let boundMedian = Summary(boundSamples)?.median, let median = record.medianMpixPerS {
                record.percentOfCopyBound = median / boundMedian * 100
            }
            records.append(record)
        }
        let copyBound = Summary(allBoundSamples)?.median ?? 0
        for index in records.indices { records[index].copyBoundMpixPerS = copyBound }
        return (records, copyBound)
    }

    /// Mpix/s of one run taking `seconds`.
    func rate(_ seconds: Double) -> Double { Double(problem.pixels) / seconds / 1e6 }

    /// What one variant's measurement has gathered so far.
    private struct Sampling {
        var samples: [Double] = [], boundSamples: [Double] = []
        var worstError: Float = 0
        var allocations: Int, samplesPerAllocation: Int
    }

    /// Verifies, then times one variant beside the bound: fresh buffers per allocation, interleaved samples.
    private func measure(_ variant: BenchmarkVariant, on queue: ComputeQueue, bound: BenchmarkVariant.Prepared) throws -> (BenchmarkRecord, [Double]) {
        let deviceName: String
        switch variant.body {
        case .device: deviceName = queue.device.name
        case .host: deviceName = "host"
        }
        if let reason = variant.unsupportedReason(problem) {
            return (untimed(variant, deviceName, note: "unsupported: \(reason)"), [])
        }
        var localSize: Int?
        if case let .device(prepare) = variant.body {
            localSize = try chooseLocalSize(variant, prepare: prepare, queue: queue)
        }
        var sampling = Sampling(allocations: settings.allocations, samplesPerAllocation: settings.samplesPerAllocation)
        for allocation in 0..<settings.allocations where allocation < sampling.allocations {
            let verified = try sampleAllocation(allocation, variant, on: queue, bound: bound, localSize: localSize, into: &sampling)
            guard verified else {
                let note = "failed verification: max abs error \(sampling.worstError) > \(tolerance)"
                return (untimed(variant, deviceName, note: note, error: sampling.worstError), sampling.boundSamples)
            }
        }
        guard let summary = Summary(sampling.samples) else {
            return (untimed(variant, deviceName, note: "no samples"), sampling.boundSamples)
        }
        return (record(variant, summary, device: deviceName, localSize: localSize, worstError: sampling.worstError),
                sampling.boundSamples)
    }

    /// One allocation: fresh buffers, verification on the first, warm-up, then samples alternating with the
    /// bound. Returns false when the variant fails verification (nothing is timed then).
    private func sampleAllocation(_ allocation: Int, _ variant: BenchmarkVariant, on queue: ComputeQueue,
                                  bound: BenchmarkVariant.Prepared, localSize: Int?, into sampling: inout Sampling) throws -> Bool {
        let inputBuffer = try Buffer(copying: input, context: queue.context)
        let outputBuffer = try Buffer<Float>(count: problem.pixels, context: queue.context)
        let boundOutput = try Buffer<Float>(count: problem.pixels, context: queue.context)
        // `runs(n)` does n runs and waits once, so per-run figures carry no per-run wait.
        let runs: (Int) throws -> Void
        switch variant.body {
        case let .device(prepare):
            let prepared = try prepare(queue, problem, localSize)
            if allocation == 0 {
                let output = try queue.sync { cl in
                    try prepared.encode(cl, inputBuffer, outputBuffer)
                    return try cl.read(outputBuffer)
                }
                sampling.worstError = maxAbsError(output, reference)
            }
            runs = { count in try queue.sync { cl in for _ in 0..<count { try prepared.encode(cl, inputBuffer, outputBuffer) } } }
        case let .host(compute):
            let output = HostOutput(count: problem.pixels)
            try compute(input, &output.values, problem)
            if allocation == 0 { sampling.worstError = maxAbsError(output.values, reference) }
            runs = { count in for _ in 0..<count { try compute(self.input, &output.values, self.problem) } }
        }
        guard sampling.worstError <= tolerance else { return false }
        // A variant whose single run takes longer than a whole sample budget several times over (the
        // emulated image variant) is timed on one allocation with three samples and no extra warm-up: its
        // verification run has warmed it, and more samples would only make the suite slow.
        let once = try Stopwatch.time { try runs(1) }.seconds
        if once > 4 * settings.sampleBudget {
            sampling.allocations = 1
            sampling.samplesPerAllocation = Swift.min(sampling.samplesPerAllocation, 3)
        } else {
            try runs(settings.warmups)
        }
        let runBound: (Int) throws -> Void = { count in
            try queue.sync { cl in for _ in 0..<count { try bound.encode(cl, inputBuffer, boundOutput) } }
        }
        try runBound(1)
        let repetitions = Stopwatch.repetitions(toFill: settings.sampleBudget, oneRunTaking: once)
        let boundRepetitions = try calibrate(runBound, budget: settings.sampleBudget / 2)
        for sample in 0..<sampling.samplesPerAllocation {
            // Alternate which goes first so neither always follows the other.
            if sample.isMultiple(of: 2) {
                sampling.boundSamples.append(rate(try timePerRun(runBound, repetitions: boundRepetitions)))
                sampling.samples.append(rate(try timePerRun(runs, repetitions: repetitions)))
            } else {
                sampling.samples.append(rate(try timePerRun(runs, repetitions: repetitions)))
                sampling.boundSamples.append(rate(try timePerRun(runBound, repetitions: boundRepetitions)))
            }
        }
        return true
    }

    /// The record of a verified, timed variant.
    private func record(_ variant: BenchmarkVariant, _ summary: Summary, device: String, localSize: Int?,
                        worstError: Float) -> BenchmarkRecord {
        var record = BenchmarkRecord(suite: suite, variant: variant.name, metric: "mpix_per_s", summary: summary,
                                     unit: "Mpix/s", device: device, verified: true)
        record.width = problem.width
        record.height = problem.height
        record.localSize = localSize
        record.medianMpixPerS = summary.median
        record.minMpixPerS = summary.min
        record.maxMpixPerS = summary.max
        record.gbPerS = summary.median * 1e6 * 8 / 1e9
        record.maxAbsError = Double(worstError)
        record.tolerance = Double(tolerance)
        return record
    }

    private func untimed(_ variant: BenchmarkVariant, _ device: String, note: String, error: Float? = nil) -> BenchmarkRecord {
        BenchmarkRecord.untimed(suite: suite, variant: variant.name, metric: "mpix_per_s", device: device,
                                width: problem.width, height: problem.height, note: note,
                                maxAbsError: error.map(Double.init), tolerance: Double(tolerance))
    }

    /// The local size to time with: remembered, or found by a sweep over the sizes the kernel allows
    /// (every candidate verified first), then remembered.
    private func chooseLocalSize(_ variant: BenchmarkVariant, prepare: @Sendable (ComputeQueue, ImageProblem, Int?) throws -> BenchmarkVariant.Prepared,
                                 queue: ComputeQueue) throws -> Int? {
        let candidates = settings.sweepsLocalSizes ? try variant.localSizeCandidates(queue) : []
        guard !candidates.isEmpty else { return nil }
        let key = [queue.device.name, queue.device.driverVersion, variant.name, tuningContext, problem.description]
            .joined(separator: "|")
        if let remembered = tuning?.localSize(for: key) { return remembered }
        let inputBuffer = try Buffer(copying: input, context: queue.context)
        let outputBuffer = try Buffer<Float>(count: problem.pixels, context: queue.context)
        var best: (local: Int?, rate: Double) = (nil, -1)
        for candidate in [nil] + candidates.map(Optional.some) {
            let prepared: BenchmarkVariant.Prepared
            do {
                prepared = try prepare(queue, problem, candidate)
            } catch is SwiftCLError {
                continue  // a size this variant refuses (e.g. beyond its local memory) is not a candidate
            }
            let output = try queue.sync { cl in
                try prepared.encode(cl, inputBuffer, outputBuffer)
                return try cl.read(outputBuffer)
            }
            guard maxAbsError(output, reference) <= tolerance else { continue }
            let run: (Int) throws -> Void = { count in
                try queue.sync { cl in for _ in 0..<count { try prepared.encode(cl, inputBuffer, outputBuffer) } }
            }
            let repetitions = try calibrate(run, budget: settings.sweepBudget)
            var fastest = Double.infinity
            for _ in 0..<Swift.max(1, settings.sweepSamples) {
                fastest = Swift.min(fastest, try timePerRun(run, repetitions: repetitions))
            }
            let candidateRate = rate(fastest)
            if candidateRate > best.rate { best = (candidate, candidateRate) }
        }
        try? tuning?.remember(best.local, for: key)
        return best.local
    }

    /// Runs `run` once, timed, and returns how many runs fill `budget` seconds (1...10_000).
    func calibrate(_ runs: (Int) throws -> Void, budget: Double) throws -> Int {
        Stopwatch.repetitions(toFill: budget, oneRunTaking: try Stopwatch.time { try runs(1) }.seconds)
    }

    func timePerRun(_ runs: (Int) throws -> Void, repetitions: Int) throws -> Double {
        try Stopwatch.time { try runs(repetitions) }.seconds / Double(repetitions)
    }
}

/// The output array of a host variant, allocated once per allocation and reused by every timed run.
private final class HostOutput {
    var values: [Float]
    init(count: Int) { values = [Float](repeating: 0, count: count) }
}
