import ArgumentParser
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

@main
struct SwiftCLCommand: ParsableCommand {
    /// Standard output is line-buffered even into a pipe, so a progress line and an error on standard error appear in
    /// the order they happen.
    static func main() {
        setvbuf(stdout, nil, _IOLBF, 0)
        if let ranks = launchedRanks, ranks > 1 {
            // Every rank would run the whole command on its own and write the same reports; swiftcl-mpi splits the
            // work and writes one report from rank 0.
            fputs("""
                swiftcl is not MPI-aware: under mpirun each of the \(ranks) ranks would run the whole command on its own.
                For one report across the ranks run `mpirun -np \(ranks) swiftcl-mpi bench|validate|box …`
                (build it with `swift build -c release --product swiftcl-mpi`; it needs Open MPI, see the README's
                "Scaling out"), or run swiftcl without mpirun.

                """, stderr)
            Glibc.exit(64)
        }
        main(nil)
    }

    /// The number of ranks when started by mpirun (Open MPI's `OMPI_COMM_WORLD_SIZE`, or PMI's `PMI_SIZE`), else nil.
    static var launchedRanks: Int? {
        for name in ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE"] {
            if let value = getenv(name), let ranks = Int(String(cString: value)) { return ranks }
        }
        return nil
    }

    static let configuration = CommandConfiguration(
        commandName: "swiftcl",
        abstract: "OpenCL on Linux from Swift: list devices, run the guide's samples, benchmark.",
        subcommands: [DevicesCommand.self, SampleCommand.self, BenchCommand.self, ValidateCommand.self, TuneCommand.self, MemcheckCommand.self, CheckCommand.self, BoxCommand.self]
    )
}
