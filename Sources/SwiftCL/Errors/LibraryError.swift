/// Why a call into an OpenCL library that a SwiftCL product wraps (CLBlast for `SwiftCLBLAS`, clFFT for `SwiftCLFFT`)
/// was refused or failed. A refusal (a shape, a buffer or a precision that does not fit) is found before the library
/// is called, names the argument, and enqueues nothing; a failure of the library itself has code ``library`` and
/// carries the routine and the library's status.
///
/// One type for every wrapped library, told apart by `Library` (`BLASError` is `LibraryError<BLASLibrary>`,
/// `FFTError` is `LibraryError<FFTLibrary>`): the codes every library shares are declared once below, each library
/// adds its own in an extension of ``ErrorCode`` constrained to its error type.
public struct LibraryError<Library: WrappedLibrary>: Error, CustomStringConvertible, Sendable, Equatable {
    /// What kind of error this is (an open set, compared with `==`).
    public typealias Code = ErrorCode<LibraryError<Library>>

    public let code: Code
    /// The library routine ("CLBlastSgemm", "clfftBakePlan") or the Swift call the error belongs to.
    public let routine: String
    /// The library's status code, for ``library`` errors.
    public let status: Int32?
    /// What went wrong, in words (without the routine).
    public let message: String

    /// An error of `code` in `routine` (for the wrapping products; a client has no reason to make one).
    package init(_ code: Code, routine: String, _ message: String, status: Int32? = nil) {
        self.code = code
        self.routine = routine
        self.message = message
        self.status = status
    }

    public var description: String { "\(routine): \(message)" }
}

/// A C library of OpenCL routines that a SwiftCL product wraps; its only use is to tell ``LibraryError``s apart.
public protocol WrappedLibrary: Sendable {}

/// What every ``LibraryError`` can be, whatever its library.
public protocol LibraryErrorDomain {}

extension LibraryError: LibraryErrorDomain {}

extension ErrorCode where Domain: LibraryErrorDomain {
    /// A buffer smaller than the data described on it (a matrix, a vector, a batch of transforms).
    public static var bufferTooSmall: Self { Self("bufferTooSmall") }
    /// A size, count, increment, stride or dimension out of range, mixed layouts, operands of different contexts.
    public static var invalidArgument: Self { Self("invalidArgument") }
    /// A precision the device lacks (`Double` without `cl_khr_fp64`), or an element type the library has no routine
    /// for.
    public static var unsupportedPrecision: Self { Self("unsupportedPrecision") }
    /// The library returned a failure status (``LibraryError/status``).
    public static var library: Self { Self("library") }
}
