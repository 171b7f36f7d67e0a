import Foundation
import SwiftCL
import SwiftCLArrays
@testable import SwiftCLFFT
import SwiftCLTestSupport
import Testing

/// Deterministic complex values with parts in [-1, 1).
func fftSignal(_ count: Int, seed: UInt64) -> [HostDFT.Complex] {
    var generator = SplitMix(seed: seed)
    return (0..<count).map { _ in (Double.random(in: -1..<1, using: &generator), Double.random(in: -1..<1, using: &generator)) }
}

func simd<T: FFTScalar>(_ values: [HostDFT.Complex], as _: T.Type) -> [SIMD2<T>] { values.map { SIMD2(T($0.re), T($0.im)) } }
func pairs<T: FFTScalar>(_ values: [SIMD2<T>]) -> [HostDFT.Complex] { values.map { (Double($0.x), Double($0.y)) } }

/// Tolerances against the Double host DFT, as ‖error‖₂/‖reference‖₂: an FFT's rounding grows like ε·log₂N, so
/// 2·10⁻⁶ for Float (ε = 1.2·10⁻⁷, N ≤ 2²⁰) and 10⁻¹³ for Double.
func fftTolerance<T: FFTScalar>(_: T.Type) -> Double { T.isDoublePrecision ? 1e-13 : 2e-6 }

/// The engines transforms can run on with `device`: clFFT and VkFFT always, FFTW on a CPU device (where CI installs
/// it: its absence fails the host cases rather than skipping them).
func fftEngines(_ device: Device) -> [FFTEngine] {
    device.runsHostLibraries ? [.clfft, .vkfft, .hostFFT] : [.clfft, .vkfft]
}

/// Every device with every engine it offers.
let devicesAndFFTEngines: [(Device, FFTEngine)] = TestDevices.all.flatMap { device in fftEngines(device).map { (device, $0) } }

/// Whether the context of a queue that `use` gets goes once `use` has returned and its commands' objects are let go
/// (the completion thread lets them go a moment after the last command completes; 10 s bound the wait, not a timing).
func contextGoes(after use: (ComputeQueue) throws -> Void, device: Device) async throws -> Bool {
    weak var released: Context?
    try {
        let queue = try ComputeQueue(device: device, context: Context(devices: [device]))
        released = queue.context
        try use(queue)
    }()
    let deadline = ContinuousClock.now + .seconds(10)
    while released != nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    return released == nil
}

@Suite("FFT on clFFT and FFTW")
struct FFTTests {
    static let complexShapes: [[Int]] = [[1], [7], [8], [12], [15], [121], [169], [1000], [1, 1], [4, 6], [16, 15], [3, 5], [2, 3, 4], [4, 4, 4], [5, 1, 7]]

    @Test("the host reference's mixed-radix split equals the direct O(N²) sum", arguments: [1, 2, 7, 12, 64, 97, 120, 17 * 8, 1000])
    func hostReference(length: Int) {
        let signal = fftSignal(length, seed: UInt64(length))
        for sign in [-1.0, 1.0] {
            #expect(relativeError(HostDFT.transform(signal, sign: sign), HostDFT.direct(signal, sign: sign)) <= 1e-12, "\(length)")
        }
    }

    @Test("complex-to-complex, forward and inverse, out of place and in place, batched, against the host DFT",
          arguments: devicesAndFFTEngines, complexShapes)
    func complexToComplex(deviceAndEngine: (Device, FFTEngine), shape: [Int]) throws {
        try checkComplex(Float.self, device: deviceAndEngine.0, shape: shape, engine: deviceAndEngine.1)
    }

    @Test("complex-to-complex in Double", arguments: devicesAndFFTEngines, [[12], [8, 9], [3, 4, 5]] as [[Int]])
    func complexToComplexDouble(deviceAndEngine: (Device, FFTEngine), shape: [Int]) throws {
        try #require(deviceAndEngine.0.supportsDoublePrecision, "\(deviceAndEngine.0.name) has no cl_khr_fp64")
        try checkComplex(Double.self, device: deviceAndEngine.0, shape: shape, engine: deviceAndEngine.1)
    }

