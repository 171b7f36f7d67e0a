import Foundation
import SwiftCLTestSupport
import Testing

/// `swiftcl bench FILE.cl` comparing variants that do different work per item, against a host reference, with
/// "% of bound" from a copy of the declared bytes measured in the same run; messages in the order things happen.
@Suite("swiftcl bench/validate FILE.cl: fair variants, host references")
struct UserBenchFairnessTests {
    static let source = """
    kernel void saxpy(float a, global const float *x, global float *y, uint n) {
        size_t i = get_global_id(0);
        if (i < n) y[i] = a * x[i] + y[i];
    }
    kernel void saxpy4(float a, global const float *x, global float *y, uint n) {
        size_t i = get_global_id(0) * 4;
        for (size_t k = i; k < i + 4 && k < n; k++) y[k] = a * x[k] + y[k];
    }
    kernel void wrong(float a, global const float *x, global float *y, uint n) {
        size_t i = get_global_id(0);
        if (i < n) y[i] = a * x[i] - y[i];
    }
    """
    static let args = ["--args", "float=2, in:float[n], inout:float[n], uint=n", "--sizes", "1,7,1023", "--quick"]

    func withFile<T>(_ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-fair-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("saxpy.cl")
        try Self.source.write(to: file, atomically: true, encoding: .utf8)
        return try body(file.path)
    }

    @Test("a four-per-item variant runs n/4 work-items and verifies against a host expression; % of bound is filled in")
    func fairVariants() throws {
        try withFile { file in
            let run = try SwiftclCommandTests.runSwiftcl(["bench", file, "--kernel", "saxpy", "--kernel", "saxpy4:n/4",
                                                          "--expect", "y = a * x + y"] + Self.args)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("Verifying against the host (y = a * x + y)"), "\(run.output)")
            let rows = run.output.split(separator: "\n").filter { $0.contains("saxpy.cl:saxpy") && $0.contains("verified") }
            #expect(rows.count == 6, "two variants × three sizes verified: \(run.output)")
            #expect(rows.contains { $0.contains("saxpy4 [global n/4]") })
            // Every verified row has a percentage of the in-run copy bound.
            #expect(rows.allSatisfy { $0.range(of: #"\d+\.\d\s+verified"#, options: .regularExpression) != nil }, "\(rows)")
            #expect(run.output.contains("copy of the declared bytes") && run.output.contains("bound"))
        }
    }

    @Test("a wrong kernel fails against --expect in validate and bench; bad expressions are one-line errors in order")
    func hostReference() throws {
        try withFile { file in
            let good = try SwiftclCommandTests.runSwiftcl(["validate", file, "--kernel", "saxpy4:(n+3)/4", "--expect", "y = fma(a, x, y)",
                                                           "--args", "float=2, in:float[n], inout:float[n], uint=n", "--sizes", "1,7,1023"])
            #expect(good.status == 0, "\(good.output)")
            let wrong = try SwiftclCommandTests.runSwiftcl(["validate", file, "--kernel", "wrong", "--expect", "y = a * x + y",
                                                            "--args", "float=2, in:float[n], inout:float[n], uint=n", "--sizes", "7"])
            #expect(wrong.status != 0 && wrong.output.contains("FAIL"), "\(wrong.output)")
            let benchWrong = try SwiftclCommandTests.runSwiftcl(["bench", file, "--kernel", "wrong", "--expect", "y = a * x + y"] + Self.args)
            #expect(benchWrong.status != 0 && benchWrong.output.contains("FAILED"), "\(benchWrong.output)")
            // An unknown name: the progress line first, then the error naming the arguments.
            let unknown = try SwiftclCommandTests.runSwiftcl(["bench", file, "--kernel", "saxpy", "--expect", "y = a * q + y"] + Self.args)
            let verifying = unknown.output.range(of: "Verifying against")
            let error = unknown.output.range(of: "unknown name 'q'")
            #expect(unknown.status != 0 && verifying != nil && error != nil, "\(unknown.output)")
            if let verifying, let error { #expect(verifying.lowerBound < error.lowerBound, "messages in the order they happen: \(unknown.output)") }
            let syntax = try SwiftclCommandTests.runSwiftcl(["bench", file, "--kernel", "saxpy", "--expect", "y = a * (x"] + Self.args)
            #expect(syntax.status == 64 && syntax.output.contains("missing ')'"), "\(syntax.output)")
            let both = try SwiftclCommandTests.runSwiftcl(["bench", file, "--kernel", "saxpy", "--expect", "y = x",
                                                           "--reference", "\(file):saxpy"] + Self.args)
            #expect(both.status == 64 && both.output.contains("not both"), "\(both.output)")
        }
    }

    @Test("swiftcl check on a missing file says so in one line")
    func checkMissing() throws {
        let run = try SwiftclCommandTests.runSwiftcl(["check", "/nonexistent/missing.cl"])
        #expect(run.status != 0)
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("/nonexistent/missing.cl") && lines[0].contains("no such file"), "\(run.output)")
    }
}
