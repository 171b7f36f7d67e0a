import Foundation

/// The discrete Fourier transform on the host in Double, the reference the FFT tests compare against: row-major
/// `shape`, complex values as (re, im) pairs, applied axis by axis (the multi-dimensional DFT is separable), `sign` −1
/// forward, +1 inverse (unscaled). Each line is split by its smallest prime factor p into p interleaved lines
/// (mixed-radix decimation in time, O(N·Σ factors)), down to prime lengths summed directly (O(p²)); so 17·2¹⁰ or a
/// prime takes milliseconds even in a debug or sanitizer build. `direct` is the plain O(N²) sum the split is tested
/// against.
enum HostDFT {
    typealias Complex = (re: Double, im: Double)

    static func transform(_ data: [Complex], shape: [Int], sign: Double) -> [Complex] {
        var values = data
        let count = shape.reduce(1, *)
        var step = 1
        for axis in shape.indices.reversed() {
            let n = shape[axis]
            let block = step * n
            var line = [Complex](repeating: (0, 0), count: n)
            for start in stride(from: 0, to: count, by: block) {
                for inner in 0..<step {
                    for j in 0..<n { line[j] = values[start + inner + j * step] }
                    let spectrum = transform(line, sign: sign)
                    for k in 0..<n { values[start + inner + k * step] = spectrum[k] }
                }
            }
            step *= n
        }
        return values
    }

    /// One line, by mixed-radix decimation in time.
    static func transform(_ line: [Complex], sign: Double) -> [Complex] {
        let n = line.count
        guard n > 1 else { return line }
        var p = 2
        while p * p <= n && n % p != 0 { p += 1 }
        if n % p != 0 || p == n { return direct(line, sign: sign) }
        let m = n / p
        // The p sub-lines x[r], x[r + p], … each transformed (length m).
        let parts = (0..<p).map { r in transform((0..<m).map { line[r + $0 * p] }, sign: sign) }
        let twiddles = roots(n, sign: sign)
        return (0..<n).map { k -> Complex in
            var sum: Complex = (0, 0)
            for r in 0..<p {
                let y = parts[r][k % m], w = twiddles[(r * k) % n]
                sum.re += y.re * w.re - y.im * w.im
                sum.im += y.re * w.im + y.im * w.re
            }
            return sum
        }
    }

    /// The plain O(N²) sum over one line.
    static func direct(_ line: [Complex], sign: Double) -> [Complex] {
        let n = line.count
        let twiddles = roots(n, sign: sign)
        return (0..<n).map { k -> Complex in
            var sum: Complex = (0, 0)
            for j in 0..<n {
                let x = line[j], w = twiddles[(j * k) % n]
                sum.re += x.re * w.re - x.im * w.im
                sum.im += x.re * w.im + x.im * w.re
            }
            return sum
        }
    }

    /// e^(sign·2πi·m/n), m = 0..<n.
    private static func roots(_ n: Int, sign: Double) -> [Complex] {
        (0..<n).map { m -> Complex in
            let angle = sign * 2 * Double.pi * Double(m) / Double(n)
            return (cos(angle), sin(angle))
        }
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
