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

    public init(outcomes: [KernelTuner.Outcome], writer: String) {
        self.outcomes = outcomes
        self.writer = writer
    }

    /// The largest file read.
    static let maximumFileBytes = 64 << 20

    /// Reads the table at `path`.
    /// - Throws: ``SwiftCLError/unreadableFile(path:reason:)`` for a file that cannot be read or holds no table.
    public static func read(_ path: String) throws -> TuningTable {
        let bytes = try FileSystem.contentsOfUserFile(path, maximumBytes: maximumFileBytes)
        if let cache = try? JSONDecoder().decode(TuningCache.self, from: Data(bytes)) {
            return TuningTable(outcomes: cache.outcomes, writer: "swiftcl tune")
        }
        if let table = kernelTunerTable(bytes) { return table }
        throw SwiftCLError.unreadableFile(path: path, reason: "neither a `swiftcl tune --cache` file nor a Kernel Tuner cache file")
    }

    /// A Kernel Tuner cache: `{"tune_params_keys": [...], "cache": {"16,1": {"TILE": 16, …, "time": 0.23 or "InvalidConfig"}}}`
    /// (times in milliseconds); a file Kernel Tuner left open (ending in `,`) is closed first, as Kernel Tuner does.
    static func kernelTunerTable(_ bytes: [UInt8]) -> TuningTable? {
        var text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.hasSuffix("}\n}") && !text.hasSuffix("}}}") {
            if text.hasSuffix(",") { text.removeLast() }
            text += "}\n}"
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
                ?? (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any],
              let keys = object["tune_params_keys"] as? [String], let entries = object["cache"] as? [String: Any] else { return nil }
        var outcomes: [KernelTuner.Outcome] = []
        for (_, value) in entries.sorted(by: { $0.key < $1.key }) {
            guard let entry = value as? [String: Any] else { continue }
            let configuration = TuningConfiguration(values: keys.map { ($0, describe(entry[$0])) })
            if let milliseconds = (entry["time"] as? NSNumber)?.doubleValue, milliseconds.isFinite, milliseconds > 0 {
                // Kernel Tuner's objective is `time`, the mean of its runs: the replay ranks by it, as Kernel Tuner's does.
                outcomes.append(KernelTuner.Outcome(configuration: configuration, status: .timed,
                                                    deviceSeconds: Summary([milliseconds / 1e3]), gbPerS: nil))
            } else {
                outcomes.append(KernelTuner.Outcome(configuration: configuration, status: .failed(describe(entry["time"])),
                                                    deviceSeconds: nil, gbPerS: nil))
            }
        }
        return outcomes.isEmpty ? nil : TuningTable(outcomes: outcomes, writer: "Kernel Tuner")
    }

    private static func describe(_ value: Any?) -> String {
        switch value {
        case let number as NSNumber: "\(number)"
        case let text as String: text
        case nil: "-"
        default: "\(value!)"
        }
    }

    /// The fastest verified outcome.
    public var best: KernelTuner.Outcome? { KernelTuner.ranked(outcomes).first { $0.isTimed } }

    /// `strategy` run over the table within `evaluations`: the outcomes in the order the strategy asked for them.
    /// The parameters' values are ordered as numbers where they all are, else as they first appear.
    public func replay(_ strategy: KernelTuner.Strategy, evaluations: Int? = nil) -> [KernelTuner.Outcome] {
        let configurations = outcomes.map(\.configuration)
        let byConfiguration = Dictionary(outcomes.map { ($0.configuration, $0) }) { first, _ in first }
        let search = TuningSearch(configurations: configurations, valueOrder: TuningSearch.valueOrder(of: configurations))
        return search.run(strategy, evaluations: evaluations) { byConfiguration[$0]?.deviceSeconds?.median }
            .map { byConfiguration[configurations[$0]]! }
    }

    /// How many evaluations of `trace` it took until one was within `fraction` (0.05: 5 %) of `best` seconds; nil when
    /// none was.
    public static func evaluationsToReach(_ trace: [KernelTuner.Outcome], within fraction: Double, of best: Double) -> Int? {
        trace.firstIndex { ($0.deviceSeconds?.median ?? .infinity) <= best * (1 + fraction) }.map { $0 + 1 }
    }
}