    @Test("the host engine takes every length numpy does: primes, 17·2¹⁰, mixed, in both precisions",
          arguments: TestDevices.all.filter { fftEngines($0).contains(.hostFFT) },
          [[17], [97], [17 * 1024], [1009], [13, 17], [19, 2, 23]] as [[Int]])
    func anyLength(device: Device, shape: [Int]) throws {
        try checkComplex(Float.self, device: device, shape: shape, engine: .hostFFT)
        try checkComplex(Double.self, device: device, shape: shape, engine: .hostFFT)
        try checkReal(Float.self, device: device, shape: shape, engine: .hostFFT)
    }

    @Test("clFFT's engine takes every length: primes, 17·2¹⁰, mixed, in 1–3 dimensions, complex and real, both precisions",
          arguments: TestDevices.all, [[17], [97], [1009], [4099], [17 * 1024], [2 * 17 * 19], [13, 17], [17, 16], [16, 17],
                                       [19, 2, 23], [3, 17, 5], [17, 1]] as [[Int]])
    func everyLengthOnClFFT(device: Device, shape: [Int]) throws {
        let double = device.supportsDoublePrecision
        try checkComplex(Float.self, device: device, shape: shape, engine: .clfft)
        if double { try checkComplex(Double.self, device: device, shape: shape, engine: .clfft) }
        try checkReal(Float.self, device: device, shape: shape, engine: .clfft)
        if double { try checkReal(Double.self, device: device, shape: shape, engine: .clfft) }
        // On an out-of-order queue the steps still run in turn.
        guard [[97], [3, 17, 5]].contains(shape), let unordered = try? ComputeQueue(device: device, outOfOrder: true) else { return }
        let size = shape.reduce(1, *), last = shape[shape.count - 1], half = size / last * (last / 2 + 1)
        let signal = fftSignal(size * 2, seed: 5)
        let data = try Buffer(copying: simd(signal, as: Float.self), context: unordered.context)
        let spectrum = try Buffer<SIMD2<Float>>(count: size * 2, context: unordered.context)
        let reals = try Buffer(copying: signal.map { Float($0.re) }, context: unordered.context)
        let halves = try Buffer<SIMD2<Float>>(count: half * 2, context: unordered.context)
        let back = try Buffer<Float>(count: size * 2, context: unordered.context)
        let (complex, real) = try unordered.sync { cl in
            try cl.fft(data, into: spectrum, shape: shape, batch: 2, engine: .clfft)
            try cl.realFFT(reals, into: halves, shape: shape, batch: 2, engine: .clfft)
            try cl.barrier()
            try cl.inverseRealFFT(halves, into: back, shape: shape, batch: 2, engine: .clfft)
            try cl.barrier()
            return (try cl.read(spectrum), try cl.read(back))
        }
        #expect(relativeError(pairs(complex), HostDFT.batched(signal, shape: shape, batch: 2, sign: -1)) <= fftTolerance(Float.self))
        #expect(relativeError(real.map { (Double($0), 0) }, signal.map { ($0.re, 0) }) <= fftTolerance(Float.self))
    }

    @Test("Bluestein's tables are copied into a context once per length and direction, and do not keep it alive",
          arguments: TestDevices.all)
    func bluesteinTables(device: Device) async throws {
        let goes = try await contextGoes(after: { queue in
            let signal = fftSignal(17 * 3, seed: 2)
            let data = try Buffer(copying: simd(signal, as: Float.self), context: queue.context)
            try queue.sync { cl in
                for _ in 0..<3 { try cl.fft(inPlace: data, shape: [17], batch: 3, engine: .clfft) }
            }
            #expect(Bluestein.tablesCached(in: queue.context) == 1)
            try queue.sync { cl in
                try cl.fft(inPlace: data, shape: [3, 17], direction: .inverse, engine: .clfft)
                try cl.fft(inPlace: data, shape: [3, 17], direction: .inverse, engine: .clfft)
            }
            #expect(Bluestein.tablesCached(in: queue.context) == 2, "the inverse has its own")
            // Three forward transforms, then two inverse ones of [3, 17] (each divides by 51).
            var expected = signal
            for _ in 0..<3 { expected = HostDFT.batched(expected, shape: [17], batch: 3, sign: -1) }
            for _ in 0..<2 { expected = HostDFT.transform(expected, shape: [3, 17], sign: 1).map { ($0.re / 51, $0.im / 51) } }
            #expect(relativeError(pairs(try queue.sync { cl in try cl.read(data) }), expected) <= fftTolerance(Float.self) * 4)
        }, device: device)
        #expect(goes, "Bluestein's cached tables kept their context alive")
    }

