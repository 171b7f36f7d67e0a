import ArgumentParser
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `mpirun -np N swiftcl-mpi …`: SwiftCLMPI's checks and the distributed box filter, one process per rank.
@main
struct SwiftCLMPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swiftcl-mpi",
        abstract: "SwiftCL over MPI; start it with mpirun -np N.",
        subcommands: [SelfTestCommand.self, DistributedBoxCommand.self, FleetValidateCommand.self, FleetBenchCommand.self, OverlapCommand.self])

    /// Standard output line-buffered, so each rank's lines arrive whole and in order. A usage error (or `--help`) is
    /// said once, by rank 0: every rank parses the same arguments, and N ranks writing one message to one terminal
    /// interleave it character by character. The other ranks exit with the same status.
    static func main() {
        setvbuf(stdout, nil, _IOLBF, 0)
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            if let rank = launchRank, rank != 0 { Glibc.exit(exitCode(for: error).rawValue) }
            exit(withError: error)
        }
        do {
            var running = command
            try running.run()
        } catch {
            exit(withError: error)
        }
    }

    /// This process's rank as the launcher announces it (`mpirun` sets it before MPI starts), or nil outside one.
    static var launchRank: Int? {
        let names: [String] = ["OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"]
        return names.lazy.compactMap { (name: String) in getenv(name).flatMap { Int(String(cString: $0)) } }.first
    }
}

