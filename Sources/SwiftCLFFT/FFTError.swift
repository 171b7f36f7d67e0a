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
    /// The prime factors clFFT 2.12 builds kernels for. Other lengths run through Bluestein's algorithm on clFFT's
    /// engine (up to 2³¹) and are refused by VkFFT's.
    public static var supportedRadices: [Int] { [2, 3, 5, 7, 11, 13] }
}

extension ErrorCode where Domain == FFTError {
    /// A length the engine cannot run: with a prime factor above 13, longer than Bluestein's algorithm takes on
    /// clFFT's engine, or on VkFFT's at all (see `FFTError.supportedRadices`).
    public static var unsupportedLength: Self { Self("unsupportedLength") }
}
