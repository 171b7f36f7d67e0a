import Foundation
import SwiftCL
import SwiftCLValidation

/// Tunes a kernel over a space of compile-time parameters, Kernel Tuner's job: every configuration of the
/// ``TuningSpace`` is built with its parameters as `-D`s, launched over a global size and work-group shape written in
/// the parameters, **verified against the reference before it is timed**, then timed by profiling events. A
/// configuration that fails to build, is refused by the device's limits or gives a wrong answer is reported as such and
/// never stops the run, nor can it be the best.
///
/// The search (``Strategy``: exhaustive, a random sample, simulated annealing; within a ``Budget``) runs at one problem
/// size; the results are sorted fastest first, and the evaluation order is kept (best-so-far per evaluation).
public struct KernelTuner: Sendable {
    /// The kernel: its source, name, argument spec and the build options besides the parameters.
    public var kernel: UserKernel
    public var space: TuningSpace
    /// The global size in the parameters and the size (`w/VW x h`; separate names with blanks or `x`); nil: the
    /// kernel's own (one work-item per element unless it has one).
    public var globalSize: String?
    /// The work-group shape in the parameters (`TILE x TILE`); nil: the runtime's choice or `reqd_work_group_size`.
    public var workGroup: String?
    public var reference: UserKernel.Reference
    public var tolerance: Tolerance
    public var size: ProblemSize
    /// Seconds of runs per sample, and samples per configuration.
    public var sampleBudget = 0.01
    public var samples = 5
    /// A configuration whose first two samples are both slower than this multiple of the best median so far is not
    /// sampled further (it cannot lead; its row has two samples): the search's time goes to the contenders. nil: every
    /// configuration gets every sample.
    public var raceCutoff: Double? = 1.5
    /// Which configurations of the space are evaluated, and in what order.
    public var strategy = Strategy.exhaustive
    /// When the search stops before its strategy is done.
    public var budget = Budget.unlimited
    /// How many of the fastest configurations are re-timed, interleaved with each other and the copy bound for
    /// `retimingRounds` rounds, before the best is named (0: the search's fastest is the best).
    public var leaders = 3
    public var retimingRounds = 7
    /// The FLOPs of one run as an expression of the size (`2*w*h*k`), for GFLOP/s.
    public var flops: SizeExpression?
    /// Other processes that compile part of a planned search (exhaustive, random) while this one builds and verifies
    /// the rest; nil: this process compiles everything. See ``CompileAhead``.
    public var compileAhead: CompileAhead?
    /// A file the run keeps its current step in (which configuration it builds, verifies or times), for a watching
    /// process to stop a step that never ends and record it as failed (`swiftcl tune --timeout`); nil: none.
    public var statusFile: String?

    /// Compiling in other processes: PoCL compiles one program at a time per process (two threads building at once
    /// took as long as one), but its on-disk kernel cache is shared, so a configuration another process has built and
    /// launched loads here in a fraction of the time. The helpers start before the reference is computed; they and
    /// this process walk the planned configurations in order, each taking those it claims first (``CompileClaims``),
    /// this process verifying its own meanwhile; the timing starts when all have ended, alone.
    public struct CompileAhead: Sendable {
        /// How many other processes compile at once.
        public var processes: Int
        /// Compiles, in another process, the configurations of the list it claims first
        /// (``KernelTuner/compile(_:on:claims:while:)`` there) and returns when it has ended; what it fails to do only
        /// costs time, since this process verifies every configuration itself.
        public var compile: @Sendable (_ configurations: [TuningConfiguration], _ claims: CompileClaims) -> Void

        public init(processes: Int, compile: @escaping @Sendable (_ configurations: [TuningConfiguration], _ claims: CompileClaims) -> Void) {
            self.processes = processes
            self.compile = compile
        }
    }

