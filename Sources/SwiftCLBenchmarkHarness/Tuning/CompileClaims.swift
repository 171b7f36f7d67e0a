import Foundation
import SwiftCL
#if canImport(Glibc)
import Glibc
#endif

/// How the tuning process and its compile helpers (``KernelTuner/CompileAhead``) share a list of configurations without
/// a fixed split: each walks the list in order and takes a configuration only when it is the first to claim it, so a
/// process that started late (the tuner computes its reference first) or compiles slowly simply takes fewer. A claim is
/// a file created exclusively in a folder of its own (`O_CREAT | O_EXCL`), which works across processes with no lock.
public struct CompileClaims: Sendable, Codable {
    /// The folder the claims are made in.
    public let folder: String

    /// A new, empty folder of claims under the temporary directory, named with this process's id; folders that
    /// processes which have since ended left there (killed before they could remove them) are removed first.
    /// - Throws: a Foundation error when the folder cannot be made.
    public init() throws {
        folder = try FileSystem.makeTemporaryFolder(prefix: Self.prefix, sweeping: Self.temporaryPrefixes)
        Self.madeHere.withLock { _ = $0.insert(folder) }
    }

    /// The claim folders this process made and has not removed (a watcher removes them if the process is stopped).
    private static let madeHere = Locked<Set<String>>([])

    static let prefix = "swiftcl-claims-"
    /// The prefixes of the temporary folders a tuning makes, each followed by the id of the process that made it.
    public static let temporaryPrefixes = [prefix, "swiftcl-tune-"]

    /// Removes this user's temporary tuning folders (claims, a watched run's status) in `temporary` whose process no
    /// longer runs.
    public static func removeAbandoned(in temporary: String) {
        FileSystem.removeFoldersOfEndedProcesses(in: temporary, prefixes: temporaryPrefixes)
    }

    /// Removes the temporary tuning folders that the process `pid` made in `temporary` (it has ended, or been stopped).
    public static func removeFolders(of pid: pid_t, in temporary: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary) else { return }
        for name in names where temporaryPrefixes.contains(where: { name.hasPrefix($0 + "\(pid)-") }) {
            try? FileManager.default.removeItem(atPath: temporary + "/" + name)
        }
    }

    /// Ends this process (a compile helper) as soon as `parent` has ended, from a thread of its own — even while a
    /// kernel runs or a build is under way — removing the claims folder its tuning would have removed.
    public func endWhenParentEnds(_ parent: pid_t) {
        Self.endWhenParentEnds(parent, removing: [folder])
    }

    /// Ends this process as soon as `parent` has ended (checked every 50 ms from a thread of its own, so also while a
    /// kernel spins), first removing `paths`, which the parent would have removed.
    public static func endWhenParentEnds(_ parent: pid_t, removing paths: [String]) {
        let watcher = Thread {
            while getppid() == parent { usleep(50_000) }
            for path in paths + madeHere.withLock({ Array($0) }) { try? FileManager.default.removeItem(atPath: path) }
            _exit(1)
        }
        watcher.start()
    }

    /// True for the one process that claims item `index` first; false for every other, and for all once ``stop()``
    /// was called or the folder is gone.
    public func claim(_ index: Int) -> Bool {
        guard !isStopped else { return false }
        let descriptor = open(folder + "/\(index)", O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }

    /// Whether ``stop()`` was called (by any process).
    public var isStopped: Bool { access(folder + "/stop", F_OK) == 0 || access(folder, F_OK) != 0 }

    /// Makes every later claim fail: the helpers stop after the configuration they are compiling.
    public func stop() {
        let descriptor = open(folder + "/stop", O_CREAT | O_WRONLY, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }

    /// Removes the folder (once every process has ended).
    public func remove() {
        try? FileManager.default.removeItem(atPath: folder)
        Self.madeHere.withLock { _ = $0.remove(folder) }
    }
}
