/// Why a BLAS call was refused or failed. A refusal (a shape, a leading dimension or a buffer that does not fit) is
/// found before CLBlast is called, names the argument, and enqueues nothing; a CLBlast failure names the routine and
/// CLBlast's status.
public struct BLASError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What kind of error this is (an open set, like ``SwiftCL/SwiftCLError``'s codes).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public var description: String { name }
        /// Operands whose dimensions do not agree (`op(A)` is m×k but `op(B)` is not k×n, …).
        public static let dimensionMismatch = Code(name: "dimensionMismatch")
        /// A buffer smaller than the matrix or vector described on it.
        public static let bufferTooSmall = Code(name: "bufferTooSmall")
        /// A negative size, a leading dimension below the row or column length, a zero increment, mixed layouts or
        /// contexts.
        public static let invalidArgument = Code(name: "invalidArgument")
        /// An output that shares elements with an input (or one batch's output with another's): CLBlast would read
        /// values it has already overwritten.
        public static let overlappingOperands = Code(name: "overlappingOperands")
        /// A precision the device lacks (`Double` without `cl_khr_fp64`), or an element type with no CLBlast routine.
        public static let unsupportedPrecision = Code(name: "unsupportedPrecision")
        /// CLBlast returned a failure status (``BLASError/status``).
        public static let library = Code(name: "library")
    }

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
