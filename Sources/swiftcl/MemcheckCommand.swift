import ArgumentParser
import Foundation
import SwiftCLValidation

/// `swiftcl memcheck -- COMMAND [ARGS...]`: run any program with Oclgrind as its only OpenCL platform
/// and its checks on; fail when Oclgrind reports anything.
struct MemcheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memcheck",
        abstract: "Run a command with Oclgrind as its only OpenCL platform; fail on any out-of-bounds access, data race or API error.")

    @Argument(parsing: .captureForPassthrough, help: "The command and its arguments.")
    var command: [String] = []

    func run() throws {
        // Passthrough parsing hands `--help` to us; before `--` it is a question for swiftcl, not the command.
        if let first = command.first, ["--help", "-h", "help"].contains(first) {
            print(SwiftCLCommand.helpMessage(for: Self.self))
            return
        }
        var words = command
        if words.first == "--" { words.removeFirst() }
        guard let program = words.first else { throw ValidationError("give a command to run, e.g. swiftcl memcheck -- swift test") }
        let path = program.contains("/") ? program : try Self.which(program)
        let result = try Oclgrind.run(URL(fileURLWithPath: path), arguments: Array(words.dropFirst()))
        FileHandle.standardOutput.write(Data(result.standardOutput.utf8))
        FileHandle.standardError.write(Data(result.standardError.utf8))
        print("\nOclgrind findings: \(result.findings.count)")
        for finding in result.findings { print("  FAULT \(finding)") }
        if !result.findings.isEmpty || result.exitStatus != 0 { throw ExitCode.failure }
    }

    static func which(_ name: String) throws -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ValidationError("\(name) is not on PATH")
    }
}
