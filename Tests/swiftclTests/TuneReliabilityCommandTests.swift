import Foundation
import SwiftCLTestSupport
import Testing

/// `swiftcl tune` under kernels that never finish, kills, and outputs that must not be written where they are named
/// (issue 63), run as a user runs it.
@Suite("swiftcl tune under stalls, kills and special files")
struct TuneReliabilityCommandTests {
    /// A kernel that spins forever when SPIN is 1.
    static let spinning = """
        kernel void scale(global const float *x, global float *y) {
            size_t i = get_global_id(0);
        #if SPIN == 1
            volatile int k = 0;
            while (x[0] > -1.0f) { k++; }
        #endif
            y[i] = 2.0f * x[i];
        }
        """

    /// A fresh folder holding `spin.cl`, used as the run's TMPDIR too (to see what is left behind).
    static func workspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-tune-reliability-\(UUID())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        try spinning.write(to: folder.appendingPathComponent("spin.cl"), atomically: true, encoding: .utf8)
        return folder
    }

    static func tune(_ folder: URL, _ extra: [String]) throws -> (status: Int32, output: String) {
        let executable = try #require(SwiftclCommandTests.swiftcl, "the swiftcl executable is built next to the tests")
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = folder.appendingPathComponent("tmp").path
        return try runProcess([executable.path, "tune", folder.appendingPathComponent("spin.cl").path, "--kernel", "scale",
                               "--args", "in:float[n], out:float[n]", "--expect", "y = 2 * x", "--sizes", "1000", "--quick"] + extra,
                              environment: environment)
    }

    @Test("a configuration that never finishes is stopped, recorded as failed, and the run goes on to name the best; nothing is left")
    func stalledConfiguration() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("result.json").path
        // 15 s: long enough for a configuration that does finish, even under a sanitizer on a loaded machine.
        let run = try Self.tune(folder, ["--param", "SPIN=0,1,2", "--timeout", "15", "--json", json])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("SPIN=1 did not finish in 15 s: recorded as failed"), "\(run.output)")
        #expect(run.output.contains("FAILED: did not finish in 15 s"), "\(run.output)")
        #expect(run.output.contains("Best: SPIN="), "\(run.output)")
        let result = try String(contentsOfFile: json, encoding: .utf8)
        #expect(result.contains("did not finish in 15 s"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("tmp").path).isEmpty,
                "no claims, status or cache left in TMPDIR")
    }

    @Test("a killed tuning leaves no process and no folder behind", arguments: [SIGKILL, SIGINT, SIGTERM])
    func killed(signal: Int32) throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let executable = try #require(SwiftclCommandTests.swiftcl)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["tune", folder.appendingPathComponent("spin.cl").path, "--kernel", "scale", "--args", "in:float[n], out:float[n]",
                             "--expect", "y = 2 * x", "--sizes", "1000", "--quick", "--param", "SPIN=1,0,2", "--timeout", "600",
                             "--compile-processes", "1"]
        var environment = ProcessInfo.processInfo.environment
        let temporary = folder.appendingPathComponent("tmp").path
        environment["TMPDIR"] = temporary
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the watched child is spinning on SPIN=1 (its status names it).
        let deadline = ContinuousClock.now + .seconds(60)
        func status() -> String? {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
            return names.lazy.compactMap { try? String(contentsOfFile: temporary + "/" + $0 + "/status.json", encoding: .utf8) }.first
        }
        while ContinuousClock.now < deadline, !(status()?.contains("SPIN") ?? false) { usleep(100_000) }
        #expect(status()?.contains("configuration") == true, "the child reported a configuration")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let settled = ContinuousClock.now + .seconds(10)
        func survivors() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { Int($0) != nil }.filter { pid in
                ((try? String(contentsOfFile: "/proc/\(pid)/environ", encoding: .utf8)) ?? "").contains("TMPDIR=\(temporary)")
            }
        }
        while ContinuousClock.now < settled, !survivors().isEmpty || !((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).isEmpty {
            usleep(100_000)
        }
        #expect(survivors().isEmpty, "the child and its helpers end with the tuning")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "nothing left in TMPDIR")
    }

    @Test("outputs: a FIFO or device as --cache or --json is refused and left alone; --json through a link writes its target")
    func outputs() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for option in ["--cache", "--json"] {
            let refused = try Self.tune(folder, ["--param", "SPIN=0", option, fifo, "--timeout", "0"])
            #expect(refused.status != 0 && refused.output.contains("a FIFO, not a regular file"), "\(option): \(refused.output)")
            var info = stat()
            #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        }
        let target = folder.appendingPathComponent("target.json").path, link = folder.appendingPathComponent("link.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: target))
        #expect(symlink(target, link) == 0)
        let through = try Self.tune(folder, ["--param", "SPIN=0", "--json", link])
        #expect(through.status == 0, "\(through.output)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("SPIN"))
    }

    @Test("numbers that trapped are usage errors", arguments: [
        ["--sizes", "4294967296x4294967296"], ["--sizes", "68719476736"], ["--tolerance", "ulp:1e19"], ["--tolerance", "abs:nan"],
        ["--tolerance", "abs:-1"], ["--time-limit", "nan"], ["--timeout", "-1"],
        (0..<20).flatMap { ["--param", "P\($0)=0,1,2,3,4,5,6,7,8,9"] },
    ])
    func refusedNumbers(arguments: [String]) throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.tune(folder, ["--param", "SPIN=0"] + arguments)
        #expect(run.status == 64 || run.status == 1, "\(arguments.joined(separator: " ").prefix(60)): \(run.status) \(run.output.suffix(400))")
        #expect(run.output.count < 4_000, "a short message")
        #expect(!run.output.contains("Fatal error") && !run.output.contains("Best:"), "\(run.output.suffix(400))")
    }

    @Test("a missing or empty TMPDIR is not a reason to refuse: the run uses /tmp", arguments: ["/nonexistent-swiftcl-tmp", ""])
    func temporaryFolder(tmpdir: String) throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let executable = try #require(SwiftclCommandTests.swiftcl)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = tmpdir
        let run = try runProcess([executable.path, "tune", folder.appendingPathComponent("spin.cl").path, "--kernel", "scale",
                                  "--args", "in:float[n], out:float[n]", "--expect", "y = 2 * x", "--sizes", "1000", "--quick",
                                  "--param", "SPIN=0,2"], environment: environment)
        #expect(run.status == 0 && run.output.contains("Best: SPIN="), "\(run.output.suffix(600))")
    }
}