    public init(kernel: UserKernel, space: TuningSpace, globalSize: String? = nil, workGroup: String? = nil,
                reference: UserKernel.Reference, tolerance: Tolerance, size: ProblemSize) {
        self.kernel = kernel
        self.space = space
        self.globalSize = globalSize
        self.workGroup = workGroup
        self.reference = reference
        self.tolerance = tolerance
        self.size = size
    }

    /// How one configuration went.
    public struct Outcome: Hashable, Sendable, Codable {
        public enum Status: Hashable, Sendable, Codable {
            /// Verified, then timed.
            case timed
            /// Built and ran, but an output differs from the reference beyond the tolerance.
            case wrong(output: String, maxError: Double)
            /// Did not build, was refused (a work-group over the device's limit, a bad size) or failed to run.
            case failed(String)
        }

        public let configuration: TuningConfiguration
        public let status: Status
        /// Device seconds per run (min/median/max over the samples), when timed.
        public let deviceSeconds: Summary?
        /// GB/s from the spec's declared bytes and the median time, when timed.
        public let gbPerS: Double?
        /// GFLOP/s from the tuner's `flops` and the median time, when both are known.
        public var gflops: Double?

        public var isTimed: Bool { status == .timed }
    }

    /// Runs the search on `queue`; the outcomes fastest first, then the wrong and failed ones in space order.
    /// - Throws: ``KernelSpecError`` for a restriction that cannot be evaluated, and what computing the reference's
    ///   outputs throws (a configuration's own failures are outcomes, not errors).
    public func run(on queue: ComputeQueue, progress: (String) -> Void = { _ in }) throws -> [Outcome] {
        try run(on: queue, resumingFrom: nil, progress: progress).outcomes
    }

    /// What a search found.
    public struct Result: Sendable, Encodable {
        /// Every configuration evaluated (or found in the cache), the verified ones fastest first, then the wrong and
        /// failed ones in evaluation order.
        public let outcomes: [Outcome]
        /// The same outcomes in the order the search asked for them (for best-so-far per evaluation).
        public let trace: [Outcome]
        /// How many were evaluated on the device now (the rest came from the cache).
        public let evaluated: Int
        /// The leaders re-timed interleaved; nil when none was verified or `leaders` is 0.
        public let retiming: Retiming?

        /// The best verified configuration: the re-timing's first, else the search's fastest.
        public var best: TuningConfiguration? {
            retiming?.leaders.first?.configuration ?? outcomes.first { $0.isTimed }?.configuration
        }
    }

