import Foundation
import SwiftCL
import SwiftCLBenchmarkSuites
import SwiftCLArrays
import SwiftCLFFT
import SwiftCLBenchmarkHarness

/// Single-precision FFTs on clFFT, on a GPU VkFFT, and on a CPU device with FFTW installed SwiftCLFFT's host engine
/// (FFTW as a command of the queue): complex 1-D of `length1D` points and 2-D of `side2D`², and real-to-complex of `realLength` points, out
/// of place (as numpy and scipy transform), and complex 1-D of the prime `primeLength` points (Bluestein's algorithm on
/// clFFT's engine), GFLOP/s by the 5·N·log₂N convention (2.5·N·log₂N for a real transform).
/// Each timed call runs as many transforms in one closure as fill ~2 ms. The first forward transform of each complex
/// shape on each engine is timed alone (`first_call_s`: plans and
/// kernels made in this process). Each engine is checked before it is timed: `checkedBins` bins of the forward transform against a direct Double DFT
/// of those bins on the host (‖error‖ within 10⁻⁵ of ‖x‖·√N), and the complex inverse giving the input back.
public struct FFTSuite: Sendable {
    public var length1D = 1 << 20
    public var side2D = 2048
    public var realLength = 1 << 21
    /// A prime length (2²⁰ − 3): clFFT's engine runs it through Bluestein's algorithm (VkFFT refuses it).
    public var primeLength = 1_048_573
    /// Signal and kernel lengths of the `fftConvolve` cases (the default engine): a filter, and two equal halves.
    public var convolutionLengths = [(1 << 20, 1001), (1 << 19, 1 << 19)]
    public var rounds = 3
    public var checkedBins = 8

