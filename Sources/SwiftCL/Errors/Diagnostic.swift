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

    /// Parses clang-style lines (`<source>:3:5: error: message`) out of a build log. Lines naming the
    /// anonymous buffer (`<source>`, `input.cl`, or an empty name) are attributed to `sourceName`.
    public static func parse(log: String, sourceName: String) -> [Diagnostic] {
        log.split(whereSeparator: \.isNewline).compactMap { parseLine(String($0), sourceName: sourceName) }
    }

    static func parseLine(_ line: String, sourceName: String) -> Diagnostic? {
        // file:line:column: severity: message — file may itself contain colons, so anchor on the
        // first ":<digits>:<digits>: <severity>:" occurrence.
        let severities: [Severity] = [.error, .warning, .note, .remark]
        for severity in severities {
            guard let marker = line.range(of: ": \(severity.rawValue): ") else { continue }
            let location = line[..<marker.lowerBound]
            let parts = location.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 3,
                  let column = Int(parts[parts.count - 1]),
                  let lineNumber = Int(parts[parts.count - 2]) else { continue }
            var file = parts[..<(parts.count - 2)].joined(separator: ":")
            if file.isEmpty || file == "<source>" || file == "input.cl" || file.hasPrefix("/tmp/") && file.hasSuffix(".cl") {
                file = sourceName
            }
            let message = String(line[marker.upperBound...])
            return Diagnostic(file: file, line: lineNumber, column: column, severity: severity, message: message)
        }
        return nil
    }
}
