import Foundation
import SwiftCL

/// The file behind a resumable tuning (`swiftcl tune --cache FILE`): what was tuned (``Key``) and every outcome known so
/// far, rewritten (atomically) after each configuration.
struct TuningCache: Codable {
    /// Everything an outcome depends on besides its configuration; a file for another key is not used.
    struct Key: Codable, Hashable {
        let device: String
        let driver: String
        let source: String
        let kernel: String
        let options: String
        let spec: String
        let globalSize: String?
        let workGroup: String?
        let reference: String
        let tolerance: String
        let size: String
    }

    let key: Key
    var outcomes: [KernelTuner.Outcome]

    /// The largest file read (a few thousand outcomes).
    static let maximumFileBytes = 16 << 20

    /// The cache at `url` when it is a regular file holding a tuning of `key`; nil otherwise (missing, unreadable,
    /// another tuning: the run starts afresh and replaces it).
    static func read(_ url: URL, key: Key) -> TuningCache? {
        guard case let .contents(bytes) = FileSystem.readRegularFile(url.path, maximumBytes: maximumFileBytes),
              let cache = try? JSONDecoder().decode(TuningCache.self, from: Data(bytes)), cache.key == key else { return nil }
        return cache
    }

    func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: url, options: .atomic)
    }
}
