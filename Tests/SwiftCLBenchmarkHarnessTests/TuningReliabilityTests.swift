@testable import SwiftCLBenchmarkHarness
import Foundation
import SwiftCL
import SwiftCLTestSupport
import SwiftCLValidation
import Testing

/// The tuner and its files under bad input, concurrency and kills (issue 63): spaces sized before they are walked,
/// numbers checked instead of trapping, caches and stores that merge and never drop what they cannot read.
@Suite("Tuning under bad input and concurrency")
struct TuningReliabilityTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-reliability-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    // MARK: spaces

    @Test("a space too large to walk is refused at once, its size said without wrapping (2^64 is not 0)")
    func hugeSpaces() throws {
        let values = (0..<100_000).map(String.init)
        let huge = try TuningSpace(parameters: (0..<4).map { TuningSpace.Parameter(name: "P\($0)", values: values) })
        #expect(huge.unrestrictedCount == nil)
        #expect(huge.unrestrictedDescription == "100000 × 100000 × 100000 × 100000")
        let binary = try TuningSpace(parameters: (0..<64).map { TuningSpace.Parameter(name: "B\($0)", values: ["0", "1"]) },
                                     restrictions: ["0"])
        #expect(binary.unrestrictedCount == nil, "2^64 configurations overflow Int: no count, never 0")
        let started = ContinuousClock.now
        #expect(throws: KernelSpecError.self) { try huge.configurations() }
        #expect(throws: KernelSpecError.self) { try binary.configurations() }
        #expect(ContinuousClock.now - started < .seconds(5), "refused before walking (a hang guard, not a speed target)")
        // Walkable, but more meet the restrictions than a run tunes.
        let wide = try TuningSpace(parameters: [TuningSpace.Parameter(name: "A", values: (0..<400).map(String.init)),
                                                TuningSpace.Parameter(name: "B", values: (0..<400).map(String.init))])
        #expect(wide.unrestrictedCount == 160_000)
        #expect(throws: KernelSpecError.self) { try wide.configurations() }
        #expect(try TuningSpace(parameters: wide.parameters, restrictions: ["A < 10"]).configurations().count == 4_000)
    }

    @Test("a restriction over nested macro values ends; one that overflows for some values excludes just those")
    func restrictionsEnd() throws {
        // Each value names the next parameter eight times: 8^5 expansions if evaluated naively.
        let chained = try TuningSpace(parameters: [
            TuningSpace.Parameter(name: "A", values: ["(B+B+B+B+B+B+B+B)"]), TuningSpace.Parameter(name: "B", values: ["(C+C+C+C+C+C+C+C)"]),
            TuningSpace.Parameter(name: "C", values: ["(D+D+D+D+D+D+D+D)"]), TuningSpace.Parameter(name: "D", values: ["(E+E+E+E+E+E+E+E)"]),
            TuningSpace.Parameter(name: "E", values: ["(F+F+F+F+F+F+F+F)"]), TuningSpace.Parameter(name: "F", values: ["1", "2"]),
        ], restrictions: ["A > 0"])
        let started = ContinuousClock.now
        #expect(throws: KernelSpecError.self) { try chained.configurations() }
        #expect(ContinuousClock.now - started < .seconds(10), "a hang guard: the old evaluation never ended")
        let selfReferring = try TuningSpace(parameters: [TuningSpace.Parameter(name: "A", values: ["B"]),
                                                         TuningSpace.Parameter(name: "B", values: ["A"])], restrictions: ["A > 0"])
        #expect(throws: KernelSpecError.self) { try selfReferring.configurations() }
        let overflowing = try TuningSpace(parameters: [
            TuningSpace.Parameter(name: "N", values: ["1", "4611686018427387904", "99999999999999999999"]),
            TuningSpace.Parameter(name: "D", values: ["0", "2"]),
        ], restrictions: ["N * 4 / D > 1"])
        #expect(try overflowing.configurations().map(\.description) == ["N=1 D=2"],
                "N * 4 overflows, a literal past 64 bits, D = 0 divides by zero: those configurations are left out")
    }

    // MARK: numbers

    @Test("sizes, tolerances and budgets that would trap are refused", arguments: [
        "size:4294967296x4294967296", "size:0", "size:-3", "size:1x0", "size:9223372036854775807x2",
        "tolerance:ulp:1e19", "tolerance:abs:nan", "tolerance:abs:-1", "tolerance:rel:inf", "tolerance:allclose:1,nan",
    ])
    func refusedNumbers(text: String) {
        let (kind, value) = (text.prefix { $0 != ":" }, String(text.drop { $0 != ":" }.dropFirst()))
        #expect(throws: KernelSpecError.self, "\(text)") {
            if kind == "size" { _ = try ProblemSize(spec: value) } else { _ = try Tolerance(spec: value) }
        }
    }

    @Test("an overflowing size saturates and is refused; arrays larger than the machine are refused before allocation",
          arguments: TestDevices.all)
    func sizesAgainstLimits(device: Device) throws {
        let square = ProblemSize(width: 1 << 32, height: 1 << 32)
        #expect(square.elements == Int.max)
        #expect(throws: KernelSpecError.self) { try square.check() }
        let spec = try KernelArgumentSpec("in:float[n], out:float[n]")
        let big = ProblemSize(68_719_476_736)
        #expect(throws: KernelSpecError.self) { try spec.arrays(for: big, names: ["x", "y"]) }
        #expect(throws: KernelSpecError.self) { try spec.checkBuffers(for: big, on: device) }
        try spec.checkBuffers(for: ProblemSize(1), on: device)
        var tuner = KernelTuner(kernel: try KernelTunerTests.scaleKernel(),
                                space: try TuningSpace(parameters: [TuningSpace.Parameter(name: "VW", values: ["1"]),
                                                                    TuningSpace.Parameter(name: "FACTOR", values: ["2.0f"])]),
                                reference: .host([try HostExpression("y = 2 * x")]), tolerance: .exact, size: ProblemSize(64))
        for budget in [KernelTuner.Budget(seconds: .nan), KernelTuner.Budget(seconds: -1), KernelTuner.Budget(evaluations: 0)] {
            tuner.budget = budget
            #expect(throws: KernelSpecError.self, "\(budget)") { try tuner.check(on: device) }
        }
        tuner.budget = .unlimited
        for tolerance in [Tolerance.absolute(.nan), .relative(-1), .anyOf([.ulp(-2)]), .allClose(atol: .infinity, rtol: 0)] {
            tuner.tolerance = tolerance
            #expect(throws: KernelSpecError.self, "\(tolerance)") { try tuner.check(on: device) }
        }
        tuner.tolerance = .exact
        tuner.size = ProblemSize(width: 1 << 40, height: 1 << 40)
        #expect(throws: KernelSpecError.self) { try tuner.run(on: try makeQueue(device)) }
    }

    // MARK: caches and stores

    static func entry(device: String = "cpu", kernel: String = "k", size: ProblemSize = ProblemSize(64),
                      values: [(String, String)] = [("TILE", "16")]) -> TunedKernelStore.Entry {
        TunedKernelStore.Entry(device: device, driver: "1", kernel: kernel, source: "abc", size: size,
                               configuration: TuningConfiguration(values: values), globalSize: nil, workGroup: nil,
                               seconds: 1e-3, saved: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test("eight threads saving into one store at once keep all eight entries")
    func concurrentStoreSaves() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = TunedKernelStore(url: folder.appendingPathComponent("tuned.json"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask { try store.save(Self.entry(kernel: "k\(index)")) }
            }
            try await group.waitForAll()
        }
        #expect(Set(store.entries.map(\.kernel)) == Set((0..<8).map { "k\($0)" }))
    }

    @Test("a malformed or trapping entry is skipped when read and kept when saving; a file that is no store is not replaced")
    func storesKeepWhatTheyCannotRead() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("tuned.json")
        let store = TunedKernelStore(url: url)
        try store.save(Self.entry(kernel: "good"))
        // Extents that overflow or are Int.min, a parameter that smuggles an option, garbage.
        var elements = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]]) as [Any]
        let good = try #require(elements.first as? [String: Any])
        for (extents, value) in [([Int.min], "16"), ([1 << 32, 1 << 32], "16"), ([64], "16 -DEVIL=1")] {
            var bad = good
            bad["kernel"] = "bad"
            bad["size"] = ["extents": extents]
            bad["configuration"] = ["names": ["TILE"], "values": [value]]
            elements.append(bad)
        }
        elements.append(42)
        try JSONSerialization.data(withJSONObject: elements).write(to: url)
        #expect(store.entries.map(\.kernel) == ["good"], "only the good entry is used")
        #expect(store.best(device: try #require(try Device.all.first), kernel: "bad", source: ProgramSource(name: "k.cl", text: ""), size: ProblemSize(7)) == nil)
        try store.save(Self.entry(kernel: "new"))
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [Any])
        #expect(saved.count == 6, "good, new, the three bad entries and 42 are all still there")
        #expect(Set(store.entries.map(\.kernel)) == ["good", "new"])
        // A file that is not a JSON array: refused, untouched.
        try Data("{ \"half\": ".utf8).write(to: url)
        #expect(throws: SwiftCLError.self) { try store.save(Self.entry(kernel: "other")) }
        #expect(try Data(contentsOf: url) == Data("{ \"half\": ".utf8))
        // The local-size store likewise.
        let sizes = folder.appendingPathComponent("tuning.json")
        try Data("[1, 2".utf8).write(to: sizes)
        #expect(throws: SwiftCLError.self) { try TuningStore(url: sizes).remember(8, for: "box") }
        #expect(try Data(contentsOf: sizes) == Data("[1, 2".utf8))
    }

    @Test("a store entry of another space (an extra definition) is not loaded as tuned", arguments: TestDevices.all)
    func foreignParameters(device: Device) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = TunedKernelStore(url: folder.appendingPathComponent("tuned.json"))
        let source = ProgramSource(name: "scale.cl", text: KernelTunerTests.source)
        let fingerprint = TunedKernelStore.fingerprint(of: source)
        let smuggled = TunedKernelStore.Entry(device: device.name, driver: device.driverVersion, kernel: "scale", source: fingerprint,
                                              size: ProblemSize(64), configuration: TuningConfiguration(values: [
                                                  ("VW", "3"), ("FACTOR", "2.0f"), ("EXTRA", "1")]),
                                              globalSize: nil, workGroup: nil, seconds: 1e-6, saved: Date())
        try store.save(smuggled)
        let tuned = try TunedKernel(source: source, name: "scale", fallback: ["VW": "1", "FACTOR": "2.0f"], store: store,
                                    on: try makeQueue(device))
        #expect(!tuned.isTuned && tuned.parameters == ["VW": "1", "FACTOR": "2.0f"])
    }

    @Test("two writers of one tuning cache keep every outcome")
    func concurrentCacheSaves() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("cache.json")
        let key = TuningCache.Key(device: "cpu", driver: "1", source: "s", kernel: "k", options: "", spec: "", globalSize: nil,
                                  workGroup: nil, reference: "", tolerance: "", size: "1")
        func outcome(_ value: Int) -> KernelTuner.Outcome {
            KernelTuner.Outcome(configuration: TuningConfiguration(values: [("A", "\(value)")]), status: .timed,
                                deviceSeconds: Summary([1e-3]), gbPerS: nil)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    var cache = TuningCache(key: key, outcomes: [])
                    for index in 0..<20 {
                        cache.outcomes.append(outcome(writer * 100 + index))
                        try cache.save(to: url)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try TuningCache.read(url, key: key)?.outcomes.count == 40)
    }

    @Test("a cache kept before an included header changed is another tuning's: the resumed run verifies again",
          arguments: TestDevices.all)
    func cacheKeysOnHeaders(device: Device) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = folder.appendingPathComponent("factor.h")
        try "#define SCALE 2.0f\n".write(to: header, atomically: true, encoding: .utf8)
        let source = ProgramSource(name: "scale.cl", text: """
            #include "factor.h"
            kernel void scale(global const float *x, global float *y) { size_t i = get_global_id(0); y[i] = SCALE * x[i] + OFFSET; }
            """)
        var options = BuildOptions()
        options.raw = ["-I", folder.path]
        let kernel = UserKernel(source: source, name: "scale", spec: try KernelArgumentSpec("in:float[n], out:float[n]"), options: options)
        var tuner = KernelTuner(kernel: kernel, space: try TuningSpace(parameters: [TuningSpace.Parameter(name: "OFFSET", values: ["0.0f"])]),
                                reference: .host([try HostExpression("y = 2 * x")]), tolerance: .exact, size: ProblemSize(33))
        tuner.samples = 1
        tuner.sampleBudget = 0.001
        tuner.leaders = 0
        let cache = folder.appendingPathComponent("cache.json")
        #expect(try tuner.run(on: try ComputeQueue(device: device, context: try Context(devices: [device])), resumingFrom: cache).best != nil)
        try "#define SCALE 3.0f\n".write(to: header, atomically: true, encoding: .utf8)
        // A new context, as a new process has (a context's program cache holds what it built from the same text).
        let resumed = try tuner.run(on: try ComputeQueue(device: device, context: try Context(devices: [device])), resumingFrom: cache)
        #expect(resumed.evaluated == 1 && resumed.best == nil, "the broken kernel is verified again and fails: \(resumed.outcomes)")
    }

    // MARK: recorded tables

    @Test("Kernel Tuner files: a time that is no number fails; files cut anywhere by an interrupted run are read")
    func kernelTunerFilesStrictly() throws {
        func file(_ entries: [String], closing: String) -> [UInt8] {
            Array(("{\n\"tune_params_keys\": [\"X\"],\n\"tune_params\": {},\n\"cache\": {\n" + entries.joined(separator: ",\n") + closing).utf8)
        }
        let entries = ["\"1\": {\"X\": 1, \"time\": true}", "\"2\": {\"X\": 2, \"time\": 0.5}", "\"3\": {\"X\": 3, \"time\": \"0.1\"}",
                       "\"4\": {\"X\": 4, \"time\": 0.25}"]
        let closed = try #require(try TuningTable.kernelTunerTable(file(entries, closing: "\n}\n}")))
        #expect(closed.best?.configuration.description == "X=4")
        #expect(closed.outcomes.filter(\.isTimed).count == 2, "true and \"0.1\" are not times")
        for closing in [",", "", "\n}", ",\n\"5\": {\"X\": 5, \"ti"] {
            let open = try #require(try TuningTable.kernelTunerTable(file(entries, closing: closing)), "\(closing)")
            #expect(open.outcomes.count == 4 && open.best?.configuration.description == "X=4", "\(closing)")
        }
    }

    @Test("replay and annealing over large tables answer in seconds")
    func largeTables() throws {
        // 8,000 rows with a single optimum, as a swiftcl tune table.
        var outcomes: [KernelTuner.Outcome] = []
        for a in 0..<20 { for b in 0..<20 { for c in 0..<20 {
            let seconds = 1e-6 * Double(1 + abs(a - 13) + abs(b - 4) + abs(c - 9))
            let timed = (a + b + c) % 7 != 0
            outcomes.append(KernelTuner.Outcome(configuration: TuningConfiguration(values: [("A", "\(a)"), ("B", "\(b)"), ("C", "\(c)")]),
                                                status: timed ? .timed : .failed("x"), deviceSeconds: timed ? Summary([seconds]) : nil,
                                                gbPerS: nil))
        } } }
        let table = TuningTable(outcomes: outcomes, writer: "test")
        let started = ContinuousClock.now
        let trace = table.replay(.annealing(seed: 3))
        #expect(trace.count == 8_000 && Set(trace.map(\.configuration)).count == 8_000)
        #expect(ContinuousClock.now - started < .seconds(120), "a whole walk over 8,000 rows (a hang guard: > 200 s per seed before)")
        // A sparse table (every neighbour restricted away): the radius search on each step.
        let sparse = TuningTable(outcomes: Array(outcomes.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)), writer: "test")
        let sparseStarted = ContinuousClock.now
        #expect(sparse.replay(.annealing(seed: 1), evaluations: 500).count == 500)
        #expect(ContinuousClock.now - sparseStarted < .seconds(120))
    }

    @Test("the order-statistics set draws what a filtered list would")
    func presentIndices() {
        var set = PresentIndices(count: 37)
        var list = Array(0..<37)
        var generator = SplitMix64(seed: 9)
        while !list.isEmpty {
            #expect(set.count == list.count)
            for k in [0, list.count / 2, list.count - 1] { #expect(set.element(at: k) == list[k]) }
            let removed = list.remove(at: Int.random(in: 0..<list.count, using: &generator))
            set.remove(removed)
        }
        #expect(set.count == 0)
    }

    // MARK: helpers and temporary files

    @Test("abandoned claim folders of ended processes are removed; live ones are kept")
    func abandonedClaims() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A pid far above pid_max is never running; our own is.
        let dead = folder.appendingPathComponent("\(CompileClaims.prefix)2147483646-x")
        let live = folder.appendingPathComponent("\(CompileClaims.prefix)\(getpid())-y")
        for claims in [dead, live] { try FileManager.default.createDirectory(at: claims, withIntermediateDirectories: false) }
        CompileClaims.removeAbandoned(in: folder.path)
        #expect(!FileManager.default.fileExists(atPath: dead.path) && FileManager.default.fileExists(atPath: live.path))
    }
}
