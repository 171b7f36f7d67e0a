import Foundation
@testable import SwiftCL
import Testing

/// What the host engines are told by the environment is checked before it is trusted (issue 63): a library path that
/// is a FIFO or a truncated copy is refused before `dlopen` (which would block, or fault), and an engine name that is
/// none of the choices is reported with the valid ones instead of being taken as the default.
@Suite("Host libraries and engine settings from the environment")
struct HostLibraryCheckTests {
    /// The OpenCL loader's file where Debian and other distributions install it.
    static func loadedLibrary() throws -> String {
        let candidates = ["x86_64-linux-gnu", "aarch64-linux-gnu", "powerpc64le-linux-gnu", "riscv64-linux-gnu"]
            .map { "/usr/lib/\($0)/libOpenCL.so.1" } + ["/usr/lib64/libOpenCL.so.1", "/usr/lib/libOpenCL.so.1"]
        return try #require(candidates.first { FileManager.default.fileExists(atPath: $0) }, "the ICD loader is installed")
    }

    @Test("a real library passes; a FIFO, a directory, a text file and a truncated copy are refused without blocking")
    func libraries() throws {
        let library = try Self.loadedLibrary()
        #expect(SharedLibraryFile.problem(library) == nil, "\(library)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-libs-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/libfifo.so"
        #expect(mkfifo(fifo, 0o600) == 0)
        let text = folder + "/libtext.so"
        try Data("not a library\n".utf8).write(to: URL(fileURLWithPath: text))
        let whole = try Data(contentsOf: URL(fileURLWithPath: library))
        let truncated = folder + "/libtruncated.so"
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: truncated))
        let headerOnly = folder + "/libheader.so"
        try whole.prefix(64).write(to: URL(fileURLWithPath: headerOnly))
        // Header fields pointing past 2⁶⁴ (a crafted file): refused, no overflow trap.
        var crafted = [UInt8](whole.prefix(4096))
        for offset in [0x20, 0x28] { for byte in 0..<8 { crafted[offset + byte] = 0xff } }
        let craftedPath = folder + "/libcrafted.so"
        try Data(crafted).write(to: URL(fileURLWithPath: craftedPath))
        for (path, says) in [(craftedPath, "cut short"), (fifo, "FIFO"), (folder, "directory"), (text, "not an ELF"), (truncated, "cut short"),
                             (headerOnly, "cut short"), (folder + "/missing.so", "cannot open")] {
            let problem = SharedLibraryFile.problem(path)
            #expect(problem?.contains(says) == true, "\(path): \(problem ?? "accepted")")
        }
    }

    enum Choice: String, CaseIterable, Sendable { case automatic, clblast, host }

    @Test("an unknown engine name is reported with the valid ones until the program chooses; empty or valid ones are taken")
    func engineNames() {
        let variable = "SWIFTCL_TEST_ENGINE_\(UInt32.random(in: 0...UInt32.max))"
        defer { unsetenv(variable) }
        setenv(variable, "openblas", 1)
        let unknown = ProcessPreference<Choice>(environment: variable, fallback: .automatic)
        #expect(unknown.environmentProblem == "\(variable)=openblas is not one of automatic, clblast, host (unset it, or set one of them)")
        unknown.value = .host
        #expect(unknown.environmentProblem == nil && unknown.value == .host)
        setenv(variable, "clblast", 1)
        let known = ProcessPreference<Choice>(environment: variable, fallback: .automatic)
        #expect(known.environmentProblem == nil && known.value == .clblast)
        setenv(variable, "", 1)
        let empty = ProcessPreference<Choice>(environment: variable, fallback: .automatic)
        #expect(empty.environmentProblem == nil && empty.value == .automatic)
    }
}
