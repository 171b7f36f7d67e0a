import ArgumentParser
import Foundation
import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLBenchmarkSuites
import SwiftCLCommandLine
import SwiftCLValidation

/// `swiftcl tune FILE.cl --kernel NAME --param TILE=8,16,32 …`: the kernel over every configuration of its `-D`
/// parameters that meets the restrictions, each verified against `--expect`/`--reference` before it is timed.
struct TuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Tune FILE.cl's kernel over a space of -D parameters: every configuration verified, then timed; or replay a strategy over a recorded table.")

    @Argument(help: "The .cl file (not with --replay).")
    var file: String?

    @OptionGroup(title: "Your kernel")
    var user: UserKernelOptions

    @Option(name: .customLong("param"), help: ArgumentHelp(
        "A parameter and its values, passed as -D NAME=VALUE (repeatable): TILE=8,16,32.", valueName: "NAME=V1,V2,…"))
    var parameters: [String] = []

    @Option(name: .customLong("restrict"), help: ArgumentHelp(
        "An integer condition every configuration must meet (repeatable): \"TILE * VW <= 64\".", valueName: "CONDITION"))
    var restrictions: [String] = []

    @Option(help: ArgumentHelp("""
        The global size in the parameters and the size, one expression per dimension: "w/VW x h" (blanks around \
        parameter names; default: one work-item per element).
        """, valueName: "EXPR[ x EXPR[ x EXPR]]"))
    var global: String?

    @Option(name: .customLong("group"), help: ArgumentHelp(
        "The work-group shape in the parameters: \"TILE x TILE\" (default: the runtime's choice or reqd_work_group_size).",
        valueName: "SHAPE"))
    var workGroup: String?

    @Option(help: ArgumentHelp("""
        exhaustive, random (random_sample) or annealing (simulated_annealing); with --replay a comma-separated list \
        (default there: random,annealing).
        """, valueName: "NAME"))
    var strategy: String?

    @Option(help: ArgumentHelp("How many configurations to evaluate, drawn at random (--strategy random with a budget).", valueName: "N"))
    var sample: Int?

    @Option(help: "The seed of a random or annealing strategy (the same seed makes the same choices).")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Stop after evaluating this many configurations (cached ones cost nothing).", valueName: "N"))
    var maxEvaluations: Int?

    @Option(help: ArgumentHelp("Stop evaluating after this many seconds.", valueName: "SECONDS"))
    var timeLimit: Double?

    @Option(help: ArgumentHelp("How many of the fastest configurations are re-timed interleaved before the best is named (0: none).", valueName: "N"))
    var leaders: Int = 3

    @Option(help: ArgumentHelp("Rounds of the interleaved re-timing.", valueName: "N"))
    var rounds: Int = 7

    @Option(help: ArgumentHelp("FLOPs of one run, an expression of the size (2*w*h*k), for GFLOP/s.", valueName: "EXPR"))
    var flops: String?

    @Option(help: ArgumentHelp("""
        Run the strategies over a recorded table instead of the device: a --cache file of swiftcl tune, or a Kernel \
        Tuner cache file. Reports the evaluations each needs to come within --within of the table's best.
        """, valueName: "FILE"))
    var replay: String?

    @Option(help: ArgumentHelp("With --replay: how many seeds per strategy (1…N).", valueName: "N"))
    var seeds: Int = 10

    @Option(help: ArgumentHelp("With --replay: how close to the best counts as reaching it (0.05: within 5 %).", valueName: "FRACTION"))
    var within: Double = 0.05

    @Option(help: "Device type to run on: cpu, gpu, accelerator (default: the most capable GPU, else CPU).")
    var deviceType: String?

    @Option(help: "Write the result as JSON to this path: every outcome (fastest first), the evaluation order, the re-timing.")
    var json: String?

    @Option(help: "Write the leaders and every outcome as a Markdown report to this path.")
    var markdown: String?

    @Option(help: "Write an SVG chart of the search (each evaluation's time and the best so far) to this path.")
    var svg: String?

    @Option(help: ArgumentHelp("""
        Keep each outcome in this file as soon as it is known; a rerun (after an interruption, or with more values) \
        evaluates only the configurations it does not have.
        """, valueName: "FILE"))
    var cache: String?

    @Flag(help: "Keep the best configuration for this device in the tuned-kernel store, where TunedKernel finds it.")
    var save = false

    @Option(help: ArgumentHelp("The tuned-kernel store (default: $XDG_CACHE_HOME/swiftcl/tuned-kernels.json).", valueName: "FILE"))
    var store: String?

    @Option(help: ArgumentHelp("""
        Other processes that compile part of an exhaustive or random search while this one verifies the rest (PoCL \
        compiles one program at a time per process; its kernel cache is shared). Default: the cores less one.
        """, valueName: "N"))
    var compileProcesses: Int?

    @Option(help: ArgumentHelp("""
        Seconds one configuration may take (build, verify, time) before it is stopped and recorded as failed; the run \
        goes on past it. The tuning runs in a watched child process; 0: no limit, in this process.
        """, valueName: "SECONDS"))
    var timeout: Double = 120

    @Option(help: .hidden)
    var compileOnly: String?

    @Flag(help: "Few samples: a smoke run, not a measurement.")
    var quick = false

    /// The space, the one kernel, the one size and the strategy are checked before anything runs (usage errors, exit 64).
    func validate() throws {
        if let sample, sample < 1 { throw ValidationError("--sample: evaluate at least 1 configuration, not \(sample)") }
        if let maxEvaluations, maxEvaluations < 1 { throw ValidationError("--max-evaluations: at least 1, not \(maxEvaluations)") }
        if let timeLimit, !(timeLimit > 0) { throw ValidationError("--time-limit: a positive number of seconds, not \(timeLimit)") }
        // Every file the run will write is checked now, not after the tuning: a FIFO, a device or a missing folder.
        for (option, path) in [("--json", json), ("--markdown", markdown), ("--svg", svg), ("--cache", cache), ("--store", store)] {
            guard let path else { continue }
            do {
                _ = try FileSystem.outputPath(path, origin: .user)
            } catch {
                throw ValidationError("\(option): \(error)")
            }
        }
        guard timeout >= 0, timeout.isFinite else { throw ValidationError("--timeout: seconds, 0 (no limit) or more, not \(timeout)") }
        if let compileProcesses, compileProcesses < 0 { throw ValidationError("--compile-processes: 0 or more, not \(compileProcesses)") }
        guard leaders >= 0, rounds >= 1 else { throw ValidationError("--leaders takes 0 or more, --rounds 1 or more") }
        _ = try strategies()
        if replay != nil {
            guard file == nil else { throw ValidationError("--replay runs over a recorded table: give no .cl file") }
            guard seeds >= 1, within >= 0 else { throw ValidationError("--seeds takes 1 or more, --within 0 or more") }
            return
        }
        guard file != nil else { throw ValidationError("give the .cl file to tune (or --replay FILE)") }
        do {
            _ = try space().configurations()  // restrictions evaluated now: a typo is a usage error
        } catch let error as KernelSpecError {
            throw ValidationError(error.description)
        }
        do {
            _ = try flops.map(SizeExpression.init)
        } catch let error as KernelSpecError {
            throw ValidationError("--flops: \(error.description)")
        }
        guard user.kernels.count == 1, !(user.kernels.first ?? "").contains(":") else {
            throw ValidationError("tune takes one --kernel NAME (its global size goes in --global, which may use the parameters)")
        }
        guard user.local.isEmpty else { throw ValidationError("tune takes its work-group shape from --group, which may use the parameters") }
        guard (try? user.parsedSizes().count) == 1 else { throw ValidationError("tune runs at one problem size: give --sizes N, WxH or WxHxD") }
    }

    /// The strategies named (several only with --replay).
    private func strategies() throws -> [KernelTuner.Strategy] {
        let names = (strategy ?? (replay != nil ? "random,annealing" : sample != nil ? "random" : "exhaustive"))
            .split(separator: ",").map { String($0).trimmingBlanks() }
        let chosen = try names.map { name in
            guard let strategy = KernelTuner.Strategy.named(name, count: sample, seed: seed) else {
                throw ValidationError("--strategy: '\(name)' is not one of exhaustive, random, annealing")
            }
            return strategy
        }
        guard replay != nil || chosen.count == 1 else { throw ValidationError("--strategy: name one (several only with --replay)") }
        return chosen
    }

    private func space() throws -> TuningSpace {
        guard !parameters.isEmpty else { throw KernelSpecError.badArgument("--param", reason: "give at least one --param NAME=V1,V2,…") }
        return try TuningSpace(parameters: parameters.map(TuningSpace.parameter), restrictions: restrictions)
    }

    func run() throws {
        if let replay { return try runReplay(replay) }
        guard let file else { return }
        let environment = ProcessInfo.processInfo.environment
        let statusFile = environment[TuneWatchdog.statusVariable]
        if compileOnly == nil, statusFile == nil, timeout > 0 {
            let status = try TuneWatchdog(timeout: timeout, userCache: cache).run()
            if status != 0 { throw ExitCode(status) }
            return
        }
        if let statusFile, compileOnly == nil {
            // The watched child: ends with the watchdog (which removes the folder its status is in).
            CompileClaims.endWhenParentEnds(getppid(), removing: [FileSystem.folder(of: statusFile)])
        }
        let cache = cache ?? (statusFile != nil ? environment[TuneWatchdog.cacheVariable] : nil)
        let compileProcesses = environment[TuneWatchdog.noHelpersVariable] == nil ? compileProcesses : 0
        let device = try BenchmarkSuites.device(typeNamed: deviceType)
        let queue = try ComputeQueue(device: device)
        let space = try space()
        guard let kernel = try user.userKernels(in: file).first, let size = try user.parsedSizes().first else { return }
        var tuner = KernelTuner(kernel: kernel, space: space, globalSize: global, workGroup: workGroup,
                                reference: try user.requiredReference(), tolerance: try user.parsedTolerance(), size: size)
        if quick { tuner.samples = 3; tuner.sampleBudget = 0.005; tuner.retimingRounds = min(rounds, 3) } else { tuner.retimingRounds = rounds }
        tuner.strategy = try strategies()[0]
        tuner.budget = KernelTuner.Budget(evaluations: maxEvaluations, seconds: timeLimit)
        tuner.leaders = leaders
        tuner.flops = try flops.map(SizeExpression.init)
        if let compileOnly {
            // A helper of another `swiftcl tune`: compile the configurations it claims from the list, print nothing.
            let parent = getppid()
            let work = try JSONDecoder().decode(CompileWork.self, from: Data(contentsOf: URL(fileURLWithPath: compileOnly)))
            try? FileManager.default.removeItem(atPath: compileOnly)  // read: nothing is left if the tuning is killed
            // Ends the moment the tuning that started it has gone, even mid-build or mid-kernel, never as an orphan.
            work.claims.endWhenParentEnds(parent)
            tuner.compile(work.configurations, on: queue, claims: work.claims, while: { getppid() == parent })
            return
        }
        tuner.compileAhead = Self.compileAhead(processes: compileProcesses ?? max(0, ProcessInfo.processInfo.activeProcessorCount - 1))
        tuner.statusFile = statusFile
        let meeting = try space.configurations()
        let budget = [maxEvaluations.map { "at most \($0) evaluations" }, timeLimit.map { "at most \($0) s" }].compactMap { $0 }
        print("Tuning \(kernel.label) at \(size) on \(device.name): \(meeting.count) of \(space.unrestrictedDescription) configurations "
            + "meet the restrictions; \(tuner.strategy)" + (budget.isEmpty ? "" : " (" + budget.joined(separator: ", ") + ")")
            + "; each verified against \(tuner.reference.label) (\(user.tolerance)) before it is timed")
        let progress = ProgressLine()
        let started = ContinuousClock.now
        let result = try tuner.run(on: queue, resumingFrom: cache.map { URL(fileURLWithPath: $0) }) { progress.show($0) }
        let wall = ContinuousClock.now - started
        progress.clear()
        if self.cache != nil || result.evaluated < result.trace.count {
            print("\(result.trace.count - result.evaluated) of \(result.trace.count) configurations from "
                + (self.cache ?? "the watched run's cache (stopped or failed before)") + "; \(result.evaluated) evaluated now")
        }
        print(KernelTuner.Outcome.table(result.outcomes))
        if let retiming = result.retiming {
            print("\nThe \(retiming.leaders.count) fastest re-timed interleaved, \(retiming.rounds) rounds"
                + (retiming.bound.map { String(format: ", beside a copy of the declared bytes (%.1f µs median)", $0.median * 1e6) } ?? "") + ":")
            print(retiming.table)
            let spreads = retiming.leaders.map(\.spread)
            print(String(format: "Noise: the leaders' round-to-round spread %.0f–%.0f %%", (spreads.min() ?? 0) * 100, (spreads.max() ?? 0) * 100)
                + (retiming.changedTheBest ? "; the re-timing named another best than the search's times" : "; the search's fastest stayed fastest"))
        }
        if let best = result.best, let seconds = result.retiming?.leaders.first?.seconds.median ?? result.outcomes.first?.deviceSeconds?.median {
            print("Best: \(best) (\(String(format: "%.1f", seconds * 1e6)) µs median); \(result.trace.count) configurations in \(String(format: "%.1f s", wall.seconds))")
        } else {
            print("No configuration was verified.")
        }
        if save, let entry = TunedKernelStore.Entry(best: result, of: tuner, on: device) {
            let tunedKernels = store.map { TunedKernelStore(url: URL(fileURLWithPath: $0)) } ?? TunedKernelStore()
            try tunedKernels.save(entry)
            print("Saved \(entry.configuration) for \(device.name) in \(tunedKernels.url.path)")
        }
        if let json { try write(result, toJSON: json) }
        let title = "Tuning \(kernel.label) at \(size) on \(device.name)"
        if let markdown {
            let facts = [("kernel", kernel.label), ("size", size.description), ("device", device.name), ("strategy", tuner.strategy.description),
                         ("space", "\(meeting.count) of \(space.unrestrictedDescription) configurations meet the restrictions"),
                         ("reference", "\(tuner.reference.label) (\(user.tolerance))"), ("wall time", String(format: "%.1f s", wall.seconds))]
            try FileSystem.replaceFile(markdown, with: Array(result.markdown(title: title, facts: facts).utf8), origin: .user)
            print("Markdown: \(markdown)")
        }
        if let svg {
            let chart = result.svg(title: title, subtitle: "\(tuner.strategy); each evaluation's median time and the best so far")
            try FileSystem.replaceFile(svg, with: Array(chart.utf8), origin: .user)
            print("SVG: \(svg)")
        }
        if result.best == nil { throw ExitCode.failure }
    }

    /// Writes `value` as pretty JSON to `path` (`--json`) and says so.
    private func write(_ value: some Encodable, toJSON path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileSystem.replaceFile(path, with: encoder.encode(value), origin: .user)
        print("JSON: \(path)")
    }

    /// Helpers that are this command run again with `--compile-only LIST` (its own arguments otherwise), output
    /// discarded; nil for no processes.
    private static func compileAhead(processes: Int) -> KernelTuner.CompileAhead? {
        guard processes > 0 else { return nil }
        let arguments = Array(CommandLine.arguments.dropFirst())
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return KernelTuner.CompileAhead(processes: processes) { configurations, claims in
            let list = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-compile-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: list) }
            let work = CompileWork(configurations: configurations, claims: claims)
            guard (try? JSONEncoder().encode(work).write(to: list)) != nil else { return }
            let helper = Process()
            helper.executableURL = URL(fileURLWithPath: executable)
            helper.arguments = arguments + ["--compile-only", list.path]
            helper.standardOutput = FileHandle.nullDevice
            helper.standardError = FileHandle.nullDevice
            guard (try? helper.run()) != nil else { return }
            helper.waitUntilExit()
        }
    }

    /// What a `--compile-only` helper is handed: the planned configurations and the claims it shares with the tuner.
    private struct CompileWork: Codable {
        let configurations: [TuningConfiguration]
        let claims: CompileClaims
    }

    /// `--replay FILE`: each strategy over the recorded table for seeds 1…N, no device.
    private func runReplay(_ path: String) throws {
        let table = try TuningTable.read(path)
        guard let best = table.best, let bestSeconds = best.deviceSeconds?.median else {
            throw ValidationError("\(path): no verified configuration to reach")
        }
        print("Replaying \(table.outcomes.count) configurations recorded by \(table.writer) in \(path); best \(best.configuration) "
            + String(format: "(%.1f µs)", bestSeconds * 1e6) + "; reaching within \(within * 100) % of it"
            + (maxEvaluations.map { ", at most \($0) evaluations" } ?? ""))
        var rows = [["strategy", "seeds reaching", "evaluations to reach (min/median/max)", "evaluations each seed"]]
        var perSeed: [String: [Int?]] = [:]
        for strategy in try strategies() {
            var reached: [Int] = []
            var seedResults: [Int?] = []
            for seed in 1...UInt64(seeds) {
                let seeded: KernelTuner.Strategy = switch strategy {
                case .exhaustive: .exhaustive
                case let .randomSample(count, _): .randomSample(count: count, seed: seed)
                case .annealing: .annealing(seed: seed)
                }
                let trace = table.replay(seeded, evaluations: maxEvaluations, reaching: bestSeconds * (1 + within))
                let count = TuningTable.evaluationsToReach(trace, within: within, of: bestSeconds)
                if let count { reached.append(count) }
                seedResults.append(count)
                if case .exhaustive = strategy { break }
            }
            let name = String(describing: strategy).components(separatedBy: " (").first ?? ""
            let summary = Summary(reached.map(Double.init))
            rows.append([name, "\(reached.count) of \(seedResults.count)",
                         summary.map { String(format: "%.0f/%.1f/%.0f", $0.min, $0.median, $0.max) } ?? "-",
                         seedResults.map { $0.map(String.init) ?? "-" }.joined(separator: " ")])
            perSeed[name] = seedResults
        }
        print(TextTable.lines(rows).joined(separator: "\n"))
        if let json { try write(perSeed, toJSON: json) }
    }
}
