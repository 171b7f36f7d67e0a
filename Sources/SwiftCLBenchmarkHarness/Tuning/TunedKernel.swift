import Foundation
import OpenCLSource
import SwiftCL
import SwiftCLValidation

/// A kernel built with the parameters `swiftcl tune --save` found best for the current device (Kernel Tuner's
/// `store_results` and `create_device_targets`, as a loader): the `-D` values and the work-group shape from the
/// ``TunedKernelStore`` entry for this device, driver, kernel and source, at the stored problem size nearest the one
/// given — or, when the device has no entry, the `fallback` parameters, and ``isTuned`` false.
///
/// ```swift
/// let tuned = try TunedKernel(source: source, name: "transpose", fallback: ["TILE": "16", "PAD": "1"], on: queue)
/// try queue.sync { cl in try cl.launch(tuned.kernel, NDRange(...), input, output, w, h) }
/// ```
public struct TunedKernel: Sendable {
    /// The kernel, built with ``parameters`` as `-D`s (after the `options` given).
    public let kernel: Kernel
    /// The parameters it was built with: the stored best, or the fallback.
    public let parameters: [String: String]
    /// The stored work-group shape with the parameters substituted (`16 x 16`), nil for the fallback or none stored.
    public let workGroup: WorkGroupShape?
    /// The stored entry used; nil when the fallback was.
    public let entry: TunedKernelStore.Entry?

    /// Whether the parameters came from the store (false: the fallback).
    public var isTuned: Bool { entry != nil }

    /// Builds `name` of `source` on `queue`'s context with the parameters stored for `queue`'s device (at the problem
    /// size nearest `size` by element count; any stored size when nil), else with `fallback`.
    /// - Throws: what building throws (``BuildError``), a missing kernel, and a stored shape that no longer parses.
    public init(source: ProgramSource, name: String, fallback: [String: String], options: BuildOptions = BuildOptions(),
                size: ProblemSize? = nil, store: TunedKernelStore = TunedKernelStore(), on queue: ComputeQueue) throws {
        let entry = store.best(device: queue.device, kernel: name, source: source, options: options, size: size)
        let parameters = entry?.configuration.definitions ?? fallback
        var options = options
        for (parameter, value) in parameters.sorted(by: { $0.key < $1.key }) { options.define(parameter, value) }
        kernel = try queue.context.program(source, options: options).kernel(named: name)
        self.parameters = parameters
        self.entry = entry
        workGroup = try entry.flatMap { entry in
            try entry.workGroup.map { try WorkGroupShape(parsing: entry.configuration.substituted(into: $0)) }
        }
    }
}

/// The best configuration per device, driver, kernel, source and problem size, kept in a JSON file
/// (`$XDG_CACHE_HOME/swiftcl/tuned-kernels.json` by default) by `swiftcl tune --save` and read by ``TunedKernel``.
public struct TunedKernelStore: Sendable {
    /// One stored best.
    public struct Entry: Codable, Hashable, Sendable {
        public let device: String
        public let driver: String
        public let kernel: String
        /// ``TunedKernelStore/fingerprint(of:options:)`` of the source and the files it includes: an edited source or
        /// header has no entry.
        public let source: String
        public let size: ProblemSize
        public let configuration: TuningConfiguration
        /// The global size and work-group shape as tuned, in the parameters (`w / VW x h`, `TILE x TILE`).
        public let globalSize: String?
        public let workGroup: String?
        /// Device seconds per run, the re-timed median.
        public let seconds: Double
        public let saved: Date
    }

    /// The file.
    public let url: URL

    /// The store at `url` (default: `$XDG_CACHE_HOME/swiftcl/tuned-kernels.json`, else `~/.cache/swiftcl/…`).
    public init(url: URL = TuningStore.defaultFolder.appendingPathComponent("tuned-kernels.json")) {
        self.url = url
    }

    /// Every entry in the file; none when it is missing, unreadable or not a store.
    public var entries: [Entry] {
        guard case let .contents(bytes) = FileSystem.readRegularFile(url.path, maximumBytes: 16 << 20) else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode([Entry].self, from: Data(bytes))) ?? []
    }

    /// The entry for `device`, `kernel` and `source` (with the files it includes, searched in `options`' `-I` folders)
    /// at the stored size nearest `size` (by element count; the newest when nil or tied).
    public func best(device: Device, kernel: String, source: ProgramSource, options: BuildOptions = BuildOptions(),
                     size: ProblemSize?) -> Entry? {
        let fingerprint = Self.fingerprint(of: source, options: options)
        let matching = entries.filter {
            $0.device == device.name && $0.driver == device.driverVersion && $0.kernel == kernel && $0.source == fingerprint
        }
        return matching.min { a, b in
            let (da, db) = size.map { (abs(a.size.elements - $0.elements), abs(b.size.elements - $0.elements)) } ?? (0, 0)
            return da != db ? da < db : a.saved > b.saved
        }
    }

    /// Keeps `entry`, replacing one for the same device, driver, kernel, source and size; writes the file atomically
    /// (its folder made with mode 0700).
    /// - Throws: a Foundation error when the file cannot be written.
    public func save(_ entry: Entry) throws {
        var all = entries.filter {
            !($0.device == entry.device && $0.driver == entry.driver && $0.kernel == entry.kernel && $0.source == entry.source
              && $0.size == entry.size)
        }
        all.append(entry)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try encoder.encode(all).write(to: url, options: .atomic)
    }

    /// A stable fingerprint (64-bit FNV-1a, hex; the same in every process) of a source text and of every file it
    /// includes — found as the compiler finds them, in `options`' `-I` folders —, path and bytes: editing a header
    /// the kernel includes makes its stored entries stale, as editing the kernel does.
    public static func fingerprint(of source: ProgramSource, options: BuildOptions = BuildOptions()) -> String {
        let includes = (try? IncludeResolver(options: options.description).resolve(source: source.text, sourceName: source.name))?.files
        guard let includes, !includes.isEmpty else { return source.fingerprint }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            hash = (hash ^ 0xff) &* 0x100_0000_01b3
        }
        add(source.text.utf8)
        for file in includes {
            add(file.path.utf8)
            add(file.bytes)
        }
        return String(hash, radix: 16)
    }
}

extension TunedKernelStore.Entry {
    /// The best of a tuning `result` of `tuner` on `device`; nil when nothing was verified.
    public init?(best result: KernelTuner.Result, of tuner: KernelTuner, on device: Device, saved: Date = Date()) {
        guard let configuration = result.best,
              let seconds = result.retiming?.leaders.first?.seconds.median ?? result.outcomes.first?.deviceSeconds?.median
        else { return nil }
        self.init(device: device.name, driver: device.driverVersion, kernel: tuner.kernel.name,
                  source: TunedKernelStore.fingerprint(of: tuner.kernel.source, options: tuner.kernel.options), size: tuner.size,
                  configuration: configuration, globalSize: tuner.globalSize, workGroup: tuner.workGroup, seconds: seconds,
                  saved: saved)
    }
}
