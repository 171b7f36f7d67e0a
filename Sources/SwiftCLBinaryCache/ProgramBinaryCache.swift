import Foundation
import SwiftCL

/// An on-disk cache of built program binaries, one verified entry per device and build.
///
/// **What an entry is keyed by.** The entry's name is the SHA-256 of length-prefixed key material: the
/// source bytes, the bytes of every file the source `#include`s (found through the `-I` paths of the build
/// options; when an include cannot be resolved the program is not cached at all), the rendered build
/// options, the platform, device and driver identity, and SwiftCL's version and entry format.
///
/// **What is checked before the driver sees a byte.** Every entry starts with a header SwiftCL writes —
/// magic, format version, payload length, the SHA-256 of the key material and the SHA-256 of the payload
/// — and a load verifies all of it (plus that the file is a regular file owned by the user and not
/// writable by others) before `clCreateProgramWithBinary` is called. Any mismatch (truncation, a binary
/// written over the entry, an entry copied under another entry's name) discards the entry, logs at debug
/// level, and the program is rebuilt from source. Entries are written to a private temporary file and
/// renamed into place, so concurrent writers never expose a partial entry.
///
/// **Which folders are trusted.** The folder is used only when it is a real directory (not a symlink)
/// owned by the current user and not group- or world-writable, and its parent is owned by the user or
/// root and, when others may write to it, sticky. An untrusted folder is skipped with one warning per
/// process; programs are then built from source. The checks defend against other users; anyone running as
/// you can write valid entries, exactly as they could edit your source files.
///
/// Entries also carry the kernels' argument information, which OpenCL does not give for programs built
/// from binaries, so a cached program is checked at launch exactly like one built from source.
public struct ProgramBinaryCache: ProgramBinaryStore, Hashable, Sendable {
    /// The folder holding the entries.
    public let directory: URL
    /// The user the folder and its entries must belong to: the effective user.
    let requiredOwner: UInt32

    /// `$XDG_CACHE_HOME/swiftcl/programs`, or `~/.cache/swiftcl/programs`.
    public static var defaultDirectory: URL {
        swiftCLCacheDirectory.appendingPathComponent("programs")
    }

    /// A cache in `directory` (created with mode 0700 on first use when it does not exist).
    public init(directory: URL = ProgramBinaryCache.defaultDirectory) {
        self.init(directory: directory, requiredOwner: FileSystem.effectiveUser)
    }

    /// A cache that demands another owner; tests use it to see an untrusted folder refused.
    init(directory: URL, requiredOwner: UInt32) {
        self.directory = directory.standardizedFileURL
        self.requiredOwner = requiredOwner
    }

    /// Whether the folder may be used, creating it (mode 0700) when it does not exist yet.
    public enum Trust: Hashable, Sendable {
        /// The folder passed every check.
        case trusted
        /// The folder is skipped; the reason names the check that failed.
        case untrusted(reason: String)
    }

    /// Checks the folder against the trust rules (see the type's documentation), creating it first when
    /// it does not exist.
    public func trust() -> Trust {
        FileSystem.checkPrivateDirectory(directory, owner: requiredOwner).map { .untrusted(reason: $0) } ?? .trusted
    }

    /// The folder when it is trusted; otherwise nil, after one warning per folder and process.
    func trustedDirectory() -> URL? {
        guard case let .untrusted(reason) = trust() else { return directory }
        let first = ProgramBinaryCache.warnedFolders.withLock { $0.insert(directory.path).inserted }
        if first {
            swiftCLLogger.warning("program binary cache skipped: \(reason)")
        }
        return nil
    }

    private static let warnedFolders = Locked<Set<String>>([])

    /// The verified entry for `key`, or nil. An entry that fails any check is removed.
    func load(_ key: Key) -> Entry? {
        guard let directory = trustedDirectory() else { return nil }
        let url = directory.appendingPathComponent(key.entryName)
        let bytes: [UInt8]
        switch FileSystem.readOwnedRegularFile(url, owner: requiredOwner, maximumBytes: Entry.maximumFileBytes) {
        case .missing:
            return nil
        case let .refused(reason):
            discard(url, because: reason)
            return nil
        case let .contents(contents):
            bytes = contents
        }
        do {
            return try Entry(decoding: bytes, expectedKey: key)
        } catch {
            discard(url, because: "\(error)")
            return nil
        }
    }

    /// Writes `entry` under `key`, atomically. Failing to write is not an error for the build.
    func store(_ entry: Entry, for key: Key) {
        guard let directory = trustedDirectory() else { return }
        do {
            try FileSystem.writeAtomically(entry.encoded(key: key), to: directory.appendingPathComponent(key.entryName))
        } catch {
            swiftCLLogger.debug("program binary cache: could not store \(key.entryName): \(error)")
        }
    }

    /// Removes an entry the driver refused although it passed SwiftCL's checks.
    func discard(_ key: Key, because reason: String) {
        discard(directory.appendingPathComponent(key.entryName), because: reason)
    }

    private func discard(_ url: URL, because reason: String) {
        swiftCLLogger.debug("program binary cache: discarding \(url.lastPathComponent): \(reason)")
        _ = unlink(url.path)
    }
}

extension ProgramBinaryCache {
    /// One device's build in the cache: its key, computed once for the load and the store.
    struct Slot: ProgramBinarySlot {
        let cache: ProgramBinaryCache
        let key: Key

        func load() -> StoredProgramBinary? {
            guard let entry = cache.load(key) else { return nil }
            guard let parameters = entry.metadata.kernelParameters else {
                cache.discard(key, because: "malformed parameters")
                return nil
            }
            return StoredProgramBinary(binary: entry.binary, kernelNames: entry.metadata.kernelNames, parameters: parameters)
        }

        func store(_ binary: StoredProgramBinary) {
            cache.store(Entry(binary: binary.binary, metadata: Metadata(binary)), for: key)
        }

        func discard(because reason: String) {
            cache.discard(key, because: reason)
        }
    }

    /// The slot for one device's build; nil when an `#include` of the source cannot be found.
    public func slot(device: Device, source: String, options: BuildOptions) -> (any ProgramBinarySlot)? {
        Key(device: device, source: source, options: options).map { Slot(cache: self, key: $0) }
    }
}

/// SwiftCL's version, part of every binary-cache key.
public enum SwiftCLVersion {
    public static let current = "0.2.0"
}

/// SwiftCL's folder under the user's cache home: `$XDG_CACHE_HOME/swiftcl`, or `~/.cache/swiftcl` (the binary cache
/// keeps `programs/` there; the benchmark harness's tuning store takes its own folder).
public var swiftCLCacheDirectory: URL {
    let environment = ProcessInfo.processInfo.environment
    let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
    return base.appendingPathComponent("swiftcl")
}
