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
    /// size nearest `size` by element count; any stored size when nil), else with `fallback`. Only entries that set
    /// exactly `fallback`'s parameters are used (an entry of another space, or one that adds a definition, is not).
    /// - Throws: what building throws (``BuildError``), a missing kernel, and a stored shape that no longer parses.
    public init(source: ProgramSource, name: String, fallback: [String: String], options: BuildOptions = BuildOptions(),
                size: ProblemSize? = nil, store: TunedKernelStore = TunedKernelStore(), on queue: ComputeQueue) throws {
        let entry = store.best(device: queue.device, kernel: name, source: source, options: options, size: size,
                               parameters: fallback.isEmpty ? nil : Set(fallback.keys))
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

        /// Why the entry cannot be used, or nil: parameters that are not C identifiers with one blank-free value each
        /// (an entry cannot smuggle in another build option), a time that is not a positive number.
        var problem: String? {
            guard configuration.names.count == configuration.values.count, !configuration.names.isEmpty else {
                return "has \(configuration.names.count) parameter names for \(configuration.values.count) values"
            }
            for (name, value) in zip(configuration.names, configuration.values) {
                guard KernelDeclarations.isIdentifier(name) else { return "names the parameter '\(name)', not a C identifier" }
                guard !value.isEmpty, !value.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true }) else {
                    return "gives \(name) the value '\(value)' (a value has no blanks)"
                }
            }
            guard Set(configuration.names).count == configuration.names.count else { return "names a parameter twice" }
            guard seconds.isFinite, seconds > 0 else { return "has the time \(seconds) s" }
            return nil
        }
    }

    /// The file.
    public let url: URL

    /// The store at `url` (default: `$XDG_CACHE_HOME/swiftcl/tuned-kernels.json`, else `~/.cache/swiftcl/…`).
    public init(url: URL = TuningStore.defaultFolder.appendingPathComponent("tuned-kernels.json")) {
        self.url = url
    }

    /// The largest store read (about 40,000 entries).
    static let maximumFileBytes = 64 << 20

    /// What the file holds: the entries that decode and check, and every other element of its array as it was (kept
    /// on save, never dropped); nil when there is no file.
    struct Contents {
        var entries: [Entry]
        var unreadable: [Data]
    }

    /// The file's contents.
    /// - Throws: ``SwiftCLError/unreadableFile(path:reason:)`` for a file that is not a regular file (a symlink is
    ///   followed only at a path the caller named), is too large, or is not a JSON array.
    func read() throws -> Contents? {
        let bytes: [UInt8]
        switch FileSystem.readRegularFile(url.path, maximumBytes: Self.maximumFileBytes, followingSymlink: true) {
        case .missing: return nil
        case let .refused(reason): throw SwiftCLError.unreadableFile(path: url.path, reason: "not a tuned-kernel store: \(reason)")
        case let .contents(contents): bytes = contents
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0a || $0 == 0x09 || $0 == 0x0d }) { return Contents(entries: [], unreadable: []) }
        guard let elements = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as? [Any] else {
            throw SwiftCLError.unreadableFile(path: url.path, reason: "not a tuned-kernel store (a JSON array of entries); "
                                              + "it is left as it is: remove it or name another store")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var contents = Contents(entries: [], unreadable: [])
        for element in elements {
            let data = (try? JSONSerialization.data(withJSONObject: element, options: [.fragmentsAllowed, .sortedKeys])) ?? Data()
            if let entry = try? decoder.decode(Entry.self, from: data), entry.problem == nil {
                contents.entries.append(entry)
            } else {
                contents.unreadable.append(data)
            }
        }
        return contents
    }

    /// Every entry in the file that decodes and passes its checks (others are skipped, and kept in the file); none
    /// when it is missing or not a store.
    public var entries: [Entry] { (try? read())?.entries ?? [] }

    /// The entry for `device`, `kernel` and `source` (with the files it includes, searched in `options`' `-I` folders)
    /// at the stored size nearest `size` (by element count; the newest when nil or tied).
    public func best(device: Device, kernel: String, source: ProgramSource, options: BuildOptions = BuildOptions(),
                     size: ProblemSize?) -> Entry? {
        best(device: device, kernel: kernel, source: source, options: options, size: size, parameters: nil)
    }

    /// ``best(device:kernel:source:options:size:)`` among the entries whose parameters are exactly `parameters`
    /// (any when nil).
    func best(device: Device, kernel: String, source: ProgramSource, options: BuildOptions, size: ProblemSize?,
              parameters: Set<String>?) -> Entry? {
        let fingerprint = Self.fingerprint(of: source, options: options)
        let matching = entries.filter {
            $0.device == device.name && $0.driver == device.driverVersion && $0.kernel == kernel && $0.source == fingerprint
                && (parameters == nil || Set($0.configuration.names) == parameters)
        }
        return matching.min { a, b in
            let (da, db) = size.map { (a.size.elements.distance(to: $0.elements).magnitude, b.size.elements.distance(to: $0.elements).magnitude) } ?? (0, 0)
            return da != db ? da < db : a.saved > b.saved
        }
    }

    /// Keeps `entry`, replacing one for the same device, driver, kernel, source and size: the file is re-read, merged
    /// and replaced atomically under its folder's lock (several processes saving at once all keep their entries), its
    /// folder made with mode 0700. Elements of the file that are not entries are kept as they are.
    /// - Throws: ``SwiftCLError/unreadableFile(path:reason:)`` for a file that cannot be read as a store (it is not
    ///   replaced), ``SwiftCLError/unwritableFile(path:reason:)``, and an entry that fails its checks.
    public func save(_ entry: Entry) throws {
        if let problem = entry.problem { throw SwiftCLError.unwritableFile(path: url.path, reason: "the entry \(problem)") }
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileSystem.withExclusiveLock(besides: url.path) {
            let stored = try read() ?? Contents(entries: [], unreadable: [])
            var all = stored.entries.filter {
                !($0.device == entry.device && $0.driver == entry.driver && $0.kernel == entry.kernel && $0.source == entry.source
                  && $0.size == entry.size)
            }
            all.append(entry)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            let elements = try all.map { try encoder.encode($0) } + stored.unreadable
            var text = Data("[\n".utf8)
            for (index, element) in elements.enumerated() {
                text += element
                text += Data((index + 1 < elements.count ? ",\n" : "\n").utf8)
            }
            text += Data("]\n".utf8)
            try FileSystem.replaceFile(url.path, with: text, origin: .user, mode: 0o600)
        }
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
