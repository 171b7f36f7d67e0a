import Foundation
import SwiftCL

/// Oclgrind, the OpenCL simulator that catches out-of-bounds accesses, data races and API misuse, as
/// a second OpenCL platform. Debian's `oclgrind` package installs the ICD library but no `.icd` file;
/// SwiftCL writes one into a private vendors folder and points `OCL_ICD_VENDORS` at it for a child
/// process, so only that process sees Oclgrind (the ICD loader reads the variable once, at start-up).
public enum Oclgrind {
    /// One problem Oclgrind reported.
    public struct Finding: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The case running when it was reported (from the `[case] NAME` markers a child prints).
        public let context: String?
        /// The kernel Oclgrind names, if any.
        public let kernel: String?
        /// The headline ("Invalid write of size 4 at global memory address …").
        public let summary: String
        /// The indented lines that follow it (entity, instruction, source line).
        public let details: [String]

        public init(context: String?, kernel: String?, summary: String, details: [String]) {
            self.context = context
            self.kernel = kernel
            self.summary = summary
            self.details = details
        }

        public var description: String {
            "\(context.map { "[\($0)] " } ?? "")\(kernel.map { "kernel \($0): " } ?? "")\(summary)"
        }

        /// The headline with its addresses and sizes blanked (`Read-write data race at local memory address …`):
        /// findings of one kind differ only there.
        public var kind: String {
            summary.split(separator: " ").map { word in
                word.hasPrefix("0x") || word.allSatisfy(\.isNumber) ? "…" : word
            }.joined(separator: " ")
        }
    }

    /// Findings of one kind in one case and kernel, in order of first appearance.
    public struct FindingGroup: Sendable {
        /// The first few of the group, in order.
        public let examples: [Finding]
        /// How many findings the group has.
        public let count: Int
    }

    /// `findings` grouped by case, kernel and ``Finding/kind`` (one missing barrier can draw a thousand races), keeping
    /// the first `examples` of each.
    public static func grouped(_ findings: [Finding], examples: Int = 2) -> [FindingGroup] {
        var order: [String] = []
        var groups: [String: (examples: [Finding], count: Int)] = [:]
        for finding in findings {
            let key = [finding.context ?? "", finding.kernel ?? "", finding.kind].joined(separator: "\u{1}")
            if groups[key] == nil { order.append(key) }
            var group = groups[key] ?? ([], 0)
            if group.examples.count < examples { group.examples.append(finding) }
            group.count += 1
            groups[key] = group
        }
        return order.compactMap { key in groups[key].map { FindingGroup(examples: $0.examples, count: $0.count) } }
    }

    /// What a command run under Oclgrind produced.
    public struct Result: Sendable {
        public let exitStatus: Int32
        public let standardOutput: String
        public let standardError: String
        public let findings: [Finding]
    }

    /// Where the ICD library may be installed.
    static let candidates = [
        "/usr/lib/oclgrind/liboclgrind-rt-icd.so", "/usr/lib/x86_64-linux-gnu/oclgrind/liboclgrind-rt-icd.so",
        "/usr/local/lib/liboclgrind-rt-icd.so", "/usr/lib/liboclgrind-rt-icd.so",
    ]

    /// The path of Oclgrind's ICD library, or nil when it is not installed.
    public static var libraryPath: String? {
        candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The folder of this process's vendor file: new and private (mode 0700, created exclusively, under a name no other
    /// user can guess — a folder planted at a predictable name could point the loader at another library), removed when
    /// the process exits; folders that ended processes left are removed when it is made.
    private static let vendorsFolder: Swift.Result<String, any Error> = Swift.Result {
        let folder = try FileSystem.makeTemporaryFolder(prefix: "swiftcl-oclgrind-", sweeping: ["swiftcl-oclgrind-"])
        atexit { if let folder = try? Oclgrind.vendorsFolder.get() { try? FileManager.default.removeItem(atPath: folder) } }
        return folder
    }

    /// The environment for a child that sees only Oclgrind, with its data-race and API checks on
    /// (out-of-bounds checks are always on).
    /// - Throws: ``OclgrindError/notInstalled(searched:)`` when Oclgrind is not installed.
    public static func environment(base: [String: String] = ProcessInfo.processInfo.environment) throws -> [String: String] {
        guard let library = libraryPath else {
            throw OclgrindError.notInstalled(searched: candidates)
        }
        let folder = try vendorsFolder.get()
        try FileSystem.replaceFile(folder + "/oclgrind.icd", with: Array((library + "\n").utf8), origin: .swiftCL, mode: 0o600)
        var environment = base
        environment["OCL_ICD_VENDORS"] = folder
        environment["OCL_ICD_FILENAMES"] = nil
        environment["OCLGRIND_CHECK_API"] = "1"
        environment["OCLGRIND_DATA_RACES"] = "1"
        return environment
    }

    /// Runs `executable` with `arguments` under Oclgrind and collects what it reports.
    /// - Throws: a Foundation error when the process cannot be started.
    public static func run(_ executable: URL, arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = try environment()
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Drain both pipes while the child runs so neither can fill up and block it.
        let collected = OutputCollector()
        let group = DispatchGroup()
        for (pipe, isError) in [(output, false), (errors, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.store(data, isError: isError)
                group.leave()
            }
        }
        process.waitUntilExit()
        group.wait()
        let (standardOutput, standardError) = collected.texts
        return Result(exitStatus: process.terminationStatus, standardOutput: standardOutput, standardError: standardError,
                      findings: parse(standardError))
    }

    /// Oclgrind's messages in `log`: a headline followed by tab-indented lines, attributed to the most
    /// recent `[case] NAME` marker.
    public static func parse(_ log: String) -> [Finding] {
        var findings: [Finding] = []
        var context: String?
        var current: (summary: String, details: [String])?
        func flush() {
            if let current {
                let kernel = current.details.lazy.compactMap { line -> String? in
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    return trimmed.hasPrefix("Kernel: ") ? String(trimmed.dropFirst("Kernel: ".count)) : nil
                }.first
                findings.append(Finding(context: context, kernel: kernel, summary: current.summary, details: current.details))
            }
            current = nil
        }
        let headlines = ["Invalid ", "Uninitialized ", "Work-group divergence", "Work-item divergence", "Oclgrind - ",
                         "Read-write data race", "Write-write data race", "Unaligned "]
        for line in log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("[case] ") {
                flush()
                context = String(line.dropFirst("[case] ".count))
            } else if line.hasPrefix("\t"), current != nil {
                current?.details.append(line)
            } else if headlines.contains(where: { line.hasPrefix($0) }) || line.contains(" data race ") {
                flush()
                current = (line, [])
            } else if line.isEmpty {
                flush()
            }
        }
        flush()
        return findings
    }
}

/// Oclgrind cannot be used.
public enum OclgrindError: Error, Hashable, Sendable, CustomStringConvertible {
    case notInstalled(searched: [String])

    public var description: String {
        switch self {
        case let .notInstalled(searched):
            "Oclgrind's ICD library is not installed (looked in \(searched.joined(separator: ", "))); install the Debian package oclgrind"
        }
    }
}

/// Collects a child's two output streams from two reader threads.
private final class OutputCollector: Sendable {
    private let streams = Locked((output: Data(), errors: Data()))

    func store(_ data: Data, isError: Bool) {
        streams.withLock {
            if isError { $0.errors = data } else { $0.output = data }
        }
    }

    var texts: (String, String) {
        streams.withLock { (String(decoding: $0.output, as: UTF8.self), String(decoding: $0.errors, as: UTF8.self)) }
    }
}
