import SwiftCL
import SwiftCLBenchmarkSuites
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
    public var rounds = 45
    /// Enqueue+wait samples per variant.
    public var waitSamples = 2000

    public init() {}

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        let paths = try Paths(device: device, global: global)
        try paths.verify()
        try paths.warmUp()
        let batched = try paths.batched(rounds: rounds, batchSize: batchSize, progress: progress)
        let (swiftBatched, rawBatched, plainBatched) = (batched.swift, batched.raw, batched.plain)
        let wait = try paths.enqueueAndWait(samples: waitSamples, progress: progress)
        // What a submission costs with nothing in it: the queue's lock, the encoder and clFinish.
        var emptySync: [Double] = []
        for _ in 0..<waitSamples {
            emptySync.append(try Stopwatch.time { try paths.queue.sync { _ in } }.seconds)
        }
        var records = Self.records(device: device.name, swiftBatched: swiftBatched, rawBatched: rawBatched,
                                   swiftWait: wait.swift, rawWait: wait.raw, rawWaitTimedInC: wait.rawTimedInC,
                                   waitBlock: Self.waitBlock(samples: waitSamples), contextSwitches: wait.contextSwitches)
        // The same launch through `cl.launch(kernel, …)` instead of the generated typed kernel: the typed kernel's
        // checks (launch requirements) must not add to the plain launch.
        if let plain = Summary(plainBatched)?.scaled(by: 1e6), let raw = Summary(rawBatched)?.scaled(by: 1e6) {
            records.append(BenchmarkRecord(suite: "launch", variant: "swiftcl-plain", metric: "batched_launch", summary: plain,
                                           unit: "us", device: device.name, verified: true,
                                           extra: ["overhead_us": plain.median - raw.median, "ratio_to_raw_c": plain.median / raw.median]))
        }
        // The raw C loop on SwiftCL's own objects: if it costs what raw C costs, SwiftCL's overhead is its own code;
        // if it costs what SwiftCL costs, it is the objects (context, queue or buffers) the runtime was handed.
        for (variant, samples) in [("raw-c-on-swiftcl-objects", batched.rawOnSwiftObjects), ("raw-c-on-swiftcl-kernel", batched.rawOnSwiftKernel)] {
            guard let onObjects = Summary(samples)?.scaled(by: 1e6), let raw = Summary(rawBatched)?.scaled(by: 1e6) else { continue }
            records.append(BenchmarkRecord(suite: "launch", variant: variant, metric: "batched_launch",
                                           summary: onObjects, unit: "us", device: device.name, verified: true,
                                           extra: ["overhead_us": onObjects.median - raw.median, "ratio_to_raw_c": onObjects.median / raw.median]))
        }
        if let empty = Summary(emptySync)?.scaled(by: 1e6) {
            records.append(BenchmarkRecord(suite: "launch", variant: "swiftcl", metric: "empty_sync", summary: empty, unit: "us",
                                           device: device.name, verified: true))
        }
        return records
    }

    /// The same square launch through SwiftCL and through raw C, on one device, with its buffers.
    private struct Paths {
        let queue: ComputeQueue
        let square: SquareCL.Square
        let input: [Float]
        let a: Buffer<Float>, b: Buffer<Float>
        let range: NDRange
        let raw: RawSession
        let global: Int

        init(device: Device, global: Int) throws {
            self.global = global
            queue = try ComputeQueue(device: device)
            square = try SquareCL.Square(context: queue.context)
            input = (0..<global).map { Float($0) - 3.5 }
            a = try Buffer(copying: input, context: queue.context)
            b = try Buffer<Float>(count: global, context: queue.context)
            range = try NDRange(global)
            raw = try RawSession(device: device, source: SquareCL.source, kernel: "square", count: global)
            try raw.write(input)
        }

        /// One SwiftCL launch through the generated typed kernel, enqueued into `cl`.
        func launch(_ cl: ComputeEncoder) throws { try square(cl, range, input: a, output: b) }

        /// The same launch through the plain API.
        func plainLaunch(_ cl: ComputeEncoder) throws { try cl.launch(square.kernel, range, a, b) }

        /// Both paths must match the host reference before any time counts.
        func verify() throws {
            let expected = SquareCL.Square.reference(input)
            let swiftOutput = try queue.sync { cl in
                try launch(cl)
                return try cl.read(b)
            }
            _ = try raw.launchAndWait(global: global)
            let rawOutput = try raw.readOutput()
            let swiftVerified = swiftOutput == expected, rawVerified = rawOutput == expected
            guard swiftVerified, rawVerified else {
                throw BenchmarkSuiteError.verificationFailed(
                    suite: "launch", detail: "square output differs from the host reference (swiftcl \(swiftVerified), raw-c \(rawVerified))")
            }
        }

        func warmUp() throws {
            try queue.sync { cl in for _ in 0..<200 { try launch(cl) } }
            _ = try raw.batched(global: global, launches: 200)
        }

        /// Seconds per launch of batches that wait once (typed SwiftCL, raw C, plain SwiftCL), rounds rotating which
        /// path goes first.
        func batched(rounds: Int, batchSize: Int, progress: (String) -> Void) throws -> Batched {
            var result = Batched()
            let paths: [() throws -> Void] = [
                { result.swift.append(try Stopwatch.time { try queue.sync { cl in for _ in 0..<batchSize { try launch(cl) } } }.seconds
                    / Double(batchSize)) },
                { result.raw.append(try raw.batched(global: global, launches: batchSize) / Double(batchSize)) },
                { result.plain.append(try Stopwatch.time { try queue.sync { cl in for _ in 0..<batchSize { try plainLaunch(cl) } } }.seconds
                    / Double(batchSize)) },
                { result.rawOnSwiftObjects.append(try RawSession.batched(on: queue, input: a, output: b, source: SquareCL.source,
                                                                         kernel: "square", options: "", global: global,
                                                                         launches: batchSize) / Double(batchSize)) },
                { result.rawOnSwiftKernel.append(try RawCLoop.seconds(on: queue, kernel: square.kernel, input: a, output: b,
                                                                      global: global, launches: batchSize, waitingEach: false)
                    / Double(batchSize)) },
            ]
            for round in 0..<rounds {
                progress("launch: batched round \(round + 1)/\(rounds)")
                for step in 0..<paths.count { try paths[(round + step) % paths.count]() }
            }
            return result
        }

        /// Seconds per batched launch on each path.
        struct Batched {
            var swift: [Double] = [], raw: [Double] = [], plain: [Double] = []
            /// The raw C loop on SwiftCL's context, queue and buffers (its own kernel object, built without options).
            var rawOnSwiftObjects: [Double] = []
            /// The raw C loop with SwiftCL's own kernel object too (built as SwiftCL builds it).
            var rawOnSwiftKernel: [Double] = []
        }

        /// Seconds of one launch and its wait, `samples` per path, and the process's voluntary context switches per round trip
        /// on each path (`getrusage`, read outside the timed span: how often a thread slept and was woken). Both paths are
        /// timed by the same stopwatch around the call, as their caller sees them; `rawTimedInC` is the raw C path's own
        /// timer inside the C function (it leaves out the call and the stopwatch itself).
        func enqueueAndWait(samples: Int, progress: (String) -> Void) throws
            -> (swift: [Double], raw: [Double], rawTimedInC: [Double], contextSwitches: (swift: Double, raw: Double)) {
            var swiftWait: [Double] = [], rawWait: [Double] = [], rawTimedInC: [Double] = []
            var swiftSwitches = 0, rawSwitches = 0
            let block = LaunchSuite.waitBlock(samples: samples)
            for sample in 0..<(2 * samples) {
                if sample.isMultiple(of: 50) { progress("launch: enqueue+wait sample \(sample)/\(2 * samples) (both paths)") }
                // Blocks of samples per path, alternating. Alternating every sample penalised whichever path
                // followed the other (PoCL's worker sleeps or spins depending on the gap before a command, and
                // the two paths leave different gaps): over 10 runs SwiftCL's median was +4…+28% (typically +17%)
                // that way, and over 9 runs in blocks +1…+19% (typically +5%).
                let before = ContextSwitches.voluntary()
                if (sample / block).isMultiple(of: 2) {
                    swiftWait.append(try Stopwatch.time { try queue.sync { cl in try launch(cl) } }.seconds)
                    swiftSwitches += ContextSwitches.voluntary() - before
                } else {
                    let timed = try Stopwatch.time { try raw.launchAndWait(global: global) }
                    rawWait.append(timed.seconds)
                    rawTimedInC.append(timed.value)
                    rawSwitches += ContextSwitches.voluntary() - before
                }
            }
            let perRoundTrip = (swift: Double(swiftSwitches) / Double(max(1, swiftWait.count)),
                                raw: Double(rawSwitches) / Double(max(1, rawWait.count)))
            return (swiftWait, rawWait, rawTimedInC, perRoundTrip)
        }
    }

    /// Enqueue+wait samples per block: each path runs this many in a row, the paths alternating block by block.
    static func waitBlock(samples: Int) -> Int { max(1, min(20, samples / 4)) }

    /// The four main records. Besides the ratio of the medians, SwiftCL's carry paired ratios, which a drift of the
    /// machine over the run cancels out of: batched, the median over rounds of SwiftCL's time over raw C's in the same
    /// round; enqueue+wait, the median over consecutive blocks of `waitBlock` samples of the ratio of the blocks' medians.
    static func records(device: String, swiftBatched: [Double], rawBatched: [Double],
                        swiftWait: [Double], rawWait: [Double], rawWaitTimedInC: [Double] = [], waitBlock: Int,
                        contextSwitches: (swift: Double, raw: Double) = (0, 0)) -> [BenchmarkRecord] {
        let microseconds = 1e6
        guard let sb = Summary(swiftBatched)?.scaled(by: microseconds), let rb = Summary(rawBatched)?.scaled(by: microseconds),
              let sw = Summary(swiftWait)?.scaled(by: microseconds), let rw = Summary(rawWait)?.scaled(by: microseconds) else {
            return []
        }
        let pairedBatched = Summary(zip(swiftBatched, rawBatched).map { $0 / $1 })?.median ?? .nan
        let pairedOverhead = Summary(zip(swiftBatched, rawBatched).map { ($0 - $1) * microseconds })?.median ?? .nan
        let pairedWait = Summary(BlockRatios.of(swiftWait, over: rawWait, block: waitBlock))?.median ?? .nan
        var swiftWaitExtra = ["overhead_percent": (sw.median / rw.median - 1) * 100, "ratio_to_raw_c": sw.median / rw.median,
                              "paired_ratio_to_raw_c": pairedWait, "voluntary_context_switches": contextSwitches.swift]
        var rawWaitExtra = ["voluntary_context_switches": contextSwitches.raw]
        if let inC = Summary(rawWaitTimedInC)?.scaled(by: microseconds) {
            // The raw C path's own timer leaves out the call into C and the stopwatch, which SwiftCL's figure includes.
            swiftWaitExtra["paired_ratio_to_raw_c_timed_in_c"] = Summary(BlockRatios.of(swiftWait, over: rawWaitTimedInC, block: waitBlock))?.median ?? .nan
            rawWaitExtra["median_timed_in_c_us"] = inC.median
        }
        return [
            BenchmarkRecord(suite: "launch", variant: "swiftcl", metric: "batched_launch", summary: sb, unit: "us",
                            device: device, verified: true,
                            extra: ["overhead_us": sb.median - rb.median, "ratio_to_raw_c": sb.median / rb.median,
                                    "paired_ratio_to_raw_c": pairedBatched, "paired_overhead_us": pairedOverhead]),
            BenchmarkRecord(suite: "launch", variant: "raw-c", metric: "batched_launch", summary: rb, unit: "us",
                            device: device, verified: true),
            BenchmarkRecord(suite: "launch", variant: "swiftcl", metric: "enqueue_wait", summary: sw, unit: "us",
                            device: device, verified: true,
                            extra: swiftWaitExtra),
            BenchmarkRecord(suite: "launch", variant: "raw-c", metric: "enqueue_wait", summary: rw, unit: "us",
                            device: device, verified: true, extra: rawWaitExtra),
        ]
    }
}
