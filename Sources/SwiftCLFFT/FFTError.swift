import SwiftCL

/// Why a transform was refused or failed. A refusal (a shape clFFT cannot do, a buffer too small for the batch, a
/// precision the device lacks) is found before clFFT is called, names the argument, and enqueues nothing; a clFFT
/// failure names the clFFT routine and its status.
public struct FFTError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What kind of error this is (``SwiftCL/ErrorCode``: an open set, compared with `==`).
    public typealias Code = ErrorCode<FFTError>

    /// The prime factors clFFT 2.12 builds kernels for: every length must be a product of these.
    public static let supportedRadices = [2, 3, 5, 7, 11, 13]

    public let code: Code
    /// The clFFT routine ("clfftEnqueueTransform") or the Swift call the error belongs to.
    public let routine: String
    /// clFFT's status code, for ``Code/library`` errors.
    public let status: Int32?
    public let message: String

    init(_ code: Code, routine: String, _ message: String, status: Int32? = nil) {
        self.code = code
        self.routine = routine
        self.message = message
        self.status = status
    }

    public var description: String { "\(routine): \(message)" }
}

extension ErrorCode where Domain == FFTError {
    /// A length with a prime factor clFFT has no kernels for (see ``FFTError/supportedRadices``).
    public static let unsupportedLength = Self("unsupportedLength")
    /// A buffer smaller than the batch of transforms described on it.
    public static let bufferTooSmall = Self("bufferTooSmall")
    /// Not 1 to 3 dimensions, a length below 1, a negative batch, buffers of different contexts.
    public static let invalidArgument = Self("invalidArgument")
    /// A precision the device lacks (`Double` without `cl_khr_fp64`).
    public static let unsupportedPrecision = Self("unsupportedPrecision")
    /// clFFT returned a failure status (``FFTError/status``).
    public static let library = Self("library")
}
