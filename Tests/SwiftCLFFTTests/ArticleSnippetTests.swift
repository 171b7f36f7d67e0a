import SwiftCL
import SwiftCLFFT
import Testing

/// The DocC article *SwiftCLFFT*: its first example, run here as shown.
@Suite("SwiftCLFFT article snippets")
struct FFTArticleSnippetTests {
    @Test("a 2-D transform there and back, and batched real transforms there and back")
    func overview() throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let (rows, columns, n) = (4, 6, 16)
        let values = (0..<(rows * columns)).map { SIMD2<Float>(Float($0 % 5), Float($0 % 3) - 1) }
        let reals = (0..<(8 * n)).map { Float($0 % 9) - 4 }
        let signal = try Buffer(copying: values, context: queue.context)
        let output = try Buffer<SIMD2<Float>>(count: rows * columns, context: queue.context)
        let samples = try Buffer(copying: reals, context: queue.context)
        let halfSpectrum = try Buffer<SIMD2<Float>>(count: 8 * (n / 2 + 1), context: queue.context)
        let spectrum = try queue.sync { cl in
            try cl.fft(signal, into: output, shape: [rows, columns])          // complex → complex, forward
            try cl.fft(inPlace: output, shape: [rows, columns], direction: .inverse)
            try cl.realFFT(samples, into: halfSpectrum, shape: [n], batch: 8)  // real → complex, numpy's rfft
            try cl.inverseRealFFT(halfSpectrum, into: samples, shape: [n], batch: 8)
            return try cl.read(output)
        }
        // Forward then inverse (which divides by N) gives the signal back; so does rfft then irfft.
        #expect(zip(spectrum, values).allSatisfy { abs($0.x - $1.x) <= 1e-4 && abs($0.y - $1.y) <= 1e-4 })
        let back = try queue.sync { cl in try cl.read(samples) }
        #expect(zip(back, reals).allSatisfy { abs($0 - $1) <= 1e-4 })
    }
}
