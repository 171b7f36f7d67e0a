import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLValidation
import SwiftCLKernels

/// Copy-kernel bandwidth against buffer size, 1 KiB … 256 MiB (the guide's Figure 11-1), next to a
/// single-threaded host memory copy, each size verified before it is timed.
public struct CopySuite: Sendable {
    /// Buffer sizes in bytes.
    public var sizes: [Int] = (0...18).map { 1024 << $0 }
    /// Target seconds per sample.
    public var sampleBudget = 0.03
    public var samples = 5

    public init() {}

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        let queue = try ComputeQueue(device: device)
        let copy = try CopyCL.Copy(context: queue.context)
        var records: [BenchmarkRecord] = []
        for bytes in sizes {
            let count = bytes / MemoryLayout<Float>.stride
            progress("copy: \(bytes / 1024) KiB")
            let input = (0..<count).map { Float($0 % 1_000_003) }
            let a = try Buffer(copying: input, context: queue.context)
            let b = try Buffer<Float>(count: count, context: queue.context)
            let range = try NDRange(count)
            let copied = try queue.sync { cl in
                try copy(cl, range, in: a, out: b)
                return try cl.read(b)
            }
            var host = [Float](repeating: 0, count: count)
            let hostCopy: (Int) -> Void = { runs in
                input.withUnsafeBufferPointer { source in
                    host.withUnsafeMutableBufferPointer { destination in
                        for _ in 0..<runs { _ = destination.update(fromContentsOf: source) }
                    }
                }
            }
            hostCopy(1)
            let verified = copied == input && host == input
            guard verified else {
                throw BenchmarkSuiteError.verificationFailed(suite: "copy", detail: "output differs from input at \(bytes) bytes")
            }
            let device: (Int) throws -> Void = { runs in try queue.sync { cl in for _ in 0..<runs { try copy(cl, range, in: a, out: b) } } }
            let deviceRuns = try calibrate(device), hostRuns = try calibrate(hostCopy)
            var deviceRates: [Double] = [], hostRates: [Double] = []
            for _ in 0..<samples {
                let deviceSeconds = try Stopwatch.time { try device(deviceRuns) }.seconds / Double(deviceRuns)
                let hostSeconds = Stopwatch.time { hostCopy(hostRuns) }.seconds / Double(hostRuns)
                deviceRates.append(Double(2 * bytes) / deviceSeconds / 1e9)
                hostRates.append(Double(2 * bytes) / hostSeconds / 1e9)
            }
            for (variant, rates, where_) in [("opencl-copy", deviceRates, queue.device.name), ("host-memcpy", hostRates, "host")] {
                guard let summary = Summary(rates) else { continue }
                var record = BenchmarkRecord(suite: "copy", variant: variant, metric: "bytes_\(bytes)", summary: summary,
                                             unit: "GB/s", device: where_, verified: true, extra: ["bytes": Double(bytes)])
                record.width = count
                record.height = 1
                record.gbPerS = summary.median
                records.append(record)
            }
        }
        return records
    }

    private func calibrate(_ runs: (Int) throws -> Void) throws -> Int {
        Stopwatch.repetitions(toFill: sampleBudget, oneRunTaking: try Stopwatch.time { try runs(1) }.seconds, atMost: 100_000)
    }
}
