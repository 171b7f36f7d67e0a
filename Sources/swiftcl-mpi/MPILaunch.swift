import ArgumentParser
import Foundation
import SwiftCLMPI

/// Refuses to run outside mpirun, where a lone process would be its own world and prove nothing.
func requireLaunchedByMPI() throws {
    guard MPI.isLaunchedByMPI else {
        throw ValidationError("swiftcl-mpi runs under MPI: start it as `mpirun -np N swiftcl-mpi …` (see README, Scaling out)")
    }
}

/// Reports a failure on this rank to standard error, naming the rank, and aborts the job (every rank ends; none waits
/// for this one in a collective).
func failRank(_ world: Communicator?, _ message: String) -> Never {
    FileHandle.standardError.write(Data("rank \(world.map { String($0.rank) } ?? "?"): FAILED: \(message)\n".utf8))
    MPI.abort(exitCode: 1)
}
