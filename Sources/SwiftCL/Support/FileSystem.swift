import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file operations the caches need, with the ownership and symlink checks Foundation
/// does not offer: `lstat` (never follow a link), `O_NOFOLLOW`, `O_EXCL` temporary files, `rename`.
package enum FileSystem {
    static var effectiveUser: UInt32 { UInt32(geteuid()) }

    /// Why `url` may not hold private files, or nil when it may. Creates it (and missing parents) with
    /// mode 0700 first. The folder must be a directory, not a symlink, owned by `owner`, not writable by
    /// group or others; its parent must be owned by `owner` or root and, if others may write to it, sticky
    /// (so nobody else can rename the folder away and put another in its place).
    static func checkPrivateDirectory(_ url: URL, owner: UInt32) -> String? {
        let path = url.path
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { return "cannot inspect \(path): \(String(cString: strerror(errno)))" }
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                return "cannot create \(path): \(error.localizedDescription)"
            }
            guard lstat(path, &info) == 0 else { return "cannot inspect \(path) after creating it" }
        }
        if info.st_mode & S_IFMT == S_IFLNK { return "\(path) is a symbolic link" }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "\(path) is not a directory" }
        guard UInt32(info.st_uid) == owner else {
            return "\(path) is owned by uid \(info.st_uid), not by the current user (uid \(owner))"
        }
        guard info.st_mode & 0o022 == 0 else {
            return "\(path) is writable by its group or by others (mode \(String(info.st_mode & 0o7777, radix: 8)))"
        }
        let parent = url.deletingLastPathComponent().path
        var parentInfo = stat()
        guard stat(parent, &parentInfo) == 0 else { return "cannot inspect \(parent)" }
        guard UInt32(parentInfo.st_uid) == owner || parentInfo.st_uid == 0 else {
            return "the parent folder \(parent) is owned by uid \(parentInfo.st_uid), neither the current user nor root"
        }
        if parentInfo.st_mode & 0o022 != 0, parentInfo.st_mode & S_ISVTX == 0 {
            return "the parent folder \(parent) is writable by others and not sticky"
        }
        return nil
    }

    package enum ReadResult {
        case missing
        case refused(String)
        case contents([UInt8])
    }

    /// Reads a whole file without following a symlink, refusing anything but a regular file owned by
    /// `owner`, not writable by others, of at most `maximumBytes`.
    static func readOwnedRegularFile(_ url: URL, owner: UInt32, maximumBytes: Int) -> ReadResult {
        readRegularFile(url.path, maximumBytes: maximumBytes) { info in
            guard UInt32(info.st_uid) == owner else { return "owned by uid \(info.st_uid)" }
            guard info.st_mode & 0o022 == 0 else { return "writable by its group or by others" }
            return nil
        }
    }

    /// Reads a whole regular file of at most `maximumBytes` without following a final symlink (unless
    /// `followingSymlink`) and without ever
    /// blocking on a special file: the file is opened non-blocking (a FIFO or device opens at once instead of
    /// waiting for a writer), its type is checked on the open descriptor (so it cannot be swapped between a check
    /// and the open), and no more than `maximumBytes + 1` bytes are ever read, whatever size `fstat` claimed.
    /// `accept` may refuse the file from its `stat` (owner, mode) with a reason.
    package static func readRegularFile(_ path: String, maximumBytes: Int, followingSymlink: Bool = false,
                                        accept: (stat) -> String? = { _ in nil }) -> ReadResult {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followingSymlink ? 0 : O_NOFOLLOW))
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return .missing }
            if code == ELOOP { return .refused("a symbolic link") }
            return .refused("cannot open: \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .refused("cannot stat") }
        guard info.st_mode & S_IFMT == S_IFREG else { return .refused("not a regular file (\(fileKind(info.st_mode)))") }
        if let reason = accept(info) { return .refused(reason) }
        let size = Int(info.st_size)
        guard size >= 0, size <= maximumBytes else { return .refused("\(size) bytes is over the \(maximumBytes)-byte limit") }
        // Regular files never block, but one may still grow after fstat: read at most one byte past the limit.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= maximumBytes {
            let wanted = min(chunk.count, maximumBytes + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress, wanted) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .refused("read failed at byte \(bytes.count): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        guard bytes.count <= maximumBytes else { return .refused("grew past the \(maximumBytes)-byte limit while being read") }
        return .contents(bytes)
    }

    /// The bytes of a user-named file (a `.cl` source, a report), following symlinks as an editor would, never
    /// blocking on a special file and reading at most `maximumBytes`.
    /// - Throws: ``SwiftCLError/unreadableFile(path:reason:)`` naming the path and why.
    package static func contentsOfUserFile(_ path: String, maximumBytes: Int = 64 << 20) throws -> [UInt8] {
        switch readRegularFile(path, maximumBytes: maximumBytes, followingSymlink: true) {
        case .missing: throw SwiftCLError.unreadableFile(path: path, reason: "no such file")
        case let .refused(reason): throw SwiftCLError.unreadableFile(path: path, reason: reason)
        case let .contents(bytes): return bytes
        }
    }

    /// The UTF-8 text of a user-named file, as ``contentsOfUserFile(_:maximumBytes:)``.
    /// - Throws: ``SwiftCLError/unreadableFile(path:reason:)``, also for text that is not UTF-8.
    package static func textOfUserFile(_ path: String, maximumBytes: Int = 64 << 20) throws -> String {
        let bytes = try contentsOfUserFile(path, maximumBytes: maximumBytes)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SwiftCLError.unreadableFile(path: path, reason: "not UTF-8 text")
        }
        return text
    }

    /// How messages name a file type that is not a regular file.
    private static func fileKind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        default: "mode \(String(mode & S_IFMT, radix: 8))"
        }
    }

    /// Writes `bytes` to a new private (0600) temporary file beside `url` and renames it over `url`, so
    /// readers see the old file or the whole new one, never a partial write.
    static func writeAtomically(_ bytes: [UInt8], to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileSystemFailure(operation: "create \(temporary)", code: errno) }
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { write(descriptor, $0 + done, bytes.count - done) } ?? -1
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw FileSystemFailure(operation: "write \(temporary)", code: code)
            }
            done += count
        }
        close(descriptor)
        guard rename(temporary, url.path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileSystemFailure(operation: "rename to \(url.path)", code: code)
        }
    }
}

/// A failed POSIX file operation.
struct FileSystemFailure: Error, CustomStringConvertible {
    let operation: String
    let code: Int32

    var description: String { "\(operation): \(String(cString: strerror(code)))" }
}