    @Test("inside waiting(for:), a transform waits for the events on the device (clFFT and VkFFT take no scope of their own)",
          arguments: devicesAndFFTEngines, [[16, 15], [17, 15]] as [[Int]])
    func waitsForEvents(deviceAndEngine: (Device, FFTEngine), shape: [Int]) throws {
        let (device, engine) = deviceAndEngine
        let transformer = try makeQueue(device), writer = try ComputeQueue(device: device, context: transformer.context)
        let size = shape.reduce(1, *)
        let signal = fftSignal(size, seed: 12)
        let data = try Buffer<SIMD2<Float>>(count: size, context: transformer.context)
        try writer.sync { cl in try cl.fill(data, with: SIMD2(0, 0)) }
        // The transform waits for a user event; the signal is written from another queue before the event completes.
        let gate = try UserEvent(context: transformer.context)
        let (_, transformed) = try transformer.submit { cl in
            try cl.waiting(for: [gate.event]) { _ = try cl.fft(inPlace: data, shape: shape, engine: engine) }
        }
        Thread.sleep(forTimeInterval: 0.05)  // an ungated transform would have run on the zeros by now
        #expect(!transformed.isComplete)
        try writer.sync { cl in try cl.write(data, from: simd(signal, as: Float.self)) }
        try gate.complete()
        try transformed.wait()
        let result = try writer.sync { cl in try cl.read(data) }
        #expect(relativeError(pairs(result), HostDFT.transform(signal, shape: shape, sign: -1)) <= fftTolerance(Float.self))
    }

    func checkComplex<T: FFTScalar>(_: T.Type, device: Device, shape: [Int], engine: FFTEngine) throws {
        let queue = try makeQueue(device)
        let size = shape.reduce(1, *)
        for batch in [1, 3] {
            let signal = fftSignal(size * batch, seed: UInt64(size * 31 + batch))
            let input = try Buffer(copying: simd(signal, as: T.self), context: queue.context)
            let output = try Buffer<SIMD2<T>>(count: size * batch, context: queue.context)
            let (forward, inverse, inPlace, inputAfter, spectrumAfter) = try queue.sync { cl in
                try cl.fft(input, into: output, shape: shape, batch: batch, engine: engine)
                let forward = try cl.read(output)
                let inputAfter = try cl.read(input)
                try cl.fft(output, into: input, shape: shape, batch: batch, direction: .inverse, engine: engine)
                let inverse = try cl.read(input)
                let spectrumAfter = try cl.read(output)
                try cl.fft(inPlace: input, shape: shape, batch: batch, engine: engine)
                return (forward, inverse, try cl.read(input), inputAfter, spectrumAfter)
            }
            let expected = HostDFT.batched(signal, shape: shape, batch: batch, sign: -1)
            let tolerance = fftTolerance(T.self)
            #expect(inputAfter == simd(signal, as: T.self), "an out-of-place forward transform leaves its input as it was")
            #expect(spectrumAfter == forward, "an out-of-place inverse transform leaves its input as it was")
            #expect(relativeError(pairs(forward), expected) <= tolerance, "forward \(shape) × \(batch)")
            #expect(relativeError(pairs(inverse), signal) <= tolerance, "inverse(forward) \(shape) × \(batch) gives the input back (1/N)")
            #expect(relativeError(pairs(inPlace), expected) <= tolerance, "in place \(shape) × \(batch)")
            // The inverse alone against the host's unscaled inverse DFT divided by N.
            let inverseOnly = try queue.sync { cl in
                let data = try Buffer(copying: simd(signal, as: T.self), context: queue.context)
                try cl.fft(inPlace: data, shape: shape, batch: batch, direction: .inverse, engine: engine)
                return try cl.read(data)
            }
            let scaled = HostDFT.batched(signal, shape: shape, batch: batch, sign: 1).map { ($0.re / Double(size), $0.im / Double(size)) }
            #expect(relativeError(pairs(inverseOnly), scaled) <= tolerance, "inverse \(shape) × \(batch)")
        }
    }

