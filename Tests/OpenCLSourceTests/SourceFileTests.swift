import Foundation
@testable import OpenCLSource
import Testing

/// The source reader's file side: the regular-file reader every `.cl` file and include goes through, the include
/// options, and the build-log reader (no device needed: these are pure functions and POSIX calls).
@Suite("OpenCL source files and build logs")
struct SourceFileTests {
    @Test("the include reader takes -I, -Ifolder, -include and -imacros, absolute and normalised")
    func includeOptions() {
        let resolver = IncludeResolver(options: "-D A=1 -I /x/./y/../z -I/abs -include /f.h -imacros /m.h -I")
        #expect(resolver.searchFolders == ["/x/z", "/abs"])
        #expect(resolver.forcedIncludes == ["/f.h", "/m.h"])
        #expect(IncludeResolver.normalized("/../a/./b/../c") == "/a/c")
        #expect(IncludeResolver.normalized("../a/../../b") == "../../b")
        #expect(IncludeResolver.absolute("rel").hasPrefix("/") && IncludeResolver.absolute("rel").hasSuffix("/rel"))
    }

    @Test("reading refuses FIFOs, directories, symlinks (unless followed) and files over the limit, naming why")
    func regularFileReader() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-files-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file").path, fifo = folder.appendingPathComponent("fifo").path
        let link = folder.appendingPathComponent("link").path
        try Data([1, 2, 3, 4]).write(to: URL(fileURLWithPath: file))
        try #require(mkfifo(fifo, 0o600) == 0 && symlink(file, link) == 0)
        func reason(_ result: RegularFile.ReadResult) -> String? {
            if case let .refused(reason) = result { return reason }
            return nil
        }
        #expect(reason(RegularFile.load(fifo, maximumBytes: 10))?.contains("FIFO") == true)
        #expect(reason(RegularFile.load(folder.path, maximumBytes: 10))?.contains("directory") == true)
        #expect(reason(RegularFile.load(link, maximumBytes: 10))?.contains("symbolic link") == true)
        #expect(reason(RegularFile.load(file, maximumBytes: 3))?.contains("limit") == true)
        if case let .contents(bytes) = RegularFile.load(link, maximumBytes: 4, followingSymlink: true) {
            #expect(bytes == [1, 2, 3, 4])
        } else {
            Issue.record("a followed symlink to a regular file was not read")
        }
        if case .missing = RegularFile.load(folder.appendingPathComponent("none").path, maximumBytes: 4) {} else {
            Issue.record("a missing file was not reported missing")
        }
    }

    @Test("build logs in clang's and PoCL's shapes become located entries; anonymous copies of the source are attributed to it")
    func buildLogEntries() {
        let log = """
            /tmp/tempfile_ab12.cl:3:9: error: use of undeclared identifier 'q'
            error: <source>:7:2: expected ';'
            /home/u/inc/one.h:1:1: warning: unused macro
            fatal error: /home/u/missing.h:2:10: 'x.h' file not found
            1 error generated.
            """
        let entries = BuildLog.entries(in: log, sourceName: "k.cl")
        #expect(entries.map(\.description) == [
            "k.cl:3:9: error: use of undeclared identifier 'q'",
            "k.cl:7:2: error: expected ';'",
            "/home/u/inc/one.h:1:1: warning: unused macro",
            "/home/u/missing.h:2:10: error: 'x.h' file not found",
        ])
        #expect(BuildLog.entries(in: "C:/odd:path.cl:4:5: note: here", sourceName: "k.cl").first?.file == "C:/odd:path.cl")
        #expect(BuildLog.entries(in: "no location here\nerror: nothing", sourceName: "k.cl").isEmpty)
    }

    @Test("an unreadable include names the file, the includer and why")
    func unreadableIncludeNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("opencl-source-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("dev.h").path, withDestinationPath: "/dev/null")
        let resolver = IncludeResolver(options: "-I \(folder.path)")
        #expect(throws: UnreadableFile.self) { _ = try resolver.resolve(source: "#include <dev.h>\n", sourceName: "main.cl") }
        do {
            _ = try resolver.resolve(source: "#include <dev.h>\n", sourceName: "main.cl")
        } catch let error as UnreadableFile {
            #expect(error.reason.contains("main.cl") && error.reason.contains("character device") && error.path.hasSuffix("dev.h"), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
        let missing = try resolver.resolve(source: "#include \"none.h\"\n", sourceName: "main.cl")
        #expect(!missing.isComplete && missing.files.isEmpty)
    }
}
