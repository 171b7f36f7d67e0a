import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLValidation

/// The suites `swiftcl bench` runs, by name: the shipped kernels (the box filter family and `square`) against the copy
/// bound measured in the same run. The lab package (`Benchmarks/`, `swiftcl-lab bench`) runs these and its own.
public enum BenchmarkSuites {
    /// Suite names in the order a default run takes them.
    public static let names = ["box", "square", "copy"]
    /// Suites that run only when named: `box-sizes` is the box suite followed by its size sweep (256² … 8192²).
    public static let optionalNames = ["box-sizes"]
    /// The suites only the lab package runs (named in refusals, so a user learns where they are).
    public static let labNames = ["square-c", "launch", "build", "arrays", "blas", "fft", "svm", "recording"]

    /// What to run and how hard.
    public struct Options: Sendable {
        /// Small sizes and few samples: a smoke run, not a measurement.
        public var quick = false
        /// Box half-width for the box suite.
        public var range = 2
        /// Box variant names to run (nil: all).
        public var boxVariants: [String]?
        /// Where best local sizes are remembered (nil: sweep every time).
        public var tuning: TuningStore?

        public init() {}

        /// The options a benchmark command's flags give: `variants` is a comma-separated list; `retune` starts the
        /// tuning store empty instead of reusing the remembered best local sizes.
        public init(quick: Bool, range: Int, variants: String?, retune: Bool) {
            self.quick = quick
            self.range = range
            boxVariants = variants?.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            tuning = retune ? TuningStore.startingEmpty() : TuningStore()
        }

        /// The settings a report records.
        public var settings: [String: String] { ["quick": quick ? "true" : "false", "range": "\(range)"] }
    }

    /// Runs the named suites on `device` and returns the report.
    public static func run(_ names: [String], on device: Device, options: Options = Options(),
                           progress: (String) -> Void = { _ in }) throws -> BenchmarkReport {
        var report = BenchmarkReport()
        for name in names {
            switch name {
            case "box", "box-sizes":
                var suite = BoxSuite()
                suite.range = options.range
                suite.only = options.boxVariants
                if options.quick {
                    suite.side = 512
                    suite.sweepSides = [256, 512]
                    suite.settings.samples = 2
                    suite.settings.allocations = 1
                    suite.settings.sampleBudget = 0.02
                    suite.settings.sweepBudget = 0.01
                }
                if name == "box" { suite.sweepSides = [] }
                let (records, suites) = try suite.run(on: device, tuning: options.tuning, progress: progress)
                report.results += records
                report.suites += suites
            case "square":
                var suite = SquareSuite()
                if options.quick { suite.count = 1 << 18; suite.rounds = 3 }
                report.results += try suite.run(on: device, progress: progress)
                report.suites.append(SuiteSummary(name: "square"))
            case "copy":
                var suite = CopySuite()
                if options.quick { suite.sizes = [1024, 1 << 16, 1 << 20]; suite.samples = 2 }
                report.results += try suite.run(on: device, progress: progress)
                report.suites.append(SuiteSummary(name: "copy"))
            default:
                throw BenchmarkSuiteError.unknownSuite(name: name, available: Self.names + Self.optionalNames,
                                                       inLab: Self.labNames.contains(name))
            }
        }
        return report
    }

    /// The device a benchmark command runs on: `cpu`, `gpu` or `accelerator` (any case), or nil for the most capable
    /// GPU, else the CPU.
    /// - Throws: ``BenchmarkSuiteError/unknownDeviceType(_:)`` for another name; SwiftCL's error listing the devices
    ///   that exist when none is of the type.
    public static func device(typeNamed name: String?) throws -> Device {
        switch name?.lowercased() {
        case nil: return try Device.default(preferring: [.gpu, .cpu])
        case "cpu": return try Device.default(ofType: .cpu)
        case "gpu": return try Device.default(ofType: .gpu)
        case "accelerator": return try Device.default(ofType: .accelerator)
        case let other?: throw BenchmarkSuiteError.unknownDeviceType(other)
        }
    }
}
