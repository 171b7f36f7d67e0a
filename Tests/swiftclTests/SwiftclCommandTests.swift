import Foundation
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

    static func runSwiftcl(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let executable = try #require(swiftcl, "the swiftcl executable is built next to the tests")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
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
}
