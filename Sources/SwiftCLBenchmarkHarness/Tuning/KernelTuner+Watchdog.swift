import Foundation
import SwiftCL

extension KernelTuner {
    /// What a tuning process is doing, written to ``KernelTuner/statusFile`` before each step so that a watching
    /// process can tell a step that never ends (a kernel that spins for one parameter value, a global size of 10¹¹
    /// work-items) from a slow run, stop it, and record the configuration as failed.
    struct Status: Codable, Equatable {
        enum Phase: String, Codable {
            /// Computing the reference outputs.
            case reference
            /// Waiting for the compile helpers.
            case helpers
            /// Building, verifying or timing ``configuration``.
            case configuration
            /// Re-timing the leaders.
            case retiming
        }

        let phase: Phase
        let configuration: TuningConfiguration?
        let key: TuningCache.Key
        /// Counts the steps, so that two evaluations of one configuration are two statuses.
        let step: Int
    }

    /// Writes `status` to ``statusFile`` (no flush to disk: only a process on this machine reads it, at once).
    func report(_ phase: Status.Phase, _ configuration: TuningConfiguration? = nil, key: TuningCache.Key, step: inout Int) {
        guard let statusFile else { return }
        step += 1
        guard let bytes = try? JSONEncoder().encode(Status(phase: phase, configuration: configuration, key: key, step: step)) else { return }
        try? FileSystem.replaceFile(statusFile, with: bytes, origin: .swiftCL, mode: 0o600, durable: false)
    }

    /// What a watching process does about a tuning process that stopped making progress or died.
    public enum Unfinished: Sendable, Equatable {
        /// `configuration` was recorded in the cache as failed with the reason given: start the tuning again, it
        /// resumes from the cache past it.
        case configurationRecorded(String)
        /// The compile helpers stalled (a helper runs each configuration once): start again without helpers.
        case helpersStalled
        /// A step no configuration is to blame for (the reference, the re-timing) or no status at all: the run fails.
        case fatal(String)
    }

    /// The status a tuning process last wrote to `statusFile`, as text that changes with every step (for a watcher to
    /// compare); nil when there is none yet.
    public static func statusSnapshot(_ statusFile: String) -> [UInt8]? {
        guard case let .contents(bytes) = FileSystem.readRegularFile(statusFile, maximumBytes: 1 << 20) else { return nil }
        return bytes
    }

    /// Acts on a tuning process that wrote `statusFile` and did not finish its step (`reason`: "did not finish in
    /// 120 s", "ended the process with signal 11"): a configuration is recorded as failed in `cache`, merged under the
    /// file's lock.
    /// - Throws: ``SwiftCLError/unwritableFile(path:reason:)`` when the cache cannot be written.
    public static func recordUnfinished(statusFile: String, cache: URL, reason: String) throws -> Unfinished {
        guard let bytes = statusSnapshot(statusFile), let status = try? JSONDecoder().decode(Status.self, from: Data(bytes)) else {
            return .fatal("the tuning process \(reason) before it reported a step")
        }
        switch status.phase {
        case .configuration:
            guard let configuration = status.configuration else { return .fatal("the tuning process \(reason)") }
            var record = try TuningCache.read(cache, key: status.key) ?? TuningCache(key: status.key, outcomes: [])
            record.outcomes.removeAll { $0.configuration == configuration }
            record.outcomes.append(Outcome(configuration: configuration, status: .failed(reason), deviceSeconds: nil, gbPerS: nil))
            try record.save(to: cache)
            return .configurationRecorded(configuration.description)
        case .helpers:
            return .helpersStalled
        case .reference:
            return .fatal("computing the reference \(reason)")
        case .retiming:
            return .fatal("re-timing the leaders \(reason)")
        }
    }
}
