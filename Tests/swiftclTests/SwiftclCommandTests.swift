import Foundation
import SwiftCLTestSupport
import SwiftCLValidation
import Testing

/// The `swiftcl` tool, run as a child process the way a user runs it.
@Suite("swiftcl")
struct SwiftclCommandTests {
    /// The built `swiftcl` next to the test bundle.
    static var swiftcl: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("swiftcl"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/debug/swiftcl"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs the built `swiftcl` with `arguments`; the output is standard output and error together, as a user sees it.
    static func runSwiftcl(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let executable = try #require(swiftcl, "the swiftcl executable is built next to the tests")
        return try runProcess([executable.path] + arguments)
    }

    @Test("scripts/pocl-remarks.sh names the work-group functions PoCL built and counts the vectoriser's remarks")
    func poclRemarks() throws {
        let executable = try #require(Self.swiftcl, "the swiftcl executable is built next to the tests")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/pocl-remarks.sh")
        let run = try runProcess(["bash", script.path, "--", executable.path, "bench", "box", "--quick", "--variants", "strip8"])
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        // strip8 is boxAvgStrip plus boxAvg1 for the border columns; PoCL vectorises boxAvgStrip's work-item loop.
        #expect(run.output.contains("Work-group functions generated"), "\(run.output)")
        #expect(run.output.contains("boxAvgStrip ["), "\(run.output)")
        #expect(run.output.contains("boxAvg1 ["), "\(run.output)")
        #expect(run.output.contains("× vectorized loop (vectorization width: "), "\(run.output)")
        #expect(run.output.contains("× loop not vectorized: cannot prove it is safe to reorder floating-point operations"),
                "\(run.output)")
        // A failing command is reported as such, with its exit status.
        let failing = try runProcess(["bash", script.path, "--", executable.path, "bench", "no-such-suite"])
        #expect(failing.status != 0 && failing.output.contains("command failed"), "\(failing.output)")
    }

    @Test("swiftcl validate --memcheck passes the shipped kernels and names the broken ones' faults",
          .enabled(if: Oclgrind.libraryPath != nil, "Oclgrind is missing; the test above fails in that case"))
    func memcheck() throws {
        let clean = try Self.runSwiftcl(["validate", "--memcheck", "--check", "square", "--check", "box/H5_1x1", "--check", "red_to_green",
                                            "--check", "arrays/sum-dot-max", "--check", "box/rows4"])
        #expect(clean.status == 0, "shipped kernels are clean under Oclgrind:\n\(clean.output.suffix(2000))")
        #expect(clean.output.contains("no findings"))
        let broken = try Self.runSwiftcl(["validate", "--memcheck", "--include-broken", "--check", "broken"])
        #expect(broken.status != 0, "the broken kernels must fail the run")
        #expect(broken.output.contains("kernel broken_oob_write: Invalid write"), "\(broken.output.suffix(2000))")
        #expect(broken.output.contains("kernel broken_missing_barrier: Read-write data race"))
    }

    @Test("swiftcl validate FILE.cl --memcheck runs each case in its own Oclgrind process and names the faulty case",
          .enabled(if: Oclgrind.libraryPath != nil, "Oclgrind is missing; the shipped-kernel memcheck test fails in that case"))
    func memcheckUserKernel() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-memcheck-\(UUID()).cl")
        try Self.userKernels.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let saxpy = ["--args", "float=2, in:float[n], inout:float[n], uint=n", "--reference", file.path + ":saxpy", "--sizes", "8,7",
                     "--local", "4", "--memcheck"]
        let clean = try Self.runSwiftcl(["validate", file.path, "--kernel", "saxpy4"] + saxpy)
        #expect(clean.status == 0 && clean.output.contains("one process per case (4 cases"), "\(clean.output)")
        for size in ["8", "7"] {
            for local in ["auto", "4"] { #expect(clean.output.contains("pass saxpy4 \(size) local \(local)"), "\(clean.output)") }
        }
        #expect(clean.output.contains("no findings"))
        // Without a bounds check, a local size of 4 rounds 7 work items up to 8: the eighth writes past the end.
        // Only that case is blamed; the others pass in their own processes.
        let faulty = try Self.runSwiftcl(["validate", file.path, "--kernel", "saxpyUnchecked"] + saxpy)
        #expect(faulty.status == 1 && faulty.output.contains("Validation FAILED."), "\(faulty.output)")
        #expect(faulty.output.contains("FAULT [saxpyUnchecked 7 local 4] kernel saxpyUnchecked: Invalid "), "\(faulty.output)")
        for passing in ["8 local auto", "8 local 4", "7 local auto"] {
            #expect(faulty.output.contains("pass saxpyUnchecked \(passing)"), "\(faulty.output)")
        }
    }

