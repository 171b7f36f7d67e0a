import Crypto
import Foundation
import SwiftCL

extension ProgramBinaryCache {
    /// The identity of one device's build: the SHA-256 of its key material, which also names the entry.
    struct Key: Hashable, Sendable {
        /// SHA-256 of the key material.
        let digest: [UInt8]

        /// The entry's file name: the digest in hex.
        var entryName: String { digest.map { String($0, radix: 16).leftPadded(to: 2) }.joined() + ".clbin" }

        /// The key for building `source` with `options` on `device`, or nil when the source includes a
        /// file that cannot be found (then nothing is cached: a stale header could not be noticed).
        init?(device: Device, source: String, options: BuildOptions) {
            let rendered = options.description
            guard let includes = IncludeResolver(options: rendered).resolve(source: source) else { return nil }
            var material = KeyMaterial()
            material.append("swiftcl-program-binary-cache")
            material.append(String(Entry.formatVersion))
            material.append(SwiftCLVersion.current)
            material.append(device.platform.name)
            material.append(device.platform.version)
            material.append(device.vendor)
            material.append(device.name)
            material.append(device.version)
            material.append(device.driverVersion)
            material.append(device.openCLCVersion)
            material.append(device.type.description)
            material.append(rendered)
            material.append(Array(source.utf8))
            material.append(String(includes.count))
            for include in includes {
                material.append(include.path)
                material.append(include.bytes)
            }
            digest = Array(SHA256.hash(data: material.bytes))
        }
    }

    /// Key material as unambiguous fields: each is its byte count (8 bytes, little-endian), then its bytes,
    /// so no field's content can be mistaken for a boundary.
    struct KeyMaterial {
        private(set) var bytes: [UInt8] = []

        mutating func append(_ field: [UInt8]) {
            withUnsafeBytes(of: UInt64(field.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: field)
        }

        mutating func append(_ field: String) { append(Array(field.utf8)) }
    }
}

/// Finds every file a source `#include`s, as the compiler would: `-I` folders from the build options in
/// order (quoted includes of an included file look beside that file first), recursively.
struct IncludeResolver {
    struct Include: Hashable {
        let path: String
        let bytes: [UInt8]
    }

    /// The `-I` folders, absolute.
    let searchPaths: [URL]
    /// At most this many files are followed (an include cycle guarded by `#pragma once` ends too).
    static let maximumFiles = 256
    /// The largest included file read into a key (a source file, not data).
    static let maximumFileBytes = 16 << 20

    init(options: String) {
        let words = options.split(whereSeparator: \.isWhitespace).map(String.init)
        var paths: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "-I", index + 1 < words.count {
                paths.append(words[index + 1])
                index += 1
            } else if word.hasPrefix("-I"), word.count > 2 {
                paths.append(String(word.dropFirst(2)))
            }
            index += 1
        }
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        searchPaths = paths.map { URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL }
    }

    /// Every included file with its bytes, in first-seen order, or nil if any include cannot be read.
    func resolve(source: String) -> [Include]? {
        var found: [Include] = []
        var seen: Set<String> = []
        var pending: [(name: IncludeName, includer: URL?)] = []
        guard let first = Self.includes(in: source) else { return nil }
        pending += first.map { ($0, nil) }
        while !pending.isEmpty {
            let (name, includer) = pending.removeFirst()
            guard let url = locate(name, includer: includer) else { return nil }
            if !seen.insert(url.path).inserted { continue }
            // Non-blocking, regular files only, bounded: a FIFO or device named by an #include cannot hang the key.
            guard found.count < Self.maximumFiles,
                  case let .contents(bytes) = FileSystem.readRegularFile(url.path, maximumBytes: Self.maximumFileBytes,
                                                                        followingSymlink: true) else { return nil }
            found.append(Include(path: url.path, bytes: bytes))
            guard let nested = Self.includes(in: String(decoding: bytes, as: UTF8.self)) else { return nil }
            pending += nested.map { ($0, url) }
        }
        return found
    }

    enum IncludeName {
        case quoted(String)
        case angled(String)

        var path: String {
            switch self {
            case let .quoted(path), let .angled(path): path
            }
        }
    }

    private func locate(_ name: IncludeName, includer: URL?) -> URL? {
        if name.path.hasPrefix("/") {
            let url = URL(fileURLWithPath: name.path).standardizedFileURL
            return FileManager.default.isReadableFile(atPath: url.path) ? url : nil
        }
        var folders = searchPaths
        if case .quoted = name, let includer { folders.insert(includer.deletingLastPathComponent(), at: 0) }
        for folder in folders {
            let url = folder.appendingPathComponent(name.path).standardizedFileURL
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return url
            }
        }
        return nil
    }

    /// The `#include` directives of a text, or nil when one names its file through a macro (which
    /// cannot be followed without preprocessing).
    static func includes(in text: String) -> [IncludeName]? {
        var names: [IncludeName] = []
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var rest = line.drop(while: { $0 == " " || $0 == "\t" })
            guard rest.first == "#" else { continue }
            rest = rest.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
            guard rest.hasPrefix("include") else { continue }
            rest = rest.dropFirst("include".count).drop(while: { $0 == " " || $0 == "\t" })
            guard let open = rest.first, open == "\"" || open == "<" else { return nil }
            let close: Character = open == "\"" ? "\"" : ">"
            let body = rest.dropFirst()
            guard let end = body.firstIndex(of: close), end > body.startIndex else { return nil }
            let path = String(body[..<end])
            names.append(open == "\"" ? .quoted(path) : .angled(path))
        }
        return names
    }
}

extension String {
    /// The string with `0` prepended up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
