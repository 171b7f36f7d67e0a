import Foundation

/// An on-disk cache of built program binaries, one file per device and build.
///
/// Entries are keyed by platform, device name, driver version, the source's fingerprint, the build
/// options and SwiftCL's version, written atomically into a folder created with mode 0700. An entry the
/// runtime rejects (corrupt, or from another driver build) is discarded and the program is rebuilt from
/// source. PoCL keeps its own kernel cache and compiles again when handed a binary, so whether this cache
/// pays off was measured (`swiftcl bench build`): it does, so shared contexts use it (see ``sharedDefault``).
public struct ProgramBinaryCache: Hashable, Sendable {
    /// The folder holding the entries.
    public let directory: URL

    /// `$XDG_CACHE_HOME/swiftcl/programs`, or `~/.cache/swiftcl/programs`.
    public static var defaultDirectory: URL {
        swiftCLCacheDirectory.appendingPathComponent("programs")
    }

    /// The cache shared contexts use: the default folder, or nil when `SWIFTCL_BINARY_CACHE=0`. Measured on
    /// PoCL 3.1 here (`swiftcl bench build`): building `square.cl` and launching it once takes ≈34 ms from
    /// source (PoCL's own cache warm) and ≈0.9 ms from a cached binary, so it is on by default.
    public static var sharedDefault: ProgramBinaryCache? {
        ProcessInfo.processInfo.environment["SWIFTCL_BINARY_CACHE"] == "0" ? nil : ProgramBinaryCache()
    }

    public init(directory: URL = ProgramBinaryCache.defaultDirectory) {
        self.directory = directory
    }

    /// The entry name for one device's build.
    func key(device: Device, source: String, options: String) -> String {
        let platform = (try? device.platform.name) ?? "?"
        let parts = [platform, device.name, device.driverVersion, device.version, options, SwiftCLVersion.current]
        let identity = ProgramSource(name: "", text: parts.joined(separator: "\u{1F}") + "\u{1F}" + source)
        return identity.fingerprint + ".bin"
    }

    func load(_ key: String) -> [UInt8]? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(key)), !data.isEmpty else { return nil }
        return [UInt8](data)
    }

    func store(_ binary: [UInt8], for key: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try Data(binary).write(to: directory.appendingPathComponent(key), options: .atomic)
    }

    func discard(_ key: String) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(key))
    }
}

/// SwiftCL's version, part of every binary-cache key.
public enum SwiftCLVersion {
    public static let current = "0.1.0"
}

/// SwiftCL's folder under the user's cache home: `$XDG_CACHE_HOME/swiftcl`, or `~/.cache/swiftcl`.
public var swiftCLCacheDirectory: URL {
    let environment = ProcessInfo.processInfo.environment
    let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
    return base.appendingPathComponent("swiftcl")
}