    /// Like ``run(on:progress:)``, keeping every outcome in the JSON file at `cache` as soon as it is known: a run that
    /// is interrupted, or repeated with more parameter values or another strategy, evaluates only the configurations
    /// the file does not have (they cost the budget nothing). The file holds one tuning — this kernel's source,
    /// options, spec, sizes in the parameters, reference, tolerance and problem size on this device and driver —, and
    /// another one replaces it.
    /// - Throws: as ``run(on:progress:)``, and a Foundation error when the file cannot be written.
    public func run(on queue: ComputeQueue, resumingFrom cache: URL?, progress: (String) -> Void = { _ in }) throws -> Result {
        let key = TuningCache.Key(device: queue.device.name, driver: queue.device.driverVersion, source: TunedKernelStore.fingerprint(of: kernel.source, options: kernel.options),
                                  kernel: kernel.name, options: kernel.options.description, spec: kernel.spec.text,
                                  globalSize: globalSize, workGroup: workGroup, reference: reference.label,
                                  tolerance: tolerance.description, size: size.description)
        let configurations = try checkedConfigurations(on: queue.device)
        var record = try cache.flatMap { try TuningCache.read($0, key: key) } ?? TuningCache(key: key, outcomes: [])
        if let cache { _ = try FileSystem.outputPath(cache.path, origin: .user) }  // refused before anything is built
        let known = Dictionary(record.outcomes.map { ($0.configuration, $0) }) { first, _ in first }
        // Helpers compile the planned configurations they claim first, from the start: while this process computes
        // the reference they take the first ones. A reference that fails stops them (they end their current build).
        let helpers = DispatchGroup()
        var ahead: [TuningConfiguration] = []
        var claims: CompileClaims?
        if let compileAhead, compileAhead.processes > 0, budget.seconds == nil, strategy.isPlanned {
            ahead = strategy.select(configurations).filter { known[$0] == nil }
            if let evaluations = budget.evaluations { ahead = Array(ahead.prefix(evaluations)) }
            // Without a usable temporary folder this process compiles everything itself.
            if ahead.count > 1, let shared = try? CompileClaims() {
                claims = shared
                for _ in 0..<min(compileAhead.processes, ahead.count - 1) {
                    DispatchQueue.global().async(group: helpers) { [ahead] in compileAhead.compile(ahead, shared) }
                }
                let others = compileAhead.processes == 1 ? "another process" : "\(compileAhead.processes) other processes"
                progress("compiling \(ahead.count) configurations here and in \(others)")
            }
        }
        defer {
            claims?.stop()
            helpers.wait()
            claims?.remove()
        }
        var step = 0
        let aheadIndex = Dictionary(ahead.enumerated().map { ($1, $0) }) { first, _ in first }
        // The arguments' names from the first configuration that builds (the source may need the parameters).
        var built: Kernel?
        var claimedHere: Set<Int> = []
        for configuration in configurations {
            if let index = aheadIndex[configuration], claims?.claim(index) == true { claimedHere.insert(index) }
            if let kernel = try? candidate(configuration).kernel(on: queue) { built = kernel; break }
        }
        let names = built.map(kernel.spec.names(for:)) ?? kernel.spec.arguments.indices.map { "arg\($0)" }
        let arrays = try kernel.spec.arrays(for: size, names: names)
        report(.reference, key: key, step: &step)
        let expected = try reference.outputs(on: queue, size: size, arrays: arrays, names: names, spec: kernel.spec)
        let bytes = (try? kernel.spec.traffic(for: size)).map { $0.bytesRead + $0.bytesWritten }
        let inPlace = kernel.spec.inPlace(names: names)
        // This process verifies the configurations it claims (those claimed above included); the helpers' are
        // verified when they are timed, loading from PoCL's cache.
        var verifiedAhead: Set<TuningConfiguration> = []
        var failedAhead: [TuningConfiguration: Outcome] = [:]
        if let claims {
            for (index, configuration) in ahead.enumerated() where claimedHere.contains(index) || claims.claim(index) {
                report(.configuration, configuration, key: key, step: &step)
                if let failure = verify(configuration, on: queue, arrays: arrays, expected: expected) {
                    failedAhead[configuration] = failure
                } else {
                    verifiedAhead.insert(configuration)
                }
            }
        }
        report(.helpers, key: key, step: &step)
        helpers.wait()
        claims?.remove()  // now, not at the end: a run killed later leaves nothing in the temporary folder
        let search = TuningSearch(configurations: configurations,
                                  valueOrder: Dictionary(space.parameters.map { ($0.name, $0.values) }) { first, _ in first })
        let started = ContinuousClock.now
        let limit = budget.seconds.map { Duration.nanoseconds(Int64(min($0, 1e9) * 1e9)) }
        var trace: [Outcome] = []
        var evaluated = 0
        let order = try search.run(strategy, evaluations: budget.evaluations, isFree: { known[$0] != nil },
                                   shouldStop: { limit.map { ContinuousClock.now - started >= $0 } ?? false }) { configuration in
            let outcome: Outcome
            if let cached = known[configuration] {
                outcome = cached
            } else {
                progress("\(configuration) (\(evaluated + 1)\(budget.evaluations.map { "/\($0)" } ?? "/\(configurations.count)"))")
                report(.configuration, configuration, key: key, step: &step)
                let bestSoFar = trace.compactMap { $0.deviceSeconds?.median }.min()
                outcome = failedAhead[configuration]
                    ?? evaluate(configuration, on: queue, arrays: arrays, inPlace: inPlace, expected: expected, bytes: bytes,
                                verified: verifiedAhead.contains(configuration), bestSoFar: bestSoFar)
                evaluated += 1
                if let cache {
                    record.outcomes.append(outcome)
                    try record.save(to: cache)
                }
            }
            trace.append(outcome)
            return outcome.deviceSeconds?.median
        }
        precondition(order.count == trace.count)
        let ranked = Self.ranked(trace)
        progress("re-timing the leaders")
        report(.retiming, key: key, step: &step)
        let retiming = try retime(ranked, on: queue, arrays: arrays, inPlace: inPlace)
        return Result(outcomes: ranked, trace: trace, evaluated: evaluated, retiming: retiming)
    }

