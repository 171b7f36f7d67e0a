import Foundation
import SwiftCLValidation

/// One variant at one size: verified or not (with every output's comparison), and when verified its times and rates.
public struct KernelBenchmarkResult: Hashable, Sendable, Codable {
    public let benchmark: String
    public let variant: String
    public let size: ProblemSize
    public let device: String
    /// Whether every output matched the reference (a bound is never verified and is marked so).
    public let verified: Bool
    public let isBound: Bool
    public let outputs: [OutputComparison]
    public let traffic: Traffic
    /// Seconds per run from the profiling events of the variant's own commands (min/median/max over samples); nil for
    /// host peers.
    public let deviceSeconds: Summary?
    /// Wall seconds per run, including enqueueing and waiting (host peers: their whole run).
    public let hostSeconds: Summary?
    /// `Mpix/s` for 2-D problems, `Melem/s` otherwise.
    public let rateUnit: String
    /// Elements (or pixels) per second in millions, from device time (host peers: host time).
    public let rate: Summary?
    /// Bytes moved per second (from the declared traffic and median device time), in GB/s.
    public let gbPerS: Double?
    /// FLOPs per second in GFLOP/s, when the variant declares FLOPs.
    public let gflopPerS: Double?
    /// This variant's GB/s as a percentage of the bound's, measured interleaved (elements/s when either moves no bytes).
    public var percentOfBound: Double?
    /// The local size (first dimension) the variant was timed with: a sweep's pick, or nil for the runtime's choice.
    public let localSize: Int?
    /// Why it was not timed, when it was not.
    public let note: String?
    /// The work-group shape the variant always launches with, when it fixes one of more dimensions (`16x16`).
    public var localShape: WorkGroupShape?
}

extension KernelBenchmarkResult {
    /// A table with one row per result: times, rates and the % of bound.
    public static func table(_ results: [KernelBenchmarkResult]) -> String {
        func format(_ value: Double?, _ digits: Int = 1) -> String { value.map { String(format: "%.\(digits)f", $0) } ?? "-" }
        var rows = [["benchmark", "variant", "size", "local", "device µs (min/med/max)", "host µs", "rate", "GB/s", "GFLOP/s", "% of bound", "check"]]
        for result in results {
            let device = result.deviceSeconds.map {
                "\(format($0.min * 1e6))/\(format($0.median * 1e6))/\(format($0.max * 1e6))"
            } ?? "-"
            let check = result.isBound ? "bound" : result.verified ? "verified" : "FAILED: \(result.note ?? "")"
            rows.append([result.benchmark, result.variant, result.size.description,
                         result.localShape?.description ?? result.localSize.map(String.init) ?? "auto", device, format(result.hostSeconds.map { $0.median * 1e6 }),
                         result.rate.map { "\(format($0.median)) \(result.rateUnit)" } ?? "-", format(result.gbPerS, 2),
                         format(result.gflopPerS, 2), format(result.percentOfBound), check])
        }
        return TextTable.lines(rows).joined(separator: "\n")
    }

    /// The results as JSON (slashes unescaped: `"Melem/s"`).
    /// - Throws: `EncodingError`.
    public static func json(_ results: [KernelBenchmarkResult]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(results)
    }
}
