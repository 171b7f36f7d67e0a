import SwiftCL
import SwiftCLArrays
import SwiftCLBenchmarkHarness
import SwiftCLBenchmarkSuites
import SwiftCLKernels

/// Reductions along one axis (sums, and max, argmax, mean and variance of some shapes) of `count` Floats seen in several
/// shapes (square, tall, wide, short rows, 3-D), against
/// the read bound measured beside each of them in the same round (`readRows`, float16 loads). Each case is checked
/// against the host (Double sums of the same lines) before it is timed; a sample is host time around the call and
/// its wait, the new result's allocation included, as a caller sees it. `paired_percent_of_read_bound` is the median
/// over rounds of the case against the bound timed just before it; `ms` is the median time of one call.
/// `Benchmarks/pyopencl/axes.py` runs NumPy's reductions of the same shapes beside this suite.
public struct AxesSuite: Sendable {
    public var count = 1 << 26
    public var rounds = 5

    public init() {}

    /// One reduction: its shape and axis, what it computes, and how many bytes per element it reads.
    struct Case {
        let operation: String
        let shape: [Int]
        let axis: Int
        let bytesPerElement: Int
        /// Into one array made before timing (`sum(axis:into:)`, `argmax(axis:into:)`), without a new result's page faults.
        var into = false
        var name: String { "\(operation)-\(shape.map(String.init).joined(separator: "x"))-axis\(axis)" + (into ? "-into" : "") }
        var resultShape: [Int] { shape.enumerated().filter { $0.offset != axis }.map(\.element) }
    }

    /// The array an into-case writes: sums' values or `argmax`'s positions.
    enum Given {
        case values(DeviceArray<Float>)
        case positions(DeviceArray<Int64>)
    }

    /// The shapes of `count` elements the suite reduces (`count` a power of two, at least 2¹⁸).
    static func cases(count n: Int) -> [Case] {
        let side = 1 << (n.trailingZeroBitCount / 2)
        let square = [side, n / side], tall = [n / 16, 16], wide = [16, n / 16], short = [n / 4, 4]
        let cube = [Swift.max(1, n >> 18), 512, n / (512 * Swift.max(1, n >> 18))]
        var cases: [Case] = []
        for (shape, axes) in [(square, [0, 1]), (tall, [0, 1]), (wide, [0, 1]), (short, [0, 1]), (cube, [0, 1, 2])] {
            cases += axes.map { Case(operation: "sum", shape: shape, axis: $0, bytesPerElement: 4) }
        }
        cases += [Case(operation: "sum", shape: wide, axis: 0, bytesPerElement: 4, into: true),
                  Case(operation: "sum", shape: short, axis: 1, bytesPerElement: 4, into: true),
                  Case(operation: "argmax", shape: tall, axis: 1, bytesPerElement: 4, into: true),
                  Case(operation: "max", shape: square, axis: 0, bytesPerElement: 4),
                  Case(operation: "argmax", shape: square, axis: 0, bytesPerElement: 4),
                  Case(operation: "argmax", shape: square, axis: 1, bytesPerElement: 4),
                  Case(operation: "argmax", shape: tall, axis: 1, bytesPerElement: 4),
                  Case(operation: "mean", shape: square, axis: 1, bytesPerElement: 4),
                  Case(operation: "variance", shape: square, axis: 0, bytesPerElement: 8)]  // two passes: x read twice
        return cases
    }

    /// Enqueues case `c` on `array` and returns how to read its result as Doubles.
    static func reduce(_ array: DeviceArray<Float>, _ c: Case, into given: Given?) throws -> () throws -> [Double] {
        let values = { (result: DeviceArray<Float>) in { try result.toArray().map(Double.init) } }
        switch given {
        case .values(let given):
            try array.sum(axis: c.axis, into: given)
            return values(given)
        case .positions(let given):
            try array.argmax(axis: c.axis, into: given)
            return { try given.toArray().map(Double.init) }
        case nil: break
        }
        switch c.operation {
        case "max": return values(try array.max(axis: c.axis))
        case "argmax":
            let positions = try array.argmax(axis: c.axis)
            return { try positions.toArray().map(Double.init) }
        case "mean": return values(try array.mean(axis: c.axis))
        case "variance": return values(try array.variance(axis: c.axis))
        default: return values(try array.sum(axis: c.axis))
        }
    }

