import SwiftCL

/// Tells CLBlast's errors apart from other libraries' (``BLASError`` is `LibraryError<BLASLibrary>`).
public enum BLASLibrary: WrappedLibrary {}

/// Why a BLAS call was refused or failed: a ``SwiftCL/LibraryError`` with CLBlast's routine and status. A refusal (a
/// shape, a leading dimension or a buffer that does not fit) is found before CLBlast is called, names the argument,
/// and enqueues nothing; a CLBlast failure (code `library`) names the routine ("CLBlastSgemm") and CLBlast's status.
///
/// Codes: those of every library error (`bufferTooSmall`, `invalidArgument`, `unsupportedPrecision`, `library`) and
/// BLAS's own below.
public typealias BLASError = LibraryError<BLASLibrary>

extension ErrorCode where Domain == BLASError {
    /// Operands whose dimensions do not agree (`op(A)` is m×k but `op(B)` is not k×n, …).
    public static var dimensionMismatch: Self { Self("dimensionMismatch") }
    /// An output that shares elements with an input (or one batch's output with another's): CLBlast would read
    /// values it has already overwritten.
    public static var overlappingOperands: Self { Self("overlappingOperands") }
}
