/// OpenCL C source with the name its diagnostics are attributed to: a `.cl` file embedded at build
/// time, read at run time, or written inline.
public struct ProgramSource: Hashable, Sendable {
    /// The file name diagnostics use ("square.cl").
    public let name: String
    /// The OpenCL C text.
    public let text: String
    /// `text.hashValue`, computed once, so a context finds the cached program without hashing the text again.
    let textHash: Int

    public init(name: String, text: String) {
        self.name = name
        self.text = text
        self.textHash = text.hashValue
    }

    public static func == (lhs: ProgramSource, rhs: ProgramSource) -> Bool {
        lhs.textHash == rhs.textHash && lhs.name == rhs.name && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(textHash)
        hasher.combine(name)
    }

    /// A stable 64-bit FNV-1a hash of the text, in hex: the same in every process (unlike `hashValue`),
    /// so caches keyed by it survive restarts and notice edits.
    public var fingerprint: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// The source of a `.cl` file read at run time, named by the file's last path component (so diagnostics say
    /// `blur.cl:12:5`); build it through a context's cache with ``Context/program(_:options:)``. The file is read
    /// without ever blocking on a FIFO or device, and must be a regular UTF-8 file of at most 64 MiB.
    /// - Throws: ``SwiftCLError/unreadableFile(path:reason:)`` naming the path and why.
    public init(contentsOfFile path: String) throws {
        let text = try FileSystem.textOfUserFile(path)
        self.init(name: String(path.split(separator: "/").last ?? Substring(path)), text: text)
    }

    /// Source from UTF-8 bytes, as SwiftPM's `embedInCode` resources provide them.
    public init(name: String, utf8 bytes: [UInt8]) {
        self.init(name: name, text: String(decoding: bytes, as: UTF8.self))
    }
}

extension Context {
    /// The program for `source` built with `options` (cached per context; see ``program(source:name:options:)``).
    /// - Throws: as ``Program/init(context:source:name:options:binaryStore:)``.
    public func program(_ source: ProgramSource, options: BuildOptions = BuildOptions()) throws -> Program {
        try program(key: .init(source: source.text, name: source.name, options: options.description, sourceHash: source.textHash),
                    options: options)
    }
}
