import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLValidation
import SwiftCLKernels

/// Launch overhead of SwiftCL against plain C OpenCL on the same device, interleaved in one run:
/// µs per launch when batched (one wait at the end) and the enqueue+wait round trip.
public struct LaunchSuite: Sendable {
    /// Work items per launch (tiny, so the launch path dominates).
    public var global = 64
    /// Launches per batched sample.
    public var batchSize = 2000
    /// Batched samples per variant.
    public var rounds = 15
    /// Enqueue+wait samples per variant.
    public var waitSamples = 400

    public init() {}

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        let queue = try ComputeQueue(device: device)
        let square = try SquareKernel(context: queue.context)
        let input = (0..<global).map { Float($0) - 3.5 }
        let expected = SquareKernel.reference(input)
        let a = try Buffer(copying: input, context: queue.context)
        let b = try Buffer<Float>(count: global, context: queue.context)
        let range = try NDRange(global)
        let raw = try RawSession(device: device, source: ShippedSources.square, kernel: "square", count: global)
        try raw.write(input)

        // Verify both paths before any time counts.
        let swiftOutput = try queue.sync { cl in
            try square(cl, range, a, b)
            return try cl.read(b)
        }
        _ = try raw.launchAndWait(global: global)
        let rawOutput = try raw.readOutput()
        let swiftVerified = swiftOutput == expected, rawVerified = rawOutput == expected
        guard swiftVerified, rawVerified else {
            throw BenchmarkSuiteError.verificationFailed(
                suite: "launch", detail: "square output differs from the host reference (swiftcl \(swiftVerified), raw-c \(rawVerified))")
        }

        // Warm up both paths.
        try queue.sync { cl in for _ in 0..<200 { try square(cl, range, a, b) } }
        _ = try raw.batched(global: global, launches: 200)

        var swiftBatched: [Double] = [], rawBatched: [Double] = []
        for round in 0..<rounds {
            progress("launch: batched round \(round + 1)/\(rounds)")
            let swift = {
                try Stopwatch.time { try queue.sync { cl in for _ in 0..<batchSize { try square(cl, range, a, b) } } }.seconds
            }
            if round.isMultiple(of: 2) {
                swiftBatched.append(try swift() / Double(batchSize))
                rawBatched.append(try raw.batched(global: global, launches: batchSize) / Double(batchSize))
            } else {
                rawBatched.append(try raw.batched(global: global, launches: batchSize) / Double(batchSize))
                swiftBatched.append(try swift() / Double(batchSize))
            }
        }
        var swiftWait: [Double] = [], rawWait: [Double] = []
        let block = max(1, min(20, waitSamples / 4))
        for sample in 0..<(2 * waitSamples) {
            if sample.isMultiple(of: 50) { progress("launch: enqueue+wait sample \(sample)/\(waitSamples)") }
            let swift = { try Stopwatch.time { try queue.sync { cl in try square(cl, range, a, b) } }.seconds }
            // Blocks of samples per path, alternating. Alternating every sample penalised whichever path
            // followed the other (PoCL's worker sleeps or spins depending on the gap before a command, and
            // the two paths leave different gaps): over 10 runs SwiftCL's median was +4…+28% (typically +17%)
            // that way, and over 9 runs in blocks +1…+19% (typically +5%).
            if (sample / block).isMultiple(of: 2) {
                swiftWait.append(try swift())
            } else {
                rawWait.append(try raw.launchAndWait(global: global))
            }
        }
        // What a submission costs with nothing in it: the Dispatch hop, the encoder and clFinish.
        var emptySync: [Double] = []
        for _ in 0..<waitSamples {
            emptySync.append(try Stopwatch.time { try queue.sync { _ in } }.seconds)
        }
        var records = Self.records(device: device.name, swiftBatched: swiftBatched, rawBatched: rawBatched,
                                   swiftWait: swiftWait, rawWait: rawWait)
        if let empty = Summary(emptySync)?.scaled(by: 1e6) {
            records.append(BenchmarkRecord(suite: "launch", variant: "swiftcl", metric: "empty_sync", summary: empty, unit: "us",
                                           device: device.name, verified: true))
        }
        return records
    }

    static func records(device: String, swiftBatched: [Double], rawBatched: [Double],
                        swiftWait: [Double], rawWait: [Double]) -> [BenchmarkRecord] {
        let microseconds = 1e6
        guard let sb = Summary(swiftBatched)?.scaled(by: microseconds), let rb = Summary(rawBatched)?.scaled(by: microseconds),
              let sw = Summary(swiftWait)?.scaled(by: microseconds), let rw = Summary(rawWait)?.scaled(by: microseconds) else {
            return []
        }
        return [
            BenchmarkRecord(suite: "launch", variant: "swiftcl", metric: "batched_launch", summary: sb, unit: "us",
                            device: device, verified: true,
                            extra: ["overhead_us": sb.median - rb.median, "ratio_to_raw_c": sb.median / rb.median]),
            BenchmarkRecord(suite: "launch", variant: "raw-c", metric: "batched_launch", summary: rb, unit: "us",
                            device: device, verified: true),
            BenchmarkRecord(suite: "launch", variant: "swiftcl", metric: "enqueue_wait", summary: sw, unit: "us",
                            device: device, verified: true,
                            extra: ["overhead_percent": (sw.median / rw.median - 1) * 100]),
            BenchmarkRecord(suite: "launch", variant: "raw-c", metric: "enqueue_wait", summary: rw, unit: "us",
                            device: device, verified: true),
        ]
    }
}
