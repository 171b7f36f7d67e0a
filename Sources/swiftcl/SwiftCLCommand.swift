import ArgumentParser

@main
struct SwiftCLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swiftcl",
        abstract: "OpenCL on Linux from Swift: list devices, run the guide's samples, benchmark.",
        subcommands: [DevicesCommand.self, SampleCommand.self, BenchCommand.self, ValidateCommand.self, MemcheckCommand.self, CheckCommand.self, BoxCommand.self]
    )
}
