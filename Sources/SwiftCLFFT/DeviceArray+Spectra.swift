import SwiftCL
import SwiftCLArrays

/// Spectra as complex arrays (`SIMD2` elements) that compose with `ArrayMath`'s complex functions, and convolution
/// through them — numpy's `irfft(rfft(x, m) * rfft(h, m), m)` in a line.
extension DeviceArray where Element: FFTScalar & ArrayElement {
    /// The forward transform of this real array (1 to 3 dimensions) as a complex array: shape `[…, n/2 + 1]` of
    /// `SIMD2` elements (numpy's `rfftn`), ready for ``SwiftCLArrays/ArrayMath/complexMultiply(_:_:)`` and the other
    /// complex functions. Enqueued without waiting.
    /// - Throws: `FFTError.Code.invalidArgument` for 0 or more than 3 dimensions or an empty one; as
    ///   ``SwiftCL/ComputeEncoder/realFFT(_:into:shape:batch:engine:)``.
    public func realSpectrum() throws -> DeviceArray<SIMD2<Element>> {
        guard (1...3).contains(shape.count), !shape.contains(0), let last = shape.last else {
            throw FFTError(.invalidArgument, routine: "realSpectrum",
                           "a real array of 1 to 3 non-empty dimensions is transformed, this one has shape \(shape)")
        }
        let result = try DeviceArray<SIMD2<Element>>(uninitializedShape: shape.dropLast() + [last / 2 + 1], on: queue)
        let input = try packed().storage, output = result.storage, dimensions = shape
        _ = try queue.submit { cl in try cl.realFFT(input, into: output, shape: dimensions) }
        return result
    }

}

extension DeviceArray where Element: FFTScalar & ArrayElement, Element.SIMD2Storage: Sendable {
    /// The full linear convolution of this 1-D array with `kernel` (numpy's `convolve(x, h)`, scipy's `fftconvolve`):
    /// `count + kernel.count − 1` elements, through real FFTs of the next length whose prime factors are 2, 3, 5 and 7
    /// (both engines transform those fastest), the spectra multiplied in one fused kernel. `kernel` must live in this
    /// array's context.
    /// - Throws: `FFTError.Code.invalidArgument` unless both are non-empty 1-D arrays; ``SwiftCLArrays/ArrayError`` for
    ///   another context; as ``realSpectrum()``.
    public func fftConvolve(_ kernel: DeviceArray) throws -> DeviceArray {
        guard shape.count == 1, kernel.shape.count == 1, count > 0, kernel.count > 0 else {
            throw FFTError(.invalidArgument, routine: "fftConvolve",
                           "convolves two non-empty 1-D arrays, not shapes \(shape) and \(kernel.shape)")
        }
        let length = count + kernel.count - 1
        let transformLength = Self.smoothLength(atLeast: length)
        let spectra = try [self, kernel].map { array in
            let padded = try DeviceArray.zeros([transformLength], on: queue)
            try padded[0..<array.count].assign(array)
            return try padded.realSpectrum()
        }
        // The product overwrites the first spectrum (elementwise, so in place is safe): one array fewer to fault in.
        try spectra[0].assign(ArrayMath.complexMultiply(spectra[0], spectra[1]))
        return try spectra[0].inverseRealFFT(length: transformLength)[0..<length].copy()
    }

    /// The smallest 2ᵃ·3ᵇ·5ᶜ·7ᵈ at least `length`.
    static func smoothLength(atLeast length: Int) -> Int {
        var best = Int.max
        var twos = 1
        while twos < 2 * length {
            var threes = twos
            while threes < 2 * length {
                var fives = threes
                while fives < 2 * length {
                    var sevens = fives
                    while sevens < length { sevens *= 7 }
                    best = Swift.min(best, sevens)
                    fives *= 5
                }
                threes *= 3
            }
            twos *= 2
        }
        return best
    }
}

extension DeviceArray {
    /// The inverse of ``DeviceArray/realSpectrum()``: this half-spectrum (`SIMD2` elements, last dimension `n/2 + 1`)
    /// gives a real array whose last dimension is `length`, divided by the number of elements (numpy's `irfftn`).
    /// - Throws: `FFTError.Code.invalidArgument` when the shape is not a half-spectrum of `length`; as
    ///   ``SwiftCL/ComputeEncoder/inverseRealFFT(_:into:shape:batch:engine:)``.
    public func inverseRealFFT<T: FFTScalar & ArrayElement>(length: Int) throws -> DeviceArray<T> where Element == SIMD2<T> {
        guard (1...3).contains(shape.count), !shape.contains(0), length > 0, shape.last == length / 2 + 1 else {
            throw FFTError(.invalidArgument, routine: "inverseRealFFT",
                           "a half-spectrum of length \(length) has \(length / 2 + 1) bins in its last dimension of 1 to 3; shape \(shape)")
        }
        let realShape = shape.dropLast() + [length]
        let result = try DeviceArray<T>(uninitializedShape: Array(realShape), on: queue)
        let input = try packed().storage, output = result.storage
        _ = try queue.submit { cl in try cl.inverseRealFFT(input, into: output, shape: Array(realShape)) }
        return result
    }
}