    @Test("swiftcl check -D '' is a usage error, not a crash")
    func emptyDefinition() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-check-\(UUID()).cl")
        try "kernel void k(global int *a) { a[0] = 1; }\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        for bad in ["", "=1"] {
            let result = try Self.runSwiftcl(["check", file.path, "-D", bad])
            #expect(result.status == 64, "ArgumentParser's usage-error status for -D '\(bad)', got \(result.status)")
        }
        #expect(try Self.runSwiftcl(["check", file.path, "-D", "N=1"]).status == 0)
    }

    @Test("swiftcl check of a kernel with a warning shows the warning once, and no compiler summary line on stderr")
    func warningShownOnce() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-warning-\(UUID()).cl")
        try "#warning check me\nkernel void k(global int *a) { a[0] = 1; }\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try Self.runSwiftcl(["check", file.path])
        #expect(result.status == 0, "\(result.output)")
        let warning = "\(file.lastPathComponent):1:2: warning: check me"
        #expect(result.output.components(separatedBy: warning).count == 2, "the warning, once:\n\(result.output)")
        #expect(!result.output.contains("generated."), "clang's summary line is routed to the logger:\n\(result.output)")
    }

    @Test("usage errors read as one line: a missing file, memcheck --help, the -D placeholder")
    func usageMessages() throws {
        let missing = try Self.runSwiftcl(["check", "/nonexistent/kernel.cl"])
        #expect(missing.status == 64 && missing.output.contains("/nonexistent/kernel.cl: no such file"), "\(missing.output)")
        #expect(!missing.output.contains("NSCocoaErrorDomain"))
        let folder = try Self.runSwiftcl(["check", FileManager.default.temporaryDirectory.path])
        #expect(folder.status == 64 && folder.output.contains("not a regular file (a directory)"), "\(folder.output)")
        let help = try Self.runSwiftcl(["memcheck", "--help"])
        #expect(help.status == 0 && help.output.contains("USAGE: swiftcl memcheck") && !help.output.contains("not on PATH"), "\(help.output)")
        let checkHelp = try Self.runSwiftcl(["check", "--help"])
        #expect(checkHelp.output.contains("-D <NAME=VALUE>"), "\(checkHelp.output)")
    }

    static let userKernels = """
        kernel void saxpy(float a, global const float *x, global float *y, uint n) {
            size_t i = get_global_id(0);
            if (i < n) y[i] = a * x[i] + y[i];
        }
        kernel void saxpy4(float a, global const float *x, global float *y, uint n) {
            for (size_t i = get_global_id(0) * 4; i < min((size_t)n, get_global_id(0) * 4 + 4); i++) y[i] = a * x[i] + y[i];
        }
        kernel void saxpyUnchecked(float a, global const float *x, global float *y, uint n) {
            size_t i = get_global_id(0);
            y[i] = a * x[i] + y[i];
        }
        kernel void saxpyWrong(float a, global const float *x, global float *y, uint n) {
            size_t i = get_global_id(0);
            if (i < n) y[i] = a * x[i];
        }
        kernel void sumProduct(global const float *a, global const float *b, global float *sum, global float *product) {
            size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);
            sum[i] = a[i] + b[i];
            product[i] = a[i] * b[i];
        }
        kernel void sumProductSwapped(global const float *a, global const float *b, global float *sum, global float *product) {
            size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);
            product[i] = a[i] * b[i];
            sum[i] = b[i] + a[i];
        }
        kernel void mixBits(global const uint4 *a, global const int *b, global uint4 *c, int n) {
            size_t i = get_global_id(0);
            if (i < n) c[i] = a[i] ^ (uint4)(b[i] >> 1);
        }
        kernel void mixBitsSlow(global const uint4 *a, global const int *b, global uint4 *c, int n) {
            size_t i = get_global_id(0);
            if (i < n) for (int lane = 0; lane < 4; lane++) c[i][lane] = a[i][lane] ^ (uint)(b[i] >> 1);
        }
        """

    @Test("validate and bench a user's .cl file: saxpy, a two-output kernel and an integer kernel; GB/s from the spec's bytes")
    func userKernelFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-user-\(UUID()).cl")
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-user-\(UUID()).json")
        try Self.userKernels.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file); try? FileManager.default.removeItem(at: json) }
        let saxpy = ["--args", "float=2, in:float[n], inout:float[n], uint=n"]
        let good = try Self.runSwiftcl(["validate", file.path, "--kernel", "saxpy4", "--reference", file.path + ":saxpy",
                                        "--sizes", "1,7,1000", "--tolerance", "ulp:0", "--local", "1,16"] + saxpy)
        #expect(good.status == 0 && good.output.contains("All 9 cases passed."), "\(good.output)")
        let wrong = try Self.runSwiftcl(["validate", file.path, "--kernel", "saxpyWrong", "--reference", file.path + ":saxpy",
                                         "--sizes", "7"] + saxpy)
        #expect(wrong.status == 1 && wrong.output.contains("worst at") && wrong.output.contains("Validation FAILED."), "\(wrong.output)")
        let two = try Self.runSwiftcl(["validate", file.path, "--kernel", "sumProductSwapped", "--reference", file.path + ":sumProduct",
                                       "--args", "in:float[n], in:float[n], out:float[n], out:float[n]", "--sizes", "1,33x17",
                                       "--tolerance", "exact"])
        #expect(two.status == 0 && two.output.contains("All 2 cases passed."), "\(two.output)")
        let integers = try Self.runSwiftcl(["validate", file.path, "--kernel", "mixBitsSlow", "--reference", file.path + ":mixBits",
                                            "--args", "in:uint4[n], in:int[n], out:uint4[n], int=n", "--sizes", "1,999",
                                            "--tolerance", "exact", "--local", "8"])
        #expect(integers.status == 0 && integers.output.contains("All 4 cases passed."), "\(integers.output)")
        let bad = try Self.runSwiftcl(["validate", file.path, "--kernel", "saxpy", "--reference", file.path + ":saxpy",
                                       "--args", "float=2, in:flot[n], inout:float[n], uint=n"])
        #expect(bad.status == 64 && bad.output.contains("unknown element type 'flot'"), "\(bad.output)")

        let bench = try Self.runSwiftcl(["bench", file.path, "--kernel", "saxpy", "--kernel", "saxpyWrong", "--sizes", "4096",
                                         "--local", "16", "--quick", "--flops", "2*n", "--json", json.path] + saxpy)
        #expect(bench.status == 1 && bench.output.contains("Melem/s"), "a failing variant fails the run: \(bench.output)")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]])
        let timed = try #require(results.first { ($0["variant"] as? String)?.hasSuffix(":saxpy") == true })
        let traffic = try #require(timed["traffic"] as? [String: Any])
        #expect(traffic["bytes_read"] as? Int == 8 * 4096 && traffic["bytes_written"] as? Int == 4 * 4096)
        let seconds = try #require((timed["device_seconds"] as? [String: Any])?["median"] as? Double)
        let gb = try #require(timed["gb_per_s"] as? Double)
        #expect(abs(gb - 12 * 4096 / seconds / 1e9) <= gb * 1e-9, "GB/s is 12 bytes per element over the median device time")
        let gflops = try #require(timed["gflop_per_s"] as? Double)
        #expect(abs(gflops - 2 * 4096 / seconds / 1e9) <= gflops * 1e-9, "--flops 2*n: 2 FLOPs per element over the same time")
        let badFlops = try Self.runSwiftcl(["bench", file.path, "--kernel", "saxpy", "--flops", "2*q"] + saxpy)
        #expect(badFlops.status == 64 && badFlops.output.contains("--flops"), "\(badFlops.output)")
        #expect(results.first { ($0["variant"] as? String)?.hasSuffix(":saxpyWrong") == true }?["verified"] as? Bool == false)
        // --local adds a variant per kernel at that local size, beside the runtime's choice; the copy bound follows.
        #expect(results.compactMap { $0["variant"] as? String }.map { $0.split(separator: ":").last.map(String.init) ?? "" }
            == ["saxpy", "saxpy@local 16", "saxpyWrong", "saxpyWrong@local 16", "copy of the declared bytes"])
        #expect(timed["percent_of_bound"] as? Double != nil, "a user kernel's % of the in-run copy bound: \(timed)")
        let local16 = results.first { ($0["variant"] as? String)?.hasSuffix("saxpy@local 16") == true }
        #expect(local16?["verified"] as? Bool == true && local16?["local_size"] as? Int == 16, "the result names its local size")
    }

    /// A naive and a tiled 2-D matrix transpose, as a user writes them (the tiled one with `reqd_work_group_size`).
    static let transposes = """
        kernel void transpose_naive(global const float *in, global float *out, const uint w, const uint h) {
            const uint x = get_global_id(0), y = get_global_id(1);
            if (x < w && y < h) out[x * h + y] = in[y * w + x];
        }

        #define TILE 16
        __attribute__((reqd_work_group_size(16, 16, 1)))
        kernel void transpose_tiled(global const float *in, global float *out, const uint w, const uint h) {
            local float tile[TILE][TILE + 1];
            const uint gx = get_group_id(0) * TILE, gy = get_group_id(1) * TILE;
            const uint lx = get_local_id(0), ly = get_local_id(1);
            if (gx + lx < w && gy + ly < h) tile[ly][lx] = in[(gy + ly) * w + gx + lx];
            barrier(CLK_LOCAL_MEM_FENCE);
            const uint ox = gy + lx, oy = gx + ly;
            if (ox < h && oy < w) out[oy * h + ox] = tile[lx][ly];
        }

        kernel void transpose_wrong(global const float *in, global float *out, const uint w, const uint h) {
            const uint x = get_global_id(0), y = get_global_id(1);
            if (x < w && y < h) out[y * w + x] = in[y * w + x];
        }
        """

    @Test("a 2-D naive and tiled transpose, validated against an indexed host reference and benchmarked from the CLI")
    func transposeFromTheCommandLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-transpose-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("transpose.cl"), markdown = folder.appendingPathComponent("transpose.md")
        try Self.transposes.write(to: file, atomically: true, encoding: .utf8)
        let common = ["--args", "in:float[n], out:float[n], uint=w, uint=h", "--expect", "out[x*h + y] = in[y*w + x]",
                      "--tolerance", "exact"]
        let valid = try Self.runSwiftcl(["validate", file.path, "--kernel", "transpose_naive", "--kernel", "transpose_tiled",
                                         "--sizes", "1x1,37x19,16x16,64x48"] + common)
        #expect(valid.status == 0 && valid.output.contains("All 8 cases passed."), "\(valid.output)")
        // 2-D work-group shapes to try: the global size rounds up in both dimensions (the kernel checks its bounds).
        let shaped = try Self.runSwiftcl(["validate", file.path, "--kernel", "transpose_naive", "--sizes", "37x19,64x48",
                                          "--local", "8x8,16x4,4"] + common)
        #expect(shaped.status == 0 && shaped.output.contains("All 8 cases passed."), "\(shaped.output)")
        let tiledShape = try Self.runSwiftcl(["validate", file.path, "--kernel", "transpose_tiled", "--sizes", "37x19",
                                              "--local", "16x16"] + common)
        #expect(tiledShape.status == 0 && tiledShape.output.contains("All 2 cases passed."), "\(tiledShape.output)")
        let wrong = try Self.runSwiftcl(["validate", file.path, "--kernel", "transpose_wrong", "--sizes", "37x19"] + common)
        #expect(wrong.status == 1 && wrong.output.contains("worst at"), "a copy is not a transpose: \(wrong.output)")
        // A local size the tiled kernel does not allow is explained, not a raw OpenCL status.
        let refused = try Self.runSwiftcl(["validate", file.path, "--kernel", "transpose_tiled", "--sizes", "37x19", "--local", "8"]
                                          + common)
        #expect(refused.status == 1 && refused.output.contains("reqd_work_group_size [16, 16, 1], given [8, 1]"), "\(refused.output)")

        let bench = try Self.runSwiftcl(["bench", file.path, "--kernel", "transpose_naive", "--kernel", "transpose_tiled",
                                         "--sizes", "256x128", "--quick", "--markdown", markdown.path] + common)
        #expect(bench.status == 0 && bench.output.contains("Mpix/s"), "\(bench.output)")
        let json = folder.appendingPathComponent("shapes.json")
        let shapes = try Self.runSwiftcl(["bench", file.path, "--kernel", "transpose_naive", "--sizes", "128x64", "--quick",
                                          "--local", "8x8,32x2", "--json", json.path] + common)
        #expect(shapes.status == 0 && shapes.output.contains("transpose_naive@local 8x8"), "\(shapes.output)")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]])
        let eight = try #require(results.first { ($0["variant"] as? String)?.hasSuffix("@local 8x8") == true })
        #expect(eight["verified"] as? Bool == true && (eight["local_shape"] as? [String: Any])?["extents"] as? [Int] == [8, 8],
                "the result names its shape: \(eight)")
        let report = try String(contentsOf: markdown, encoding: .utf8)
        for variant in ["transpose.cl:transpose_naive", "transpose.cl:transpose_tiled", "copy of the declared bytes"] {
            #expect(report.contains(variant), "the Markdown report lists \(variant):\n\(report)")
        }
        #expect(!bench.output.contains("FAILED"), "\(bench.output)")
    }

    @Test("the DocC walk-through of a 2-D transpose runs as written: check, validate (with 2-D work-group shapes), bench, tune")
    func transposeWalkThrough() throws {
        let executable = try #require(Self.swiftcl, "the swiftcl executable is built next to the tests")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(contentsOf: root.appendingPathComponent(
            "Sources/SwiftCLBenchmarkHarness/SwiftCLBenchmarkHarness.docc/BenchmarkingAnyKernel.md"), encoding: .utf8)
        let section = try #require(article.components(separatedBy: "### A 2-D kernel from the command line").dropFirst().first)
        func block(_ language: String, after marker: String = "") throws -> String {
            // (Foundation finds no empty string, so no marker means the section's start.)
            let start = marker.isEmpty ? section.startIndex : try #require(section.range(of: marker)).upperBound
            let opening = try #require(section.range(of: "```\(language)\n", range: start..<section.endIndex), "a \(language) block")
            let closing = try #require(section.range(of: "\n```", range: opening.upperBound..<section.endIndex))
            return String(section[opening.upperBound..<closing.lowerBound])
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-walkthrough-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try block("c").write(to: folder.appendingPathComponent("transpose.cl"), atomically: true, encoding: .utf8)
        let commands = try (block("sh") + "\n" + block("sh", after: "### Tuning over compile-time parameters"))
            .replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n").map(String.init)
        #expect(commands.count == 6 && commands.allSatisfy { $0.hasPrefix("swiftcl ") }, "\(commands)")
        for command in commands {
            // The article's own words, run by the shell in the folder holding its transpose.cl.
            let line = "'\(executable.path)'" + command.dropFirst("swiftcl".count)
            let run = try runProcess(["bash", "-c", line], in: folder)
            #expect(run.status == 0, "\(command)\n\(run.output)")
            if command.contains(" validate ") { #expect(run.output.contains("cases passed."), "\(run.output)") }
            if command.contains(" check ") { #expect(run.output.contains("reqd_work_group_size [16, 16, 1]"), "\(run.output)") }
            if command.contains(" tune ") && !command.contains("--replay") { #expect(run.output.contains("Best: TILE="), "\(run.output)") }
            if command.contains("--replay") { #expect(run.output.contains("simulated annealing  5 of 5"), "\(run.output)") }
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("tune.svg").path))
        let report = try String(contentsOf: folder.appendingPathComponent("transpose.md"), encoding: .utf8)
        #expect(report.contains("transpose.cl:transpose_tiled") && report.contains("verified"), "\(report)")
    }

    @Test("swiftcl tune: every configuration verified, then timed; build failures and wrong answers named; usage errors")
    func tune() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-tune-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tiled.cl"), json = folder.appendingPathComponent("tune.json")
        try """
            #if TILE == 4
            #error "TILE 4 is not supported"
            #endif
            __attribute__((reqd_work_group_size(TILE, TILE, 1)))
            kernel void transpose_tiled(global const float *in, global float *out, const uint w, const uint h) {
                local float tile[TILE][TILE + PAD];
                const uint gx = get_group_id(0) * TILE, gy = get_group_id(1) * TILE;
                const uint lx = get_local_id(0), ly = get_local_id(1);
                if (gx + lx < w && gy + ly < h) tile[ly][lx] = in[(gy + ly) * w + gx + lx];
            #if !SKIP_BARRIER
                barrier(CLK_LOCAL_MEM_FENCE);
            #endif
                const uint ox = gy + lx, oy = gx + ly;
                if (ox < h && oy < w) out[oy * h + ox] = tile[lx][ly];
            }
            """.write(to: file, atomically: true, encoding: .utf8)
        let common = ["--kernel", "transpose_tiled", "--args", "in:float[n], out:float[n], uint=w, uint=h",
                      "--expect", "out[x*h + y] = in[y*w + x]", "--tolerance", "exact", "--sizes", "67x45"]
        let run = try Self.runSwiftcl(["tune", file.path, "--param", "TILE=4,8,16", "--param", "PAD=0,1", "--param", "SKIP_BARRIER=0,1",
                                       "--restrict", "TILE * TILE <= 256", "--quick", "--json", json.path] + common)
        #expect(run.status == 0 && run.output.contains("12 of 12 configurations") && run.output.contains("Best: TILE="), "\(run.output)")
        #expect(run.output.contains("FAILED: build failed: ") && run.output.contains("TILE 4 is not supported"), "\(run.output)")
        #expect(run.output.contains("WRONG: out off by"), "a missing barrier gives a wrong answer here: \(run.output)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let outcomes = try #require(result["outcomes"] as? [[String: Any]])
        #expect(outcomes.count == 12 && (result["trace"] as? [Any])?.count == 12)
        let leaders = try #require((result["retiming"] as? [String: Any])?["leaders"] as? [[String: Any]])
        #expect(leaders.count == 3 && leaders.allSatisfy { ($0["rounds"] as? [Double])?.count == 3 }, "\(leaders)")
        let best = try #require((outcomes.first?["configuration"] as? [String: Any])?["values"] as? [String])
        #expect(best[2] == "0" && best[0] != "4", "the best is a verified configuration: \(best)")

        let restricted = try Self.runSwiftcl(["tune", file.path, "--param", "TILE=8,16", "--param", "PAD=1", "--param", "SKIP_BARRIER=0",
                                              "--restrict", "TILE > 8", "--quick"] + common)
        #expect(restricted.status == 0 && restricted.output.contains("1 of 2 configurations"), "\(restricted.output)")
        let sampled = try Self.runSwiftcl(["tune", file.path, "--param", "TILE=8,16", "--param", "PAD=0,1", "--param", "SKIP_BARRIER=0",
                                           "--sample", "3", "--seed", "5", "--quick"] + common)
        #expect(sampled.status == 0 && sampled.output.contains("4 of 4 configurations meet the restrictions; random sample of 3 (seed 5)")
                && sampled.output.contains("; 3 configurations in"), "\(sampled.output)")
        // A guided search within a budget, its leaders re-timed, Markdown and SVG reports.
        let markdown = folder.appendingPathComponent("tune.md"), svg = folder.appendingPathComponent("tune.svg")
        let annealed = try Self.runSwiftcl(["tune", file.path, "--param", "TILE=8,16", "--param", "PAD=0,1", "--param", "SKIP_BARRIER=0,1",
                                            "--strategy", "annealing", "--seed", "2", "--max-evaluations", "5", "--leaders", "2",
                                            "--flops", "w*h", "--markdown", markdown.path, "--svg", svg.path, "--quick"] + common)
        #expect(annealed.status == 0 && annealed.output.contains("simulated annealing (seed 2) (at most 5 evaluations)")
                && annealed.output.contains("; 5 configurations in") && annealed.output.contains("re-timed interleaved")
                && annealed.output.contains("% of copy") && annealed.output.contains("Noise: "), "\(annealed.output)")
        let report = try String(contentsOf: markdown, encoding: .utf8)
        #expect(report.contains("## Leaders re-timed interleaved") && report.contains("| GFLOP/s |") && report.contains("simulated annealing"),
                "\(report)")
        let saved = try Self.runSwiftcl(["tune", file.path, "--param", "TILE=8,16", "--param", "PAD=1", "--param", "SKIP_BARRIER=0",
                                          "--save", "--store", folder.appendingPathComponent("tuned.json").path, "--quick"] + common)
        #expect(saved.status == 0 && saved.output.contains("Saved TILE=") && saved.output.contains("tuned.json"), "\(saved.output)")
        let stored = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("tuned.json"))) as? [[String: Any]])
        #expect(stored.count == 1 && stored[0]["kernel"] as? String == "transpose_tiled")
        let chart = try String(contentsOf: svg, encoding: .utf8)
        #expect(chart.hasPrefix("<?xml") && chart.contains("best so far") && chart.contains("<polyline"), "\(chart)")
        // --cache: a rerun with one more value evaluates only it.
        let cache = folder.appendingPathComponent("cache.json").path
        let first = try Self.runSwiftcl(["tune", file.path, "--param", "TILE=8", "--param", "PAD=0,1", "--param", "SKIP_BARRIER=0",
                                         "--quick", "--cache", cache] + common)
        #expect(first.status == 0 && first.output.contains("0 of 2 configurations from \(cache); 2 evaluated now"), "\(first.output)")
        let widened = try Self.runSwiftcl(["tune", file.path, "--param", "TILE=8,16", "--param", "PAD=0,1", "--param", "SKIP_BARRIER=0",
                                           "--quick", "--cache", cache] + common)
        #expect(widened.status == 0 && widened.output.contains("2 of 4 configurations from \(cache); 2 evaluated now"), "\(widened.output)")
        // --replay: strategies over the recorded table, no device.
        let replayed = try Self.runSwiftcl(["tune", "--replay", cache, "--strategy", "exhaustive,random,annealing", "--seeds", "4"])
        #expect(replayed.status == 0 && replayed.output.contains("Replaying 4 configurations recorded by swiftcl tune")
                && replayed.output.contains("simulated annealing") && replayed.output.contains("of 4"), "\(replayed.output)")
        for (bad, says) in [(["--replay", cache, file.path], "no .cl file"), (["--replay", cache, "--strategy", "tabu"], "tabu"),
                            (["--replay", folder.appendingPathComponent("none.json").path], "none.json")] {
            let refused = try Self.runSwiftcl(["tune"] + bad)
            #expect(refused.status != 0 && refused.output.contains(says), "\(bad): \(refused.output)")
        }
        for (bad, says) in [([String](), "--param"), (["--param", "TILE=8", "--kernel", "other"], "one --kernel"),
                            (["--param", "TILE=8", "--local", "8x8"], "--group"), (["--param", "TILE=8", "--restrict", "Q >"], "Q"),
                            (["--param", "8TILE=8"], "C identifier"), (["--param", "TILE=8", "--sample", "0"], "--sample"),
                            (["--param", "TILE=8", "--strategy", "random,annealing"], "name one"),
                            (["--param", "TILE=8", "--max-evaluations", "0"], "--max-evaluations"),
                            (["--param", "TILE=8", "--flops", "w*"], "--flops")] {
            let refused = try Self.runSwiftcl(["tune", file.path] + common + bad)
            #expect(refused.status == 64 && refused.output.contains(says), "\(bad): \(refused.output)")
        }
    }
}
