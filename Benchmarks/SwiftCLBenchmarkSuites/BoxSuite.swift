import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLValidation
import SwiftCLKernels

/// The box filter, the main job: every variant at one size (4096² by default) against the copy bound
/// measured in the same run, then a size sweep for the naive kernel, the best variant and the host peer.
public struct BoxSuite: Sendable {
    public var side = 4096
    public var sweepSides = [256, 512, 1024, 2048, 4096, 8192]
    /// Samples of the size sweep (lighter than the main comparison).
    public var sweepSettings: Comparison.Settings = {
        var settings = Comparison.Settings()
        settings.samplesPerAllocation = 3
        settings.allocations = 1
        settings.sampleBudget = 0.05
        settings.sweepsLocalSizes = false
        return settings
    }()
    public var range = 2
    /// Max abs error allowed (inputs lie in [0, 1)).
    public var tolerance: Float = 1e-4
    public var settings = Comparison.Settings()
    /// BenchmarkVariant names to run (nil: all).
    public var only: [String]?

    public init() {}

    /// Deterministic pseudo-random pixels in [0, 1).
    public static func image(_ pixels: Int) -> [Float] {
        DeterministicInput.unitInterval(pixels)
    }

    public func run(on device: Device, tuning: TuningStore?, progress: (String) -> Void = { _ in })
        throws -> (records: [BenchmarkRecord], suites: [SuiteSummary]) {
        let queue = try ComputeQueue(device: device)
        var variants = BoxFilterBenchmarkVariants.device(range: range) + [BoxFilterBenchmarkVariants.hostPeer(range: range)]
        if let only { variants = variants.filter { only.contains($0.name) } }
        var records: [BenchmarkRecord] = []
        var suites: [SuiteSummary] = []

        var references: [Int: ([Float], [Float])] = [:]
        let main = try comparison(suite: "box", side: side, tuning: tuning, references: &references, progress: progress)
        let (mainRecords, bound) = try main.run(variants, on: queue, progress: progress)
        records += mainRecords
        suites.append(SuiteSummary(name: "box", width: side, height: side, copyBoundMpixPerS: bound))

        let timed = mainRecords.filter { $0.verified && $0.device != "host" }
        let best = timed.max { ($0.medianMpixPerS ?? 0) < ($1.medianMpixPerS ?? 0) }

        // The guide's copy is one work item per pixel with ordinary stores; the best variants stream
        // their output, so they are also held to a streaming copy, measured beside them in its own run.
        if let best, let bestVariant = variants.first(where: { $0.name == best.variant }) {
            let streaming = try comparison(suite: "box-vs-streaming-copy", side: side, tuning: tuning, references: &references,
                                           progress: progress, bound: BoxFilterBenchmarkVariants.streamingCopyBound)
            let (streamingRecords, streamingBound) = try streaming.run([bestVariant], on: queue, progress: progress)
            records += streamingRecords
            suites.append(SuiteSummary(name: "box-vs-streaming-copy", width: side, height: side, copyBoundMpixPerS: streamingBound))
        }
        // The sweep follows the best variant against the naive one and the host peer.
        let sweepNames = Set([BoxFilterVariant.naive.name, best?.variant, "host-swift-parallel"].compactMap { $0 })
        let sweepVariants = variants.filter { sweepNames.contains($0.name) }
        for sweepSide in sweepSides where !sweepVariants.isEmpty {
            if sweepSide == side {
                // The main comparison measured this size with more samples: the sweep reports those
                // figures rather than a second, lighter measurement that would disagree by noise.
                records += mainRecords.filter { sweepNames.contains($0.variant) }.map { record in
                    var copy = record
                    copy.suite = "box-sizes"
                    copy.note = [record.note, "from the box suite"].compactMap { $0 }.joined(separator: "; ")
                    return copy
                }
                suites.append(SuiteSummary(name: "box-sizes", width: side, height: side, copyBoundMpixPerS: bound))
                continue
            }
            var sweep = try comparison(suite: "box-sizes", side: sweepSide, tuning: tuning, references: &references, progress: progress)
            sweep.settings = sweepSettings
            let (sweepRecords, sweepBound) = try sweep.run(sweepVariants, on: queue, progress: progress)
            records += sweepRecords
            suites.append(SuiteSummary(name: "box-sizes", width: sweepSide, height: sweepSide, copyBoundMpixPerS: sweepBound))
        }
        return (records, suites)
    }

    private func comparison(suite: String, side: Int, tuning: TuningStore?, references: inout [Int: ([Float], [Float])],
                            progress: (String) -> Void,
                            bound: BenchmarkVariant = BoxFilterBenchmarkVariants.copyBound) throws -> Comparison {
        let input: [Float], reference: [Float]
        if let cached = references[side] {
            (input, reference) = cached
        } else {
            progress("\(suite) \(side)×\(side): computing the reference")
            input = Self.image(side * side)
            reference = try BoxFilterReference.exact(input, width: side, height: side, range: range)
            references[side] = (input, reference)
        }
        var comparison = try Comparison(suite: suite, problem: ImageProblem(side: side), input: input, reference: reference,
                                        tolerance: tolerance, bound: bound)
        comparison.settings = settings
        comparison.tuning = tuning
        comparison.tuningContext = "RANGE=\(range)|source=\(BoxFilterCL.source.fingerprint)"
        return comparison
    }
}
