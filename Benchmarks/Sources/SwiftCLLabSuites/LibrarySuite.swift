import SwiftCL
import SwiftCLBenchmarkHarness

/// What the BLAS and FFT suites share: timing verified variants round by round (interleaved, so a noisy stretch of
/// the machine hits every variant alike) and turning seconds into GFLOP/s records.
struct LibraryVariant {
    let name: String
    let device: String
    /// Floating-point operations of one run.
    let flops: Double
    /// One run, returning when its results are complete.
    let run: () throws -> Void
}

enum LibraryTiming {
    /// GFLOP/s records of `variants`, each run once untimed (plans, kernels built) and then `rounds` times, the
    /// variants interleaved in every round and the round's first variant rotating (so none always follows the same
    /// one). `ratioTo` names the variant each record is compared with: `ratio_to_<name>` (ratio of the medians) and
    /// `paired_ratio_to_<name>` (the median over rounds of the ratio within a round, which a slow drift of the
    /// machine cancels out of).
    static func records(suite: String, metric: String, variants: [LibraryVariant], rounds: Int, ratioTo: String?,
                        progress: (String) -> Void) throws -> [BenchmarkRecord] {
        for variant in variants { try variant.run() }
        var samples: [String: [Double]] = [:]
        let rounds = max(1, rounds)
        for round in 0..<rounds {
            progress("\(suite): \(metric) round \(round + 1)/\(rounds)")
            for step in variants.indices {
                let variant = variants[(round + step) % variants.count]
                samples[variant.name, default: []].append(variant.flops / (try Stopwatch.time { try variant.run() }.seconds) / 1e9)
            }
        }
        let referenceSamples = ratioTo.flatMap { samples[$0] }
        let reference = referenceSamples.flatMap(Summary.init)
        return variants.compactMap { variant in
            guard let summary = Summary(samples[variant.name] ?? []) else { return nil }
            var extra: [String: Double] = [:]
            if let reference, let referenceSamples, let ratioTo, variant.name != ratioTo {
                extra["ratio_to_\(ratioTo)"] = summary.median / reference.median
                let paired = zip(samples[variant.name] ?? [], referenceSamples).map { $0 / $1 }
                if let pairedSummary = Summary(paired) { extra["paired_ratio_to_\(ratioTo)"] = pairedSummary.median }
            }
            return BenchmarkRecord(suite: suite, variant: variant.name, metric: metric, summary: summary, unit: "GFLOP/s",
                                   device: variant.device, verified: true, extra: extra)
        }
    }
}
