import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLValidation
import SwiftCLKernels

/// Copy-kernel bandwidth against buffer size, 1 KiB … 256 MiB (the guide's Figure 11-1), next to a single-threaded
/// host memory copy, as a ``KernelBenchmark`` over 1-D sizes: each size verified (exactly) before it is timed. The
/// kernel's GB/s is from profiling events (the kernel alone); `host_gb_per_s` adds enqueueing and waiting.
public struct CopySuite: Sendable {
    /// Buffer sizes in bytes.
    public var sizes: [Int] = (0...18).map { 1024 << $0 }
    /// Target seconds per sample.
    public var sampleBudget = 0.03
    public var samples = 5

    public init() {}

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        let queue = try ComputeQueue(device: device)
        // The box suite's bound: the guide's copy kernel, a work item per element.
        let copy = KernelBenchmark.Variant(name: "opencl-copy", traffic: BoxFilterBenchmarkVariants.copyBound.traffic,
                                           body: BoxFilterBenchmarkVariants.copyBound.body)
        let memcpy = KernelBenchmark.Variant(name: "host-memcpy", traffic: copy.traffic, body: .host { arrays, size in
            let input = try arrays.values("input", as: Float.self)
            return .writing("output", initial: [Float](repeating: 0, count: size.elements)) { output in
                input.withUnsafeBufferPointer { source in _ = output.withUnsafeMutableBufferPointer { $0.update(fromContentsOf: source) } }
            }
        })
        var benchmark = KernelBenchmark(
            name: "copy", input: { size in (0..<size.elements).map { Float($0 % 1_000_003) } }, reference: { input, _ in input },
            tolerance: .exact, variants: [copy, memcpy])
        benchmark.settings.samples = samples
        benchmark.settings.sampleBudget = sampleBudget
        let results = try benchmark.run(sizes: sizes.map { ProblemSize($0 / MemoryLayout<Float>.stride) }, on: queue, progress: progress)
        return results.map { result in
            let bytes = result.size.elements * MemoryLayout<Float>.stride
            var record = BenchmarkRecord(result, suite: "copy", metric: "bytes_\(bytes)")
            // Figure 11-1 plots GB/s: the rate's samples (elements/s) at 8 bytes each.
            if let rate = result.rate {
                let gb = rate.scaled(by: 8e6 / 1e9)
                (record.median, record.min, record.max, record.unit) = (gb.median, gb.min, gb.max, "GB/s")
            }
            record.extra["bytes"] = Double(bytes)
            if let host = result.hostSeconds?.median, result.deviceSeconds != nil {
                record.extra["host_gb_per_s"] = Double(2 * bytes) / host / 1e9
            }
            return record
        }
    }
}