    @Test("real-to-complex gives numpy's half spectrum; complex-to-real inverts it and leaves its input alone",
          arguments: devicesAndFFTEngines, [[1], [7], [8], [30], [6, 10], [5, 7], [3, 4, 5], [2, 2, 9]] as [[Int]])
    func realTransforms(deviceAndEngine: (Device, FFTEngine), shape: [Int]) throws {
        let (device, engine) = deviceAndEngine
        try checkReal(Float.self, device: device, shape: shape, engine: engine)
        if device.supportsDoublePrecision { try checkReal(Double.self, device: device, shape: shape, engine: engine) }
    }

    func checkReal<T: FFTScalar>(_: T.Type, device: Device, shape: [Int], engine: FFTEngine) throws {
        let queue = try makeQueue(device)
        let size = shape.reduce(1, *), half = size / shape[shape.count - 1] * (shape[shape.count - 1] / 2 + 1)
        let batch = 2
        let real = fftSignal(size * batch, seed: UInt64(size)).map { $0.re }
        let input = try Buffer(copying: real.map { T($0) }, context: queue.context)
        let spectrum = try Buffer<SIMD2<T>>(count: half * batch, context: queue.context)
        let back = try Buffer<T>(count: size * batch, context: queue.context)
        let (forward, spectrumAfter, inverse) = try queue.sync { cl in
            try cl.realFFT(input, into: spectrum, shape: shape, batch: batch, engine: engine)
            let forward = try cl.read(spectrum)
            try cl.inverseRealFFT(spectrum, into: back, shape: shape, batch: batch, engine: engine)
            return (forward, try cl.read(spectrum), try cl.read(back))
        }
        let expected = (0..<batch).flatMap { b in
            HostDFT.halfSpectrum(HostDFT.transform(real[(b * size)..<((b + 1) * size)].map { ($0, 0) }, shape: shape, sign: -1), shape: shape)
        }
        let tolerance = fftTolerance(T.self)
        #expect(relativeError(pairs(forward), expected) <= tolerance, "realFFT \(T.self) \(shape)")
        #expect(pairs(spectrumAfter).elementsEqual(pairs(forward), by: { $0 == $1 }), "inverseRealFFT left its input as it was")
        #expect(relativeError(inverse.map { (Double($0), 0) }, real.map { ($0, 0) }) <= tolerance, "inverseRealFFT(realFFT) \(T.self) \(shape)")
    }

    @Test("2²⁰ points: a cosine's two spikes, Parseval's identity and the round trip", arguments: devicesAndFFTEngines)
    func large(deviceAndEngine: (Device, FFTEngine)) throws {
        let (device, engine) = deviceAndEngine
        let queue = try makeQueue(device)
        let n = 1 << 20, frequency = 12_345
        let signal: [SIMD2<Float>] = (0..<n).map { (i: Int) -> SIMD2<Float> in
            SIMD2(Float(cos(2 * Double.pi * Double(frequency) * Double(i) / Double(n))), 0)
        }
        let data = try Buffer(copying: signal, context: queue.context)
        let spectrum: [SIMD2<Float>] = try queue.sync { cl in
            try cl.fft(inPlace: data, shape: [n], engine: engine)
            return try cl.read(data)
        }
        // cos splits into n/2 at ±frequency; everything else is rounding.
        let half = Float(n / 2)
        #expect(abs(spectrum[frequency].x - half) < 1 && abs(spectrum[n - frequency].x - half) < 1)
        var leak: Float = 0, energy = 0.0, spectral = 0.0
        for (index, value) in spectrum.enumerated() where index != frequency && index != n - frequency {
            leak = max(leak, abs(value.x) + abs(value.y))
        }
        for value in signal { energy += Double(value.x) * Double(value.x) }
        for value in spectrum { spectral += Double(value.x) * Double(value.x) + Double(value.y) * Double(value.y) }
        #expect(leak < 0.05, "largest other bin \(leak)")
        #expect(abs(spectral / Double(n) - energy) / energy < 1e-5, "Parseval")
        let back: [SIMD2<Float>] = try queue.sync { cl in
            try cl.fft(inPlace: data, shape: [n], direction: .inverse, engine: engine)
            return try cl.read(data)
        }
        #expect(relativeError(pairs(back), pairs(signal)) < 2e-6)
    }