    public init() {}

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        let queue = try ComputeQueue(device: device)
        var engines: [(name: String, engine: FFTEngine)] = [("clfft", .clfft)]
        // VkFFT on GPUs (3.5–6.8× clFFT on an H200); on a CPU device its kernels trail FFTW's (docs/decisions.md).
        if !device.type.contains(.cpu) { engines.append(("vkfft", .vkfft)) }
        if device.runsHostLibraries, FFTEngine.hostLibrary(for: Float.self) != nil {
            engines.append(("fftw", .hostFFT))
        }
        var records: [BenchmarkRecord] = []
        for shape in [[length1D], [side2D, side2D], [primeLength]] {
            let n = shape.reduce(1, *)
            // VkFFT refuses lengths with a prime factor above 13.
            let engines = shape == [primeLength] ? engines.filter { $0.engine != .vkfft } : engines
            let name = shape.map(String.init).joined(separator: "x")
            progress("fft: \(name) complex points")
            let signal: [SIMD2<Float>] = (0..<n).map { (i: Int) -> SIMD2<Float> in
                let re = Float((i &* 7_919) % 2001) / 1000 - 1, im = Float((i &* 104_729) % 2001) / 1000 - 1
                return SIMD2(re, im)
            }
            let data = try Buffer(copying: signal, context: queue.context)
            let output = try Buffer<SIMD2<Float>>(count: n, context: queue.context)
            let back = try Buffer<SIMD2<Float>>(count: n, context: queue.context)
            var firstCall: [String: Double] = [:]
            for (engineName, engine) in engines {
                // The first transform of the shape in this process: plans made, kernels built or found in a cache.
                firstCall[engineName] = try Stopwatch.time {
                    try queue.sync { cl in _ = try cl.fft(data, into: output, shape: shape, engine: engine) }
                }.seconds
                let (spectrum, inverse): ([SIMD2<Float>], [SIMD2<Float>]) = try queue.sync { cl in
                    try cl.fill(output, with: SIMD2(.nan, .nan))
                    try cl.fft(data, into: output, shape: shape, engine: engine)
                    try cl.fft(output, into: back, shape: shape, direction: .inverse, engine: engine)
                    return (try cl.read(output), try cl.read(back))
                }
                try checkBins(spectrum, of: signal, shape: shape, engine: engineName)
                var difference = 0.0, norm = 0.0
                for (x, y) in zip(inverse, signal) {
                    let d: SIMD2<Float> = x - y
                    difference += Double(d.x * d.x + d.y * d.y)
                    norm += Double(y.x * y.x + y.y * y.y)
                }
                guard (difference / norm).squareRoot() < 1e-5 else {
                    throw BenchmarkSuiteError.verificationFailed(suite: "fft", detail: "\(engineName) \(name): the inverse does not give the input back")
                }
            }
            let flops = 5 * Double(n) * log2(Double(n))
            records += try LibraryTiming.records(
                suite: "fft", metric: "c2c_\(name)",
                variants: try engines.map { engineName, engine in
                    try Self.variant("\(engineName)-c2c-float", on: queue, flops: flops) { cl in
                        _ = try cl.fft(data, into: output, shape: shape, engine: engine)
                    }
                },
                rounds: rounds, ratioTo: "clfft-c2c-float", progress: progress).map { record in
                    var record = record
                    record.extra["first_call_s"] = firstCall[String(record.variant.prefix { $0 != "-" })]
                    return record
                }
        }
        records += try realToComplex(on: queue, engines: engines, progress: progress)
        records += try convolutions(on: queue, progress: progress)
        return records
    }

    /// `fftConvolve` of each pair of `convolutionLengths` on the default engine, as a user calls it (fresh arrays each
    /// call), checked at `checkedBins` output samples against the direct sum in Double. GFLOP/s by 3 · 2.5·N·log₂N for
    /// an output of N samples (two real transforms and an inverse), whatever transform length an engine rounds up to,
    /// so the NumPy peer script counts SciPy's `fftconvolve` alike.
    private func convolutions(on queue: ComputeQueue, progress: (String) -> Void) throws -> [BenchmarkRecord] {
        let engine = queue.device.runsHostLibraries && FFTEngine.hostLibrary(for: Float.self) != nil ? "fftw" : "clfft"
        var records: [BenchmarkRecord] = []
        for (n, m) in convolutionLengths {
            progress("fft: convolution of \(n) and \(m) points")
            let signal = (0..<n).map { Float(($0 &* 7_919) % 2001) / 1000 - 1 }
            let taps = (0..<m).map { Float(($0 &* 104_729) % 2001) / 1000 - 1 }
            let x = try DeviceArray(signal, on: queue), h = try DeviceArray(taps, on: queue)
            let result = try x.fftConvolve(h).toArray()
            let length = n + m - 1
            guard result.count == length else {
                throw BenchmarkSuiteError.verificationFailed(suite: "fft", detail: "convolution of \(n) and \(m): \(result.count) samples")
            }
            // Rounding error of an FFT convolution sample: about ε·log₂N·‖x‖·‖h‖; 10⁻⁵·‖x‖·‖h‖ leaves room.
            let bound = 1e-5 * (signal.reduce(0) { $0 + Double($1 * $1) } * taps.reduce(0) { $0 + Double($1 * $1) }).squareRoot()
            for sample in 0..<checkedBins {
                let index = (sample &* 2_654_435_761 &+ 12_345) % length
                var direct = 0.0
                for k in max(0, index - m + 1)...min(index, n - 1) { direct += Double(signal[k]) * Double(taps[index - k]) }
                guard abs(Double(result[index]) - direct) <= bound else {
                    throw BenchmarkSuiteError.verificationFailed(suite: "fft", detail: "convolution of \(n) and \(m): sample \(index) is \(result[index]), not \(direct)")
                }
            }
            FFTEngine.waitForHostPlans()
            let flops = 3 * 2.5 * Double(length) * log2(Double(length))
            let variant = LibraryVariant(name: "\(engine)-convolve-float", device: queue.device.name, flops: flops) {
                let convolved = try x.fftConvolve(h)
                try queue.sync { _ in }
                withExtendedLifetime(convolved) {}
            }
            records += try LibraryTiming.records(suite: "fft", metric: "convolve_\(n)x\(m)", variants: [variant],
                                                 rounds: rounds, ratioTo: nil, progress: progress)
        }
        return records
    }

    /// Real-to-complex transforms of `realLength` points on each engine, checked bin by bin like the complex ones.
    private func realToComplex(on queue: ComputeQueue, engines: [(name: String, engine: FFTEngine)],
                               progress: (String) -> Void) throws -> [BenchmarkRecord] {
        let n = realLength
        progress("fft: \(n) real points")
        let signal = (0..<n).map { Float(($0 &* 7_919) % 2001) / 1000 - 1 }
        let data = try Buffer(copying: signal, context: queue.context)
        let output = try Buffer<SIMD2<Float>>(count: n / 2 + 1, context: queue.context)
        for (engineName, engine) in engines {
            let spectrum = try queue.sync { cl in
                try cl.fill(output, with: SIMD2(.nan, .nan))
                try cl.realFFT(data, into: output, shape: [n], engine: engine)
                return try cl.read(output)
            }
            try checkBins(spectrum, of: signal.map { SIMD2($0, 0) }, shape: [n], engine: engineName, binLimit: n / 2 + 1)
        }
        return try LibraryTiming.records(
            suite: "fft", metric: "r2c_\(n)",
            variants: try engines.map { engineName, engine in
                try Self.variant("\(engineName)-r2c-float", on: queue, flops: 2.5 * Double(n) * log2(Double(n))) { cl in
                    _ = try cl.realFFT(data, into: output, shape: [n], engine: engine)
                }
            },
            rounds: rounds, ratioTo: "clfft-r2c-float", progress: progress)
    }

    /// A timed variant: as many transforms per closure as fill ~2 ms (at most 64), so that a fast device's time is
    /// not mostly the closure's round trip (a 2²⁰ transform takes ~60 µs on an H200; one `sync` ~20 µs there).
    /// FFTW's plans are chosen first (the first transforms ran on estimates while better plans were measured).
    private static func variant(_ name: String, on queue: ComputeQueue, flops: Double,
                                _ transform: @escaping (ComputeEncoder) throws -> Void) throws -> LibraryVariant {
        FFTEngine.waitForHostPlans()
        let once = try Stopwatch.time { try queue.sync { cl in try transform(cl) } }.seconds
        let repeats = Stopwatch.repetitions(toFill: 2e-3, oneRunTaking: once, atMost: 64)
        return LibraryVariant(name: name, device: queue.device.name, flops: flops * Double(repeats)) {
            try queue.sync { cl in for _ in 0..<repeats { try transform(cl) } }
        }
    }

    /// Bins of the forward transform against the direct sum in Double (row-major shape, 1-D or 2-D).
    private func checkBins(_ spectrum: [SIMD2<Float>], of signal: [SIMD2<Float>], shape: [Int], engine: String,
                           binLimit: Int? = nil) throws {
        let n = signal.count
        let (rows, columns) = shape.count == 1 ? (1, shape[0]) : (shape[0], shape[1])
        var normSquared = 0.0
        for x in signal { normSquared += Double(x.x * x.x + x.y * x.y) }
        for sample in 0..<checkedBins {
            let bin = (sample &* 2_654_435_761 &+ 12_345) % (binLimit ?? n)
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
                throw BenchmarkSuiteError.verificationFailed(suite: "fft", detail: "\(engine) shape \(shape): bin \(bin) off by \(error)")
            }
        }
    }
}
