#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SwiftCL's own folder for files it keeps between processes (the binary cache, the tuning stores, FFTW wisdom), and
/// the one rule for trusting such a folder.
extension FileSystem {
    /// `$XDG_CACHE_HOME/swiftcl` when that is an absolute path, else `$HOME/.cache/swiftcl`; nil when neither is set.
    package static var swiftCLCacheFolder: String? {
        if let cache = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), cache.hasPrefix("/") {
            return cache + "/swiftcl"
        }
        if let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") {
            return home + "/.cache/swiftcl"
        }
        return nil
    }

    /// Why `path` may not hold private files, or nil when it may. Creates it (and missing parents) with mode 0700
    /// first. The folder must be a directory, not a symlink, owned by `owner`, not writable by group or others; its
    /// parent must be owned by `owner` or root and, if others may write to it, sticky (so nobody else can rename the
    /// folder away and put another in its place).
    package static func problemWithPrivateFolder(_ path: String, owner: UInt32 = effectiveUser) -> String? {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { return "cannot inspect \(path): \(String(cString: strerror(errno)))" }
            var prefix = path.hasPrefix("/") ? "" : "."
            for component in path.split(separator: "/") {
                prefix += "/" + component
                if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                    return "cannot create \(prefix): \(String(cString: strerror(errno)))"
                }
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
        let parent = folder(of: path)
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
}
