import Foundation

/// A direct (O(N²) per axis) discrete Fourier transform on the host in Double, the reference the FFT tests compare
/// against: row-major `shape`, complex values as (re, im) pairs, applied axis by axis (the multi-dimensional DFT is
/// separable), `sign` −1 forward, +1 inverse (unscaled).
enum HostDFT {
    typealias Complex = (re: Double, im: Double)

    static func transform(_ data: [Complex], shape: [Int], sign: Double) -> [Complex] {
        var values = data
        let count = shape.reduce(1, *)
        var step = 1
        for axis in shape.indices.reversed() {
            let n = shape[axis]
            // Twiddles for this axis: e^(sign·2πi·m/n), m = 0..<n.
            let twiddles = (0..<n).map { m -> Complex in
                let angle = sign * 2 * Double.pi * Double(m) / Double(n)
                return (cos(angle), sin(angle))
            }
            var result = values
            let block = step * n
            for start in stride(from: 0, to: count, by: block) {
                for inner in 0..<step {
                    for k in 0..<n {
                        var sum: Complex = (0, 0)
                        for j in 0..<n {
                            let x = values[start + inner + j * step], w = twiddles[(j * k) % n]
                            sum.re += x.re * w.re - x.im * w.im
                            sum.im += x.re * w.im + x.im * w.re
                        }
                        result[start + inner + k * step] = sum
                    }
                }
            }
            values = result
            step *= n
        }
        return values
    }

    /// `batch` transforms of `shape` one after another.
    static func batched(_ data: [Complex], shape: [Int], batch: Int, sign: Double) -> [Complex] {
        let size = shape.reduce(1, *)
        return (0..<batch).flatMap { b in transform(Array(data[(b * size)..<((b + 1) * size)]), shape: shape, sign: sign) }
    }

    /// The half spectrum numpy's `rfftn` returns: the full transform's last axis cut to `n/2 + 1`.
    static func halfSpectrum(_ full: [Complex], shape: [Int]) -> [Complex] {
        let last = shape[shape.count - 1], half = last / 2 + 1
        let rows = full.count / last
        return (0..<rows).flatMap { r in full[(r * last)..<(r * last + half)] }
    }
}

/// ‖actual − expected‖₂ / ‖expected‖₂ (or the absolute error norm when the expected values are all zero).
func relativeError(_ actual: [HostDFT.Complex], _ expected: [HostDFT.Complex]) -> Double {
    var difference = 0.0, norm = 0.0
    for (a, e) in zip(actual, expected) {
        difference += (a.re - e.re) * (a.re - e.re) + (a.im - e.im) * (a.im - e.im)
        norm += e.re * e.re + e.im * e.im
    }
    return norm > 0 ? (difference / norm).squareRoot() : difference.squareRoot()
}