    /// The host's value of each output of `c` from `host` (Double arithmetic; variances in two passes).
    static func reference(_ host: [Float], _ c: Case) -> [Double] {
        let length = c.shape[c.axis], stride = c.shape[(c.axis + 1)...].reduce(1, *)
        let outputs = host.count / Swift.max(1, length)
        return (0..<outputs).map { o in
            let start = (o / stride) * (length * stride) + o % stride
            var sum = 0.0, largest = -Double.infinity, position = 0
            for k in 0..<length {
                let v = Double(host[start + k * stride])
                sum += v
                if v > largest { (largest, position) = (v, k) }
            }
            let mean = sum / Double(length)
            switch c.operation {
            case "max": return largest
            case "argmax": return Double(position)
            case "mean": return mean
            case "variance":
                var squares = 0.0
                for k in 0..<length { let d = Double(host[start + k * stride]) - mean; squares += d * d }
                return squares / Double(length)
            default: return sum
            }
        }
    }

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        let queue = try ComputeQueue(device: device)
        let n = count
        progress("axes: preparing \(n) elements")
        let host = (0..<n).map { Float($0 % 2003) * 0.001 - 1 }
        let x = try DeviceArray(host, on: queue)
        let cases = Self.cases(count: n)
        let given = try cases.map { c -> Given? in
            guard c.into else { return nil }
            return c.operation == "argmax" ? .positions(try DeviceArray<Int64>(uninitializedShape: c.resultShape, on: queue))
                : .values(try DeviceArray<Float>(uninitializedShape: c.resultShape, on: queue))
        }
        progress("axes: verifying")
        for (c, given) in zip(cases, given) {
            let got = try Self.reduce(try x.reshaped(c.shape), c, into: given)()
            let want = Self.reference(host, c)
            let worst = zip(got, want).map { abs(Double($0) - $1) / Swift.max(1, abs($1)) }.max() ?? 0
            guard got.count == want.count, worst <= 1e-5 else {
                throw BenchmarkSuiteError.verificationFailed(suite: "axes", detail: "\(c.name): relative error \(worst) against the host")
            }
        }
        let rows = n / 4096
        let rowSums = try Buffer<Float>(count: rows, context: queue.context)
        let readRows = try CopyCL.ReadRows(context: queue.context)
        let xBuffer = try x.buffer()
        let bound = { try queue.sync { cl in try readRows(cl, try NDRange(rows), w: 4096, h: Int32(rows), in: xBuffer, rowSums: rowSums) } }
        let runs = try zip(cases, given).map { c, given in
            let view = try x.reshaped(c.shape)
            return { () throws -> Void in _ = try Self.reduce(view, c, into: given); try queue.sync { _ in } }
        }
        try bound()
        for run in runs { try run() }   // builds and first touches
        var speeds = [[Double]](repeating: [], count: cases.count), paired = speeds, times = speeds, boundSpeeds: [Double] = []
        for round in 1...rounds {
            progress("axes: round \(round)/\(rounds)")
            for (index, c) in cases.enumerated() {
                let boundSpeed = Double(4 * n) / (try Stopwatch.time { try bound() }.seconds) / 1e9
                let seconds = try Stopwatch.time { try runs[index]() }.seconds
                let speed = Double(c.bytesPerElement * n) / seconds / 1e9
                boundSpeeds.append(boundSpeed)
                speeds[index].append(speed)
                paired[index].append(speed / boundSpeed)
                times[index].append(seconds * 1e3)
            }
        }
        guard let boundSummary = Summary(boundSpeeds) else { return [] }
        var boundRecord = BenchmarkRecord(suite: "axes", variant: "bound-read", metric: "elements_\(n)", summary: boundSummary,
                                          unit: "GB/s", device: device.name, verified: true)
        boundRecord.isBound = true
        return [boundRecord] + cases.enumerated().compactMap { index, c in
            guard let summary = Summary(speeds[index]), let ratio = Summary(paired[index]), let ms = Summary(times[index]) else { return nil }
            return BenchmarkRecord(suite: "axes", variant: c.name, metric: "elements_\(n)", summary: summary, unit: "GB/s",
                                   device: device.name, verified: true,
                                   extra: ["percent_of_read_bound": 100 * summary.median / boundSummary.median,
                                           "paired_percent_of_read_bound": 100 * ratio.median, "ms": ms.median])
        }
    }
}
