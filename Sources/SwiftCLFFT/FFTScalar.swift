/// A real type clFFT transforms: `Float` (single precision) and `Double` (double precision, on devices with
/// `cl_khr_fp64`). Complex values are `SIMD2<Scalar>`: `x` the real part, `y` the imaginary part (OpenCL's `float2`,
/// clFFT's interleaved layout).
public protocol FFTScalar: BinaryFloatingPoint, BitwiseCopyable, Sendable, Codable, SIMDScalar where SIMD2Storage: BitwiseCopyable {
    /// Whether this is `Double` (clFFT's `CLFFT_DOUBLE`, which needs `cl_khr_fp64`).
    static var isDoublePrecision: Bool { get }
}

extension Float: FFTScalar {
    public static var isDoublePrecision: Bool { false }
}

extension Double: FFTScalar {
    public static var isDoublePrecision: Bool { true }
}

/// Which way a complex transform goes. `forward` computes `X[k] = Σ x[n]·e^(−2πi·k·n/N)`; `inverse` uses `e^(+2πi…)`
/// and divides by N (every dimension's length multiplied), so an inverse undoes a forward — numpy's convention.
public enum FFTDirection: Sendable, Hashable {
    case forward, inverse
}
