import Foundation

/// A one-line progress indicator on standard error, redrawn in place when it is a terminal.
final class ProgressLine {
    private let isTerminal = isatty(STDERR_FILENO) != 0

    func show(_ message: String) {
        if isTerminal {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + message).utf8))
        } else {
            FileHandle.standardError.write(Data((message + "\n").utf8))
        }
    }

    func clear() {
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
