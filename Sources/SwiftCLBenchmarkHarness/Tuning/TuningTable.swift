import Foundation
import SwiftCL

/// A recorded table of tuning outcomes, to run a strategy over without the device (Kernel Tuner's `simulation_mode`):
/// a `swiftcl tune --cache` file, or a Kernel Tuner cache file (`cache=` of `tune_kernel`, closed or not), so both
/// tools' strategies can be compared on the very same times.
public struct TuningTable: Sendable {
    /// Every configuration recorded, in the file's order.
    public let outcomes: [KernelTuner.Outcome]
    /// Which tool wrote the file ("swiftcl tune", "Kernel Tuner").
    public let writer: String

    /// The walk over the table's configurations and each one's first outcome, made once for every replay.
    private let search: TuningSearch
    private let firstOf: [KernelTuner.Outcome]

    public init(outcomes: [KernelTuner.Outcome], writer: String) {
        self.outcomes = outcomes
        self.writer = writer
        let configurations = outcomes.map(\.configuration)
        search = TuningSearch(configurations: configurations, valueOrder: TuningSearch.valueOrder(of: configurations))
        // The first outcome of each configuration, by position (a table may list one twice; the first counts).
        let byConfiguration = Dictionary(outcomes.map { ($0.configuration, $0) }) { first, _ in first }
        firstOf = configurations.map { byConfiguration[$0]! }
    }

    /// The largest file read.
    static let maximumFileBytes = 64 << 20

    /// The most configurations a table may hold (a replay walks each strategy over it once per seed).
    public static let maximumOutcomes = 1_000_000

    /// Reads the table at `path`.
    /// - Throws: ``SwiftCLError/unreadableFile(path:reason:)`` for a file that cannot be read, holds no table, or holds
    ///   more than ``maximumOutcomes`` configurations.
    public static func read(_ path: String) throws -> TuningTable {
        let bytes = try FileSystem.contentsOfUserFile(path, maximumBytes: maximumFileBytes)
        let table: TuningTable
        if let cache = try? JSONDecoder().decode(TuningCache.self, from: Data(bytes)) {
            table = TuningTable(outcomes: cache.outcomes, writer: "swiftcl tune")
        } else if let kernelTuner = try kernelTunerTable(bytes, path: path) {
            table = kernelTuner
        } else {
            throw SwiftCLError.unreadableFile(path: path, reason: "neither a `swiftcl tune --cache` file nor a Kernel Tuner cache file")
        }
        guard table.outcomes.count <= maximumOutcomes else {
            throw SwiftCLError.unreadableFile(path: path, reason: "\(table.outcomes.count) configurations; a replay takes at most \(maximumOutcomes)")
        }
        return table
    }

