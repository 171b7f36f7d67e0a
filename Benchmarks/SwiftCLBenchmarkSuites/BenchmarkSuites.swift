import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLValidation

/// The suites `swiftcl bench` can run, by name.
public enum BenchmarkSuites {
    /// Suite names in the order a default run takes them.
    public static let names = ["box", "square", "copy", "launch"]
    /// Suites that run only when named.
    public static let optionalNames = ["build", "arrays", "blas", "fft"]

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
    }

    /// Runs the named suites on `device` and returns the report.
    public static func run(_ names: [String], on device: Device, options: Options = Options(),
                           progress: (String) -> Void = { _ in }) throws -> BenchmarkReport {
        var report = BenchmarkReport()
        for name in names {
            switch name {
            case "box":
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
                let (records, suites) = try suite.run(on: device, tuning: options.tuning, progress: progress)
                report.results += records
                report.suites += suites
            case "launch":
                var suite = LaunchSuite()
                if options.quick { suite.rounds = 3; suite.batchSize = 200; suite.waitSamples = 40 }
                report.results += try suite.run(on: device, progress: progress)
                report.suites.append(SuiteSummary(name: "launch"))
            case "square":
                var suite = SquareSuite()
                if options.quick { suite.count = 1 << 18; suite.rounds = 3; suite.pairedRounds = 3; suite.pairedBlock = 2 }
                report.results += try suite.run(on: device, progress: progress)
                report.suites.append(SuiteSummary(name: "square"))
            case "copy":
                var suite = CopySuite()
                if options.quick { suite.sizes = [1024, 1 << 16, 1 << 20]; suite.samples = 2 }
                report.results += try suite.run(on: device, progress: progress)
                report.suites.append(SuiteSummary(name: "copy"))
            case "arrays":
                var suite = ArraysSuite()
                if options.quick { suite.count = 1 << 18; suite.rounds = 2; suite.sortCount = 1 << 16; suite.sortRounds = 2 }
                report.results += try suite.run(on: device, progress: progress)
                report.suites.append(SuiteSummary(name: "arrays"))
            case "blas":
                var suite = BLASSuite()
                if options.quick { suite.sizes = [64, 128]; suite.rounds = 2 }
                report.results += try suite.run(on: device, progress: progress)
                report.suites.append(SuiteSummary(name: "blas"))
            case "fft":
                var suite = FFTSuite()
                if options.quick { suite.length1D = 1 << 12; suite.side2D = 64; suite.rounds = 2 }
                report.results += try suite.run(on: device, progress: progress)
                report.suites.append(SuiteSummary(name: "fft"))
            case "build":
                var suite = BuildSuite()
                if options.quick { suite.rounds = 2 }
                report.results += try suite.run(on: device, progress: progress)
                report.suites.append(SuiteSummary(name: "build"))
            default:
                throw BenchmarkSuiteError.unknownSuite(name: name, available: Self.names + Self.optionalNames)
            }
        }
        return report
    }
}
