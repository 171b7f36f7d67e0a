#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import OpenCLSource

/// The one writer of every file SwiftCL writes (tuning caches, reports, the stores, FFTW wisdom, the binary cache):
/// regular files only, atomic replacement (readers see the old file or the whole new one), no following of a link the
/// user did not name, and an exclusive lock for files that are read, merged and written back by several processes.
extension FileSystem {
    /// Who named the path of a file SwiftCL writes.
    package enum Origin: Sendable {
        /// The user named it (`--json FILE`, `--cache FILE`): a final symlink is followed to an existing regular file,
        /// as a shell's `>` would, and that file is replaced (the link stays).
        case user
        /// SwiftCL chose it (a store or cache in its own folder): a symlink there was planted, and is refused.
        case swiftCL
    }

    /// The path to replace for `path`: `path` itself, or for ``Origin/user`` the regular file a final symlink points at.
    /// - Throws: ``SwiftCLError/unwritableFile(path:reason:)`` for anything but a regular file or a missing one in an
    ///   existing folder (a device node, a FIFO, a directory, a dangling link, a link SwiftCL did not get from the user).
    package static func outputPath(_ path: String, origin: Origin) throws -> String {
        guard !path.isEmpty else { throw SwiftCLError.unwritableFile(path: path, reason: "an empty path") }
        var info = stat()
        if lstat(path, &info) != 0 {
            let code = errno
            guard code == ENOENT else {
                throw SwiftCLError.unwritableFile(path: path, reason: "cannot inspect: \(String(cString: strerror(code)))")
            }
            if let problem = problemWithFolder(folder(of: path)) {
                throw SwiftCLError.unwritableFile(path: path, reason: "its folder: \(problem)")
            }
            return path
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return path
        case S_IFLNK:
            guard origin == .user else {
                throw SwiftCLError.unwritableFile(path: path, reason: "a symbolic link where SwiftCL keeps its own file "
                                                  + "(it follows no link it did not get from you); remove it")
            }
            guard let resolved = realpath(path, nil) else {
                throw SwiftCLError.unwritableFile(path: path, reason: "a symbolic link to a missing file or folder")
            }
            defer { free(resolved) }
            let target = String(cString: resolved)
            var targetInfo = stat()
            guard stat(target, &targetInfo) == 0, targetInfo.st_mode & S_IFMT == S_IFREG else {
                throw SwiftCLError.unwritableFile(path: path, reason: "a symbolic link to \(target), which is "
                                                  + RegularFile.kind(targetInfo.st_mode) + ", not a regular file")
            }
            return target
        default:
            throw SwiftCLError.unwritableFile(path: path, reason: "\(RegularFile.kind(info.st_mode)), not a regular file; "
                                              + "SwiftCL writes only regular files")
        }
    }

    /// Replaces the file at `path` (see ``outputPath(_:origin:)``) with `bytes`: written to a new temporary file beside
    /// it (`O_EXCL`, never through a link), flushed to disk (unless not `durable`: a status only this machine reads at
    /// once), then renamed over it. A new file gets `mode`; a replaced one keeps its permissions.
    /// - Throws: ``SwiftCLError/unwritableFile(path:reason:)``; the old file is intact.
    package static func replaceFile(_ path: String, with bytes: some Collection<UInt8>, origin: Origin,
                                    mode: mode_t = 0o644, durable: Bool = true) throws {
        let target = try outputPath(path, origin: origin)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        let temporary = folder(of: target) + "/.\(name).tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw SwiftCLError.unwritableFile(path: path, reason: "cannot create a file beside it: \(String(cString: strerror(errno)))")
        }
        func fail(_ what: String, _ code: Int32) -> SwiftCLError {
            close(descriptor)
            unlink(temporary)
            return SwiftCLError.unwritableFile(path: path, reason: "\(what): \(String(cString: strerror(code)))")
        }
        var existing = stat()
        if stat(target, &existing) == 0 { _ = fchmod(descriptor, existing.st_mode & 0o7777) }
        let contents = Array(bytes)
        var done = 0
        while done < contents.count {
            let count = contents.withUnsafeBytes { raw in write(descriptor, raw.baseAddress! + done, contents.count - done) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw fail("write failed at byte \(done)", count == 0 ? EIO : errno) }
            done += count
        }
        guard !durable || fsync(descriptor) == 0 else { throw fail("flush failed", errno) }
        close(descriptor)
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw SwiftCLError.unwritableFile(path: path, reason: "cannot replace it: \(String(cString: strerror(code)))")
        }
    }

    /// Runs `body` holding an exclusive lock shared by every process that reads, merges and rewrites files in the
    /// folder of `path` (an advisory `flock` on the folder itself, so no lock file is left behind); waits up to
    /// `timeout` seconds for another holder.
    /// - Throws: ``SwiftCLError/unwritableFile(path:reason:)`` when the folder cannot be locked in time, and what
    ///   `body` throws.
    package static func withExclusiveLock<T>(besides path: String, timeout: Double = 60, _ body: () throws -> T) throws -> T {
        let folder = folder(of: path)
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw SwiftCLError.unwritableFile(path: path, reason: "cannot open its folder to lock it: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var waited = 0.0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw SwiftCLError.unwritableFile(path: path, reason: "cannot lock its folder: \(String(cString: strerror(errno)))")
            }
            guard waited < timeout else {
                throw SwiftCLError.unwritableFile(path: path, reason: "another process held its folder's lock for over \(Int(timeout)) s")
            }
            usleep(2_000)
            waited += 0.002
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// The folder part of `path` (`.` for a bare name).
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
