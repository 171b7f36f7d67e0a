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

    /// Opens the store at `url`; a missing file starts empty. A file that cannot be read as a store (not a regular
    /// file, oversized, not a JSON object of sizes) also starts empty, but is never replaced: ``remember(_:for:)``
    /// throws for it instead of losing what it holds.
    public init(url: URL = TuningStore.defaultURL) {
        self.url = url
        entries = Locked((try? Self.read(url)) ?? [:])
    }

    /// The entries at `url`: empty when there is no file.
    /// - Throws: ``SwiftCLError/unreadableFile(path:reason:)`` for a file that is not a store.
    static func read(_ url: URL) throws -> [String: Int] {
        switch FileSystem.readRegularFile(url.path, maximumBytes: maximumFileBytes, followingSymlink: true) {
        case .missing: return [:]
        case let .refused(reason): throw SwiftCLError.unreadableFile(path: url.path, reason: "not a tuning store: \(reason)")
        case let .contents(bytes):
            guard let stored = try? JSONDecoder().decode([String: Int].self, from: Data(bytes)) else {
                throw SwiftCLError.unreadableFile(path: url.path, reason: "not a tuning store (a JSON object of local sizes); "
                                                  + "it is left as it is: remove it to start afresh")
            }
            return stored
        }
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

    /// Remembers the best local size for `key` and writes the file: re-read, merged and replaced atomically under its
    /// folder's lock (processes remembering at once all keep their sizes), the folder made with mode 0700.
    /// - Throws: ``SwiftCLError/unreadableFile(path:reason:)`` for a file that is not a store (it is not replaced),
    ///   ``SwiftCLError/unwritableFile(path:reason:)``, a Foundation error when the folder cannot be made.
    public func remember(_ localSize: Int?, for key: String) throws {
        entries.withLock { $0[key] = localSize ?? 0 }
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileSystem.withExclusiveLock(besides: url.path) {
            var stored = try Self.read(url)
            stored[key] = localSize ?? 0
            let snapshot = entries.withLock { entries in
                entries.merge(stored) { _, stored in stored }  // stored holds this key's new size and others' latest
                return entries
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try FileSystem.replaceFile(url.path, with: try encoder.encode(snapshot), origin: .user, mode: 0o600)
        }
    }

    /// Every entry, for reports and tests.
    public var all: [String: Int] { entries.withLock { $0 } }
}