    /// The verified outcomes fastest first, then the others in their order.
    static func ranked(_ outcomes: [Outcome]) -> [Outcome] {
        let timed = outcomes.filter(\.isTimed).sorted { ($0.deviceSeconds?.median ?? .infinity) < ($1.deviceSeconds?.median ?? .infinity) }
        return timed + outcomes.filter { !$0.isTimed }
    }

    /// The kernel with `configuration`'s parameters as `-D`s and its global size.
    /// - Throws: ``KernelSpecError`` when the global size does not parse with the parameters in it.
    func candidate(_ configuration: TuningConfiguration) throws -> UserKernel {
        var options = kernel.options
        for (name, value) in zip(configuration.names, configuration.values) { options.define(name, value) }
        let global = try globalSize.map { try GlobalSizeExpression(configuration.substituted(into: $0)) } ?? kernel.globalSize
        return UserKernel(source: kernel.source, name: kernel.name, spec: kernel.spec, options: options, globalSize: global)
    }

    /// The work-group shape `configuration` runs with: ``workGroup`` with its parameters substituted; nil for the
    /// runtime's choice.
    /// - Throws: ``WorkGroupShape/Invalid`` when the substituted text is not a shape.
    func workGroupShape(_ configuration: TuningConfiguration) throws -> WorkGroupShape? {
        try workGroup.map { try WorkGroupShape(parsing: configuration.substituted(into: $0)) }
    }

    /// One configuration: built, verified, timed, or the reason it was not.
    func evaluate(_ configuration: TuningConfiguration, on queue: ComputeQueue, arrays: HostArrays, inPlace: Set<String>,
                  expected: HostArrays, bytes: Int?, verified: Bool = false, bestSoFar: Double? = nil) -> Outcome {
        if !verified, let failure = verify(configuration, on: queue, arrays: arrays, expected: expected) { return failure }
        do {
            let candidate = try candidate(configuration)
            let shape = try workGroupShape(configuration)
            // The in-place arrays by the names `arrays` uses (found once, in run), not looked up per configuration.
            let run = try PreparedRun(encode: try candidate.prepare(on: queue, size: size, local: shape), host: arrays,
                                      inPlace: inPlace, queue: queue)
            let runs = try run.calibrate(budget: sampleBudget)
            var seconds: [Double] = []
            for _ in 0..<max(1, samples) {
                seconds.append(try run.sample(runs: runs).seconds)
                if seconds.count == 2, let raceCutoff, let bestSoFar, seconds.allSatisfy({ $0 > raceCutoff * bestSoFar }) { break }
            }
            let summary = Summary(seconds)
            var outcome = Outcome(configuration: configuration, status: .timed, deviceSeconds: summary,
                                  gbPerS: summary.flatMap { summary in bytes.map { Double($0) / summary.median / 1e9 } })
            if let summary, let operations = try? flops?.count(for: size, minimum: 0) {
                outcome.gflops = Double(operations) / summary.median / 1e9
            }
            return outcome
        } catch {
            return Self.failed(configuration, error)
        }
    }

