import SwiftCL
import SwiftCLValidation

extension KernelBenchmark {
    /// Every variant (and the bounds) at every size on `queue`: verified first, then timed, the bound's samples
    /// interleaved with each variant's.
    /// - Throws: ``BenchmarkError`` when the arrays or the reference are inconsistent, or the runtime's errors when the
    ///   bound cannot run (a variant that fails is a result, not an error).
    public func run(sizes: [ProblemSize], on queue: ComputeQueue, progress: (String) -> Void = { _ in }) throws -> [KernelBenchmarkResult] {
        var results: [KernelBenchmarkResult] = []
        for size in sizes {
            let host = try arrays(size)
            let expected = try reference(host, size)
            for output in outputs where expected[output] == nil {
                throw BenchmarkError.missingReference(benchmark: name, output: output)
            }
            let boundRun = try bound.map { try makeRun($0, size: size, host: host, local: nil, queue: queue) }
            var boundSamples: [Sample] = []
            var sizeResults: [KernelBenchmarkResult] = []
            for (index, variant) in variants.enumerated() {
                progress("\(name) \(size): \(variant.name) (\(index + 1)/\(variants.count))")
                var (result, samples) = try measure(variant, size: size, host: host, expected: expected, queue: queue, bound: boundRun)
                if let bound, !samples.isEmpty {
                    // Against the bound samples taken beside this variant's: moments that match.
                    let beside = summarize(bound, size: size, device: queue.device.name, samples: samples, outputs: [], verified: false,
                                           isBound: true, local: nil, note: nil)
                    result.percentOfBound = Self.percent(result, of: beside)
                }
                boundSamples += samples
                sizeResults.append(result)
            }
            if let bound {
                sizeResults.append(summarize(bound, size: size, device: queue.device.name, samples: boundSamples, outputs: [],
                                             verified: false, isBound: true, local: nil, note: nil))
            }
            for other in otherBounds {
                progress("\(name) \(size): bound \(other.name)")
                sizeResults.append(try measureBound(other, size: size, host: host, queue: queue))
            }
            results += sizeResults
        }
        return results
    }

    /// What one variant's measurement has gathered so far.
    private struct Sampling {
        var samples: [Sample] = [], boundSamples: [Sample] = []
        var comparisons: [OutputComparison] = []
        var allocations: Int, samplesPerAllocation: Int
    }

    /// One variant at one size: pick a local size, verify, then time beside the bound on fresh buffers per allocation.
    private func measure(_ variant: Variant, size: ProblemSize, host: HostArrays, expected: HostArrays, queue: ComputeQueue,
                         bound: TimedRun?) throws -> (KernelBenchmarkResult, [Sample]) {
        let device = variant.runsOn ?? (variant.isHost ? "host" : queue.device.name)
        func untimed(_ note: String, _ outputs: [OutputComparison] = [], local: Int? = nil) -> KernelBenchmarkResult {
            summarize(variant, size: size, device: device, samples: [], outputs: outputs, verified: false, isBound: false, local: local, note: note)
        }
        if let reason = variant.unsupportedReason(size) { return (untimed("unsupported: \(reason)"), []) }
        var sampling = Sampling(allocations: settings.allocations, samplesPerAllocation: settings.samples)
        let local: Int?
        do {
            local = try chooseLocalSize(variant, size: size, host: host, expected: expected, queue: queue)
            for allocation in 0..<Swift.max(1, settings.allocations) where allocation < sampling.allocations {
                let run = try makeRun(variant, size: size, host: host, local: local, queue: queue)
                if allocation == 0 {
                    sampling.comparisons = try verify(run, expected: expected)
                    guard sampling.comparisons.allSatisfy(\.passed) else {
                        let note = sampling.comparisons.filter { !$0.passed }.map(\.summary).joined(separator: "; ")
                        return (untimed(note, sampling.comparisons, local: local), [])
                    }
                }
                try sample(run, bound: bound, into: &sampling)
            }
        } catch {
            return (untimed("\(error)", sampling.comparisons), sampling.boundSamples)
        }
        return (summarize(variant, size: size, device: device, samples: sampling.samples, outputs: sampling.comparisons, verified: true,
                          isBound: false, local: local, note: nil), sampling.boundSamples)
    }