    @Test("results compose with other commands through events, across queues", arguments: devicesAndFFTEngines)
    func events(deviceAndEngine: (Device, FFTEngine)) throws {
        let (device, engine) = deviceAndEngine
        let first = try makeQueue(device), second = try ComputeQueue(device: device, context: first.context)
        let signal = fftSignal(64, seed: 9)
        let data = try Buffer(copying: simd(signal, as: Float.self), context: first.context)
        let (_, done) = try first.submit { cl in try cl.fft(inPlace: data, shape: [8, 8], engine: engine) }
        let result = try second.sync { cl in
            try cl.wait(for: [done])
            return try cl.read(data)
        }
        #expect(relativeError(pairs(result), HostDFT.transform(signal, shape: [8, 8], sign: -1)) <= 2e-6)
    }

    @Test("plans are made once per context, precision and transform; a new context gets its own; a dead one's go",
          arguments: TestDevices.all)
    func planCache(device: Device) throws {
        let queue = try ComputeQueue(device: device, context: Context(devices: [device]))
        let data = try Buffer(copying: simd(fftSignal(210, seed: 4), as: Float.self), context: queue.context)
        try queue.sync { cl in _ = try cl.fft(inPlace: data, shape: [14, 15], engine: .clfft) }
        #expect(ClFFT.plansCached(in: queue.context) == 1)
        try queue.sync { cl in
            for _ in 0..<5 { try cl.fft(inPlace: data, shape: [14, 15], engine: .clfft) }
        }
        #expect(ClFFT.plansCached(in: queue.context) == 1, "the same transform reuses its plan")
        try queue.sync { cl in _ = try cl.fft(inPlace: data, shape: [15, 14], engine: .clfft) }
        #expect(ClFFT.plansCached(in: queue.context) == 2, "another shape has its own")
        weak var otherContext: Context?
        do {
            let other = try ComputeQueue(device: device, context: Context(devices: [device]))
            otherContext = other.context
            let otherData = try Buffer(copying: simd(fftSignal(210, seed: 4), as: Float.self), context: other.context)
            try other.sync { cl in _ = try cl.fft(inPlace: otherData, shape: [14, 15], engine: .clfft) }
            #expect(ClFFT.plansCached(in: other.context) == 1, "another context makes its own plan")
        }
        // Nothing of the plan cache keeps the other context alive (its last command, once ended, is let go; the
        // runtime's completion callback may run just after the closure's wait).
        let deadline = ContinuousClock.now + .seconds(60)  // a bound against hanging, not a timing: the loop ends once released
        while otherContext != nil, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
        #expect(otherContext == nil, "the cache let the other context go")
        // The other context has gone: the next lookup destroys its plan.
        try queue.sync { cl in _ = try cl.fft(inPlace: data, shape: [14, 15], engine: .clfft) }
        #expect(ClFFT.stalePlans == 0)
        #expect(ClFFT.plansCached(in: queue.context) == 2)
    }

