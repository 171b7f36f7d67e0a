#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a program's source includes, found as the compiler finds them, and read before the build (by the runtime and by the build plugin's compile check):
/// the build refuses a source whose includes name a FIFO, a device or another special file (the compiler would block
/// in `open()` inside `clBuildProgram`, or read forever), and the binary cache keys on every included file's bytes.
///
/// Search order, as clang's: a quoted name beside the including file first (not for the main source, whose folder is
/// the runtime's own), then each `-I` folder of the build options in order; an angled name in the `-I` folders only;
/// an absolute name as it is. `-include FILE` and `-imacros FILE` options count as includes of the main source.
/// Every `#include`, `#include_next`, `#import` and `#embed` line counts, whatever conditional surrounds it: a file
/// no configuration would open is checked too. A name the search does not find is left to the compiler (which names
/// it in its error; the system headers of the runtime are found there).
package struct IncludeResolver: Sendable {
    /// One file an include names, with its bytes.
    package struct Include: Hashable, Sendable {
        package let path: String
        package let bytes: [UInt8]
    }

    /// What the search found.
    package struct Resolution: Sendable {
        /// Every included file that was found, in first-seen order.
        package let files: [Include]
        /// Whether every include was found (a cache may key only on a complete list).
        package let isComplete: Bool
    }

    /// The `-I` folders, absolute.
    package let searchFolders: [String]
    /// `-include` / `-imacros` files, absolute.
    let forcedIncludes: [String]
    /// At most this many files are followed (an include cycle guarded by `#pragma once` ends too).
    package static let maximumFiles = 256
    /// The largest included file (a source, not data), as for a program's own file.
    package static let maximumFileBytes = 64 << 20

    /// Reads the `-I`, `-include` and `-imacros` options of a rendered option string.
    package init(options: String) {
        let words = options.split(whereSeparator: \.isWhitespace).map(String.init)
        var folders: [String] = [], forced: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            let next = index + 1 < words.count ? words[index + 1] : nil
            switch word {
            case "-I":
                if let next { folders.append(Self.absolute(next)); index += 1 }
            case "-include", "-imacros":
                if let next { forced.append(Self.absolute(next)); index += 1 }
            default:
                if word.hasPrefix("-I"), word.count > 2 { folders.append(Self.absolute(String(word.dropFirst(2)))) }
            }
            index += 1
        }
        searchFolders = folders
        forcedIncludes = forced
    }

    /// Follows every include of `source` (named `sourceName` in messages) recursively.
    /// - Throws: ``UnreadableFile`` naming an included file that is not a regular file
    ///   (a FIFO, a device, a socket), cannot be read, or is over 64 MiB, with the file that includes it; the same for
    ///   an include whose file is named through a macro (which cannot be followed without preprocessing), and for
    ///   more than 256 included files.
    package func resolve(source: String, sourceName: String) throws -> Resolution {
        var files: [Include] = []
        var seen: Set<String> = []
        var isComplete = true
        var pending: [(name: IncludeName, includer: String?, includerName: String)] = forcedIncludes.map { (.forced($0), nil, sourceName) }
        pending += try Self.includes(in: Array(source.utf8), of: sourceName).map { ($0, nil, sourceName) }
        var next = 0
        while next < pending.count {
            let (name, includer, includerName) = pending[next]
            next += 1
            guard let path = locate(name, includer: includer) else { isComplete = false; continue }
            guard seen.insert(path).inserted else { continue }
            guard files.count < Self.maximumFiles else {
                throw UnreadableFile(path: path, reason: "included from \(includerName): more than \(Self.maximumFiles) included files")
            }
            switch RegularFile.load(path, maximumBytes: Self.maximumFileBytes, followingSymlink: true) {
            case .missing:
                isComplete = false
            case let .refused(reason):
                throw UnreadableFile(path: path, reason: "included from \(includerName): \(reason)")
            case let .contents(bytes):
                files.append(Include(path: path, bytes: bytes))
                pending += try Self.includes(in: bytes, of: path).map { ($0, path, path) }
            }
        }
        return Resolution(files: files, isComplete: isComplete)
    }

    enum IncludeName {
        case quoted(String)
        case angled(String)
        /// An option's file, already absolute.
        case forced(String)
    }

    /// The path the compiler would open for `name`: the first candidate in the search order that exists and is not a
    /// folder (special files included: they are what must be refused), or nil.
    private func locate(_ name: IncludeName, includer: String?) -> String? {
        let relative: String
        var folders = searchFolders
        switch name {
        case let .forced(path): return Self.exists(path) ? path : nil
        case let .angled(path): relative = path
        case let .quoted(path):
            relative = path
            if let includer { folders.insert(Self.folder(of: includer), at: 0) }
        }
        if relative.hasPrefix("/") { return Self.exists(relative) ? Self.normalized(relative) : nil }
        return folders.lazy.map { Self.normalized($0 + "/" + relative) }.first(where: Self.exists)
    }

    /// Whether something other than a folder is at `path` (symlinks followed).
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` made absolute against the current directory, `.` and `..` removed lexically.
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return normalized(path) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return normalized(path) }
        let cwd = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return normalized(cwd + "/" + path)
    }

    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part != ".." {
                parts.append(part)
            } else if let last = parts.last, last != ".." {
                parts.removeLast()
            } else if !path.hasPrefix("/") {
                parts.append(part)   // a relative path keeps its leading ".."; "/.." is "/"
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// The include lines of a file's bytes: `#` then (blanks allowed) `include`, `include_next`, `import` or `embed`.
    /// - Throws: ``UnreadableFile`` for a name given through a macro.
    static func includes(in text: [UInt8], of fileName: String) throws -> [IncludeName] {
        var names: [IncludeName] = []
        var lineStart = 0
        var lineNumber = 0
        while lineStart < text.count {
            var end = lineStart
            while end < text.count, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
            lineNumber += 1
            defer { lineStart = end + (end + 1 < text.count && text[end] == 0x0D && text[end + 1] == 0x0A ? 2 : 1) }
            var index = lineStart
            func skipBlanks() { while index < end, text[index] == 0x20 || text[index] == 0x09 { index += 1 } }
            skipBlanks()
            guard index < end, text[index] == UInt8(ascii: "#") else { continue }
            index += 1
            skipBlanks()
            let wordStart = index
            while index < end, text[index] == UInt8(ascii: "_") || (text[index] >= 0x61 && text[index] <= 0x7A) { index += 1 }
            let directive = String(decoding: text[wordStart..<index], as: UTF8.self)
            guard ["include", "include_next", "import", "embed"].contains(directive) else { continue }
            skipBlanks()
            let open = index < end ? text[index] : 0
            let close: UInt8 = open == UInt8(ascii: "\"") ? UInt8(ascii: "\"") : UInt8(ascii: ">")
            guard open == UInt8(ascii: "\"") || open == UInt8(ascii: "<"),
                  let closing = text[(index + 1)..<end].firstIndex(of: close), closing > index + 1 else {
                throw UnreadableFile(path: fileName, reason: "line \(lineNumber): #\(directive) names its file through a macro "
                                                  + "or without a closing quote; SwiftCL checks every included file before the build, "
                                                  + "so name it directly (\"file.h\" or <file.h>)")
            }
            let name = String(decoding: text[(index + 1)..<closing], as: UTF8.self)
            names.append(open == UInt8(ascii: "\"") ? .quoted(name) : .angled(name))
        }
        return names
    }
}
