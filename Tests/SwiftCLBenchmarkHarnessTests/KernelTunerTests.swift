@testable import SwiftCLBenchmarkHarness
import Foundation
import SwiftCL
import SwiftCLTestSupport
import SwiftCLValidation
import Testing

/// Tuning over compile-time parameters: the space and its restrictions, and every configuration verified before it is
/// timed, on the real device.
@Suite("Kernel tuning (swiftcl tune)")
struct KernelTunerTests {
    @Test("the space: every combination in order (the last parameter fastest), restrictions as integer conditions")
    func space() throws {
        let space = try TuningSpace(parameters: [try TuningSpace.parameter("TILE=8,16,32"), try TuningSpace.parameter("VW = 1, 2, 4")],
                                    restrictions: ["TILE * VW <= 64", "TILE % VW == 0"])
        #expect(space.unrestrictedCount == 9)
        let configurations = try space.configurations()
        #expect(configurations.map(\.description) == ["TILE=8 VW=1", "TILE=8 VW=2", "TILE=8 VW=4", "TILE=16 VW=1", "TILE=16 VW=2",
                                                      "TILE=16 VW=4", "TILE=32 VW=1", "TILE=32 VW=2"])
        #expect(configurations[4].definitions == ["TILE": "16", "VW": "2"])
        #expect(configurations[4].substituted(into: "w/VW x h") == "w/2 x h")
        #expect(configurations[4].substituted(into: "TILE x TILE×VW") == "16 x 16×2")
        #expect(configurations[4].substituted(into: "TILEx") == "TILEx", "only whole names are replaced")
        #expect(try TuningSpace(parameters: [try TuningSpace.parameter("A=1")]).configurations().count == 1)
        #expect(try TuningSpace(parameters: [try TuningSpace.parameter("A=1,2")], restrictions: ["A > 5"]).configurations().isEmpty)
    }

    @Test("malformed spaces and restrictions are refused naming the part", arguments: [
        "TILE", "1TILE=4", "TILE=", "TILE=4,,8", "TILE=4;restrict:Q > 1", "TILE=4;restrict:TILE >", "TILE=4,8;dup",
    ])
    func refusals(text: String) throws {
        let parts = text.split(separator: ";").map(String.init)
        #expect(throws: KernelSpecError.self, "\(text)") {
            var parameters = [try TuningSpace.parameter(parts[0])]
            if parts.contains("dup") { parameters.append(parameters[0]) }
            let restrictions = parts.filter { $0.hasPrefix("restrict:") }.map { String($0.dropFirst("restrict:".count)) }
            _ = try TuningSpace(parameters: parameters, restrictions: restrictions).configurations()
        }
    }

    static let source = """
        #if VW == 3
        #error "no 3-wide variant"
        #endif
        kernel void scale(global const float *x, global float *y, const uint n) {
            const uint i = get_global_id(0) * VW;
            for (uint k = 0; k < VW; ++k) if (i + k < n) y[i + k] = FACTOR * x[i + k];
        }
        """

    /// `scale` of ``source`` over `in:float[n], out:float[n], uint=n`.
    static func scaleKernel() throws -> UserKernel {
        UserKernel(source: ProgramSource(name: "scale.cl", text: source), name: "scale",
                   spec: try KernelArgumentSpec("in:float[n], out:float[n], uint=n"))
    }

    @Test("every configuration is verified before it is timed; failed builds and wrong answers are reported, never best",
          arguments: TestDevices.all)
    func tuning(device: Device) throws {
        let queue = try makeQueue(device)
        let kernel = try Self.scaleKernel()
        let space = try TuningSpace(parameters: [TuningSpace.Parameter(name: "VW", values: ["1", "2", "3", "4"]),
                                                 TuningSpace.Parameter(name: "FACTOR", values: ["2.0f", "3.0f"])])
        var tuner = KernelTuner(kernel: kernel, space: space, globalSize: "(n + VW - 1) / VW", workGroup: nil,
                                reference: .host([try HostExpression("y = 2 * x")]), tolerance: .exact, size: ProblemSize(1001))
        tuner.samples = 2
        tuner.sampleBudget = 0.002
        let outcomes = try tuner.run(on: queue)
        #expect(outcomes.count == 8)
        let timed = outcomes.prefix { $0.isTimed }
        #expect(timed.map { $0.configuration.definitions["FACTOR"] } == ["2.0f", "2.0f", "2.0f"], "\(outcomes)")
        #expect(Set(timed.compactMap { $0.configuration.definitions["VW"] }) == ["1", "2", "4"])
        #expect(timed.allSatisfy { ($0.deviceSeconds?.median ?? 0) > 0 && ($0.gbPerS ?? 0) > 0 })
        let medians = timed.compactMap { $0.deviceSeconds?.median }
        #expect(medians == medians.sorted(), "fastest first")
        for outcome in outcomes.dropFirst(timed.count) {
            switch outcome.status {
            case .timed: Issue.record("a timed outcome after the untimed ones")
            case let .wrong(output, maxError): #expect(output == "y" && maxError > 0 && outcome.configuration.definitions["FACTOR"] == "3.0f")
            case let .failed(reason): #expect(reason.contains("no 3-wide variant") && outcome.configuration.definitions["VW"] == "3", "\(reason)")
            }
        }
        #expect(outcomes.count { if case .failed = $0.status { true } else { false } } == 2)
        #expect(KernelTuner.Outcome.table(outcomes).contains("WRONG: y off by"))
    }

    @Test("claims: two walkers of one list each take what they claim first, together every item exactly once")
    func claims() async throws {
        let claims = try CompileClaims()
        defer { claims.remove() }
        let taken = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<2 { group.addTask { (0..<500).filter { claims.claim($0) } } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(taken.count == 2 && Set(taken[0]).isDisjoint(with: taken[1]) && Set(taken[0] + taken[1]) == Set(0..<500))
        claims.stop()
        #expect(!claims.claim(500) && claims.isStopped)
        claims.remove()
        #expect(!claims.claim(501) && claims.isStopped, "a removed folder claims nothing")
    }

    @Test("compile helpers claim configurations: each is compiled once by one process, every one is still verified and timed here; a bad reference stops them and leaves no claims",
          arguments: TestDevices.all)
    func compileAhead(device: Device) throws {
        let queue = try makeQueue(device)
        let kernel = try Self.scaleKernel()
        let space = try TuningSpace(parameters: [TuningSpace.Parameter(name: "VW", values: ["1", "2", "3", "4", "8"]),
                                                 TuningSpace.Parameter(name: "FACTOR", values: ["2.0f", "2.00f"])])
        var tuner = KernelTuner(kernel: kernel, space: space, globalSize: "(n + VW - 1) / VW", workGroup: nil,
                                reference: .host([try HostExpression("y = 2 * x")]), tolerance: .exact, size: ProblemSize(999))
        tuner.samples = 1
        tuner.sampleBudget = 0.001
        tuner.leaders = 0
        // The "helper" is a thread with a context of its own; it records what it claimed and where the claims lived.
        let helperQueue = try ComputeQueue(device: device, context: try Context(devices: [device]))
        let claimed = Locked<[TuningConfiguration]>([])
        let folders = Locked<[String]>([])
        let plain = tuner
        tuner.compileAhead = KernelTuner.CompileAhead(processes: 1) { configurations, claims in
            folders.withLock { $0.append(claims.folder) }
            // compile(_:on:claims:)'s walk, one configuration at a time, to record which it takes.
            for (index, configuration) in configurations.enumerated() where !claims.isStopped && claims.claim(index) {
                claimed.withLock { $0.append(configuration) }
                guard let own = try? CompileClaims() else { continue }
                plain.compile([configuration], on: helperQueue, claims: own)
                own.remove()
            }
        }
        let result = try tuner.run(on: queue, resumingFrom: nil)
        #expect(result.trace.count == 10 && result.outcomes.filter(\.isTimed).count == 8, "VW=3 fails to build, in both factors")
        let helperTook = claimed.withLock { $0 }
        // How many the helper takes depends on when its thread starts; whatever it took, it took once, and the tuner
        // verified and timed every configuration regardless.
        #expect(Set(helperTook).count == helperTook.count, "each claimed once: \(helperTook)")
        let folder = try #require(folders.withLock { $0.first })
        #expect(!FileManager.default.fileExists(atPath: folder), "the claims are removed when the run ends")

        // compile(_:on:claims:) takes every configuration it can claim, none once the claims are stopped.
        let configurations = try space.configurations()
        let fresh = try CompileClaims()
        defer { fresh.remove() }
        plain.compile(configurations, on: helperQueue, claims: fresh)
        #expect(configurations.indices.allSatisfy { !fresh.claim($0) }, "all claimed")
        let stopped = try CompileClaims()
        defer { stopped.remove() }
        stopped.stop()
        plain.compile(configurations, on: helperQueue, claims: stopped)
        let left = try FileManager.default.contentsOfDirectory(atPath: stopped.folder)
        #expect(stopped.isStopped && left == ["stop"], "nothing claimed: \(left)")

        // A reference that cannot be computed: the run throws, the helper stops before its next build.
        var broken = tuner
        broken.reference = .kernel(UserKernel(source: ProgramSource(name: "bad.cl", text: "kernel void ref(global float *y) { y[0] = ; }"),
                                              name: "ref", spec: try KernelArgumentSpec("out:float[n]")))
        claimed.withLock { $0.removeAll() }
        folders.withLock { $0.removeAll() }
        #expect(throws: (any Error).self) { try broken.run(on: queue, resumingFrom: nil) }
        #expect(claimed.withLock { $0.count } < 10, "stopped early")
        let brokenFolder = try #require(folders.withLock { $0.first })
        #expect(!FileManager.default.fileExists(atPath: brokenFolder), "no claims left behind")
    }

    @Test("a resume cache: an interrupted or widened run evaluates only what the file lacks; another tuning replaces it; a file that is no cache is refused",
          arguments: TestDevices.all)
    func resuming(device: Device) throws {
        let queue = try makeQueue(device)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-tune-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: cache) }
        let kernel = try Self.scaleKernel()
        func tuner(_ widths: [String], factor: String = "2.0f", size: Int = 777) throws -> KernelTuner {
            var tuner = KernelTuner(kernel: kernel, space: try TuningSpace(parameters: [
                TuningSpace.Parameter(name: "VW", values: widths), TuningSpace.Parameter(name: "FACTOR", values: [factor])]),
                globalSize: "(n + VW - 1) / VW", reference: .host([try HostExpression("y = 2 * x")]), tolerance: .exact,
                size: ProblemSize(size))
            tuner.samples = 1
            tuner.sampleBudget = 0.001
            return tuner
        }
        // "Interrupted" after two configurations: the file holds those two.
        #expect(try tuner(["1", "2"]).run(on: queue, resumingFrom: cache).evaluated == 2)
        let resumed = try tuner(["1", "2", "3", "4"]).run(on: queue, resumingFrom: cache)
        #expect(resumed.evaluated == 2 && resumed.outcomes.count == 4)
        #expect(resumed.outcomes.filter(\.isTimed).count == 3, "VW 3 does not build: \(resumed.outcomes)")
        let again = try tuner(["1", "2", "3", "4"]).run(on: queue, resumingFrom: cache)
        #expect(again.evaluated == 0 && again.outcomes == resumed.outcomes, "a repeated run times nothing again")
        // A new parameter value is a new configuration of the same tuning: only it is evaluated, and kept.
        #expect(try tuner(["1"], factor: "3.0f").run(on: queue, resumingFrom: cache).evaluated == 1)
        #expect(try tuner(["1", "2"]).run(on: queue, resumingFrom: cache).evaluated == 0)
        // Another tuning (another problem size) reuses nothing, and replaces the file.
        #expect(try tuner(["1", "2"], size: 778).run(on: queue, resumingFrom: cache).evaluated == 2)
        #expect(try tuner(["1", "2"]).run(on: queue, resumingFrom: cache).evaluated == 2)
        // A file that is not a cache (a typo naming the wrong file) is refused before anything runs, and left intact.
        try Data("not json".utf8).write(to: cache)
        #expect(throws: SwiftCLError.self) { try tuner(["1"]).run(on: queue, resumingFrom: cache) }
        #expect(try Data(contentsOf: cache) == Data("not json".utf8))
    }

    @Test("a random sample: that many configurations, without repeats, in the order drawn, the same for the same seed")
    func randomSample() throws {
        let space = try TuningSpace(parameters: [try TuningSpace.parameter("A=1,2,3,4"), try TuningSpace.parameter("B=1,2,3")],
                                    restrictions: ["A + B != 5"])
        let all = try space.configurations()
        #expect(all.count == 9)
        let drawn = KernelTuner.Strategy.randomSample(count: 4, seed: 7).select(all)
        #expect(drawn.count == 4 && Set(drawn).count == 4 && Set(drawn).isSubset(of: Set(all)))
        #expect(KernelTuner.Strategy.randomSample(count: 4, seed: 7).select(all) == drawn)
        let seeds = (1...8).map { KernelTuner.Strategy.randomSample(count: 4, seed: UInt64($0)).select(all) }
        #expect(Set(seeds).count > 1, "other seeds draw other samples")
        #expect(Set(KernelTuner.Strategy.randomSample(count: 20, seed: 1).select(all)) == Set(all))
        #expect(KernelTuner.Strategy.exhaustive.select(all) == all)
    }

    /// A synthetic space with a known optimum: X and Y in 0…15, time (X−11)² + (Y−4)² + 1 µs, odd X with Y = 0 failing.
    static func syntheticSpace() throws -> (search: TuningSearch, cost: (TuningConfiguration) -> Double?) {
        let values = (0..<16).map(String.init)
        let space = try TuningSpace(parameters: [TuningSpace.Parameter(name: "X", values: values),
                                                 TuningSpace.Parameter(name: "Y", values: values)], restrictions: ["X + Y != 20"])
        let configurations = try space.configurations()
        let search = TuningSearch(configurations: configurations, valueOrder: ["X": values, "Y": values])
        return (search, { configuration in
            let x = Double(configuration.definitions["X"]!)!, y = Double(configuration.definitions["Y"]!)!
            if y == 0 && Int(x) % 2 == 1 { return nil }
            return ((x - 11) * (x - 11) + (y - 4) * (y - 4) + 1) * 1e-6
        })
    }

    @Test("every strategy on a synthetic space with a known optimum: each configuration at most once, budgets kept, seeds repeat",
          arguments: [KernelTuner.Strategy.exhaustive, .randomSample(count: Int.max, seed: 3), .annealing(seed: 3), .annealing(seed: 11)])
    func strategies(strategy: KernelTuner.Strategy) throws {
        let (search, cost) = try Self.syntheticSpace()
        var asked: [TuningConfiguration] = []
        let order = search.run(strategy, evaluations: nil) { configuration in
            asked.append(configuration)
            return cost(configuration)
        }
        #expect(order.count == search.configurations.count && Set(order).count == order.count,
                "unlimited, every configuration once: \(order.count) of \(search.configurations.count)")
        #expect(asked == order.map { search.configurations[$0] })
        #expect(search.run(strategy, evaluations: nil, cost: cost) == order, "the same seed makes the same choices")
        let limited = search.run(strategy, evaluations: 25, cost: cost)
        #expect(limited.count == 25 && Set(limited).count == 25)
        if case .annealing = strategy {} else { #expect(limited == Array(order.prefix(25)), "a budget cuts the same order short") }
        var stopAfter = 7
        #expect(search.run(strategy, evaluations: nil, shouldStop: { stopAfter -= 1; return stopAfter < 0 }, cost: cost).count == 7)
        let free = Set(search.configurations.prefix(10))
        #expect(search.run(strategy, evaluations: 5, isFree: free.contains, cost: cost).count { !free.contains(search.configurations[$0]) } == 5,
                "configurations already known cost the budget nothing")
    }

    @Test("simulated annealing reaches the optimum of a smooth space in far fewer evaluations than random order (median of 15 seeds)")
    func annealingIsGuided() throws {
        let (search, cost) = try Self.syntheticSpace()
        func evaluationsToOptimum(_ strategy: KernelTuner.Strategy) -> Int {
            let order = search.run(strategy, evaluations: nil, cost: cost)
            return 1 + (order.firstIndex { cost(search.configurations[$0]) == 1e-6 } ?? order.count)
        }
        let annealing = (1...15).map { evaluationsToOptimum(.annealing(seed: UInt64($0))) }.sorted()
        let random = (1...15).map { evaluationsToOptimum(.randomSample(count: Int.max, seed: UInt64($0))) }.sorted()
        #expect(annealing[7] * 3 < random[7], "annealing \(annealing), random \(random)")
        #expect(annealing[7] < search.configurations.count / 6, "annealing \(annealing) of \(search.configurations.count)")
    }

    @Test("neighbours: one parameter one value away; where restrictions leave fewer than two, the nearest within a growing radius")
    func neighbours() throws {
        let space = try TuningSpace(parameters: [try TuningSpace.parameter("A=1,2,4,8"), try TuningSpace.parameter("B=1,2,4")],
                                    restrictions: ["A * B != 4"])
        let configurations = try space.configurations()
        let search = TuningSearch(configurations: configurations, valueOrder: TuningSearch.valueOrder(of: configurations))
        func names(_ indices: [Int]) -> Set<String> { Set(indices.map { configurations[$0].description }) }
        func index(_ text: String) throws -> Int { try #require(configurations.firstIndex { $0.description == text }) }
        #expect(names(search.neighbours(of: try index("A=4 B=2"))) == ["A=8 B=2", "A=4 B=4"], "A=2 B=2 and A=4 B=1 are restricted away")
        // A=2 B=1 has one adjacent configuration left (A=4 B=1 and A=2 B=2 are restricted away): radius 2.
        #expect(names(search.neighbours(of: try index("A=2 B=1"))) == ["A=1 B=1", "A=8 B=1", "A=2 B=4", "A=1 B=2", "A=4 B=2"])
        #expect(names(search.neighbours(of: try index("A=8 B=1"))) == ["A=8 B=2", "A=8 B=4", "A=4 B=2", "A=2 B=1"])
        // BY == BX * VW style: no configuration is adjacent to A=1 B=1, those moving two parameters are.
        let diagonal = try TuningSpace(parameters: [try TuningSpace.parameter("A=1,2,3"), try TuningSpace.parameter("B=1,2,3")],
                                       restrictions: ["A == B || A + B == 4"]).configurations()
        let sparse = TuningSearch(configurations: diagonal, valueOrder: TuningSearch.valueOrder(of: diagonal))
        #expect(Set(sparse.neighbours(of: 0).map { diagonal[$0].description }) == ["A=1 B=3", "A=3 B=1", "A=2 B=2"])
        #expect(TuningSearch.valueOrder(of: [TuningConfiguration(values: [("V", "16")]), TuningConfiguration(values: [("V", "4")]),
                                             TuningConfiguration(values: [("V", "8.0f")])]) == ["V": ["4", "8.0f", "16"]])
    }

    @Test("replay: a Kernel Tuner cache (left open, as an interrupted run leaves it) and a swiftcl tune cache give the same search")
    func replay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-replay-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (search, cost) = try Self.syntheticSpace()
        var entries: [String] = []
        for configuration in search.configurations {
            let (x, y) = (configuration.definitions["X"]!, configuration.definitions["Y"]!)
            let time = cost(configuration).map { "\($0 * 1e3)" } ?? "\"CompilationFailedConfig\""
            entries.append("\"\(x),\(y)\": {\"X\": \(x), \"Y\": \(y), \"time\": \(time), \"times\": [1, 2]}")
        }
        let header = "{\n\"device_name\": \"cpu\",\n\"kernel_name\": \"k\",\n\"tune_params_keys\": [\"X\", \"Y\"],\n\"tune_params\": {},\n\"cache\": {\n"
        let kernelTuner = folder.appendingPathComponent("kt.json")
        try (header + entries.joined(separator: ",\n") + ",").write(to: kernelTuner, atomically: true, encoding: .utf8)
        let table = try TuningTable.read(kernelTuner.path)
        #expect(table.writer == "Kernel Tuner" && table.outcomes.count == search.configurations.count)
        #expect(table.best?.configuration.description == "X=11 Y=4")
        #expect(table.outcomes.count { !$0.isTimed } == 8, "odd X with Y = 0 failed")
        for strategy in [KernelTuner.Strategy.annealing(seed: 5), .randomSample(count: 40, seed: 5)] {
            let trace = table.replay(strategy, evaluations: 40)
            #expect(trace.count == 40 && Set(trace.map(\.configuration)).count == 40)
            let reached = TuningTable.evaluationsToReach(trace, within: 0.05, of: 1e-6)
            if let reached { #expect(trace[reached - 1].configuration.description == "X=11 Y=4") }
        }
        // The same table as swiftcl tune's cache: the same replay.
        let ours = folder.appendingPathComponent("ours.json")
        let key = TuningCache.Key(device: "cpu", driver: "1", source: "", kernel: "k", options: "", spec: "", globalSize: nil,
                                  workGroup: nil, reference: "", tolerance: "", size: "1")
        var cache = TuningCache(key: key, outcomes: table.outcomes)
        try cache.save(to: ours)
        let again = try TuningTable.read(ours.path)
        #expect(again.writer == "swiftcl tune")
        #expect(again.replay(.annealing(seed: 5), evaluations: 40) == table.replay(.annealing(seed: 5), evaluations: 40))
        let bad = folder.appendingPathComponent("bad.json")
        try Data("{\"cache\": 3}".utf8).write(to: bad)
        #expect(throws: SwiftCLError.self) { try TuningTable.read(bad.path) }
        #expect(throws: SwiftCLError.self) { try TuningTable.read(folder.appendingPathComponent("missing.json").path) }
    }

    @Test("the leaders are re-timed interleaved beside the copy bound; budgets stop the live search", arguments: TestDevices.all)
    func retimingAndBudgets(device: Device) throws {
        let queue = try makeQueue(device)
        let kernel = try Self.scaleKernel()
        let space = try TuningSpace(parameters: [TuningSpace.Parameter(name: "VW", values: ["1", "2", "3", "4", "8"]),
                                                 TuningSpace.Parameter(name: "FACTOR", values: ["2.0f"])])
        var tuner = KernelTuner(kernel: kernel, space: space, globalSize: "(n + VW - 1) / VW", workGroup: nil,
                                reference: .host([try HostExpression("y = 2 * x")]), tolerance: .exact, size: ProblemSize(4099))
        tuner.samples = 2
        tuner.sampleBudget = 0.002
        tuner.leaders = 3
        tuner.retimingRounds = 4
        tuner.flops = try SizeExpression("n")
        let result = try tuner.run(on: queue, resumingFrom: nil)
        let retiming = try #require(result.retiming)
        #expect(retiming.leaders.count == 3 && retiming.rounds == 4)
        #expect(retiming.leaders.allSatisfy { $0.seconds.count == 4 && ($0.percentOfBound ?? 0) > 0 && ($0.gflops ?? 0) > 0 })
        #expect(Set(retiming.leaders.map(\.configuration)).isSubset(of: Set(result.outcomes.prefix(3).map(\.configuration))))
        #expect(result.best == retiming.leaders.first?.configuration && result.best?.definitions["VW"] != "3")
        #expect(retiming.table.contains("% of copy"))
        #expect(result.outcomes.filter(\.isTimed).allSatisfy { ($0.gflops ?? 0) > 0 })
        tuner.leaders = 0
        tuner.budget = KernelTuner.Budget(evaluations: 2)
        tuner.strategy = .annealing(seed: 2)
        let limited = try tuner.run(on: queue, resumingFrom: nil)
        #expect(limited.evaluated == 2 && limited.trace.count == 2 && limited.retiming == nil)
        tuner.budget = KernelTuner.Budget(seconds: 0)
        #expect(try tuner.run(on: queue, resumingFrom: nil).evaluated == 0, "no time: nothing evaluated")
    }

    @Test("the best per device is stored and a program loads it; an edited source, an empty or broken store fall back",
          arguments: TestDevices.all)
    func tunedKernel(device: Device) throws {
        let queue = try makeQueue(device)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-tuned-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = TunedKernelStore(url: folder.appendingPathComponent("tuned.json"))
        let spec = try KernelArgumentSpec("in:float[n], out:float[n], uint=n")
        let source = ProgramSource(name: "scale.cl", text: Self.source)
        let kernel = UserKernel(source: source, name: "scale", spec: spec)
        let space = try TuningSpace(parameters: [TuningSpace.Parameter(name: "VW", values: ["1", "2", "4"]),
                                                 TuningSpace.Parameter(name: "FACTOR", values: ["2.0f"])])
        var tuner = KernelTuner(kernel: kernel, space: space, globalSize: "(n + VW - 1) / VW", workGroup: "8",
                                reference: .host([try HostExpression("y = 2 * x")]), tolerance: .exact, size: ProblemSize(1000))
        tuner.samples = 2
        tuner.sampleBudget = 0.002
        tuner.retimingRounds = 2
        let result = try tuner.run(on: queue, resumingFrom: nil)
        #expect(store.entries.isEmpty && store.best(device: device, kernel: "scale", source: source, size: nil) == nil)
        let entry = try #require(TunedKernelStore.Entry(best: result, of: tuner, on: device))
        try store.save(entry)
        try store.save(entry)
        #expect(store.entries.count == 1, "the same device, kernel, source and size: replaced, not added")

        let tuned = try TunedKernel(source: source, name: "scale", fallback: ["VW": "1", "FACTOR": "2.0f"], store: store, on: queue)
        #expect(tuned.isTuned && tuned.parameters == result.best?.definitions && tuned.workGroup == WorkGroupShape(8))
        // The stored parameters do what the tuning verified.
        let width = Int(tuned.parameters["VW"] ?? "1") ?? 1
        let input = (0..<1000).map(Float.init)
        let a = try Buffer(copying: input, context: queue.context), b = try Buffer<Float>(count: 1000, context: queue.context)
        let output = try queue.sync { cl in
            try cl.launch(tuned.kernel, NDRange((1000 + width - 1) / width), a, b, UInt32(1000))
            return try cl.read(b)
        }
        #expect(output == input.map { 2 * $0 })

        // The nearest stored size wins.
        let other = TunedKernelStore.Entry(device: entry.device, driver: entry.driver, kernel: "scale", source: entry.source,
                                           size: ProblemSize(1 << 20), configuration: TuningConfiguration(values: [("VW", "4"), ("FACTOR", "2.0f")]),
                                           globalSize: nil, workGroup: nil, seconds: 1, saved: Date())
        try store.save(other)
        #expect(store.best(device: device, kernel: "scale", source: source, size: ProblemSize(3 << 18))?.size == ProblemSize(1 << 20))
        #expect(store.best(device: device, kernel: "scale", source: source, size: ProblemSize(999))?.size == ProblemSize(1000))

        let edited = ProgramSource(name: "scale.cl", text: Self.source + "\n// edited\n")
        let fallback = try TunedKernel(source: edited, name: "scale", fallback: ["VW": "2", "FACTOR": "2.0f"], store: store, on: queue)
        #expect(!fallback.isTuned && fallback.parameters == ["VW": "2", "FACTOR": "2.0f"] && fallback.workGroup == nil)
        try Data("not a store".utf8).write(to: store.url)
        #expect(try !TunedKernel(source: source, name: "scale", fallback: ["VW": "1", "FACTOR": "2.0f"], store: store, on: queue).isTuned)
    }

    @Test("a stored best keys on the files the source includes: an edited header makes it stale")
    func tunedKernelIncludes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-tuned-include-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = folder.appendingPathComponent("scale_factor.h")
        try Data("#define FACTOR 2.0f\n".utf8).write(to: header)
        let source = ProgramSource(name: "scale.cl", text: "#include \"scale_factor.h\"\n" + Self.source)
        var options = BuildOptions()
        options.raw = ["-I", folder.path]
        let plain = ProgramSource(name: "scale.cl", text: Self.source)
        let before = TunedKernelStore.fingerprint(of: source, options: options)
        #expect(TunedKernelStore.fingerprint(of: plain) == plain.fingerprint, "no includes: the source's own fingerprint")
        #expect(before == TunedKernelStore.fingerprint(of: source, options: options), "stable")
        #expect(before != TunedKernelStore.fingerprint(of: source), "without the -I folder the header is not found")
        try Data("#define FACTOR 3.0f\n".utf8).write(to: header)
        #expect(before != TunedKernelStore.fingerprint(of: source, options: options), "the header changed")
    }
}
