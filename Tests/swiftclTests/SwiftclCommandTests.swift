import Foundation
import SwiftCLTestSupport
import SwiftCLValidation
import Testing

/// The `swiftcl` tool, run as a child process the way a user runs it.
@Suite("swiftcl")
struct SwiftclCommandTests {
    /// The built `swiftcl` next to the test bundle.
    static var swiftcl: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("swiftcl"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/debug/swiftcl"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs the built `swiftcl` with `arguments`; the output is standard output and error together, as a user sees it.
    static func runSwiftcl(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let executable = try #require(swiftcl, "the swiftcl executable is built next to the tests")
        return try runProcess([executable.path] + arguments)
    }

    @Test("swiftcl validate --memcheck passes the shipped kernels and names the broken ones' faults",
          .enabled(if: Oclgrind.libraryPath != nil, "Oclgrind is missing; the test above fails in that case"))
    func memcheck() throws {
        let clean = try Self.runSwiftcl(["validate", "--memcheck", "--check", "square", "--check", "box/H5_1x1", "--check", "red_to_green"])
        #expect(clean.status == 0, "shipped kernels are clean under Oclgrind:\n\(clean.output.suffix(2000))")
        #expect(clean.output.contains("no findings"))
        let broken = try Self.runSwiftcl(["validate", "--memcheck", "--include-broken", "--check", "broken"])
        #expect(broken.status != 0, "the broken kernels must fail the run")
        #expect(broken.output.contains("kernel broken_oob_write: Invalid write"), "\(broken.output.suffix(2000))")
        #expect(broken.output.contains("kernel broken_missing_barrier: Read-write data race"))
    }

    @Test("swiftcl check -D '' is a usage error, not a crash")
    func emptyDefinition() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-check-\(UUID()).cl")
        try "kernel void k(global int *a) { a[0] = 1; }\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        for bad in ["", "=1"] {
            let result = try Self.runSwiftcl(["check", file.path, "-D", bad])
            #expect(result.status == 64, "ArgumentParser's usage-error status for -D '\(bad)', got \(result.status)")
        }
        #expect(try Self.runSwiftcl(["check", file.path, "-D", "N=1"]).status == 0)
    }

    @Test("usage errors read as one line: a missing file, memcheck --help, the -D placeholder")
    func usageMessages() throws {
        let missing = try Self.runSwiftcl(["check", "/nonexistent/kernel.cl"])
        #expect(missing.status == 64 && missing.output.contains("/nonexistent/kernel.cl: no such file"), "\(missing.output)")
        #expect(!missing.output.contains("NSCocoaErrorDomain"))
        let folder = try Self.runSwiftcl(["check", FileManager.default.temporaryDirectory.path])
        #expect(folder.status == 64 && folder.output.contains("is a folder, not a .cl file"), "\(folder.output)")
        let help = try Self.runSwiftcl(["memcheck", "--help"])
        #expect(help.status == 0 && help.output.contains("USAGE: swiftcl memcheck") && !help.output.contains("not on PATH"), "\(help.output)")
        let checkHelp = try Self.runSwiftcl(["check", "--help"])
        #expect(checkHelp.output.contains("-D <NAME=VALUE>"), "\(checkHelp.output)")
    }
}
