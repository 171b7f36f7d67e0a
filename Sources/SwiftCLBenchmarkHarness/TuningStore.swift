import Foundation
import SwiftCL

/// The best local size found per device, kernel variant and problem, kept in a small JSON file so a
/// later run reuses it instead of sweeping again. Entries are keyed by device name, driver version,
/// variant, parameters and image size; 0 means "let the runtime choose".
public final class TuningStore: Sendable {
    private let entries: Locked<[String: Int]>
    /// The file the store reads and writes.
    public let url: URL

    /// `$XDG_CACHE_HOME/swiftcl/tuning.json`, or `~/.cache/swiftcl/tuning.json`.
    public static var defaultURL: URL {
        defaultFolder.appendingPathComponent("tuning.json")
    }

    /// The folder the default store lives in: `$XDG_CACHE_HOME/swiftcl`, or `~/.cache/swiftcl`.
    public static var defaultFolder: URL {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("swiftcl")
    }

    /// The largest store file read (a store holds a few hundred short entries).
    static let maximumFileBytes = 4 << 20

    /// Opens the store at `url`; a missing, unreadable or oversized file, or anything but a regular file (a FIFO
    /// cannot block the open), starts empty (and is replaced on save).
    public init(url: URL = TuningStore.defaultURL) {
        self.url = url
        var stored: [String: Int] = [:]
        if case let .contents(bytes) = FileSystem.readRegularFile(url.path, maximumBytes: Self.maximumFileBytes) {
            stored = (try? JSONDecoder().decode([String: Int].self, from: Data(bytes))) ?? [:]
        }
        entries = Locked(stored)
    }

    /// The remembered local size for `key`: `.some(nil)` for "the runtime's choice", nil when unknown.
    public func localSize(for key: String) -> Int?? {
        entries.withLock { $0[key].map { $0 == 0 ? nil : $0 } }
    }

    /// The default store with nothing remembered: the file is removed, so every tunable variant is swept again and
    /// re-remembered (`swiftcl bench --retune`).
    public static func startingEmpty(url: URL = TuningStore.defaultURL) -> TuningStore {
        try? FileManager.default.removeItem(at: url)
        return TuningStore(url: url)
    }

    /// Remembers the best local size for `key` and writes the file (atomically, folder mode 0700).
    /// - Throws: a Foundation error when the store cannot be written.
    public func remember(_ localSize: Int?, for key: String) throws {
        let snapshot = entries.withLock { entries in
            entries[key] = localSize ?? 0
            return entries
        }
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(snapshot).write(to: url, options: .atomic)
    }

    /// Every entry, for reports and tests.
    public var all: [String: Int] { entries.withLock { $0 } }
}
