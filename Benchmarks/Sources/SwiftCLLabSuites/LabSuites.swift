import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLBenchmarkSuites

/// Every suite `swiftcl-lab bench` runs, by name: the shipped ones (``BenchmarkSuites``) and the lab's.
public enum LabSuites {
    /// Suite names in the order a default run takes them.
    public static let names = BenchmarkSuites.names + ["square-c", "launch"]
    /// Suites that run only when named.
    public static let optionalNames = BenchmarkSuites.optionalNames + ["build", "arrays", "axes", "blas", "fft", "svm", "recording"]

    /// Runs the named suites on `device` and returns the report.
    /// - Throws: ``BenchmarkSuiteError`` for a name no suite has, or a suite's failure.
    public static func run(_ names: [String], on device: Device, options: BenchmarkSuites.Options = BenchmarkSuites.Options(),
                           progress: (String) -> Void = { _ in }) throws -> BenchmarkReport {
        var report = BenchmarkReport()
        for name in names {
            if BenchmarkSuites.names.contains(name) {
                let shipped = try BenchmarkSuites.run([name], on: device, options: options, progress: progress)
                report.results += shipped.results
                report.suites += shipped.suites
                continue
            }
            let quick = options.quick
            switch name {
            case "square-c":
                var suite = SquareAgainstCSuite()
                if quick { suite.square.count = 1 << 18; suite.square.rounds = 3; suite.pairedRounds = 3; suite.pairedBlock = 2 }
                report.results += try suite.run(on: device, progress: progress)
            case "launch":
                var suite = LaunchSuite()
                if quick { suite.rounds = 3; suite.batchSize = 200; suite.waitSamples = 40 }
                report.results += try suite.run(on: device, progress: progress)
            case "arrays":
                var suite = ArraysSuite()
                if quick { suite.count = 1 << 18; suite.rounds = 2; suite.sortCount = 1 << 16; suite.sortRounds = 2 }
                report.results += try suite.run(on: device, progress: progress)
            case "axes":
                var suite = AxesSuite()
                if quick { suite.count = 1 << 18; suite.rounds = 2 }
                report.results += try suite.run(on: device, progress: progress)
            case "blas":
                var suite = BLASSuite()
                if quick { suite.sizes = [64, 128]; suite.rounds = 2; suite.gemvSize = 100; suite.dotCount = 10_001 }
                report.results += try suite.run(on: device, progress: progress)
            case "fft":
                var suite = FFTSuite()
                if quick {
                    suite.length1D = 1 << 12; suite.side2D = 64; suite.primeLength = 4099; suite.rounds = 2
                    suite.convolutionLengths = [(1 << 12, 31), (1000, 999)]
                }
                report.results += try suite.run(on: device, progress: progress)
            case "svm":
                var suite = SVMSuite()
                if quick { suite.count = 1 << 16; suite.rounds = 2 }
                report.results += try suite.run(on: device, progress: progress)
            case "recording":
                var suite = RecordingSuite()
                if quick { suite.launches = 100; suite.rounds = 2 }
                report.results += try suite.run(on: device, progress: progress)
            case "build":
                var suite = BuildSuite()
                if quick { suite.rounds = 2 }
                report.results += try suite.run(on: device, progress: progress)
            default:
                throw BenchmarkSuiteError.unknownSuite(name: name, available: Self.names + Self.optionalNames, inLab: false)
            }
            report.suites.append(SuiteSummary(name: name))
        }
        return report
    }
}
