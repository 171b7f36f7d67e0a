import SwiftCL

/// Tells clFFT's errors apart from other libraries' (``FFTError`` is `LibraryError<FFTLibrary>`).
public enum FFTLibrary: WrappedLibrary {}

/// Why a transform was refused or failed: a ``SwiftCL/LibraryError`` with clFFT's routine and status. A refusal (a
/// shape clFFT cannot do, a buffer too small for the batch, a precision the device lacks) is found before clFFT is
/// called, names the argument, and enqueues nothing; a clFFT failure (code `library`) names the clFFT routine and its
/// status.
///
/// Codes: those of every library error (`bufferTooSmall`, `invalidArgument`, `unsupportedPrecision`, `library`) and
/// `unsupportedLength` below.
public typealias FFTError = LibraryError<FFTLibrary>

extension LibraryError where Library == FFTLibrary {
    /// The prime factors clFFT 2.12 builds kernels for: every length must be a product of these.
    public static var supportedRadices: [Int] { [2, 3, 5, 7, 11, 13] }
}

extension ErrorCode where Domain == FFTError {
    /// A length with a prime factor clFFT has no kernels for (see `FFTError.supportedRadices`).
    public static var unsupportedLength: Self { Self("unsupportedLength") }
}
