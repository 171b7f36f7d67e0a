#if canImport(Glibc)
import Glibc
#endif
@testable import SwiftCL
import SwiftCLTestSupport
import Testing

/// clang's "N warnings generated." lines, which an in-process compiler (PoCL) prints on standard error, are told apart
/// from everything else and routed away; the rest passes through byte for byte. (That a real build's line never reaches
/// standard error is checked on the `swiftcl` process: `swiftcl check` of a file with a `#warning`.)
@Suite("Compiler console")
struct CompilerConsoleTests {
    @Test("clang's summary lines are recognised, and nothing else", arguments: [
        ("1 warning generated.", true), ("4 warnings generated.", true), ("1 error generated.", true),
        ("2 warnings and 1 error generated.", true), ("12 warnings and 3 errors generated.", true),
        ("warning generated.", false), ("1 warning generated", false), ("x warnings generated.", false),
        ("1 warning and generated.", false), ("kernel: 1 warning generated.", false), ("", false),
        ("1 apples generated.", false),
    ])
    func summaryLines(line: String, isSummary: Bool) {
        #expect(CompilerConsole.isSummaryLine(line) == isSummary, "\(line)")
    }

    /// Writes `text` into one pipe in pieces of `piece` bytes, forwards it into another, and returns what came out
    /// and the routed lines.
    static func forwarded(_ text: String, piece: Int) throws -> (passed: String, routed: [String]) {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        try #require(pipe(&input) == 0 && pipe(&output) == 0)
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: piece) {
            let end = min(start + piece, bytes.count)
            let written = bytes[start..<end].withUnsafeBytes { write(input[1], $0.baseAddress!, $0.count) }
            try #require(written == end - start)
        }
        close(input[1])
        var routed: [String] = []
        CompilerConsole.forward(from: input[0], to: output[1]) { routed.append($0) }
        close(input[0])
        close(output[1])
        var passed: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(output[0], $0.baseAddress!, $0.count) }
            if count <= 0 { break }
            passed += chunk[..<count]
        }
        close(output[0])
        return (String(decoding: passed, as: UTF8.self), routed)
    }

    @Test("everything but the summary lines passes through unchanged, whatever pieces the writes come in",
          arguments: [1, 3, 7, 4096])
    func forwarding(piece: Int) throws {
        let text = "before\n1 warning generated.\nkernel: 3 warnings generated.\n2 warnings and 1 error generated.\n"
            + "\n  indented\nno newline at the end"
        let (passed, routed) = try Self.forwarded(text, piece: piece)
        #expect(passed == "before\nkernel: 3 warnings generated.\n\n  indented\nno newline at the end")
        #expect(routed == ["1 warning generated.", "2 warnings and 1 error generated."])
    }

    @Test("six builds with warnings on six threads at once: each succeeds and keeps its warning in its build log",
          arguments: TestDevices.all)
    func buildsWithWarnings(device: Device) async throws {
        let context = try Context(devices: [device])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<6 {
                group.addTask {
                    let source = "#warning careful \(index)\nkernel void k\(index)(global float *a) { a[get_global_id(0)] = \(index); }\n"
                    let program = try Program(context: context, source: source, name: "warning\(index).cl")
                    let warnings = program.diagnostics.filter { $0.severity == .warning }
                    #expect(warnings.count <= 1 && warnings.allSatisfy { $0.message.contains("careful \(index)") },
                            "\(warnings)")
                }
            }
            try await group.waitForAll()
        }
    }
}