    /// A JSON value of a Kernel Tuner cache entry, read strictly: a time must be a number, never a boolean or text.
    enum KernelTunerValue: Decodable {
        case integer(Int), number(Double), text(String), boolean(Bool), other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Int.self) { self = .integer(value) }
            else if let value = try? container.decode(Double.self) { self = .number(value) }
            else if let value = try? container.decode(String.self) { self = .text(value) }
            else if let value = try? container.decode(Bool.self) { self = .boolean(value) }
            else { self = .other }
        }

        var description: String {
            switch self {
            case let .integer(value): "\(value)"
            case let .number(value): "\(value)"
            case let .text(value): value
            case let .boolean(value): "\(value)"
            case .other: "-"
            }
        }

        /// The value when it is a number (JSON's true is not 1 here).
        var number: Double? {
            switch self {
            case let .integer(value): Double(value)
            case let .number(value): value
            default: nil
            }
        }
    }

    private struct KernelTunerFile: Decodable {
        let tune_params_keys: [String]
        let cache: [String: [String: KernelTunerValue]]
    }

    /// A Kernel Tuner cache: `{"tune_params_keys": [...], "cache": {"16,1": {"TILE": 16, …, "time": 0.23 or "InvalidConfig"}}}`
    /// (times in milliseconds). A file Kernel Tuner left open by an interrupted run (ending in `,`, with no closing
    /// braces, or cut inside its last entry) is closed after its last whole entry, as Kernel Tuner does. A time that is
    /// not a positive number (text, a boolean) marks the configuration failed.
    /// - Returns: nil when the bytes are not a Kernel Tuner cache at all.
    /// - Throws: ``SwiftCLError/unreadableFile(path:reason:)`` for an entry without a value of a tuned parameter.
    static func kernelTunerTable(_ bytes: [UInt8], path: String = "") throws -> TuningTable? {
        guard let file = kernelTunerFile(String(decoding: bytes, as: UTF8.self)) else { return nil }
        var outcomes: [KernelTuner.Outcome] = []
        outcomes.reserveCapacity(file.cache.count)
        for (key, entry) in file.cache.sorted(by: { $0.key < $1.key }) {
            let values = try file.tune_params_keys.map { name in
                guard let value = entry[name] else {
                    throw SwiftCLError.unreadableFile(path: path, reason: "the entry \(key) has no value of \(name)")
                }
                return value.description
            }
            let configuration = TuningConfiguration(names: file.tune_params_keys, values: values)
            let time = entry["time"] ?? .other
            if let milliseconds = time.number, milliseconds.isFinite, milliseconds > 0 {
                // Kernel Tuner's objective is `time`, the mean of its runs: the replay ranks by it, as Kernel Tuner's does.
                outcomes.append(KernelTuner.Outcome(configuration: configuration, status: .timed,
                                                    deviceSeconds: Summary([milliseconds / 1e3]), gbPerS: nil))
            } else {
                outcomes.append(KernelTuner.Outcome(configuration: configuration, status: .failed("time \(time.description)"),
                                                    deviceSeconds: nil, gbPerS: nil))
            }
        }
        return outcomes.isEmpty ? nil : TuningTable(outcomes: outcomes, writer: "Kernel Tuner")
    }

    /// The file as written, else closed after its last whole entry.
    private static func kernelTunerFile(_ text: String) -> KernelTunerFile? {
        let decoder = JSONDecoder()
        func decode(_ candidate: String) -> KernelTunerFile? { try? decoder.decode(KernelTunerFile.self, from: Data(candidate.utf8)) }
        if let file = decode(text) { return file }
        var open = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // Cut inside an entry: keep everything up to the end of the last whole one.
        for attempt in 0..<2 {
            if attempt == 1 {
                guard let lastEntry = open.range(of: "},", options: .backwards) else { return nil }
                open = String(open[..<lastEntry.upperBound])
            }
            if open.hasSuffix(",") { open.removeLast() }
            for closing in ["}", "}}", "}\n}", "}}}"] {
                if let file = decode(open + closing) { return file }
            }
        }
        return nil
    }

    /// The fastest verified outcome.
    public var best: KernelTuner.Outcome? { KernelTuner.ranked(outcomes).first { $0.isTimed } }

    /// `strategy` run over the table within `evaluations`: the outcomes in the order the strategy asked for them.
    /// The parameters' values are ordered as numbers where they all are, else as they first appear.
    /// With `reaching`, the replay stops after the first outcome within that many seconds (the rest of the walk could
    /// not change how many evaluations it took to get there).
    public func replay(_ strategy: KernelTuner.Strategy, evaluations: Int? = nil, reaching target: Double? = nil) -> [KernelTuner.Outcome] {
        var reached = false
        return search.run(strategy, evaluations: evaluations, shouldStop: { reached }) { (index: Int) -> Double? in
            let seconds = firstOf[index].deviceSeconds?.median
            if let target, let seconds, seconds <= target { reached = true }
            return seconds
        }
        .map { firstOf[$0] }
    }

    /// How many evaluations of `trace` it took until one was within `fraction` (0.05: 5 %) of `best` seconds; nil when
    /// none was.
    public static func evaluationsToReach(_ trace: [KernelTuner.Outcome], within fraction: Double, of best: Double) -> Int? {
        trace.firstIndex { ($0.deviceSeconds?.median ?? .infinity) <= best * (1 + fraction) }.map { $0 + 1 }
    }
}
