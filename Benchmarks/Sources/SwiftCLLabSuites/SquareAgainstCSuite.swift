import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLBenchmarkSuites
import SwiftCLKernels

/// The shipped square suite with plain C OpenCL beside it (`square-c`): the raw C variant timed with the others, then
/// SwiftCL, raw C and raw C on SwiftCL's own objects launched and waited for in interleaved blocks, so the host path's
/// cost is a paired ratio that a drift of the machine cancels out of.
public struct SquareAgainstCSuite: Sendable {
    public var square = SquareSuite()
    /// Rounds of the interleaved comparison of SwiftCL, raw C and raw C on SwiftCL's objects: each round runs a block of
    /// `pairedBlock` launches and waits on each path, the six orders of the three taken in turn.
    public var pairedRounds = 41
    public var pairedBlock = 3

    public init() {}

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        let count = square.count
        // One queue for the timed variants and the paired comparison.
        let queue = try ComputeQueue(device: device)
        let timed = try square.run(on: queue, adding: [Self.rawC(device)], progress: progress)
        let rawSeconds = timed.first { $0.result.variant == "raw-c" }?.result.hostSeconds?.median
        let paired = try Self.pairedHostTimes(queue: queue, count: count, rounds: pairedRounds, block: pairedBlock, progress: progress)
        return timed.map { record, result in
            var record = record
            record.suite = "square-c"
            guard result.variant == "swiftcl" else { return record }
            if let swift = result.hostSeconds?.median, let rawSeconds {
                // Host time on both sides: SwiftCL's whole path (enqueue, wait) against plain C's.
                record.extra["host_time_ratio_to_raw_c"] = swift / rawSeconds
            }
            if let ratios = Summary(BlockRatios.of(paired.swift, over: paired.raw, block: pairedBlock)) {
                // The same two paths timed block by block, so a drift of the machine between the variants' samples cancels.
                record.extra["paired_ratio_to_raw_c"] = ratios.median
                record.extra["paired_ratio_min"] = ratios.min
                record.extra["paired_ratio_max"] = ratios.max
            }
            if let ratios = Summary(BlockRatios.of(paired.swift, over: paired.rawOnSwiftObjects, block: pairedBlock)) {
                // Against the C API on SwiftCL's own queue, kernel object and buffers: the same memory, so only the
                // host path differs (raw C's own context places its buffers elsewhere, a few % apart on this machine).
                record.extra["paired_ratio_to_raw_c_on_swiftcl_objects"] = ratios.median
            }
            return record
        }
    }

    /// Host seconds of one launch and wait through SwiftCL's typed kernel, through plain C (its own context) and through
    /// the C API on SwiftCL's queue, kernel object and buffers (C's own timer), `rounds` blocks of `block` on each path,
    /// interleaved (the six orders of the three in turn) after every path's output matched the host reference.
    static func pairedHostTimes(queue: ComputeQueue, count: Int, rounds: Int, block: Int, progress: (String) -> Void) throws
        -> (swift: [Double], raw: [Double], rawOnSwiftObjects: [Double]) {
        let input = SquareSuite.input(count: count)
        let square = try SquareCL.Square(context: queue.context)
        let range = try NDRange(count)
        let a = try Buffer(copying: input, context: queue.context), b = try Buffer<Float>(count: count, context: queue.context)
        let raw = try RawSession(device: queue.device, source: SquareCL.source, kernel: "square", count: count)
        try raw.write(input)
        let launch = { try queue.sync { cl in try square(cl, range, input: a, output: b) } }
        let launchRaw = { _ = try raw.launchAndWait(global: count) }
        let launchOnObjects = {
            try RawCLoop.seconds(on: queue, kernel: square.kernel, input: a, output: b, global: count, launches: 1, waitingEach: true)
        }
        try launch()
        try launchRaw()
        let expected = SquareCL.Square.reference(input)
        let swiftOutput = try queue.sync { cl in try cl.read(b) }
        try queue.sync { cl in try cl.fill(b, with: 0) }
        _ = try launchOnObjects()
        let onObjectsOutput = try queue.sync { cl in try cl.read(b) }
        guard swiftOutput == expected, try raw.readOutput() == expected, onObjectsOutput == expected else {
            throw BenchmarkSuiteError.verificationFailed(suite: "square-c", detail: "the paired comparison's outputs differ from the host reference")
        }
        var swift: [Double] = [], rawTimes: [Double] = [], onObjects: [Double] = []
        for round in 0..<rounds {
            progress("square: SwiftCL and raw C interleaved, round \(round + 1)/\(rounds)")
            let blocks: [() throws -> Void] = [
                { for _ in 0..<block { swift.append(try Stopwatch.time(launch).seconds) } },
                { for _ in 0..<block { rawTimes.append(try Stopwatch.time(launchRaw).seconds) } },
                { for _ in 0..<block { onObjects.append(try launchOnObjects()) } },
            ]
            // The six orders in turn: each path runs first, second and third, and after each other path, equally often
            // (a rotation alone would always run one path right after another on the same buffers).
            for index in Self.orders[round % Self.orders.count] { try blocks[index]() }
        }
        return (swift, rawTimes, onObjects)
    }

    /// Every order of the paired comparison's three paths.
    static let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]

    /// The same kernel through plain C OpenCL (Benchmarks/RawOpenCL): a launch and a wait per run, by the clock.
    static func rawC(_ device: Device) -> KernelBenchmark.Variant {
        var variant = KernelBenchmark.Variant(name: "raw-c", traffic: SquareSuite.traffic, body: .host { arrays, size in
            let raw = try RawSession(device: device, source: SquareCL.source, kernel: "square", count: size.elements)
            try raw.write(try arrays.values("input", as: Float.self))
            return KernelBenchmark.HostRun(run: { _ = try raw.launchAndWait(global: size.elements) }, outputs: {
                var outputs = HostArrays()
                outputs.set("output", try raw.readOutput())
                return outputs
            })
        })
        variant.runsOn = device.name
        return variant
    }
}
