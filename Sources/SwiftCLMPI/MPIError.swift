import SwiftCL

/// Why an MPI operation failed or was refused: a code to match on, the MPI routine (or check) that failed, and why.
public struct MPIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error this is (``SwiftCL/ErrorCode``: an open set, compared with `==`).
    public typealias Code = ErrorCode<MPIError>

    public let code: Code
    /// The MPI routine or SwiftCLMPI operation.
    public let routine: String
    /// What went wrong, in words (without the routine).
    public let message: String

    public init(_ code: Code, routine: String, message: String) {
        self.code = code
        self.routine = routine
        self.message = message
    }

    @available(*, deprecated, renamed: "init(_:routine:message:)")
    public init(_ code: Code, routine: String, reason: String) { self.init(code, routine: routine, message: reason) }

    @available(*, deprecated, renamed: "message")
    public var reason: String { message }

    public var description: String { "\(routine): \(message)" }
}

extension ErrorCode where Domain == MPIError {
    /// An MPI routine returned an error (its class and message are in ``MPIError/reason``).
    public static let call = Self("call")
    /// The MPI library cannot give the thread support SwiftCLMPI needs (`MPI_THREAD_SERIALIZED`).
    public static let threadLevel = Self("threadLevel")
    /// The ranks disagree on a shape (a count, a size), or a buffer is too small for what arrives.
    public static let shapeMismatch = Self("shapeMismatch")
    /// A rank, root or tag outside what the communicator allows.
    public static let invalidArgument = Self("invalidArgument")
    /// The process was not started by `mpirun`/`mpiexec` where that is needed, or MPI was already finalized.
    public static let environment = Self("environment")
    /// Another rank's part of a collective operation failed on that rank (its own error is thrown there), so this
    /// rank's part was abandoned instead of waiting for it.
    public static let remoteFailure = Self("remoteFailure")
}
