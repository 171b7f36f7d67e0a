import Foundation
import SwiftCL

/// The devices every device test runs on: all of them (PoCL's CPU device on CI).
public enum TestDevices {
    public static let all: [Device] = (try? Device.all) ?? []

    /// Every device with each shared-virtual-memory granularity it offers.
    public static let svmGranularities: [(Device, SVMGranularity)] = all.flatMap { device in
        [SVMGranularity.coarseGrain, .fineGrain, .fineGrainWithAtomics].filter { granularity in
            (try? granularity.checkOffered(by: [(device.name, device.svmCapabilities)])) != nil
        }.map { (device, $0) }
    }
}

/// The error `body` throws, or nil.
public func thrownError(_ body: () throws -> Void) -> (any Error)? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// A queue on `device` in its shared context.
public func makeQueue(_ device: Device) throws -> ComputeQueue {
    try ComputeQueue(device: device)
}

/// Deterministic test data: a varied, exactly representable ramp.
public func ramp(_ count: Int, scale: Float = 0.5) -> [Float] {
    (0..<count).map { Float($0 % 4099) * scale - 7 }
}

/// Sizes every size-parameterised test sweeps: 1, odd, and not multiples of 4, 8 or 16.
public let awkwardSizes = [1, 2, 3, 7, 17, 33, 1000, 1023, 4097]

/// Problem sizes that depend on how the tests are run. Under ThreadSanitizer or AddressSanitizer (their runtime is
/// linked into the test process) every operation on the host costs 5–20×, so the few tests whose point is a large size
/// (a 2^26 sum's accuracy, a 2^24 sort or scan) run a smaller one there: the sanitizers check races and memory, which
/// the smaller size exercises through the same code paths (every size stays past 2^20, where the multi-level paths
/// start). The plain run (`scripts/test.sh`) always runs the full sizes.
public enum TestScale {
    /// Whether a sanitizer's runtime is in this process.
    public static let sanitized: Bool = ["__tsan_init", "__asan_init"].contains { (name: String) in
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil  // RTLD_DEFAULT
    }

    /// `full`, or `sanitized` under a sanitizer.
    public static func size(_ full: Int, sanitized reduced: Int) -> Int { sanitized ? reduced : full }
}

/// Whether the document at `document` (a path from the repository root) shows verbatim the lines of `file` between
/// `// MARKER-BEGIN` and `// MARKER-END` (`marker` is MARKER), one four-space indentation removed: a DocC worked example
/// that a test runs.
public func documentShowsExample(_ document: String, marker: String, file: String = #filePath) throws -> Bool {
    let here = URL(fileURLWithPath: file)
    let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
    let lines = try String(contentsOf: here, encoding: .utf8).components(separatedBy: "\n")
    guard let begin = lines.firstIndex(where: { $0.contains("// \(marker)-" + "BEGIN") }),
          let end = lines.firstIndex(where: { $0.contains("// \(marker)-" + "END") }), begin < end else { return false }
    let snippet = lines[(begin + 1)..<end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }.joined(separator: "\n")
    return text.contains(snippet)
}
