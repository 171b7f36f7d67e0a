import ArgumentParser
import Foundation
import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLBenchmarkSuites
import SwiftCLCommandLine

/// `swiftcl tune FILE.cl --kernel NAME --param TILE=8,16,32 …`: the kernel over every configuration of its `-D`
/// parameters that meets the restrictions, each verified against `--expect`/`--reference` before it is timed.
struct TuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Tune FILE.cl's kernel over a space of -D parameters: every configuration verified, then timed (exhaustive).")

    @Argument(help: "The .cl file.")
    var file: String

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

    @Option(help: ArgumentHelp("How many configurations to evaluate, drawn at random (default: every one).", valueName: "N"))
    var sample: Int?

    @Option(help: "The seed of --sample's draw (the same seed draws the same configurations).")
    var seed: UInt64 = 1

    @Option(help: "Device type to run on: cpu, gpu, accelerator (default: the most capable GPU, else CPU).")
    var deviceType: String?

    @Option(help: "Write every configuration's outcome as JSON to this path.")
    var json: String?

    @Option(help: ArgumentHelp("""
        Keep each outcome in this file as soon as it is known; a rerun (after an interruption, or with more values) \
        evaluates only the configurations it does not have.
        """, valueName: "FILE"))
    var cache: String?

    @Flag(help: "Few samples: a smoke run, not a measurement.")
    var quick = false

    /// The space, the one kernel and the one size are checked before anything runs (usage errors, exit 64).
    func validate() throws {
        do {
            _ = try space().configurations()  // restrictions evaluated now: a typo is a usage error
        } catch let error as KernelSpecError {
            throw ValidationError(error.description)
        }
        guard user.kernels.count == 1, !(user.kernels.first ?? "").contains(":") else {
            throw ValidationError("tune takes one --kernel NAME (its global size goes in --global, which may use the parameters)")
        }
        guard user.local.isEmpty else { throw ValidationError("tune takes its work-group shape from --group, which may use the parameters") }
        if let sample, sample < 1 { throw ValidationError("--sample: evaluate at least 1 configuration, not \(sample)") }
        guard (try? user.parsedSizes().count) == 1 else { throw ValidationError("tune runs at one problem size: give --sizes N, WxH or WxHxD") }
    }

    private func space() throws -> TuningSpace {
        guard !parameters.isEmpty else { throw KernelSpecError.badArgument("--param", reason: "give at least one --param NAME=V1,V2,…") }
        return try TuningSpace(parameters: parameters.map(TuningSpace.parameter), restrictions: restrictions)
    }

    func run() throws {
        let device = try BenchmarkSuites.device(typeNamed: deviceType)
        let queue = try ComputeQueue(device: device)
        let space = try space()
        guard let kernel = try user.userKernels(in: file).first, let size = try user.parsedSizes().first else { return }
        var tuner = KernelTuner(kernel: kernel, space: space, globalSize: global, workGroup: workGroup,
                                reference: try user.requiredReference(), tolerance: try user.parsedTolerance(), size: size)
        if quick { tuner.samples = 3; tuner.sampleBudget = 0.005 }
        if let sample { tuner.strategy = .randomSample(count: sample, seed: seed) }
        let meeting = try space.configurations()
        let configurations = tuner.strategy.select(meeting).count
        print("Tuning \(kernel.label) at \(size) on \(device.name): \(meeting.count) of \(space.unrestrictedCount) configurations "
            + "meet the restrictions" + (configurations < meeting.count ? ", \(configurations) drawn at random (seed \(seed))" : "")
            + "; each verified against \(tuner.reference.label) (\(user.tolerance)) before it is timed")
        let progress = ProgressLine()
        let (outcomes, evaluated) = try tuner.run(on: queue, resumingFrom: cache.map { URL(fileURLWithPath: $0) }) { progress.show($0) }
        progress.clear()
        if let cache { print("\(configurations - evaluated) of \(configurations) configurations from \(cache); \(evaluated) evaluated now") }
        print(KernelTuner.Outcome.table(outcomes))
        if let best = outcomes.first, best.isTimed, let seconds = best.deviceSeconds?.median {
            print("Best: \(best.configuration) (\(String(format: "%.1f", seconds * 1e6)) µs median)")
        } else {
            print("No configuration was verified.")
        }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(outcomes).write(to: URL(fileURLWithPath: json), options: .atomic)
            print("JSON: \(json)")
        }
        if !(outcomes.first?.isTimed ?? false) { throw ExitCode.failure }
    }
}
