import Foundation
import SwiftCL
@testable import SwiftCLFFT
import SwiftCLTestSupport
import Testing

/// VkFFT's engine where it differs from clFFT's: the shapes it hands to clFFT's engine, its plan cache, and that
/// `.automatic` does not pick it yet. Its results for the shapes it takes, and its gate behind a `waiting(for:)` scope (VkFFT enqueues
/// without wait lists), are checked with the other engines' in `FFTTests`.
@Suite("FFT on VkFFT")
struct VkFFTTests {
    @Test("a length with a prime factor above 13, or a real transform whose last axis is 1 long, runs on clFFT's engine, right",
          arguments: TestDevices.all)
    func handedToClFFT(device: Device) throws {
        let queue = try ComputeQueue(device: device, context: Context(devices: [device]))
        let signal = fftSignal(17 * 4, seed: 3)
        for shape in [[17 * 4], [4, 17]] {
            let data = try Buffer(copying: simd(signal, as: Float.self), context: queue.context)
            let result = try queue.sync { cl in
                try cl.fft(inPlace: data, shape: shape, engine: .vkfft)
                return try cl.read(data)
            }
            #expect(relativeError(pairs(result), HostDFT.transform(signal, shape: shape, sign: -1)) <= fftTolerance(Float.self), "\(shape)")
        }
        let reals = try Buffer(copying: signal.prefix(17).map { Float($0.re) }, context: queue.context)
        let spectrum = try Buffer<SIMD2<Float>>(count: 17, context: queue.context)
        let half = try queue.sync { cl in
            try cl.realFFT(reals, into: spectrum, shape: [17, 1], engine: .vkfft)
            return try cl.read(spectrum)
        }
        let expected = HostDFT.transform(signal.prefix(17).map { ($0.re, 0) }, shape: [17, 1], sign: -1)
        #expect(relativeError(pairs(half), expected) <= fftTolerance(Float.self))
        #expect(VkFFT.plansCached(in: queue.context) == 0, "VkFFT made no plan for these")
        // The same queue transforms a length VkFFT takes on VkFFT.
        let smooth = try Buffer(copying: simd(fftSignal(60, seed: 4), as: Float.self), context: queue.context)
        let result = try queue.sync { cl in
            try cl.fft(inPlace: smooth, shape: [60], engine: .vkfft)
            return try cl.read(smooth)
        }
        #expect(relativeError(pairs(result), HostDFT.transform(fftSignal(60, seed: 4), sign: -1)) <= fftTolerance(Float.self))
        #expect(VkFFT.plansCached(in: queue.context) == 1)
    }

    @Test("a plan is made once per context, precision and transform, and length-1 axes share the plan without them",
          arguments: TestDevices.all)
    func planCache(device: Device) throws {
        let queue = try ComputeQueue(device: device, context: Context(devices: [device]))
        let signal = fftSignal(96, seed: 8)
        let data = try Buffer(copying: simd(signal, as: Float.self), context: queue.context)
        try queue.sync { cl in
            for _ in 0..<3 { try cl.fft(inPlace: data, shape: [8, 12], engine: .vkfft) }
        }
        #expect(VkFFT.plansCached(in: queue.context) == 1)
        // [1, 8, 12] and [8, 1, 12] are [8, 12]: the same plan. The inverse too.
        try queue.sync { cl in
            try cl.fft(inPlace: data, shape: [1, 8, 12], direction: .inverse, engine: .vkfft)
            try cl.fft(inPlace: data, shape: [8, 1, 12], direction: .inverse, engine: .vkfft)
        }
        #expect(VkFFT.plansCached(in: queue.context) == 1)
        try queue.sync { cl in _ = try cl.fft(inPlace: data, shape: [12, 8], engine: .vkfft) }
        #expect(VkFFT.plansCached(in: queue.context) == 2)
        // Three forward and two inverse [8, 12] transforms (each inverse divides by 96), then one forward [12, 8].
        var expected = signal
        for _ in 0..<3 { expected = HostDFT.transform(expected, shape: [8, 12], sign: -1) }
        for _ in 0..<2 { expected = HostDFT.transform(expected, shape: [8, 12], sign: 1).map { ($0.re / 96, $0.im / 96) } }
        expected = HostDFT.transform(expected, shape: [12, 8], sign: -1)
        #expect(relativeError(pairs(try queue.sync { cl in try cl.read(data) }), expected) <= fftTolerance(Float.self) * 4)
    }

    @Test("cached plans keep no context alive: a context used for every kind of transform goes, and its plans with it",
          arguments: TestDevices.all)
    func plansLetContextsGo(device: Device) async throws {
        let goes = try await contextGoes(after: { queue in
            let signal = fftSignal(48, seed: 6)
            let complex = try Buffer(copying: simd(signal, as: Float.self), context: queue.context)
            let other = try Buffer<SIMD2<Float>>(count: 48, context: queue.context)
            let real = try Buffer(copying: signal.map { Float($0.re) }, context: queue.context)
            let half = try Buffer<SIMD2<Float>>(count: 25, context: queue.context)
            try queue.sync { cl in
                try cl.fft(inPlace: complex, shape: [48], engine: .vkfft)
                try cl.fft(complex, into: other, shape: [48], engine: .vkfft)
                try cl.realFFT(real, into: half, shape: [48], engine: .vkfft)
                try cl.inverseRealFFT(half, into: real, shape: [48], engine: .vkfft)
            }
            #expect(VkFFT.plansCached(in: queue.context) == 3)
        }, device: device)
        #expect(goes, "a cached VkFFT plan kept its context alive")
    }

    @Test("automatic does not pick VkFFT (FFTW on a CPU device, clFFT elsewhere), on in-order and out-of-order queues",
          arguments: TestDevices.all)
    func automaticChoice(device: Device) throws {
        let queue = try ComputeQueue(device: device, context: Context(devices: [device]))
        let data = try Buffer(copying: simd(fftSignal(64, seed: 2), as: Float.self), context: queue.context)
        try queue.sync { cl in _ = try cl.fft(inPlace: data, shape: [64], engine: .automatic) }
        // (A device without out-of-order queues refuses making one: SwiftCLError.outOfOrderUnsupported.)
        if let unordered = try? ComputeQueue(device: device, context: queue.context, outOfOrder: true) {
            try unordered.sync { cl in _ = try cl.fft(inPlace: data, shape: [32], engine: .automatic) }
        }
        #expect(VkFFT.plansCached(in: queue.context) == 0)
        try queue.sync { cl in _ = try cl.fft(inPlace: data, shape: [64], engine: .vkfft) }
        #expect(VkFFT.plansCached(in: queue.context) == 1)
    }
}
