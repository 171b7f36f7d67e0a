/// Why an MPI operation failed or was refused: a code to match on, the MPI routine (or check) that failed, and why.
public struct MPIError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: Hashable, Sendable {
        /// An MPI routine returned an error (its class and message are in ``MPIError/reason``).
        case call
        /// The MPI library cannot give the thread support SwiftCLMPI needs (`MPI_THREAD_SERIALIZED`).
        case threadLevel
        /// The ranks disagree on a shape (a count, a size), or a buffer is too small for what arrives.
        case shapeMismatch
        /// A rank, root or tag outside what the communicator allows.
        case invalidArgument
        /// The process was not started by `mpirun`/`mpiexec` where that is needed, or MPI was already finalized.
        case environment
        /// Another rank's part of a collective operation failed on that rank (its own error is thrown there), so this
        /// rank's part was abandoned instead of waiting for it.
        case remoteFailure
    }

    public let code: Code
    /// The MPI routine or SwiftCLMPI operation.
    public let routine: String
    public let reason: String

    public init(_ code: Code, routine: String, reason: String) {
        self.code = code
        self.routine = routine
        self.reason = reason
    }

    public var description: String { "\(routine): \(reason)" }
}
