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

    /// Standard output line-buffered, so each rank's lines arrive whole and in order.
    static func main() {
        setvbuf(stdout, nil, _IOLBF, 0)
        main(nil)
    }
}

