import SwiftCL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Transforms of lines whose length clFFT has no kernels for (a prime factor above 13), through Bluestein's algorithm
/// over clFFT's power-of-two transforms, on the encoder's queue in order with its other commands. ``AxisByAxis``
/// applies it to each such axis of a shape, so clFFT's engine (and ``FFTEngine/automatic`` on GPUs) takes every
/// length numpy takes, complex or real, in 1 to 3 dimensions.
///
/// With `w[n] = e^(s·πi·n²/N)` (s = −1 forward, +1 inverse), `X[k] = w[k] · Σₙ (x[n]·w[n]) · conj(w[k − n])`: a
/// convolution, done as a product of spectra of length `M = 2^⌈log₂(2N − 1)⌉`:
/// 1. `a = x·w`, zero-padded to M (a kernel that also gathers a strided line, widens real input or unfolds a half
///    spectrum), then clFFT's forward transform of `a`;
/// 2. `a *= B`, B the spectrum of the chirp `conj(w)` laid out circularly, computed on the host in Double (a kernel);
/// 3. clFFT's inverse transform of `a` (it divides by M), then `X = a·w`, divided by N for an inverse (a kernel that
///    scatters to a strided line, or keeps a half spectrum or the real part).
///
/// The chirp and B are computed in Double on the host (n² is taken modulo 2N, so the phases stay exact for any N) and
/// kept for the last few lengths, as host arrays and, per context, in device memory held without the context. The padded work buffer comes from
/// the context's memory pool. It costs two transforms of length M (2–4× N) and three passes over the data. On an
/// out-of-order queue a barrier keeps the steps in turn.
enum Bluestein {
    /// `M` may be at most `2^largestExponent`.
    static let largestExponent = 32

    /// The padded length for `length` (the power of two at least `2·length − 1`), nil when it would pass
    /// `2^largestExponent`.
    static func paddedLength(for length: Int) -> Int? {
        guard length >= 1, length <= 1 << (largestExponent - 1) else { return nil }
        var padded = 1
        while padded < 2 * length - 1 { padded <<= 1 }
        return padded
    }

    /// What the first step reads: complex lines (strided as `lines` says), real rows, or half spectra (rows of
    /// `n/2 + 1`, the rest their conjugates).
    enum Source<T: FFTScalar> {
        case complex(Buffer<SIMD2<T>>)
        case real(Buffer<T>)
        case halfSpectrum(Buffer<SIMD2<T>>)
    }

    /// What the last step writes: complex lines (strided as `lines` says), half spectra (rows of `n/2 + 1`), or the
    /// real parts (rows of `n`).
    enum Destination<T: FFTScalar> {
        case complex(Buffer<SIMD2<T>>)
        case halfSpectrum(Buffer<SIMD2<T>>)
        case real(Buffer<T>)
    }

    /// The chirp `w` and the spectrum `B` for a length and sign, in one precision (`[SIMD2<T>]` each).
    private struct Tables: Sendable {
        let chirp: any Sendable
        let filterSpectrum: any Sendable
    }

    private struct TableKey: Hashable {
        let length: Int
        let sign: Int
        let double: Bool
    }

    /// Tables of the most recent lengths, newest last.
    private static let tables = Locked([(key: TableKey, tables: Tables)]())
    private static let tablesKept = 8

    /// The tables in a context's memory: copied there once, not on every call (on a GPU the copy would cost more
    /// than the transforms). Held as ``SwiftCL/DetachedMemory`` under the context's identity, weakly, like plans.
    private struct DeviceTables: Sendable {
        let chirp: DetachedMemory
        let spectrum: DetachedMemory
    }

    private struct DeviceTableKey: Hashable {
        let context: ObjectIdentifier
        let table: TableKey
    }

    private static let deviceTables = Locked(PlanCache<DeviceTableKey, DeviceTables>(limit: tablesKept) { _ in })

    /// Device tables cached for `context` now (tests use it).
    static func tablesCached(in context: Context) -> Int {
        deviceTables.withLock { $0.count(in: context) }
    }

