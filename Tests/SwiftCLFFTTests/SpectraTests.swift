import Foundation
import SwiftCL
import SwiftCLArrays
import SwiftCLFFT
import SwiftCLTestSupport
import Testing

@Suite("Spectra as complex arrays: complex arithmetic in fused expressions, and FFT convolution")
struct SpectraTests {
    @Test("realSpectrum gives numpy's half spectrum as SIMD2 elements; inverseRealFFT gives the signal back",
          arguments: TestDevices.all, [[1], [7], [30], [1000], [6, 10], [3, 4, 5]] as [[Int]])
    func realSpectrum(device: Device, shape: [Int]) throws {
        let queue = try makeQueue(device)
        let size = shape.reduce(1, *)
        let real = fftSignal(size, seed: UInt64(size + 5)).map { $0.re }
        let signal = try DeviceArray(real.map(Float.init), shape: shape, on: queue)
        let spectrum = try signal.realSpectrum()
        #expect(spectrum.shape == shape.dropLast() + [shape[shape.count - 1] / 2 + 1])
        let expected = HostDFT.halfSpectrum(HostDFT.transform(real.map { ($0, 0) }, shape: shape, sign: -1), shape: shape)
        #expect(relativeError(pairs(try spectrum.toArray()), expected) <= fftTolerance(Float.self))
        let back: DeviceArray<Float> = try spectrum.inverseRealFFT(length: shape[shape.count - 1])
        #expect(back.shape == shape)
        #expect(relativeError(try back.toArray().map { (Double($0), 0) }, real.map { ($0, 0) }) <= fftTolerance(Float.self))
    }

    @Test("complex multiply, conjugate, magnitude and phase fuse into one expression and match the host", arguments: TestDevices.all)
    func complexArithmetic(device: Device) throws {
        let queue = try makeQueue(device)
        let a = fftSignal(1001, seed: 1), b = fftSignal(1001, seed: 2)
        let x = try DeviceArray(simd(a, as: Float.self), on: queue), y = try DeviceArray(simd(b, as: Float.self), on: queue)
        // x·conj(y) + x, in one kernel.
        let fused = try (ArrayMath.complexMultiply(x, ArrayMath.conjugate(y)) + x).evaluated().toArray()
        let expected = zip(a, b).map { p, q in (p.re * q.re + p.im * q.im + p.re, p.im * q.re - p.re * q.im + p.im) }
        #expect(relativeError(pairs(fused), expected) <= 1e-6)
        let magnitudes = try ArrayMath.magnitude(x).evaluated().toArray()
        let phases = try ArrayMath.phase(x).evaluated().toArray()
        for (index, value) in a.enumerated() {
            #expect(abs(Double(magnitudes[index]) - (value.re * value.re + value.im * value.im).squareRoot()) <= 1e-6)
            #expect(abs(Double(phases[index]) - atan2(value.im, value.re)) <= 1e-5)
        }
        let doubles = try DeviceArray(simd(a, as: Double.self), on: queue)
        let squared = try ArrayMath.complexMultiply(doubles, doubles).evaluated().toArray()
        #expect(relativeError(pairs(squared), a.map { ($0.re * $0.re - $0.im * $0.im, 2 * $0.re * $0.im) }) <= 1e-14)
    }

    @Test("fftConvolve matches the direct convolution (numpy's convolve), odd, prime and 1-element lengths, both precisions",
          arguments: TestDevices.all, [(1, 1), (7, 3), (3, 7), (100, 17), (1009, 31)])
    func convolution(device: Device, lengths: (Int, Int)) throws {
        let queue = try makeQueue(device)
        let x = fftSignal(lengths.0, seed: 3).map(\.re), h = fftSignal(lengths.1, seed: 4).map(\.re)
        var direct = [Double](repeating: 0, count: lengths.0 + lengths.1 - 1), scale = 0.0
        for (i, xi) in x.enumerated() {
            for (j, hj) in h.enumerated() {
                direct[i + j] += xi * hj
                scale += abs(xi * hj)
            }
        }
        func check<T: FFTScalar & ArrayElement>(_: T.Type, tolerance: Double) throws where T.SIMD2Storage: Sendable {
            let result = try DeviceArray(x.map { T($0) }, on: queue).fftConvolve(try DeviceArray(h.map { T($0) }, on: queue))
            #expect(result.shape == [direct.count])
            let worst = zip(try result.toArray(), direct).map { abs(Double($0) - $1) }.max() ?? 0
            #expect(worst <= tolerance * max(scale, 1), "\(T.self) \(lengths): worst \(worst) against Σ|x·h| \(scale)")
        }
        try check(Float.self, tolerance: 1e-5)
        if device.supportsDoublePrecision { try check(Double.self, tolerance: 1e-12) }
    }

    @Test("fftConvolve refuses what is not two non-empty 1-D arrays", arguments: TestDevices.all)
    func refusals(device: Device) throws {
        let queue = try makeQueue(device)
        let flat = try DeviceArray<Float>([1, 2, 3], on: queue), square = try DeviceArray<Float>([1, 2, 3, 4], shape: [2, 2], on: queue)
        #expect(throws: FFTError.self) { try flat.fftConvolve(square) }
        #expect(throws: FFTError.self) { try square.fftConvolve(flat) }
        let spectrum = try flat.realSpectrum()
        #expect(throws: FFTError.self) { let _: DeviceArray<Float> = try spectrum.inverseRealFFT(length: 5) }
    }
}