    @Test("bad input is refused before clFFT, names the argument, and the queue stays usable", arguments: TestDevices.all)
    func refusals(device: Device) throws {
        let queue = try makeQueue(device)
        let data = try Buffer(copying: simd(fftSignal(64, seed: 1), as: Float.self), context: queue.context)
        let small = try Buffer<SIMD2<Float>>(count: 10, context: queue.context)
        func refusal(_ body: (ComputeEncoder) throws -> Void) -> FFTError? {
            (try? queue.sync { cl in thrownError { try body(cl) } }) as? FFTError
        }
        // Lengths without clFFT kernels run through Bluestein's algorithm up to 2³¹; longer ones are refused naming why.
        let tooLong = 17 << 27
        let prime = refusal { try $0.fft(inPlace: data, shape: [3, tooLong], engine: .clfft) }
        #expect(prime?.code == .unsupportedLength)
        #expect(prime?.message.contains("prime factor 17") == true && prime?.message.contains("2, 3, 5, 7, 11, 13") == true
            && prime?.message.contains("Bluestein") == true)
        #expect(refusal { try $0.realFFT(try Buffer<Float>(count: 17, context: queue.context), into: data, shape: [tooLong], engine: .clfft) }?
            .code == .unsupportedLength, "a real transform too long for Bluestein's algorithm")
        let factor = refusal { try $0.fft(inPlace: data, shape: [2, 2 * tooLong], engine: .clfft) }
        #expect(factor?.code == .unsupportedLength && factor?.message.contains("prime factor 17") == true)
        #expect(refusal { try $0.fft(inPlace: data, shape: [2, 2, 2, 2]) }?.code == .invalidArgument)
        #expect(refusal { try $0.fft(inPlace: data, shape: []) }?.code == .invalidArgument)
        #expect(refusal { try $0.fft(inPlace: data, shape: [0]) }?.code == .invalidArgument)
        #expect(refusal { try $0.fft(inPlace: data, shape: [8], batch: -1) }?.code == .invalidArgument)
        let tooSmall = refusal { try $0.fft(data, into: small, shape: [8, 8]) }
        #expect(tooSmall?.code == .bufferTooSmall && tooSmall?.message.hasPrefix("output has 10 elements") == true)
        let batchTooBig = refusal { try $0.fft(inPlace: data, shape: [8, 8], batch: 2) }
        #expect(batchTooBig?.code == .bufferTooSmall && batchTooBig?.message.contains("need 128") == true)
        let real = try Buffer<Float>(count: 64, context: queue.context)
        let halfTooSmall = refusal { try $0.realFFT(real, into: small, shape: [8, 8]) }
        #expect(halfTooSmall?.code == .bufferTooSmall && halfTooSmall?.message.contains("need 40") == true, "8 × (8/2 + 1)")
        // A buffer of another context: SwiftCL's own refusal.
        let otherContext = try Context(devices: [device])
        let foreign = try Buffer<SIMD2<Float>>(count: 64, context: otherContext)
        let mismatch = try queue.sync { cl in thrownError { try cl.fft(foreign, into: data, shape: [64]) } }
        #expect((mismatch as? SwiftCLError)?.code == .contextMismatch)
        // Nothing above was enqueued: the data is still the signal, and the queue still transforms.
        let after = try queue.sync { cl in
            try cl.fft(inPlace: data, shape: [64])
            return try cl.read(data)
        }
        #expect(relativeError(pairs(after), HostDFT.transform(fftSignal(64, seed: 1), shape: [64], sign: -1)) <= 2e-6)
    }

    @Test("one transform from several queues at once: every result right (a plan's scratch is not shared between commands)",
          arguments: devicesAndFFTEngines, [[4, 6], [16, 15], [2, 3, 4]] as [[Int]])
    func concurrentQueues(deviceAndEngine: (Device, FFTEngine), shape: [Int]) throws {
        let (device, engine) = deviceAndEngine
        let size = shape.reduce(1, *), last = shape[shape.count - 1], half = size / last * (last / 2 + 1)
        let signal = fftSignal(size, seed: UInt64(size + 99))
        let real = signal.map { $0.re }
        let expected = HostDFT.transform(signal, shape: shape, sign: -1)
        let expectedHalf = HostDFT.halfSpectrum(HostDFT.transform(real.map { ($0, 0) }, shape: shape, sign: -1), shape: shape)
        let worst = Locked([Double](repeating: 0, count: 3))
        let failure = Locked<String?>(nil)
        // Four queues of the device's shared context (one cached plan per transform) transform at the same time,
        // each enqueueing several transforms before it reads, so their commands overlap on the device.
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let queue = try makeQueue(device)
                let input = try Buffer(copying: simd(signal, as: Float.self), context: queue.context)
                let realInput = try Buffer(copying: real.map { Float($0) }, context: queue.context)
                for _ in 0..<12 {
                    let outputs = try (0..<3).map { _ in try Buffer<SIMD2<Float>>(count: size, context: queue.context) }
                    let halves = try (0..<3).map { _ in try Buffer<SIMD2<Float>>(count: half, context: queue.context) }
                    let backs = try (0..<3).map { _ in try Buffer<Float>(count: size, context: queue.context) }
                    let (spectra, halfSpectra, roundTrips) = try queue.sync { cl in
                        for index in 0..<3 {
                            try cl.fft(input, into: outputs[index], shape: shape, engine: engine)
                            try cl.realFFT(realInput, into: halves[index], shape: shape, engine: engine)
                            try cl.inverseRealFFT(halves[index], into: backs[index], shape: shape)
                        }
                        return (try outputs.map { try cl.read($0) }, try halves.map { try cl.read($0) }, try backs.map { try cl.read($0) })
                    }
                    let errors = [spectra.map { relativeError(pairs($0), expected) }.max()!,
                                  halfSpectra.map { relativeError(pairs($0), expectedHalf) }.max()!,
                                  roundTrips.map { relativeError($0.map { (Double($0), 0) }, real.map { ($0, 0) }) }.max()!]
                    worst.withLock { worst in worst = zip(worst, errors).map { max($0, $1) } }
                }
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
        }
        #expect(failure.withLock { $0 } == nil)
        let errors = worst.withLock { $0 }
        #expect(errors[0] <= fftTolerance(Float.self), "fft \(shape) from four queues: worst relative error \(errors[0])")
        #expect(errors[1] <= fftTolerance(Float.self), "realFFT \(shape) from four queues: worst relative error \(errors[1])")
        #expect(errors[2] <= fftTolerance(Float.self), "inverseRealFFT \(shape) from four queues: worst relative error \(errors[2])")
    }

    @Test("on an out-of-order queue, transforms of one plan into different outputs do not overlap", arguments: devicesAndFFTEngines)
    func outOfOrderQueue(deviceAndEngine: (Device, FFTEngine)) throws {
        let (device, engine) = deviceAndEngine
        let queue = try ComputeQueue(device: device, outOfOrder: true)
        let shape = [16, 15], size = 240, half = 16 * 8
        let real = fftSignal(size, seed: 5).map { $0.re }
        let expected = HostDFT.halfSpectrum(HostDFT.transform(real.map { ($0, 0) }, shape: shape, sign: -1), shape: shape)
        let input = try Buffer(copying: real.map { Float($0) }, context: queue.context)
        if engine == .vkfft {
            // VkFFT enqueues its kernels without events: refused on an out-of-order queue, naming why; nothing enqueued.
            let output = try Buffer<SIMD2<Float>>(count: half, context: queue.context)
            #expect(performing: { try queue.sync { cl in _ = try cl.realFFT(input, into: output, shape: shape, engine: .vkfft) } },
                    throws: { ($0 as? FFTError)?.code == .invalidArgument && "\($0)".contains("in-order queues only") })
            return
        }
        for _ in 0..<8 {
            let outputs = try (0..<6).map { _ in try Buffer<SIMD2<Float>>(count: half, context: queue.context) }
            let spectra = try queue.sync { cl in
                for output in outputs { try cl.realFFT(input, into: output, shape: shape, engine: engine) }
                return try outputs.map { try cl.read($0) }
            }
            for (index, spectrum) in spectra.enumerated() {
                #expect(relativeError(pairs(spectrum), expected) <= fftTolerance(Float.self), "output \(index)")
            }
        }
    }

    @Test("a batch of zero enqueues only a marker", arguments: TestDevices.all)
    func emptyBatch(device: Device) throws {
        let queue = try makeQueue(device)
        let data = try Buffer<SIMD2<Float>>(count: 1, context: queue.context)
        let event = try queue.sync { cl in try cl.fft(inPlace: data, shape: [1024], batch: 0) }
        #expect(event.status == .complete)
    }
}