    /// Enqueues the transforms of `lines` from `source` to `destination` (they may be one buffer); returns the last
    /// command's event.
    static func enqueue<T: FFTScalar>(_ lines: FFTLines, _: T.Type, direction: FFTDirection, on encoder: ComputeEncoder,
                                      from source: Source<T>, to destination: Destination<T>, routine: String) throws -> CommandEvent {
        let length = lines.length
        guard let padded = paddedLength(for: length) else {
            throw FFTError(.unsupportedLength, routine: routine, "length \(length) is beyond Bluestein's algorithm here (2^\(largestExponent - 1))")
        }
        let sign = direction == .forward ? -1 : 1
        let context = encoder.context
        // The work buffer first: a transform too large for the device is refused (naming its limit) before the host
        // computes tables of the padded length.
        let (workCount, overflow) = padded.multipliedReportingOverflow(by: lines.count)
        guard !overflow else { throw FFTError(.invalidArgument, routine: routine, "\(lines.count) lines padded to \(padded) overflow Int") }
        let work = try Buffer<SIMD2<T>>(count: workCount, context: context, pool: context.memoryPool)
        let (chirp, spectrum) = try deviceTables(T.self, length: length, padded: padded, sign: sign, in: context)
        let kernels = try LineKernels.program(T.self, in: context)
        let scale: any KernelArgument = direction == .inverse ? T.kernelArgument(1 / Double(length)) : T.kernelArgument(1)
        let paddedGeometry = try FFTGeometry(.complexToComplex, shape: [padded], batch: lines.count, routine: routine)
        let shape: [any KernelArgument] = [length, padded, lines.inner]
        let (pre, input): (String, any KernelArgument) = switch source {
        case let .complex(buffer): ("swiftcl_bluestein_pre_complex", buffer)
        case let .real(buffer): ("swiftcl_bluestein_pre_real", buffer)
        case let .halfSpectrum(buffer): ("swiftcl_bluestein_pre_half", buffer)
        }
        try encoder.launch(try kernels.sharedKernel(named: pre), try NDRange(global: [padded, lines.count]),
                           arguments: [input, work, chirp] + shape)
        try AxisByAxis.inTurn(encoder)
        _ = try ClFFT.enqueue(paddedGeometry, T.self, direction: .forward, on: encoder, input: work, output: work, routine: routine)
        try AxisByAxis.inTurn(encoder)
        try encoder.launch(try kernels.sharedKernel(named: "swiftcl_bluestein_multiply"), try NDRange(global: [padded, lines.count]),
                           arguments: [work, spectrum, padded])
        try AxisByAxis.inTurn(encoder)
        _ = try ClFFT.enqueue(paddedGeometry, T.self, direction: .inverse, on: encoder, input: work, output: work, routine: routine)
        try AxisByAxis.inTurn(encoder)
        let (post, output, written): (String, any KernelArgument, Int) = switch destination {
        case let .complex(buffer): ("swiftcl_bluestein_post_complex", buffer, length)
        case let .halfSpectrum(buffer): ("swiftcl_bluestein_post_half", buffer, length / 2 + 1)
        case let .real(buffer): ("swiftcl_bluestein_post_real", buffer, length)
        }
        return try encoder.commandEvent {
            try encoder.launch(try kernels.sharedKernel(named: post), try NDRange(global: [written, lines.count]),
                               arguments: [work, output, chirp] + shape + [scale])
        }
    }

    /// The tables for `length` and `sign` in `T` in `context`'s memory, from the context's recent ones or copied there now.
    private static func deviceTables<T: FFTScalar>(_: T.Type, length: Int, padded: Int, sign: Int, in context: Context) throws
        -> (chirp: Buffer<SIMD2<T>>, spectrum: Buffer<SIMD2<T>>) {
        let key = DeviceTableKey(context: ObjectIdentifier(context), table: TableKey(length: length, sign: sign, double: T.isDoublePrecision))
        let kept = try deviceTables.withLock { cache in
            try cache.plan(for: key, context: context) {
                let (chirp, spectrum) = tables(T.self, length: length, padded: padded, sign: sign)
                return DeviceTables(chirp: try DetachedMemory(try Buffer(copying: chirp, context: context)),
                                    spectrum: try DetachedMemory(try Buffer(copying: spectrum, context: context)))
            }
        }
        return (try kept.chirp.buffer(of: SIMD2<T>.self, in: context), try kept.spectrum.buffer(of: SIMD2<T>.self, in: context))
    }

