import Foundation
import SwiftCL

/// The file behind a resumable tuning (`swiftcl tune --cache FILE`): what was tuned (``Key``) and every outcome known so
/// far. After each configuration the file is re-read, merged and replaced under an exclusive lock, so several processes
/// tuning into one file all keep their outcomes.
struct TuningCache: Codable {
    /// Everything an outcome depends on besides its configuration; a file for another key is not used.
    struct Key: Codable, Hashable {
        let device: String
        let driver: String
        /// ``TunedKernelStore/fingerprint(of:options:)`` of the source and every file it includes: a file kept before
        /// a header changed is another tuning's.
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

    /// The largest file read (about 50,000 outcomes).
    static let maximumFileBytes = 64 << 20

    /// The cache at `url` when it holds a tuning of `key`; nil when it is missing or holds another tuning (the run starts
    /// afresh and replaces it).
    /// - Throws: ``SwiftCLError/unwritableFile(path:reason:)`` for a file that is not a regular file, too large, or not
    ///   a tuning cache at all: it is not replaced by a run that could not read it.
    static func read(_ url: URL, key: Key) throws -> TuningCache? {
        switch FileSystem.readRegularFile(url.path, maximumBytes: maximumFileBytes, followingSymlink: true) {
        case .missing:
            return nil
        case let .refused(reason):
            throw SwiftCLError.unwritableFile(path: url.path, reason: "cannot be used as a tuning cache: \(reason)")
        case let .contents(bytes):
            if bytes.isEmpty { return nil }
            let cache: TuningCache
            do {
                cache = try JSONDecoder().decode(TuningCache.self, from: Data(bytes))
            } catch {
                throw SwiftCLError.unwritableFile(path: url.path, reason: "not a tuning cache of swiftcl tune (\(error)); "
                                                  + "it is left as it is: remove it or name another file")
            }
            return cache.key == key ? cache : nil
        }
    }

    /// Merges the outcomes the file holds for this key (another process's) into these, then replaces the file, all
    /// under the folder's lock.
    /// - Throws: ``SwiftCLError/unwritableFile(path:reason:)``.
    mutating func save(to url: URL) throws {
        try FileSystem.withExclusiveLock(besides: url.path) {
            if let stored = try Self.read(url, key: key) {
                let mine = Set(outcomes.map(\.configuration))
                outcomes += stored.outcomes.filter { !mine.contains($0.configuration) }
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try FileSystem.replaceFile(url.path, with: try encoder.encode(self), origin: .user)
        }
    }
}
