import Foundation
@testable import SwiftCL
import Testing

/// The one writer of every file SwiftCL writes (issue 63): regular files only, atomic, never through a link SwiftCL did
/// not get from the user; the folder lock that lets processes merge; the private-folder rule for its own files.
@Suite("Writing files")
struct FileWriterTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-writer-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a new file and a replaced one hold exactly the bytes; a replaced file keeps its permissions; no temporary is left")
    func replaces() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.json"
        try FileSystem.replaceFile(path, with: Array("one".utf8), origin: .user)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one")
        chmod(path, 0o640)
        try FileSystem.replaceFile(path, with: Array("two, longer".utf8), origin: .swiftCL)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two, longer")
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o640)
        try FileSystem.replaceFile(path, with: [UInt8](), origin: .user)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.json"])
    }

    @Test("a FIFO, a device node, a directory or a missing folder is refused and left as it was")
    func refusesSpecialFiles() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [fifo, "/dev/null", folder, folder + "/missing/out.json", ""] {
            #expect(throws: SwiftCLError.self, "\(path)") { try FileSystem.replaceFile(path, with: Array("x".utf8), origin: .user) }
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test("a link the user named is written through (the link stays); a link where SwiftCL keeps its own file is refused")
    func links() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/target.json", link = folder + "/link.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        #expect(symlink(target, link) == 0)
        try FileSystem.replaceFile(link, with: Array("new".utf8), origin: .user)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target, "the link is still a link")
        // A planted link: the canary it points at is untouched.
        let canary = folder + "/canary", planted = folder + "/wisdom"
        try Data("canary".utf8).write(to: URL(fileURLWithPath: canary))
        #expect(symlink(canary, planted) == 0)
        #expect(throws: SwiftCLError.self) { try FileSystem.replaceFile(planted, with: Array("x".utf8), origin: .swiftCL) }
        #expect(try String(contentsOfFile: canary, encoding: .utf8) == "canary")
        // A dangling link, and a link to a device, even when the user named it.
        let dangling = folder + "/dangling", device = folder + "/device"
        #expect(symlink(folder + "/nowhere", dangling) == 0 && symlink("/dev/null", device) == 0)
        for path in [dangling, device] {
            #expect(throws: SwiftCLError.self, "\(path)") { try FileSystem.replaceFile(path, with: Array("x".utf8), origin: .user) }
        }
    }

    @Test("the folder lock serialises read-modify-write: 8 threads × 25 increments of one counter file lose none")
    func lockedMerges() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/counter"
        try FileSystem.replaceFile(path, with: Array("0".utf8), origin: .user)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<25 {
                        try? FileSystem.withExclusiveLock(besides: path) {
                            guard case let .contents(bytes) = FileSystem.readRegularFile(path, maximumBytes: 64),
                                  let value = Int(String(decoding: bytes, as: UTF8.self)) else { return }
                            try FileSystem.replaceFile(path, with: Array("\(value + 1)".utf8), origin: .user)
                        }
                    }
                }
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "200")
    }

    @Test("SwiftCL's own folders: made private; a link, a shared folder, or one in a world-writable non-sticky parent refused")
    func privateFolders() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = folder + "/a/b/swiftcl"
        #expect(FileSystem.problemWithPrivateFolder(made) == nil)
        var info = stat()
        #expect(stat(made, &info) == 0 && info.st_mode & 0o777 == 0o700)
        let open = folder + "/open"
        #expect(mkdir(open, 0o700) == 0 && chmod(open, 0o777) == 0)
        #expect(FileSystem.problemWithPrivateFolder(open) != nil, "writable by others")
        let inside = open + "/swiftcl"
        #expect(mkdir(inside, 0o700) == 0)
        #expect(FileSystem.problemWithPrivateFolder(inside)?.contains("not sticky") == true)
        let link = folder + "/link"
        #expect(symlink(made, link) == 0)
        #expect(FileSystem.problemWithPrivateFolder(link)?.contains("symbolic link") == true)
    }
}
