/// A program failed to build: which source, with which options, on which devices, and why.
public struct BuildError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The build log of one device.
    public struct DeviceLog: Hashable, Sendable {
        public let device: String
        public let log: String
    }

    /// The name the source was given (a file name for `.cl` files).
    public let sourceName: String
    /// The options string passed to `clBuildProgram`.
    public let options: String
    /// The status `clBuildProgram` returned.
    public let status: CLStatus
    /// The whole build log of every device.
    public let logs: [DeviceLog]
    /// The compiler's diagnostics, parsed from the logs as file:line:column.
    public let diagnostics: [Diagnostic]

    public var description: String {
        var text = "build of \(sourceName) failed with \(status.name)"
        text += options.isEmpty ? " (no options)" : " (options: \(options))"
        let errors = diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            text += "\n" + errors.map(\.description).joined(separator: "\n")
        }
        for entry in logs {
            text += "\n--- build log for \(entry.device) ---\n\(entry.log)"
        }
        return text
    }
}
