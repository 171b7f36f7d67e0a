import Foundation
import SwiftCL
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX file operations of the binary cache's folder, with the ownership and symlink checks Foundation does
/// not offer: `lstat` (never follow a link), owner and mode checks, `O_EXCL` temporary files, `rename`.
extension FileSystem {
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

    /// Reads a whole file without following a symlink, refusing anything but a regular file owned by
    /// `owner`, not writable by others, of at most `maximumBytes`.
    static func readOwnedRegularFile(_ url: URL, owner: UInt32, maximumBytes: Int) -> ReadResult {
        readRegularFile(url.path, maximumBytes: maximumBytes) { info in
            guard UInt32(info.st_uid) == owner else { return "owned by uid \(info.st_uid)" }
            guard info.st_mode & 0o022 == 0 else { return "writable by its group or by others" }
            return nil
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
