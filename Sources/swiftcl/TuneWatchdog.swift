import Foundation
import SwiftCL
import SwiftCLBenchmarkHarness
#if canImport(Glibc)
import Glibc
#endif

/// `swiftcl tune` watched: the tuning runs in a child process (this command again) that reports each step in a status
/// file; a step that does not finish within the timeout (a kernel that spins for one parameter value, a global size
/// of 10¹¹ work-items), or that ends the child with a signal (a kernel that faults the device), is stopped, recorded in
/// the cache as a failed configuration, and the tuning starts again from the cache past it. Nothing is left behind:
/// the child and its compile helpers end with this process, and its temporary folder goes with it.
struct TuneWatchdog {
    /// The environment variables that make a `swiftcl tune` the watched child.
    static let statusVariable = "SWIFTCL_TUNE_STATUS"
    static let cacheVariable = "SWIFTCL_TUNE_CACHE"
    static let noHelpersVariable = "SWIFTCL_TUNE_NO_HELPERS"

    let timeout: Double
    /// The user's `--cache`; nil: a cache in the temporary folder, removed at the end.
    let userCache: String?

    /// Runs the tuning in children until one ends by itself; returns its exit status.
    func run() throws -> Int32 {
        let folder = try FileSystem.makeTemporaryFolder(prefix: "swiftcl-tune-", sweeping: CompileClaims.temporaryPrefixes)
        let temporary = FileSystem.folder(of: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let status = folder + "/status.json", cache = userCache ?? folder + "/cache.json"
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let child = ChildSlot()
        let signals = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if let pid = child.kill(SIGKILL) { CompileClaims.removeFolders(of: pid, in: temporary) }
                try? FileManager.default.removeItem(atPath: folder)
                _exit(128 + number)
            }
            source.resume()
            return source
        }
        defer { signals.forEach { $0.cancel() } }
        var helpers = true
        while true {
            try? FileManager.default.removeItem(atPath: status)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = Array(CommandLine.arguments.dropFirst())
            var environment = ProcessInfo.processInfo.environment
            environment[Self.statusVariable] = status
            if userCache == nil { environment[Self.cacheVariable] = cache }
            if !helpers { environment[Self.noHelpersVariable] = "1" }
            process.environment = environment
            try process.run()
            child.set(process.processIdentifier)
            var last: [UInt8]?
            var since = ContinuousClock.now
            var stalled = false
            while process.isRunning {
                usleep(50_000)
                let snapshot = KernelTuner.statusSnapshot(status)
                if snapshot != last {
                    (last, since) = (snapshot, .now)
                } else if last != nil, ContinuousClock.now - since > .milliseconds(Int64(timeout * 1000)) {
                    stalled = true
                    child.kill(SIGKILL)
                    break
                }
            }
            process.waitUntilExit()
            child.set(nil)
            CompileClaims.removeFolders(of: process.processIdentifier, in: temporary)  // its claims, if it was stopped
            let crashed = process.terminationReason == .uncaughtSignal
            guard stalled || crashed else { return process.terminationStatus }
            let reason = stalled ? "did not finish in \(Self.seconds(timeout))" : "ended the process with signal \(process.terminationStatus)"
            print("")
            switch try KernelTuner.recordUnfinished(statusFile: status, cache: URL(fileURLWithPath: cache), reason: reason) {
            case let .configurationRecorded(configuration):
                print("swiftcl tune: \(configuration) \(reason): recorded as failed; going on from the cache past it")
            case .helpersStalled:
                print("swiftcl tune: the compile helpers \(reason); going on without them")
            case let .fatal(message):
                FileHandle.standardError.write(Data("swiftcl tune: \(message)\n".utf8))
                return 1
            }
            helpers = false  // a helper would run the stalled configuration once more
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// The running child's id, for the signal handler.
    final class ChildSlot: @unchecked Sendable {
        private let lock = NSLock()
        private var pid: pid_t?

        func set(_ value: pid_t?) { lock.withLock { pid = value } }

        /// Sends `signal` to the child, if one runs; returns its id.
        @discardableResult
        func kill(_ signal: Int32) -> pid_t? {
            lock.withLock {
                if let pid { _ = Glibc.kill(pid, signal) }
                return pid
            }
        }
    }
}