@Suite("FFT of DeviceArrays")
struct DeviceArrayFFTTests {
    @Test("complex arrays [..., 2] forward and inverse, real arrays and back, views copied, against the host DFT",
          arguments: TestDevices.all, [[8], [12], [4, 6], [3, 5], [2, 3, 4]] as [[Int]])
    func arrays(device: Device, shape: [Int]) throws {
        let queue = try makeQueue(device)
        let count = shape.reduce(1, *)
        let signal = fftSignal(count, seed: UInt64(count))
        let interleaved: [Float] = signal.flatMap { [Float($0.re), Float($0.im)] }
        // A view two complex numbers into a longer buffer: copied before clFFT, which takes no offset.
        let whole = try DeviceArray<Float>([9, 9, 9, 9] + interleaved, on: queue)
        let complex = try whole[4..<(4 + 2 * count)].reshaped(shape + [2])
        let spectrum = try complex.fft()
        #expect(spectrum.shape == shape + [2])
        func complexValues(_ floats: [Float]) -> [HostDFT.Complex] { stride(from: 0, to: floats.count, by: 2).map { (Double(floats[$0]), Double(floats[$0 + 1])) } }
        let expected = HostDFT.transform(signal, shape: shape, sign: -1)
        #expect(relativeError(complexValues(try spectrum.toArray()), expected) < fftTolerance(Float.self), "\(shape) forward")
        let back = try spectrum.fft(direction: .inverse)
        #expect(relativeError(complexValues(try back.toArray()), signal) < fftTolerance(Float.self), "\(shape) inverse")
        // Real input: rfftn and irfftn.
        let real = signal.map { Float($0.re) }
        let half = try DeviceArray(real, shape: shape, on: queue).realFFT()
        #expect(half.shape == shape.dropLast() + [shape.last! / 2 + 1, 2])
        let full = HostDFT.transform(signal.map { ($0.re, 0) }, shape: shape, sign: -1)
        #expect(relativeError(complexValues(try half.toArray()), HostDFT.halfSpectrum(full, shape: shape)) < fftTolerance(Float.self))
        let roundTrip = try half.inverseRealFFT(length: shape.last!).toArray()
        #expect(zip(roundTrip, real).allSatisfy { abs($0 - $1) <= 1e-5 }, "\(shape) irfftn(rfftn(x)) = x")
        #expect(try whole.toArray()[0..<4] == [9, 9, 9, 9], "the source array is untouched")
    }