    /// Builds `configuration`, runs it once on `arrays` and compares every output with `expected`: nil when it
    /// passes, else the outcome saying why not (failed to build or run, or wrong).
    func verify(_ configuration: TuningConfiguration, on queue: ComputeQueue, arrays: HostArrays, expected: HostArrays) -> Outcome? {
        do {
            let candidate = try candidate(configuration)
            let shape = try workGroupShape(configuration)
            let actual = try candidate.outputs(on: queue, size: size, local: shape, arrays: arrays)
            for name in expected.names {
                guard let array = actual[name], let wanted = expected[name] else {
                    return Outcome(configuration: configuration, status: .failed("no output \(name)"), deviceSeconds: nil, gbPerS: nil)
                }
                let comparison = array.compare(wanted, name, tolerance)
                if !comparison.passed {
                    return Outcome(configuration: configuration, status: .wrong(output: name, maxError: comparison.maxError),
                                   deviceSeconds: nil, gbPerS: nil)
                }
            }
            return nil
        } catch {
            return Self.failed(configuration, error)
        }
    }

    /// Builds each configuration of `configurations` that this process claims first in `claims` and launches it once
    /// on generated inputs, nothing compared or kept: the work ``CompileAhead`` hands another process, which leaves
    /// every kernel compiled for its work-group shape in PoCL's on-disk cache. A configuration that fails is skipped.
    /// `shouldContinue` is asked before each configuration (a helper whose parent has gone stops), as is whether the
    /// claims were stopped.
    public func compile(_ configurations: [TuningConfiguration], on queue: ComputeQueue, claims: CompileClaims,
                        while shouldContinue: () -> Bool = { true }) {
        var arrays: HostArrays?
        for (index, configuration) in configurations.enumerated() {
            guard shouldContinue(), !claims.isStopped else { return }
            guard claims.claim(index), let candidate = try? candidate(configuration),
                  let built = try? candidate.kernel(on: queue) else { continue }
            if arrays == nil { arrays = try? kernel.spec.arrays(for: size, names: kernel.spec.names(for: built)) }
            guard let arrays else { return }
            let shape = try? workGroupShape(configuration)
            _ = try? candidate.outputs(on: queue, size: size, local: shape ?? nil, arrays: arrays)
        }
    }

    /// A configuration that failed with `error` (a build's first error diagnostic, else the error).
    static func failed(_ configuration: TuningConfiguration, _ error: any Error) -> Outcome {
        let reason = if let error = error as? BuildError {
            "build failed: " + (error.diagnostics.first { $0.severity == .error }.map(\.description) ?? "\(error.status)")
        } else {
            "\(error)"
        }
        return Outcome(configuration: configuration, status: .failed(reason), deviceSeconds: nil, gbPerS: nil)
    }
}

extension KernelTuner.Outcome {
    /// A table of outcomes: rank, configuration, device µs (min/median/max), GB/s, and what happened.
    public static func table(_ outcomes: [KernelTuner.Outcome]) -> String {
        TextTable.lines(rows(outcomes)).joined(separator: "\n")
    }

    /// ``table(_:)``'s rows, the header first.
    public static func rows(_ outcomes: [KernelTuner.Outcome]) -> [[String]] {
        let showFlops = outcomes.contains { $0.gflops != nil }
        var rows = [["#", "configuration", "device µs (min/med/max)", "GB/s"] + (showFlops ? ["GFLOP/s"] : []) + ["result"]]
        for (index, outcome) in outcomes.enumerated() {
            let times = outcome.deviceSeconds.map {
                String(format: "%.1f/%.1f/%.1f", $0.min * 1e6, $0.median * 1e6, $0.max * 1e6)
            } ?? "-"
            let result = switch outcome.status {
            case .timed: "verified"
            case let .wrong(output, maxError): "WRONG: \(output) off by \(maxError)"
            case let .failed(reason): "FAILED: \(reason)"
            }
            rows.append([outcome.isTimed ? "\(index + 1)" : "-", outcome.configuration.description, times,
                         outcome.gbPerS.map { String(format: "%.2f", $0) } ?? "-"]
                        + (showFlops ? [outcome.gflops.map { String(format: "%.2f", $0) } ?? "-"] : []) + [result])
        }
        return rows
    }
}
