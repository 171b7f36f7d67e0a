import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Private temporary folders named for the process that made them (`PREFIX<pid>-<uuid>`), so that folders a killed
/// process left can be told and removed later: the tuner's claims and watched runs, Oclgrind's vendor file.
extension FileSystem {
    /// A new folder (mode 0700, created exclusively, under an unguessable name) named `prefix`, this process's id and a
    /// UUID in the temporary directory (`$TMPDIR`), or in `/tmp` or `/var/tmp` when that one is missing or not writable.
    /// Folders of any of `sweeping` whose process has ended are removed there first.
    /// - Throws: the last Foundation error when no candidate takes a folder.
    package static func makeTemporaryFolder(prefix: String, sweeping prefixes: [String]) throws -> String {
        var failure: (any Error)?
        for temporary in [FileManager.default.temporaryDirectory.path, "/tmp", "/var/tmp"] {
            removeFoldersOfEndedProcesses(in: temporary, prefixes: prefixes)
            let path = temporary + "/\(prefix)\(getpid())-\(UUID().uuidString)"
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false,
                                                        attributes: [.posixPermissions: 0o700])
                return path
            } catch {
                failure = error
            }
        }
        throw failure ?? CocoaError(.fileWriteUnknown)
    }

    /// Removes this user's folders in `temporary` named one of `prefixes` and a process id, whose process no longer runs.
    package static func removeFoldersOfEndedProcesses(in temporary: String, prefixes: [String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary) else { return }
        for name in names {
            guard let prefix = prefixes.first(where: { name.hasPrefix($0) }) else { continue }
            guard let pid = name.dropFirst(prefix.count).split(separator: "-").first.flatMap({ Int32($0) }), pid > 0 else { continue }
            var info = stat()
            let path = temporary + "/" + name
            guard lstat(path, &info) == 0, info.st_uid == geteuid(), info.st_mode & S_IFMT == S_IFDIR else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { try? FileManager.default.removeItem(atPath: path) }
        }
    }
}
