import Foundation
import SwiftCL
import SwiftCLBenchmarkSuites
import SwiftCLFFT
import SwiftCLBenchmarkHarness

/// Complex single-precision FFTs through clFFT: 1-D of `length1D` points and 2-D of `side2D`², in place, GFLOP/s by
/// the 5·N·log₂N convention. Checked before timing: `checkedBins` bins of the forward transform against a direct
/// Double DFT of those bins on the host (‖error‖ within 10⁻⁵ of ‖x‖·√N), and the inverse giving the input back.
public struct FFTSuite: Sendable {
    public var length1D = 1 << 20
    public var side2D = 2048
    public var rounds = 3
    public var checkedBins = 8

    public init() {}

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        let queue = try ComputeQueue(device: device)
        var records: [BenchmarkRecord] = []
        for shape in [[length1D], [side2D, side2D]] {
            let n = shape.reduce(1, *)
            let name = shape.map(String.init).joined(separator: "x")
            progress("fft: \(name) complex points")
            let signal: [SIMD2<Float>] = (0..<n).map { (i: Int) -> SIMD2<Float> in
                let re = Float((i &* 7_919) % 2001) / 1000 - 1, im = Float((i &* 104_729) % 2001) / 1000 - 1
                return SIMD2(re, im)
            }
            let data = try Buffer(copying: signal, context: queue.context)
            let spectrum: [SIMD2<Float>] = try queue.sync { cl in
                try cl.fft(inPlace: data, shape: shape)
                return try cl.read(data)
            }
            try checkBins(spectrum, of: signal, shape: shape)
            let back: [SIMD2<Float>] = try queue.sync { cl in
                try cl.fft(inPlace: data, shape: shape, direction: .inverse)
                return try cl.read(data)
            }
            var difference = 0.0, norm = 0.0
            for (x, y) in zip(back, signal) {
                let d: SIMD2<Float> = x - y
                difference += Double(d.x * d.x + d.y * d.y)
                norm += Double(y.x * y.x + y.y * y.y)
            }
            guard (difference / norm).squareRoot() < 1e-5 else {
                throw BenchmarkSuiteError.verificationFailed(suite: "fft", detail: "\(name): the inverse does not give the input back")
            }
            let flops = 5 * Double(n) * log2(Double(n))
            records += try LibraryTiming.records(
                suite: "fft", metric: "c2c_\(name)",
                variants: [LibraryVariant(name: "clfft-c2c-float", device: device.name, flops: flops, run: {
                    try queue.sync { cl in _ = try cl.fft(inPlace: data, shape: shape) }
                })],
                rounds: rounds, ratioTo: nil, progress: progress)
        }
        return records
    }

    /// Bins of the forward transform against the direct sum in Double (row-major shape, 1-D or 2-D).
    private func checkBins(_ spectrum: [SIMD2<Float>], of signal: [SIMD2<Float>], shape: [Int]) throws {
        let n = signal.count
        let (rows, columns) = shape.count == 1 ? (1, shape[0]) : (shape[0], shape[1])
        var normSquared = 0.0
        for x in signal { normSquared += Double(x.x * x.x + x.y * x.y) }
        for sample in 0..<checkedBins {
            let bin = (sample &* 2_654_435_761 &+ 12_345) % n
            let (kr, kc) = (bin / columns, bin % columns)
            var re = 0.0, im = 0.0
            for r in 0..<rows {
                for c in 0..<columns {
                    let turns = Double((kr * r) % rows) / Double(rows) + Double((kc * c) % columns) / Double(columns)
                    let angle = -2 * Double.pi * turns, x = signal[r * columns + c]
                    re += Double(x.x) * cos(angle) - Double(x.y) * sin(angle)
                    im += Double(x.x) * sin(angle) + Double(x.y) * cos(angle)
                }
            }
            let error = ((Double(spectrum[bin].x) - re) * (Double(spectrum[bin].x) - re)
                + (Double(spectrum[bin].y) - im) * (Double(spectrum[bin].y) - im)).squareRoot()
            // A bin's rounding error is about ε·log₂N·‖x‖ (‖x‖ = √Σ|x|²); 10⁻⁵·‖x‖ leaves room for both.
            guard error <= 1e-5 * normSquared.squareRoot() else {
                throw BenchmarkSuiteError.verificationFailed(suite: "fft", detail: "shape \(shape): bin \(bin) off by \(error)")
            }
        }
    }
}
