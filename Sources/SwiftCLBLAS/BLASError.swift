import SwiftCL

/// Why a BLAS call was refused or failed. A refusal (a shape, a leading dimension or a buffer that does not fit) is
/// found before CLBlast is called, names the argument, and enqueues nothing; a CLBlast failure names the routine and
/// CLBlast's status.
public struct BLASError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What kind of error this is (``SwiftCL/ErrorCode``: an open set, compared with `==`).
    public typealias Code = ErrorCode<BLASError>

    public let code: Code
    /// The routine ("CLBlastSgemm") or the Swift call the error belongs to.
    public let routine: String
    /// CLBlast's status code, for ``Code/library`` errors.
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

extension ErrorCode where Domain == BLASError {
    /// Operands whose dimensions do not agree (`op(A)` is m×k but `op(B)` is not k×n, …).
    public static let dimensionMismatch = Self("dimensionMismatch")
    /// A buffer smaller than the matrix or vector described on it.
    public static let bufferTooSmall = Self("bufferTooSmall")
    /// A negative size, a leading dimension below the row or column length, a zero increment, mixed layouts or
    /// contexts.
    public static let invalidArgument = Self("invalidArgument")
    /// An output that shares elements with an input (or one batch's output with another's): CLBlast would read
    /// values it has already overwritten.
    public static let overlappingOperands = Self("overlappingOperands")
    /// A precision the device lacks (`Double` without `cl_khr_fp64`), or an element type with no CLBlast routine.
    public static let unsupportedPrecision = Self("unsupportedPrecision")
    /// CLBlast returned a failure status (``BLASError/status``).
    public static let library = Self("library")
}