    /// Warm-up, calibration and samples of one allocation, alternating with the bound.
    private func sample(_ run: TimedRun, bound: TimedRun?, into sampling: inout Sampling) throws {
        // A variant whose single run outlasts several sample budgets (an emulated image path) is timed on one
        // allocation with at most three samples and no extra warm-up: verification has warmed it.
        let once = try run.sample(runs: 1).seconds
        if once > 4 * settings.sampleBudget {
            sampling.allocations = 1
            sampling.samplesPerAllocation = Swift.min(sampling.samplesPerAllocation, 3)
        } else if settings.warmups > 0 {
            _ = try run.sample(runs: settings.warmups)
        }
        let runs = Stopwatch.repetitions(toFill: settings.sampleBudget, oneRunTaking: Swift.max(once, 1e-9))
        let boundRuns = try bound?.calibrate(budget: settings.sampleBudget / 2)
        for index in 0..<Swift.max(1, sampling.samplesPerAllocation) {
            // Alternate which goes first so neither always follows the other.
            if index.isMultiple(of: 2) {
                if let bound, let boundRuns { sampling.boundSamples.append(try bound.sample(runs: boundRuns)) }
                sampling.samples.append(try run.sample(runs: runs))
            } else {
                sampling.samples.append(try run.sample(runs: runs))
                if let bound, let boundRuns { sampling.boundSamples.append(try bound.sample(runs: boundRuns)) }
            }
        }
    }

    /// A reference kernel timed on its own (not verified).
    private func measureBound(_ bound: Variant, size: ProblemSize, host: HostArrays, queue: ComputeQueue) throws -> KernelBenchmarkResult {
        let device = bound.runsOn ?? (bound.isHost ? "host" : queue.device.name)
        do {
            let run = try makeRun(bound, size: size, host: host, local: nil, queue: queue)
            var sampling = Sampling(allocations: 1, samplesPerAllocation: settings.samples)
            try sample(run, bound: nil, into: &sampling)
            return summarize(bound, size: size, device: device, samples: sampling.samples, outputs: [], verified: false, isBound: true,
                             local: nil, note: nil)
        } catch {
            return summarize(bound, size: size, device: device, samples: [], outputs: [], verified: false, isBound: true, local: nil,
                             note: "\(error)")
        }
    }

    /// Runs once on fresh arrays and compares every output with the reference.
    private func verify(_ run: TimedRun, expected: HostArrays) throws -> [OutputComparison] {
        let actual = try run.outputs(outputs)
        return zip(outputs, actual).map { name, array in
            // `expected[name]` exists: `run` checked every output has a reference.
            array.compare(expected[name] ?? array, name, outputTolerances[name] ?? tolerance)
        }
    }

    /// The variant ready to time at `size`: a device run with its own buffers, or a host run.
    private func makeRun(_ variant: Variant, size: ProblemSize, host: HostArrays, local: Int?, queue: ComputeQueue) throws -> TimedRun {
        switch variant.body {
        case let .device(prepare):
            return try PreparedRun(encode: try prepare(queue, size, local), host: host, inPlace: inPlace, queue: queue)
        case let .host(prepare):
            return HostPeerRun(run: try prepare(host, size))
        }
    }

    /// The local size to time with: remembered, or the fastest verified candidate of a sweep (the runtime's choice
    /// included), then remembered. Nil for host variants and variants that offer no candidates.
    private func chooseLocalSize(_ variant: Variant, size: ProblemSize, host: HostArrays, expected: HostArrays,
                                 queue: ComputeQueue) throws -> Int? {
        guard settings.sweepsLocalSizes, !variant.isHost else { return variant.fixedLocalSize }
        let candidates = try variant.localSizes(queue)
        guard !candidates.isEmpty else { return variant.fixedLocalSize }
        let key = [queue.device.name, queue.device.driverVersion, variant.name, tuningContext, size.description].joined(separator: "|")
        if let remembered = tuning?.localSize(for: key) { return remembered }
        var best: (local: Int?, seconds: Double) = (nil, .infinity)
        for candidate in [nil] + candidates.map(Optional.some) {
            let run: TimedRun
            do {
                run = try makeRun(variant, size: size, host: host, local: candidate, queue: queue)
            } catch is SwiftCLError {
                continue  // a size this variant refuses (e.g. beyond its local memory) is not a candidate
            }
            guard try verify(run, expected: expected).allSatisfy(\.passed) else { continue }
            let runs = try run.calibrate(budget: settings.sweepBudget)
            var fastest = Double.infinity
            for _ in 0..<Swift.max(1, settings.sweepSamples) { fastest = Swift.min(fastest, try run.sample(runs: runs).seconds) }
            if fastest < best.seconds { best = (candidate, fastest) }
        }
        try? tuning?.remember(best.local, for: key)
        return best.local
    }

    private func summarize(_ variant: Variant, size: ProblemSize, device: String, samples: [Sample], outputs: [OutputComparison],
                           verified: Bool, isBound: Bool, local: Int?, note: String?) -> KernelBenchmarkResult {
        let traffic = variant.traffic(size)
        let deviceSeconds = Summary(samples.compactMap(\.device)), hostSeconds = Summary(samples.map(\.host))
        // Rates from device time when the variant has it (host peers: the host clock); the fastest sample gives the
        // highest rate.
        let rate = Summary(samples.map { Double(size.elements) / $0.seconds / 1e6 })
        let median = (deviceSeconds ?? hostSeconds)?.median
        var result = KernelBenchmarkResult(
            benchmark: name, variant: variant.name, size: size, device: device, verified: verified, isBound: isBound, outputs: outputs,
            traffic: traffic, deviceSeconds: deviceSeconds, hostSeconds: hostSeconds, rateUnit: size.rateUnit, rate: rate,
            gbPerS: median.flatMap { traffic.bytes > 0 ? Double(traffic.bytes) / $0 / 1e9 : nil },
            gflopPerS: median.flatMap { seconds in traffic.flops.map { Double($0) / seconds / 1e9 } },
            percentOfBound: nil, localSize: local, note: note)
        result.localShape = variant.fixedLocalShape
        return result
    }

