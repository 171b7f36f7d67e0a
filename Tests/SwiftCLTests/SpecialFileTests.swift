import Foundation
@testable import SwiftCL
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

/// No file SwiftCL reads can block or redirect it: a FIFO, a directory or an oversized file where a cache entry or
/// an included source is expected is refused at once (the build still succeeds, from source).
@Suite("Special files in cache and include paths")
struct SpecialFileTests {
    /// Runs `body` on its own thread and waits at most `seconds`; a body still blocked then is released by opening
    /// `fifo` for writing (so the reader sees end-of-file) and the test fails instead of hanging the suite.
    static func finishes(within seconds: Double, unblocking fifo: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        if done.wait(timeout: .now() + seconds) == .success { return true }
        let writer = open(fifo, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
        _ = done.wait(timeout: .now() + 10)
        return false
    }

    @Test("a FIFO at a binary-cache entry's path is refused at once and removed; the build goes on from source",
          arguments: TestDevices.all)
    func fifoAsCacheEntry(device: Device) throws {
        let (folder, entry) = try BinaryCacheTests.entry(for: BinaryCacheTests.square.text, device: device)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: entry)
        try #require(mkfifo(entry.path, 0o600) == 0)
        let result = Locked<(fromCache: Bool, correct: Bool)?>(nil)
        let cache = ProgramBinaryCache(directory: folder)
        let finished = Self.finishes(within: 60, unblocking: entry.path) {
            result.withLock { $0 = try? BinaryCacheTests.runSquare(device, cache: cache) }
        }
        #expect(finished, "the build blocked on the FIFO")
        #expect(result.withLock { $0 }.map { !$0.fromCache && $0.correct } == true)
        // The FIFO was discarded and a genuine entry written in its place.
        var info = stat()
        #expect(lstat(entry.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    }

    @Test("an #include naming a FIFO gives up caching instead of blocking the key")
    func fifoAsInclude() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-include-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.h").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let includes = Locked<[IncludeResolver.Include]??>(nil)
        let finished = Self.finishes(within: 30, unblocking: fifo) {
            let resolved = IncludeResolver(options: "-I \(folder.path)").resolve(source: "#include \"pipe.h\"\n")
            includes.withLock { $0 = .some(resolved) }
        }
        #expect(finished, "reading the include blocked on the FIFO")
        #expect(includes.withLock { $0 } == .some(nil))
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
        func reason(_ result: FileSystem.ReadResult) -> String? {
            if case let .refused(reason) = result { return reason }
            return nil
        }
        #expect(reason(FileSystem.readRegularFile(fifo, maximumBytes: 10))?.contains("FIFO") == true)
        #expect(reason(FileSystem.readRegularFile(folder.path, maximumBytes: 10))?.contains("directory") == true)
        #expect(reason(FileSystem.readRegularFile(link, maximumBytes: 10))?.contains("symbolic link") == true)
        #expect(reason(FileSystem.readRegularFile(file, maximumBytes: 3))?.contains("limit") == true)
        if case let .contents(bytes) = FileSystem.readRegularFile(link, maximumBytes: 4, followingSymlink: true) {
            #expect(bytes == [1, 2, 3, 4])
        } else {
            Issue.record("a followed symlink to a regular file was not read")
        }
        if case .missing = FileSystem.readRegularFile(folder.appendingPathComponent("none").path, maximumBytes: 4) {} else {
            Issue.record("a missing file was not reported missing")
        }
    }
}
