internal import CMPI
import SwiftCL
#if canImport(Glibc)
import Glibc
#endif

/// The MPI environment of the process: initialised once, on first use, finalised at exit.
///
/// SwiftCLMPI asks for `MPI_THREAD_SERIALIZED`: SwiftCL's queues run closures on Dispatch threads, so MPI may be
/// called from more than one thread, but every SwiftCLMPI call holds one process-wide lock around its MPI calls, so
/// two never overlap — the guarantee that level requires. (`MPI_THREAD_FUNNELED` would tie every call to the thread
/// that initialised MPI, which a Dispatch-based program cannot promise; `MPI_THREAD_MULTIPLE` is not needed.)
public enum MPI {
    /// The serialising lock every MPI call runs under, and whether MPI is initialised.
    static let state = Locked(State())

    struct State {
        var initialized = false
        var providedLevel: Int32 = -1
        var world: Communicator?
    }

    /// The world communicator (every process `mpirun` started), initialising MPI on first use.
    /// - Throws: ``MPIError`` `.threadLevel` when the library cannot serialise calls from several threads, `.call`.
    public static func world() throws -> Communicator {
        try state.withLock { state in
            if let world = state.world { return world }
            if !state.initialized {
                var provided: Int32 = 0
                let status = MPI_Init_thread(nil, nil, Int32(MPI_THREAD_SERIALIZED), &provided)
                guard status == MPI_SUCCESS else {
                    throw MPIError(.environment, routine: "MPI_Init_thread", message: "failed with code \(status)")
                }
                state.initialized = true
                state.providedLevel = provided
                atexit { MPI.finalizeAtExit() }
                MPI_Comm_set_errhandler(swiftcl_mpi_comm_world(), swiftcl_mpi_errors_return())
            }
            guard state.providedLevel >= Int32(MPI_THREAD_SERIALIZED) else {
                throw MPIError(.threadLevel, routine: "MPI_Init_thread",
                               message: "the library provides thread level \(state.providedLevel), SwiftCLMPI needs MPI_THREAD_SERIALIZED (\(MPI_THREAD_SERIALIZED))")
            }
            let world = try Communicator(adopting: swiftcl_mpi_comm_world(), owned: false)
            state.world = world
            return world
        }
    }

    /// Whether this process was started by `mpirun`/`mpiexec` (Open MPI sets `OMPI_COMM_WORLD_SIZE`; MPICH and others
    /// `PMI_SIZE`), so a tool can say so instead of running as a lone singleton.
    public static var isLaunchedByMPI: Bool {
        getenv("OMPI_COMM_WORLD_SIZE") != nil || getenv("PMI_SIZE") != nil || getenv("PMIX_RANK") != nil
    }

    /// The MPI library's version string.
    public static var libraryVersion: String {
        var buffer = [CChar](repeating: 0, count: Int(MPI_MAX_LIBRARY_VERSION_STRING))
        var length: Int32 = 0
        MPI_Get_library_version(&buffer, &length)
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Runs `body` under the lock that serialises MPI calls (MPI must be initialised: ``world()`` was called).
    static func call<T>(_ body: () throws -> T) rethrows -> T {
        try state.withLock { _ in try body() }
    }

    /// Turns an MPI return code into an ``MPIError`` naming the routine and MPI's own message.
    static func check(_ status: Int32, _ routine: @autoclosure () -> String) throws {
        guard status != MPI_SUCCESS else { return }
        var buffer = [CChar](repeating: 0, count: Int(MPI_MAX_ERROR_STRING))
        var length: Int32 = 0
        MPI_Error_string(status, &buffer, &length)
        let message = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw MPIError(.call, routine: routine(), message: message.isEmpty ? "error \(status)" : message)
    }

    /// Ends every rank of the job with `code` (`MPI_Abort` on the world): what a rank that cannot go on calls, so the
    /// others do not wait for it forever in a collective.
    public static func abort(exitCode code: Int32) -> Never {
        // Not under the lock: another thread may hold it inside a blocking call that will never return.
        MPI_Abort(swiftcl_mpi_comm_world(), code)
        exit(code)
    }

    private static func finalizeAtExit() {
        state.withLock { state in
            guard state.initialized else { return }
            var finalized: Int32 = 0
            MPI_Finalized(&finalized)
            if finalized == 0 { MPI_Finalize() }
            state.initialized = false
        }
    }
}