    /// The tables for `length` and `sign` in `T`, from the recent ones or computed now (in Double, then rounded once).
    private static func tables<T: FFTScalar>(_: T.Type, length: Int, padded: Int, sign: Int) -> (chirp: [SIMD2<T>], spectrum: [SIMD2<T>]) {
        let key = TableKey(length: length, sign: sign, double: T.isDoublePrecision)
        if let found = tables.withLock({ kept in kept.first { $0.key == key }?.tables }),
           let chirp = found.chirp as? [SIMD2<T>], let spectrum = found.filterSpectrum as? [SIMD2<T>] {
            return (chirp, spectrum)
        }
        // w[n] = e^(s·πi·n²/N), with n² taken modulo 2N so that the phase is exact.
        let modulus = UInt64(2 * length)
        let chirp: [SIMD2<Double>] = (0..<length).map { n in
            let square = UInt64(n).multipliedFullWidth(by: UInt64(n))
            let phase = modulus.dividingFullWidth((square.high, square.low)).remainder
            let angle = Double(sign) * Double.pi * Double(phase) / Double(length)
            return SIMD2(cos(angle), sin(angle))
        }
        // b[m] = conj(w[m]) for |m| < N, circularly in M; B its forward transform.
        var filter = [SIMD2<Double>](repeating: .zero, count: padded)
        for n in 0..<length {
            let value = SIMD2(chirp[n].x, -chirp[n].y)
            filter[n] = value
            if n > 0 { filter[padded - n] = value }
        }
        let spectrum = hostTransform(filter)
        func rounded(_ values: [SIMD2<Double>]) -> [SIMD2<Float>] { values.map { SIMD2(Float($0.x), Float($0.y)) } }
        let computed = T.isDoublePrecision ? Tables(chirp: chirp, filterSpectrum: spectrum)
                                           : Tables(chirp: rounded(chirp), filterSpectrum: rounded(spectrum))
        tables.withLock { kept in
            kept.removeAll { $0.key == key }
            kept.append((key, computed))
            if kept.count > tablesKept { kept.removeFirst() }
        }
        if let chirp = computed.chirp as? [SIMD2<T>], let spectrum = computed.filterSpectrum as? [SIMD2<T>] { return (chirp, spectrum) }
        return (chirp.map { SIMD2(T($0.x), T($0.y)) }, spectrum.map { SIMD2(T($0.x), T($0.y)) })  // another FFTScalar
    }

    /// An in-order radix-2 forward transform (sign −1) of a power-of-two length, in Double.
    static func hostTransform(_ input: [SIMD2<Double>]) -> [SIMD2<Double>] {
        let count = input.count
        var data = input
        var j = 0
        for i in 1..<max(count, 1) {
            var bit = count >> 1
            while j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
            if i < j { data.swapAt(i, j) }
        }
        var span = 2
        while span <= count {
            let angle = -2 * Double.pi / Double(span)
            for start in stride(from: 0, to: count, by: span) {
                for k in 0..<(span / 2) {
                    let twiddle = SIMD2(cos(angle * Double(k)), sin(angle * Double(k)))
                    let (a, b) = (data[start + k], data[start + k + span / 2])
                    let product = SIMD2(b.x * twiddle.x - b.y * twiddle.y, b.x * twiddle.y + b.y * twiddle.x)
                    data[start + k] = a + product
                    data[start + k + span / 2] = a - product
                }
            }
            span <<= 1
        }
        return data
    }
}

extension FFTScalar {
    /// `value` in this precision, as a kernel argument (`float` or `double`).
    static func kernelArgument(_ value: Double) -> any KernelArgument {
        isDoublePrecision ? value : Float(value)
    }
}
