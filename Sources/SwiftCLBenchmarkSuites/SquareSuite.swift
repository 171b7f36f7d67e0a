import Dispatch
import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLValidation
import SwiftCLKernels

/// `square` over 16 Mi floats as a ``KernelBenchmark``: SwiftCL's typed kernel and two host peers (a plain Swift loop
/// and a multi-threaded SIMD one), each verified (exactly) before it is timed, beside the copy kernel as the bound.
/// Device variants are timed by profiling events, the host peers by the clock. (The lab package's `square-c` suite
/// adds plain C OpenCL on the same device and the interleaved launch-and-wait comparison.)
public struct SquareSuite: Sendable {
    public var count = 16 * 1024 * 1024
    /// Samples per variant.
    public var rounds = 9

    public init() {}

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        try run(on: try ComputeQueue(device: device), adding: [], progress: progress).map(\.record)
    }

    /// The suite on `queue` with `extraVariants` timed beside SwiftCL's and the host peers' (the lab adds plain C): the
    /// records, and each one's result.
    public func run(on queue: ComputeQueue, adding extraVariants: [KernelBenchmark.Variant], progress: (String) -> Void = { _ in })
        throws -> [(record: BenchmarkRecord, result: KernelBenchmarkResult)] {
        let size = ProblemSize(count)
        var benchmark = KernelBenchmark(
            name: "square", input: { size in Self.input(count: size.elements) },
            reference: { input, _ in SquareCL.Square.reference(input) },
            tolerance: .exact,
            variants: [Self.swiftCL] + extraVariants + [Self.host("host-swift", Self.hostSerial), Self.host("host-swift-parallel", Self.hostParallel)],
            bound: BoxFilterBenchmarkVariants.copyBound)
        benchmark.settings.samples = rounds
        let results = try benchmark.run(sizes: [size], on: queue, progress: progress)
        return results.filter { !$0.isBound }.map { (BenchmarkRecord($0, suite: "square", metric: "square_\(count)"), $0) }
    }

    /// The suite's input: `count` floats from −100 upwards in steps of 0.25, repeating every 65,521.
    public static func input(count: Int) -> [Float] { (0..<count).map { Float($0 % 65_521) * 0.25 - 100 } }

    public static func traffic(_ size: ProblemSize) -> Traffic { .perElement(size.elements, read: 4, written: 4, flops: 1) }

    /// The typed kernel from `square.cl`.
    public static let swiftCL = KernelBenchmark.Variant(name: "swiftcl", traffic: traffic) { queue, size in
        let square = try SquareCL.Square(context: queue.context)
        let range = try NDRange(size.elements)
        return { cl, buffers in try square(cl, range, input: try buffers.buffer("input"), output: try buffers.buffer("output")) }
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
