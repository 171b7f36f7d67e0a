#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a file without ever blocking on a special file (POSIX, no Foundation): the one reader of every `.cl` file
/// and include, the binary cache's entries and the tuning store (through SwiftCL's `FileSystem`, which adds its errors).
package enum RegularFile {
    package enum ReadResult {
        case missing
        case refused(String)
        case contents([UInt8])
    }

    /// Reads a whole regular file of at most `maximumBytes` without following a final symlink (unless
    /// `followingSymlink`) and without ever
    /// blocking on a special file: the file is opened non-blocking (a FIFO or device opens at once instead of
    /// waiting for a writer), its type is checked on the open descriptor (so it cannot be swapped between a check
    /// and the open), and no more than `maximumBytes + 1` bytes are ever read, whatever size `fstat` claimed.
    /// `accept` may refuse the file from its `stat` (owner, mode) with a reason.
    package static func load(_ path: String, maximumBytes: Int, followingSymlink: Bool = false,
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
        guard info.st_mode & S_IFMT == S_IFREG else { return .refused("not a regular file (\(kind(info.st_mode)))") }
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


    /// How messages name a file type that is not a regular file.
    package static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        case S_IFREG: "a regular file"
        default: "mode \(String(mode & S_IFMT, radix: 8))"
        }
    }
}
