#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch

/// Keeps an in-process OpenCL C compiler's console lines out of the program's standard error.
///
/// Runtimes that compile with clang in the calling process (PoCL here; also Mesa's and Intel's CPU runtimes) let clang
/// print its summary — `1 warning generated.`, `4 warnings generated.` — straight to file descriptor 2 whenever a
/// build has warnings, although the warnings themselves are already in the program's build log. A library call that
/// builds programs (``CL/buildProgram(_:devices:options:)``, clFFT's plan baking, CLBlast's first call of a routine)
/// runs inside ``routingSummaryLines(of:_:)``: for that span descriptor 2 is a pipe, clang's summary lines go to the
/// `SwiftCL` logger at debug level (naming the call that built), and every other line is passed on to the real
/// standard error unchanged, in order.
///
/// Process-wide and reference-counted: concurrent builds share one redirection, the last one out restores descriptor
/// 2. Another thread's output written in the span is delayed only until its line ends (or the span does), never lost.
/// The pipe's ends are close-on-exec; a child process started in the span with an inherited standard error writes
/// through the pipe until it exits, and the span's end does not wait for it longer than ``drainTimeout``.
package enum CompilerConsole {
    /// How long the end of a span waits for the forwarder to pass on what is still in the pipe.
    static let drainTimeout: DispatchTimeInterval = .seconds(1)

    private struct Redirection {
        /// The real standard error (close-on-exec), put back on descriptor 2 when the last span ends.
        let savedError: Int32
        /// Signalled by the forwarder when the pipe reaches end of file.
        let drained: DispatchSemaphore
    }

    private struct State {
        var depth = 0
        var active: Redirection?
        /// What the spans that built have called themselves, for the log line.
        var labels: [String] = []
        /// Summary lines taken from the pipe and not logged yet: logged by the thread ending a span, after standard
        /// error is back (the forwarder never logs itself, so a log handler writing to standard error cannot block it).
        var routed: [String] = []
    }

    private static let state = Locked(State())

    /// Runs `body` with clang's summary lines routed to the logger under `label` ("clfftBakePlan").
    package static func routingSummaryLines<Result>(of label: String, _ body: () throws -> Result) rethrows -> Result {
        begin(label)
        defer { end(label) }
        return try body()
    }

    /// Whether `line` is clang's diagnostic summary ("1 warning generated.", "2 warnings and 1 error generated.").
    package static func isSummaryLine(_ line: some StringProtocol) -> Bool {
        guard line.hasSuffix(" generated.") else { return false }
        let words = line.dropLast(" generated.".count).split(separator: " ")
        // <n> warning(s) | <n> error(s) | <n> warning(s) and <n> error(s)
        func isCount(_ index: Int) -> Bool {
            index + 1 < words.count && Int(words[index]) != nil
                && ["warning", "warnings", "error", "errors"].contains(String(words[index + 1]))
        }
        switch words.count {
        case 2: return isCount(0)
        case 5: return isCount(0) && words[2] == "and" && isCount(3)
        default: return false
        }
    }

    private static func begin(_ label: String) {
        state.withLock { state in
            state.depth += 1
            state.labels.append(label)
            guard state.depth == 1 else { return }
            state.active = redirect()
        }
    }

    private static func end(_ label: String) {
        let finished: Redirection? = state.withLock { state in
            state.depth -= 1
            if let index = state.labels.lastIndex(of: label) { state.labels.remove(at: index) }
            guard state.depth == 0, let active = state.active else { return nil }
            state.active = nil
            // Descriptor 2 is the real standard error again; the pipe's last writer is gone (unless a child has it).
            _ = dup2(active.savedError, STDERR_FILENO)
            close(active.savedError)
            return active
        }
        if let finished { _ = finished.drained.wait(timeout: .now() + drainTimeout) }
        let lines = state.withLock { state in
            defer { state.routed = [] }
            return state.routed
        }
        for line in lines { swiftCLLogger.debug("compiler: \(line); the warnings are in the build log") }
    }

    /// Points descriptor 2 at a new pipe and starts the forwarder; nil (nothing redirected) where a descriptor is
    /// missing.
    private static func redirect() -> Redirection? {
        var ends: [Int32] = [-1, -1]
        // pipe2(O_CLOEXEC) is not in Swift's Glibc module: a child spawned between these two calls keeps the ends.
        guard pipe(&ends) == 0 else { return nil }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        let savedError = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0)
        let forwardTo = savedError < 0 ? -1 : fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0)
        guard savedError >= 0, forwardTo >= 0, dup2(writeEnd, STDERR_FILENO) >= 0 else {
            for descriptor in [readEnd, writeEnd, savedError, forwardTo] where descriptor >= 0 { close(descriptor) }
            return nil
        }
        close(writeEnd)
        let drained = DispatchSemaphore(value: 0)
        // A queue of its own per redirection: the forwarder blocks in read() for the whole span (and longer, if a
        // child process kept the pipe), which must hold up no other work.
        DispatchQueue(label: "SwiftCL compiler console").async {
            forward(from: readEnd, to: forwardTo) { line in
                state.withLock { state in
                    let label = state.labels.last ?? "a build"
                    state.routed.append("\(line) (\(label))")
                }
            }
            close(readEnd)
            close(forwardTo)
            drained.signal()
        }
        return Redirection(savedError: savedError, drained: drained)
    }

    /// Reads `source` to its end, a line at a time: summary lines (without their newline) to `summary`, the rest to
    /// `destination` byte for byte.
    package static func forward(from source: Int32, to destination: Int32, summary: (String) -> Void) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        func pass(_ bytes: ArraySlice<UInt8>) {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = write(destination, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 { if errno == EINTR { continue } else { return } }
                    offset += written
                }
            }
        }
        func route(_ line: ArraySlice<UInt8>) {
            let text = String(decoding: line.last == UInt8(ascii: "\n") ? line.dropLast() : line, as: UTF8.self)
            if isSummaryLine(text) {
                summary(text)
            } else {
                pass(line)
            }
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(source, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            pending.append(contentsOf: chunk[..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                route(pending[...newline])
                pending.removeSubrange(...newline)
            }
        }
        if !pending.isEmpty { route(pending[...]) }
    }
}
