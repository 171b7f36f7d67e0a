/// The compiler messages of an OpenCL build log, located as file:line:column: the one reader of build logs, for the
/// runtime's ``BuildError`` diagnostics and the build plugin's compile check.
package enum BuildLog {
    package enum Severity: String, CaseIterable, Sendable {
        case error, warning, note, remark
    }

    /// One located message.
    package struct Entry: Hashable, Sendable {
        package let file: String
        package let line: Int
        package let column: Int
        package let severity: Severity
        package let message: String

        package var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
    }

    /// The located messages of `log`, in either of the two shapes runtimes print: clang's `file:line:column: error:
    /// message` and PoCL's `error: file:line:column: message`. Locations in the runtime's anonymous copy of the source
    /// (`<source>`, `input.cl`, PoCL's kernel cache `tempfile_*.cl`, NVIDIA's `<kernel>`) are attributed to
    /// `sourceName`; included files keep their own path.
    package static func entries(in log: String, sourceName: String) -> [Entry] {
        log.split(whereSeparator: \.isNewline).compactMap { parseLine(String($0), sourceName: sourceName) }
    }

    package static func parseLine(_ line: String, sourceName: String) -> Entry? {
        // clang's "fatal error:" (a missing header, as NVIDIA's compiler prints it) is an error that stops the build.
        if let fatal = line.firstRange(of: ": fatal error: ") {
            return parseLine(line[..<fatal.lowerBound] + ": error: " + line[fatal.upperBound...], sourceName: sourceName)
        }
        if line.hasPrefix("fatal error: ") {
            return parseLine("error: " + line.dropFirst("fatal error: ".count), sourceName: sourceName)
        }
        for severity in Severity.allCases {
            let label = severity.rawValue + ":"
            // PoCL: "error: /path/tempfile_X.cl:5:12: message"
            if line.hasPrefix(label + " "),
               let (file, lineNumber, column, message) = splitLocation(String(line.dropFirst(label.count + 1))) {
                return Entry(file: attribute(file, to: sourceName), line: lineNumber, column: column,
                                  severity: severity, message: message)
            }
            // clang: "/path/file.cl:5:12: error: message"
            if let marker = line.firstRange(of: ": \(label) ") {
                let location = String(line[..<marker.lowerBound]) + ": "
                if let (file, lineNumber, column, _) = splitLocation(location) {
                    return Entry(file: attribute(file, to: sourceName), line: lineNumber, column: column,
                                      severity: severity, message: String(line[marker.upperBound...]))
                }
            }
        }
        return nil
    }

    /// Splits "file:line:column: rest" (the file may itself contain colons).
    private static func splitLocation(_ text: String) -> (String, Int, Int, String)? {
        var searchEnd = text.endIndex
        while let separator = text[..<searchEnd].firstRange(of: ": ") {
            let location = text[..<separator.lowerBound]
            let parts = location.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count >= 3, let column = Int(parts[parts.count - 1]), let line = Int(parts[parts.count - 2]) {
                let file = parts[..<(parts.count - 2)].joined(separator: ":")
                return (file, line, column, String(text[separator.upperBound...]))
            }
            searchEnd = separator.lowerBound
            if searchEnd == text.startIndex { break }
        }
        return nil
    }

    private static func attribute(_ file: String, to sourceName: String) -> String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        if file.isEmpty || file == "<source>" || file == "<kernel>" || file == "input.cl" || (last.hasPrefix("tempfile") && last.hasSuffix(".cl")) {
            return sourceName
        }
        return file
    }
}
