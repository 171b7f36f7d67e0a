/// Why a shipped benchmark suite stopped before timing anything.
public enum BenchmarkSuiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A path's output differs from the host reference, so its timings would mean nothing.
    case verificationFailed(suite: String, detail: String)
    /// The raw C yardstick could not be set up (its own message) or needs a root device.
    case rawSetupFailed(String)
    /// No suite of that name here; `available` lists those that exist, `inLab` says the lab package runs it.
    case unknownSuite(name: String, available: [String], inLab: Bool)
    /// A device type name other than cpu, gpu or accelerator.
    case unknownDeviceType(String)

    public var description: String {
        switch self {
        case let .unknownDeviceType(name): "unknown device type \(name); use cpu, gpu or accelerator"
        case let .verificationFailed(suite, detail): "\(suite) suite: \(detail) (nothing was timed)"
        case let .rawSetupFailed(message): "raw C benchmark set-up: \(message)"
        case let .unknownSuite(name, available, inLab):
            inLab ? "\(name) is a suite of the lab package: swift run -c release --package-path Benchmarks swiftcl-lab bench \(name)"
                : "no benchmark suite named \(name); suites: \(available.joined(separator: ", "))"
        }
    }
}
