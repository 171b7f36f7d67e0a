@testable import SwiftCLBenchmarkHarness
import Foundation
import PropertyBased
import SwiftCL
import SwiftCLValidation
import Testing

/// Issue 63's sweep, kept in the suite: random and extreme text through every parser of the tuner's surfaces (sizes,
/// tolerances, parameters and restrictions, store entries, Kernel Tuner files) in a child process, so that a trap fails
/// the test instead of the run. Every input must be accepted with a checked value or refused with a typed error; the
/// child prints the tally per surface (the figures of the issue's closing note).
@Suite("Sweep of the tuner's surfaces")
struct TuningSurfaceSweepTests {
    /// Text pieces at and around every boundary: numbers that overflow Int, Double's specials, separators.
    static let pieces = ["0", "1", "-1", "7", "16", "4294967296", "68719476736", "9223372036854775807", "9223372036854775808",
                         "-9223372036854775808", "99999999999999999999", "1e19", "1e308", "nan", "inf", "-inf", "0.5", "x", "×", ",",
                         ":", "=", " ", "(", ")", "*", "/", "%", "+", "-", "<", "<=", "==", "&&", "||", "!", "A", "B", "TILE", "exact",
                         "abs", "rel", "ulp", "allclose", "defined", "\u{0}", "é", "\"", "{", "}", "[", "]", "true", "null"]

    static func text(_ selectors: [Int]) -> String { selectors.map { pieces[$0 % pieces.count] }.joined() }

    /// Numbers at the boundaries, as text.
    static let numbers = ["0", "1", "2", "7", "16", "-1", "4294967296", "68719476736", "281474976710657", "9223372036854775807",
                          "9223372036854775808", "99999999999999999999", "1e19", "1e-300", "nan", "inf", "-0", "0.5", "3.0f"]

    static func number(_ selector: Int) -> String { numbers[selector % numbers.count] }

    /// A well-formed-looking input most of the time (so the checks, not the parsers, are exercised), noise otherwise.
    static func size(_ s: [Int]) -> String {
        s[0] % 5 == 0 ? text(s) : (0...(s[1] % 3)).map { number(s[2 + $0]) }.joined(separator: s[5] % 2 == 0 ? "x" : "×")
    }

    static func tolerance(_ s: [Int]) -> String {
        switch s[0] % 6 {
        case 0: return text(s)
        case 1: return "exact"
        case 2: return "abs:" + number(s[1])
        case 3: return "rel:" + number(s[1])
        case 4: return "ulp:" + number(s[1])
        default: return "allclose:" + number(s[1]) + "," + number(s[2])
        }
    }

    static func values(_ s: [Int]) -> String { s[0] % 7 == 0 ? text(s) : s.prefix(1 + s[1] % 4).map(number).joined(separator: ",") }

    static func restriction(_ s: [Int]) -> String {
        if s[0] % 6 == 0 { return text(s) }
        let operands = ["A", "B", number(s[1]), "(A * B)", "(A - B)", "defined(A)", "C"]
        let operators = ["*", "/", "%", "+", "-", "<", "<=", "==", "!=", "&&", "||"]
        return operands[s[2] % operands.count] + " " + operators[s[3] % operators.count] + " " + operands[s[4] % operands.count]
            + (s[5] % 2 == 0 ? "" : " " + operators[s[6] % operators.count] + " " + number(s[7]))
    }