    /// A result's GB/s as a percentage of the bound's (elements per second when either moves no bytes).
    static func percent(_ result: KernelBenchmarkResult, of bound: KernelBenchmarkResult) -> Double? {
        if let gb = result.gbPerS, let boundGB = bound.gbPerS, boundGB > 0 { return gb / boundGB * 100 }
        guard let rate = result.rate?.median, let boundRate = bound.rate?.median, boundRate > 0 else { return nil }
        return rate / boundRate * 100
    }
}

/// Seconds per run of one sample: from profiling events (device variants) and the host clock.
struct Sample: Sendable {
    let device: Double?
    let host: Double

    /// The time that counts: the device's when there is one.
    var seconds: Double { device ?? host }
}

/// A variant ready to run and time at one size.
protocol TimedRun {
    /// Runs once on fresh inputs and returns the arrays named `outputs` as the run left them.
    func outputs(_ outputs: [String]) throws -> [HostArray]
    /// Seconds per run over `runs` runs.
    func sample(runs: Int) throws -> Sample
}

extension TimedRun {
    /// How many runs fill `budget` seconds (1...10,000), from one timed run.
    func calibrate(budget: Double) throws -> Int {
        Stopwatch.repetitions(toFill: budget, oneRunTaking: Swift.max(try sample(runs: 1).host, 1e-9))
    }
}

/// A host peer's run, timed by the host clock.
struct HostPeerRun: TimedRun {
    let run: KernelBenchmark.HostRun

    func outputs(_ outputs: [String]) throws -> [HostArray] {
        try run.run()
        let arrays = try run.outputs()
        return try outputs.map { name in
            guard let array = arrays[name] else { throw BenchmarkError.argumentType(name: name, expected: "an output of the host peer") }
            return array
        }
    }

    func sample(runs: Int) throws -> Sample {
        let seconds = try Stopwatch.time { for _ in 0..<runs { try run.run() } }.seconds
        return Sample(device: nil, host: seconds / Double(runs))
    }
}

/// A device variant ready to run at one size: its own buffers (uploaded from the host arrays) and its encode closure.
struct PreparedRun: TimedRun {
    let queue: ComputeQueue
    let encode: KernelBenchmark.Variant.Encode
    let buffers: BenchmarkBuffers
    let host: HostArrays
    let inPlace: [String]

    /// Buffers uploaded from `host`, run by `encode`; `inPlace` arrays are rewritten before every run.
    init(encode: @escaping KernelBenchmark.Variant.Encode, host: HostArrays, inPlace: Set<String>, queue: ComputeQueue) throws {
        self.queue = queue
        self.host = host
        var objects: [String: MemoryObject] = [:]
        for name in host.names { objects[name] = try host[name]?.upload(queue.context) }
        buffers = BenchmarkBuffers(objects: objects)
        self.encode = encode
        self.inPlace = host.names.filter(inPlace.contains)
    }

    func outputs(_ outputs: [String]) throws -> [HostArray] {
        try restore()
        return try queue.sync { cl in
            try encode(cl, buffers)
            return try outputs.map { name -> HostArray in
                guard let array = host[name], let object = buffers.objects[name] else {
                    throw BenchmarkError.argumentType(name: name, expected: "an array of the problem")
                }
                return try array.download(cl, object)
            }
        }
    }

    /// Writes the in-place arrays afresh from the host.
    func restore() throws {
        guard !inPlace.isEmpty else { return }
        try queue.sync { cl in
            for name in inPlace {
                if let array = host[name], let object = buffers.objects[name] { try array.restore(cl, object) }
            }
        }
    }

    /// `runs` runs: device seconds per run from the profiling events of the variant's own commands, host seconds per
    /// run around enqueueing and waiting. In-place variants are restored before each run, outside both times.
    func sample(runs: Int) throws -> Sample {
        var device = 0.0, host = 0.0
        if inPlace.isEmpty {
            let timing = try queue.measure { cl in for _ in 0..<runs { try encode(cl, buffers) } }
            device = timing.commands.map { $0.times.duration.seconds }.reduce(0, +)
            host = timing.hostTime.seconds
        } else {
            for _ in 0..<runs {
                try restore()
                let timing = try queue.measure { cl in try encode(cl, buffers) }
                device += timing.commands.map { $0.times.duration.seconds }.reduce(0, +)
                host += timing.hostTime.seconds
            }
        }
        return Sample(device: device / Double(runs), host: host / Double(runs))
    }
}
