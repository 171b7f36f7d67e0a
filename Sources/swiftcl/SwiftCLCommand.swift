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
        main(nil)
    }

    static let configuration = CommandConfiguration(
        commandName: "swiftcl",
        abstract: "OpenCL on Linux from Swift: list devices, run the guide's samples, benchmark.",
        subcommands: [DevicesCommand.self, SampleCommand.self, BenchCommand.self, ValidateCommand.self, MemcheckCommand.self, CheckCommand.self, BoxCommand.self]
    )
}