    @Test("400 rounds of random text through sizes, tolerances, spaces, store entries and Kernel Tuner files: no trap, no hang")
    func sweep() async {
        let rounds = Locked<[[[Int]]]>([])
        await propertyCheck(count: 400, input: Gen.int(in: 0...1000).array(of: 6), Gen.int(in: 0...1000).array(of: 6),
                            Gen.int(in: 0...1000).array(of: 8)) { a, b, c in
            rounds.withLock { $0.append([a, b, c]) }
        }
        let inputs = rounds.withLock { $0 }
        #expect(inputs.count == 400)
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]) {
            [inputs = inputs as [[[Int]]]] in
            var tally: [String: Int] = [:]
            func count(_ surface: String, _ body: () throws -> Void) {
                do {
                    try body()
                    tally[surface + " accepted", default: 0] += 1
                } catch is KernelSpecError {
                    tally[surface + " refused", default: 0] += 1
                } catch is SwiftCLError {
                    tally[surface + " refused", default: 0] += 1
                } catch {
                    tally[surface + " other error", default: 0] += 1
                }
            }
            let started = ContinuousClock.now
            for round in inputs {
                let (first, second, third) = (TuningSurfaceSweepTests.text(round[0]), TuningSurfaceSweepTests.text(round[1]),
                                              TuningSurfaceSweepTests.text(round[2]))
                count("size") {
                    let size = try ProblemSize(spec: TuningSurfaceSweepTests.size(round[0]))
                    precondition(size.elements <= ProblemSize.maximumElements && size.extents.allSatisfy { $0 > 0 })
                }
                count("tolerance") {
                    let tolerance = try Tolerance(spec: TuningSurfaceSweepTests.tolerance(round[1]))
                    try KernelTuner.check(tolerance)
                    _ = tolerance.accepts(Float(1), Float(1.5))
                }
                count("space") {
                    let parameters = try [TuningSpace.parameter("A=" + TuningSurfaceSweepTests.values(round[0])),
                                          TuningSpace.parameter("B=" + TuningSurfaceSweepTests.values(round[1]))]
                    let space = try TuningSpace(parameters: parameters, restrictions: [TuningSurfaceSweepTests.restriction(round[2])])
                    _ = space.unrestrictedDescription
                    _ = try space.configurations()
                }
                count("store entry") {
                    let extents = round[0].prefix(3).map { [Int.min, -1, 0, 1, 7, 1 << 32, Int.max][$0 % 7] }
                    let json = """
                        [{"device": "d", "driver": "1", "kernel": "k", "source": "s", "size": {"extents": \(extents)},
                          "configuration": {"names": ["\(first.filter { $0.isLetter })"], "values": ["\(second.filter { $0 != "\"" && $0 != "\u{0}" })"]},
                          "seconds": \(["1e-3", "0", "-1", "1e308", "true", "\"x\""][round[1][0] % 6]), "saved": "2026-01-01T00:00:00Z"}]
                        """
                    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-sweep-\(UUID())")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    defer { try? FileManager.default.removeItem(at: folder) }
                    let url = folder.appendingPathComponent("tuned.json")
                    try Data(json.utf8).write(to: url)
                    let store = TunedKernelStore(url: url)
                    for entry in store.entries { _ = entry.size.elements.distance(to: 7).magnitude }
                    if store.entries.isEmpty { throw KernelSpecError.badSize("no usable entry") }
                }
                count("Kernel Tuner file") {
                    let times = ["0.25", "true", "\"0.1\"", "null", "-3", "1e400", "{}"]
                    let entry = "\"1\": {\"X\": \(first.isEmpty ? "1" : "\"\(first.filter { $0 != "\"" && $0 != "\\" && $0 != "\u{0}" })\""), \"time\": \(times[round[2][0] % times.count])}"
                    let file = "{\"tune_params_keys\": [\"X\"], \"cache\": {" + entry + String(third.prefix(round[2][1] % 12))
                    guard let table = try TuningTable.kernelTunerTable(Array(file.utf8)) else { throw KernelSpecError.badSize("no table") }
                    _ = table.replay(.annealing(seed: 1), evaluations: 5)
                }
            }
            print("seconds: \((ContinuousClock.now - started).components.seconds)")
            print("outcomes: \(tally.sorted { $0.key < $1.key })")
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("outcomes:"), "the child finished its rounds: \(output.suffix(500))\n\(errors.suffix(1500))")
        #expect(!output.contains("other error"), "only typed errors: \(output)")
        print(output.split(separator: "\n").filter { $0.hasPrefix("outcomes") || $0.hasPrefix("seconds") }.joined(separator: "\n"))
    }
}
