import Dispatch
import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLValidation
import SwiftCLKernels

/// `square` over 16 Mi floats as a ``KernelBenchmark``: SwiftCL, plain C OpenCL on the same device, and two host peers
/// (a plain Swift loop and a multi-threaded SIMD one), each verified (exactly) before it is timed, beside the copy
/// kernel as the bound. Device variants are timed by profiling events, the C path and the host peers by the clock.
public struct SquareSuite: Sendable {
    public var count = 16 * 1024 * 1024
    /// Samples per variant.
    public var rounds = 9
    /// Rounds of the interleaved comparison of SwiftCL, raw C and raw C on SwiftCL's objects: each round runs a block of
    /// `pairedBlock` launches and waits on each path, the six orders of the three taken in turn.
    public var pairedRounds = 41
    public var pairedBlock = 3

    public init() {}

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        let queue = try ComputeQueue(device: device)
        let count = self.count
        let size = ProblemSize(count)
        var benchmark = KernelBenchmark(
            name: "square", input: { size in Self.input(count: size.elements) },
            reference: { input, _ in SquareCL.Square.reference(input) },
            tolerance: .exact,
            variants: [Self.swiftCL, Self.rawC(device), Self.host("host-swift", Self.hostSerial), Self.host("host-swift-parallel", Self.hostParallel)],
            bound: BoxFilterBenchmarkVariants.copyBound)
        benchmark.settings.samples = rounds
        let results = try benchmark.run(sizes: [size], on: queue, progress: progress)
        let rawSeconds = results.first { $0.variant == "raw-c" }?.hostSeconds?.median
        let paired = try Self.pairedHostTimes(queue: queue, count: count, rounds: pairedRounds, block: pairedBlock, progress: progress)
        return results.filter { !$0.isBound }.map { result in
            var record = BenchmarkRecord(result, suite: "square", metric: "square_\(count)")
            if result.variant == "swiftcl", let swift = result.hostSeconds?.median, let rawSeconds {
                // Host time on both sides: SwiftCL's whole path (enqueue, wait) against plain C's.
                record.extra["host_time_ratio_to_raw_c"] = swift / rawSeconds
            }
            guard result.variant == "swiftcl" else { return record }
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
        let input = input(count: count)
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
            throw BenchmarkSuiteError.verificationFailed(suite: "square", detail: "the paired comparison's outputs differ from the host reference")
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

    /// The suite's input: `count` floats from −100 upwards in steps of 0.25, repeating every 65,521.
    static func input(count: Int) -> [Float] { (0..<count).map { Float($0 % 65_521) * 0.25 - 100 } }

    static func traffic(_ size: ProblemSize) -> Traffic { .perElement(size.elements, read: 4, written: 4, flops: 1) }

    /// The typed kernel from `square.cl`.
    static let swiftCL = KernelBenchmark.Variant(name: "swiftcl", traffic: traffic) { queue, size in
        let square = try SquareCL.Square(context: queue.context)
        let range = try NDRange(size.elements)
        return { cl, buffers in try square(cl, range, input: try buffers.buffer("input"), output: try buffers.buffer("output")) }
    }

    /// The same kernel through plain C OpenCL (Benchmarks/RawOpenCL): a launch and a wait per run, by the clock.
    static func rawC(_ device: Device) -> KernelBenchmark.Variant {
        var variant = KernelBenchmark.Variant(name: "raw-c", traffic: traffic, body: .host { arrays, size in
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

    /// A host peer writing into an output array allocated once.
    static func host(_ name: String, _ body: @escaping @Sendable ([Float], inout [Float]) -> Void) -> KernelBenchmark.Variant {
        KernelBenchmark.Variant(name: name, traffic: traffic, body: .host { arrays, size in
            let input = try arrays.values("input", as: Float.self)
            return .writing("output", initial: [Float](repeating: 0, count: size.elements)) { body(input, &$0) }
        })
    }

    /// What a Swift programmer writes first: one loop on one thread.
    static func hostSerial(_ input: [Float], into output: inout [Float]) {
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                for index in source.indices { destination[index] = source[index] * source[index] }
            }
        }
    }

    /// The fast host peer: SIMD16 over chunks spread across cores with `concurrentPerform`.
    static func hostParallel(_ input: [Float], into output: inout [Float]) {
        let count = input.count
        let chunks = max(1, min(count / 65_536, 64))
        let chunkSize = (count + chunks - 1) / chunks
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                guard let sourceAddress = source.baseAddress, let destinationAddress = destination.baseAddress else { return }
                let sourceBase = SendablePointer(sourceAddress), destinationBase = SendablePointer(destinationAddress)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let start = chunk * chunkSize, end = min(start + chunkSize, count)
                    var index = start
                    let from = UnsafeRawPointer(sourceBase.pointer), to = UnsafeMutableRawPointer(destinationBase.pointer)
                    while index + 16 <= end {
                        let vector = from.loadUnaligned(fromByteOffset: index * 4, as: SIMD16<Float>.self)
                        to.storeBytes(of: vector * vector, toByteOffset: index * 4, as: SIMD16<Float>.self)
                        index += 16
                    }
                    while index < end {
                        let value = sourceBase.pointer[index]
                        UnsafeMutablePointer(mutating: destinationBase.pointer)[index] = value * value
                        index += 1
                    }
                }
            }
        }
    }
}
