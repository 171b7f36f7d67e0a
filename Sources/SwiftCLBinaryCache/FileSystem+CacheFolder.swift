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
        problemWithPrivateFolder(url.path, owner: owner)
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

    /// Replaces `url` with `bytes` through SwiftCL's one writer (a private 0600 file renamed over it: readers see the old
    /// file or the whole new one; a link planted there is refused).
    static func writeAtomically(_ bytes: [UInt8], to url: URL) throws {
        try replaceFile(url.path, with: bytes, origin: .swiftCL, mode: 0o600)
    }
}
