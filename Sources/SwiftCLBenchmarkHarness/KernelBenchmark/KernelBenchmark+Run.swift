import SwiftCL
import SwiftCLValidation

extension KernelBenchmark {
    /// Every variant (and the bound) at every size on `queue`: verified first, then timed, the bound's samples
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
            let boundRun = try bound.map { try PreparedRun(variant: $0, size: size, host: host, benchmark: self, queue: queue) }
            var boundSamples: [Sample] = []
            for (index, variant) in variants.enumerated() {
                progress("\(name) \(size): \(variant.name) (\(index + 1)/\(variants.count))")
                let (result, samples) = try measure(variant, size: size, host: host, expected: expected, queue: queue, bound: boundRun)
                boundSamples += samples
                results.append(result)
            }
            guard let bound else { continue }
            let boundResult = summarize(bound, size: size, device: queue.device.name, samples: boundSamples, outputs: [],
                                        verified: false, isBound: true, note: nil)
            for index in results.indices where results[index].size == size && !results[index].isBound {
                results[index].percentOfBound = Self.percent(results[index], of: boundResult)
            }
            results.append(boundResult)
        }
        return results
    }

    /// One variant at one size: verify, then time beside the bound.
    private func measure(_ variant: Variant, size: ProblemSize, host: HostArrays, expected: HostArrays, queue: ComputeQueue,
                         bound: PreparedRun?) throws -> (KernelBenchmarkResult, [Sample]) {
        let run: PreparedRun
        let comparisons: [OutputComparison]
        do {
            run = try PreparedRun(variant: variant, size: size, host: host, benchmark: self, queue: queue)
            comparisons = try run.verify(outputs: outputs, expected: expected, tolerance: tolerance, outputTolerances: outputTolerances)
        } catch {
            return (summarize(variant, size: size, device: queue.device.name, samples: [], outputs: [], verified: false,
                              isBound: false, note: "\(error)"), [])
        }
        guard comparisons.allSatisfy(\.passed) else {
            let note = comparisons.filter { !$0.passed }.map(\.summary).joined(separator: "; ")
            return (summarize(variant, size: size, device: queue.device.name, samples: [], outputs: comparisons, verified: false,
                              isBound: false, note: note), [])
        }
        let runs = try run.calibrate(budget: settings.sampleBudget)
        let boundRuns = try bound?.calibrate(budget: settings.sampleBudget / 2)
        var samples: [Sample] = [], boundSamples: [Sample] = []
        for index in 0..<Swift.max(1, settings.samples) {
            // Alternate which goes first so neither always follows the other.
            if index.isMultiple(of: 2) {
                if let bound, let boundRuns { boundSamples.append(try bound.sample(runs: boundRuns)) }
                samples.append(try run.sample(runs: runs))
            } else {
                samples.append(try run.sample(runs: runs))
                if let bound, let boundRuns { boundSamples.append(try bound.sample(runs: boundRuns)) }
            }
        }
        return (summarize(variant, size: size, device: queue.device.name, samples: samples, outputs: comparisons, verified: true,
                          isBound: false, note: nil), boundSamples)
    }

    private func summarize(_ variant: Variant, size: ProblemSize, device: String, samples: [Sample], outputs: [OutputComparison],
                           verified: Bool, isBound: Bool, note: String?) -> KernelBenchmarkResult {
        let traffic = variant.traffic(size)
        let deviceSeconds = Summary(samples.map(\.device)), hostSeconds = Summary(samples.map(\.host))
        // Rates from device time: the fastest sample gives the highest rate.
        let rate = Summary(samples.map { Double(size.elements) / $0.device / 1e6 })
        let median = deviceSeconds?.median
        return KernelBenchmarkResult(
            benchmark: name, variant: variant.name, size: size, device: device, verified: verified, isBound: isBound, outputs: outputs,
            traffic: traffic, deviceSeconds: deviceSeconds, hostSeconds: hostSeconds, rateUnit: size.rateUnit, rate: rate,
            gbPerS: median.flatMap { traffic.bytes > 0 ? Double(traffic.bytes) / $0 / 1e9 : nil },
            gflopPerS: median.flatMap { seconds in traffic.flops.map { Double($0) / seconds / 1e9 } },
            percentOfBound: nil, note: note)
    }

    /// A result's GB/s as a percentage of the bound's (elements per second when either moves no bytes).
    static func percent(_ result: KernelBenchmarkResult, of bound: KernelBenchmarkResult) -> Double? {
        if let gb = result.gbPerS, let boundGB = bound.gbPerS, boundGB > 0 { return gb / boundGB * 100 }
        guard let rate = result.rate?.median, let boundRate = bound.rate?.median, boundRate > 0 else { return nil }
        return rate / boundRate * 100
    }
}

/// Seconds per run of one sample.
struct Sample: Sendable {
    let device: Double
    let host: Double
}

/// A variant ready to run at one size: its own buffers (uploaded from the host arrays) and its encode closure.
struct PreparedRun {
    let queue: ComputeQueue
    let encode: KernelBenchmark.Variant.Encode
    let buffers: BenchmarkBuffers
    let host: HostArrays
    let inPlace: [String]

    init(variant: KernelBenchmark.Variant, size: ProblemSize, host: HostArrays, benchmark: KernelBenchmark, queue: ComputeQueue) throws {
        try self.init(encode: try variant.prepare(queue, size), host: host, inPlace: benchmark.inPlace, queue: queue)
    }

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

    /// Runs once on fresh arrays and returns the arrays named `outputs` as the run left them.
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

    /// Runs once on fresh arrays and compares every output with the reference.
    func verify(outputs: [String], expected: HostArrays, tolerance: Tolerance, outputTolerances: [String: Tolerance]) throws -> [OutputComparison] {
        let actual = try self.outputs(outputs)
        return zip(outputs, actual).map { name, array in
            // `expected[name]` exists: the run checked every output has a reference.
            array.compare(expected[name] ?? array, name, outputTolerances[name] ?? tolerance)
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

    /// How many runs fill `budget` seconds (1...10,000), from one timed run.
    func calibrate(budget: Double) throws -> Int {
        let one = try sample(runs: 1)
        return Stopwatch.repetitions(toFill: budget, oneRunTaking: Swift.max(one.host, 1e-9))
    }

    /// `runs` runs: device seconds per run from the profiling events of the variant's own commands, host seconds per
    /// run around enqueueing and waiting. In-place variants are restored before each run, outside both times.
    func sample(runs: Int) throws -> Sample {
        var device = 0.0, host = 0.0
        if inPlace.isEmpty {
            let timing = try queue.measure { cl in for _ in 0..<runs { try encode(cl, buffers) } }
            device = timing.commands.map { Self.seconds($0.times.duration) }.reduce(0, +)
            host = Self.seconds(timing.hostTime)
        } else {
            for _ in 0..<runs {
                try restore()
                let timing = try queue.measure { cl in try encode(cl, buffers) }
                device += timing.commands.map { Self.seconds($0.times.duration) }.reduce(0, +)
                host += Self.seconds(timing.hostTime)
            }
        }
        return Sample(device: device / Double(runs), host: host / Double(runs))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