    @Test("complex-element arrays (SIMD2): whole shapes and batches over the leading dimensions, views, Float and Double",
          arguments: TestDevices.all, [([16], nil), ([3, 8], 1), ([4, 6], nil), ([2, 3, 5], 2), ([2, 2, 3, 4], 3)] as [([Int], Int?)])
    func complexElements(device: Device, layout: ([Int], Int?)) throws {
        let (shape, dimensions) = layout
        let queue = try makeQueue(device)
        let count = shape.reduce(1, *)
        let transformed = Array(shape.suffix(dimensions ?? shape.count)), batch = count / transformed.reduce(1, *)
        let signal = fftSignal(count, seed: UInt64(count + 7))
        func run<T: FFTScalar & ArrayElement>(_: T.Type) throws {
            let whole = try DeviceArray([SIMD2<T>(9, 9)] + simd(signal, as: T.self), on: queue)
            let array = try whole[1..<(count + 1)].reshaped(shape)  // a view: copied before clFFT
            let spectrum = try array.fft(dimensions: dimensions)
            #expect(spectrum.shape == shape)
            let expected = HostDFT.batched(signal, shape: transformed, batch: batch, sign: -1)
            #expect(relativeError(pairs(try spectrum.toArray()), expected) < fftTolerance(T.self), "\(T.self) \(shape) forward")
            let back = try spectrum.fft(direction: .inverse, dimensions: dimensions)
            #expect(relativeError(pairs(try back.toArray()), signal) < fftTolerance(T.self), "\(T.self) \(shape) inverse")
            #expect(try whole.toArray()[0] == SIMD2<T>(9, 9), "the source is untouched")
        }
        try run(Float.self)
        if device.supportsDoublePrecision { try run(Double.self) }
        let vectors = try DeviceArray([SIMD2<Float>](repeating: .zero, count: 8), on: queue)
        #expect((thrownError { _ = try vectors.fft(dimensions: 2) } as? FFTError)?.code == .invalidArgument, "more dimensions than the array has")
        #expect((thrownError { _ = try vectors.reshaped([2, 2, 2]).fft(dimensions: 0) } as? FFTError)?.code == .invalidArgument)
    }

    @Test("shapes that are not complex arrays, empty ones and wrong half-spectrum lengths are refused before clFFT")
    func refusals() throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let notComplex = try DeviceArray<Float>((0..<12).map(Float.init), shape: [4, 3], on: queue)
        #expect((thrownError { _ = try notComplex.fft() } as? FFTError)?.code == .invalidArgument)
        let empty = try DeviceArray<Float>([], shape: [0, 2], on: queue)
        #expect((thrownError { _ = try empty.fft() } as? FFTError)?.code == .invalidArgument)
        let half = try DeviceArray<Float>([Float](repeating: 0, count: 10), shape: [5, 2], on: queue)
        #expect((thrownError { _ = try half.inverseRealFFT(length: 12) } as? FFTError)?.code == .invalidArgument)
        #expect(try half.inverseRealFFT(length: 8).shape == [8], "5 bins are a half-spectrum of 8 (or 9)")
    }
}
