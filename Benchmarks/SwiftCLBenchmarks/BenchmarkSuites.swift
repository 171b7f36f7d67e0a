import SwiftCL
import SwiftCLBench

/// The suites `swiftcl bench` can run, by name.
public enum BenchmarkSuites {
    /// Suite names in the order a default run takes them.
    public static let names = ["launch", "square"]

    /// Runs the named suites on `device` and returns every record.
    public static func run(_ names: [String], on device: Device, quick: Bool = false,
                           progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        var records: [BenchmarkRecord] = []
        for name in names {
            switch name {
            case "launch":
                var suite = LaunchSuite()
                if quick { suite.rounds = 3; suite.batchSize = 200; suite.waitSamples = 40 }
                records += try suite.run(on: device, progress: progress)
            case "square":
                var suite = SquareSuite()
                if quick { suite.count = 1 << 18; suite.rounds = 3 }
                records += try suite.run(on: device, progress: progress)
            default:
                throw SwiftCLError.invalidArgument("no benchmark suite named \(name); suites: \(Self.names.joined(separator: ", "))")
            }
        }
        return records
    }
}
