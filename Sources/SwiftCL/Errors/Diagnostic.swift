import OpenCLSource

/// One compiler diagnostic from an OpenCL build log, located as file:line:column.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error, warning, note, remark
    }

    public let file: String
    public let line: Int
    public let column: Int
    public let severity: Severity
    public let message: String

    public init(file: String, line: Int, column: Int, severity: Severity, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }

    /// Parses compiler diagnostics out of a build log, in either of the two shapes runtimes print:
    /// clang's `file:line:column: error: message` and PoCL's `error: file:line:column: message`.
    /// Locations in the runtime's anonymous copy of the source (`<source>`, `input.cl`, PoCL's kernel
    /// cache `tempfile_*.cl`, NVIDIA's `<kernel>`) are attributed to `sourceName`; included files keep their own path.
    /// A diagnostic the log repeats word for word (PoCL logs each warning of a successful build twice) is listed once.
    public static func parse(log: String, sourceName: String) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return BuildLog.entries(in: log, sourceName: sourceName).map { entry in
            Diagnostic(file: entry.file, line: entry.line, column: entry.column,
                       severity: Severity(rawValue: entry.severity.rawValue) ?? .error, message: entry.message)
        }.filter { seen.insert($0).inserted }
    }
}
