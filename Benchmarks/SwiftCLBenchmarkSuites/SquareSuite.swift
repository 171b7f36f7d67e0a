import Dispatch
import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLValidation
import SwiftCLKernels

/// `square` over 16 Mi floats: SwiftCL, plain C OpenCL on the same device, and two host peers (a
/// plain Swift loop and a multi-threaded SIMD one), each verified against the reference before it is
/// timed, rounds interleaved.
public struct SquareSuite: Sendable {
    public var count = 16 * 1024 * 1024
    public var rounds = 9

    public init() {}

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        let input = (0..<count).map { Float($0 % 65_521) * 0.25 - 100 }
        let expected = SquareCL.Square.reference(input)
        let queue = try ComputeQueue(device: device)
        let square = try SquareCL.Square(context: queue.context)
        let a = try Buffer(copying: input, context: queue.context, access: .readOnly)
        let b = try Buffer<Float>(count: count, context: queue.context, access: .writeOnly)
        let range = try NDRange(count)
        let raw = try RawSession(device: device, source: SquareCL.source, kernel: "square", count: count)
        try raw.write(input)
        var hostOutput = [Float](repeating: 0, count: count)

        // Verify every variant before timing it.
        progress("square: verifying")
        let swiftOutput = try queue.sync { cl in
            try square(cl, range, input: a, output: b)
            return try cl.read(b)
        }
        _ = try raw.launchAndWait(global: count)
        let verified: [String: Bool] = [
            "swiftcl": swiftOutput == expected,
            "raw-c": try raw.readOutput() == expected,
            "host-swift": { Self.hostSerial(input, into: &hostOutput); return hostOutput == expected }(),
            "host-swift-parallel": { Self.hostParallel(input, into: &hostOutput); return hostOutput == expected }(),
        ]
        if let failed = verified.first(where: { !$0.value }) {
            throw BenchmarkSuiteError.verificationFailed(suite: "square", detail: "\(failed.key) differs from the host reference")
        }

        var samples: [String: [Double]] = [:]
        let variants: [(String, () throws -> Double)] = [
            ("swiftcl", { try Stopwatch.time { try queue.sync { cl in try square(cl, range, input: a, output: b) } }.seconds }),
            ("raw-c", { try raw.launchAndWait(global: count) }),
            ("host-swift", { Stopwatch.time { Self.hostSerial(input, into: &hostOutput) }.seconds }),
            ("host-swift-parallel", { Stopwatch.time { Self.hostParallel(input, into: &hostOutput) }.seconds }),
        ]
        for (_, run) in variants { _ = try run() }  // warm-up
        for round in 0..<rounds {
            progress("square: round \(round + 1)/\(rounds)")
            // Rotate the order each round so no variant always runs first.
            for offset in 0..<variants.count {
                let (name, run) = variants[(round + offset) % variants.count]
                samples[name, default: []].append(try run())
            }
        }
        let bytesMoved = Double(count * MemoryLayout<Float>.stride * 2)
        let rawMedian = Summary(samples["raw-c"] ?? [])?.median ?? .nan
        return variants.compactMap { name, _ in
            guard let summary = Summary(samples[name] ?? []) else { return nil }
            var extra = ["gb_per_s": bytesMoved / summary.median / 1e9]
            if name == "swiftcl" { extra["ratio_to_raw_c"] = summary.median / rawMedian }
            return BenchmarkRecord(suite: "square", variant: name, metric: "square_16Mi", summary: summary.scaled(by: 1e3),
                                   unit: "ms", device: name.hasPrefix("host") ? "host" : device.name,
                                   verified: verified[name] ?? false, extra: extra)
        }
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
                let sourceBase = UnsafeSendablePointer(sourceAddress), destinationBase = UnsafeSendablePointer(destinationAddress)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let start = chunk * chunkSize, end = min(start + chunkSize, count)
                    var index = start
                    let from = UnsafeRawPointer(sourceBase.pointer), to = UnsafeMutableRawPointer(mutating: destinationBase.pointer)
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

/// A pointer handed to `concurrentPerform` workers that each touch a disjoint chunk.
struct UnsafeSendablePointer<T>: @unchecked Sendable {
    let pointer: UnsafePointer<T>
    init(_ pointer: UnsafePointer<T>) { self.pointer = pointer }
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = UnsafePointer(pointer) }
}
