#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import OpenCLSource

/// Reading files without ever blocking on a special file (POSIX, no Foundation): the runtime's `.cl` files, and the
/// binary cache and tuning store (which add their folder checks in their own modules).
package enum FileSystem {
    package static var effectiveUser: UInt32 { UInt32(geteuid()) }

    package typealias ReadResult = RegularFile.ReadResult

    /// ``RegularFile/load(_:maximumBytes:followingSymlink:accept:)``.
    package static func readRegularFile(_ path: String, maximumBytes: Int, followingSymlink: Bool = false,
                                        accept: (stat) -> String? = { _ in nil }) -> ReadResult {
        RegularFile.load(path, maximumBytes: maximumBytes, followingSymlink: followingSymlink, accept: accept)
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

    /// Why `path` cannot serve as a folder to search (`-I`), or nil when it is an existing directory (symlinks
    /// followed).
    package static func problemWithFolder(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? "no such folder" : "cannot stat: \(String(cString: strerror(errno)))"
        }
        return info.st_mode & S_IFMT == S_IFDIR ? nil : "not a folder (\(RegularFile.kind(info.st_mode)))"
    }
}
