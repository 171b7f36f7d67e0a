import Foundation
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

    /// A new, empty folder of claims under the temporary directory.
    /// - Throws: a Foundation error when the folder cannot be made.
    public init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-claims-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        folder = url.path
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
    }
}
