import Foundation
import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLArrays
import SwiftCLBenchmarkSuites

/// Issue 45's host-read figure: after a kernel writes a fine-grain ``SVMBuffer``, the host sums it in place (no map, no
/// copy), and likewise a `DeviceArray` in fine-grain SVM through `withHostElements` (its wait for the array's queue
/// included) after a fused expression wrote it, beside the same sum over a plain Swift array of the same values, in
/// interleaved rounds. Reports GB/s of each and each SVM read as % of the array read. Both device results are verified
/// against the host first.
public struct SVMSuite {
    public var count = 1 << 24
    public var rounds = 7

    public init() {}

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        guard device.svmCapabilities.contains(.fineGrainBuffer) else {
            progress("svm: \(device.name) offers no fine-grain SVM (\(device.svmCapabilities)); nothing to measure")
            return []
        }
        let queue = try ComputeQueue(device: device)
        let fill = try queue.context.program(source: "kernel void ramp(global float *v) { size_t i = get_global_id(0); v[i] = (float)(i % 1024) * 0.5f; }",
                                             name: "svm-suite.cl").kernel(named: "ramp")
        let svm = try SVMBuffer<Float>(count: count, granularity: .fineGrain, context: queue.context)
        let array = (0..<count).map { Float($0 % 1024) * 0.5 }
        try queue.sync { cl in try cl.launch(fill, NDRange(count), svm) }
        let written = try svm.withUnsafeMutableBufferPointer { Array($0) }
        guard written == array else { throw BenchmarkSuiteError.verificationFailed(suite: "svm", detail: "the kernel's SVM values differ from the host's") }
        let shared = try DeviceArray<Float>(sharedShape: [count], granularity: .fineGrain, on: queue)
        let source = try DeviceArray(buffer: Buffer(sharing: svm), on: queue)
        try shared.assign(source * 1)
        guard try shared.withHostElements({ Array($0) }) == array else {
            throw BenchmarkSuiteError.verificationFailed(suite: "svm", detail: "the shared DeviceArray's values differ from the host's")
        }
        /// Four independent partial sums (so the loop is bound by loads, not by one addition chain).
        func sum(_ values: UnsafeBufferPointer<Float>) -> Float {
            var (a, b, c, d) = (Float(0), Float(0), Float(0), Float(0))
            var i = 0
            while i + 4 <= values.count { a += values[i]; b += values[i + 1]; c += values[i + 2]; d += values[i + 3]; i += 4 }
            while i < values.count { a += values[i]; i += 1 }
            return (a + b) + (c + d)
        }
        var svmRates: [Double] = [], arrayRates: [Double] = [], deviceArrayRates: [Double] = []
        var sink: Float = 0
        for round in 0..<rounds {
            progress("svm: round \(round + 1)/\(rounds)")
            // A launch before each SVM read: the figure is "read after a kernel", as a user's code would.
            try queue.sync { cl in try cl.launch(fill, NDRange(count), svm) }
            var start = DispatchTime.now().uptimeNanoseconds
            sink += try svm.withUnsafeMutableBufferPointer { sum(UnsafeBufferPointer($0)) }
            svmRates.append(Double(count * 4) / Double(DispatchTime.now().uptimeNanoseconds - start))
            start = DispatchTime.now().uptimeNanoseconds
            sink += array.withUnsafeBufferPointer { sum($0) }
            arrayRates.append(Double(count * 4) / Double(DispatchTime.now().uptimeNanoseconds - start))
            // The expression completes first (as the SVM buffer's launch did); withHostElements' own wait for the queue,
            // then finding nothing to wait for, is timed with the read.
            try shared.assign(source * 1)
            try queue.sync { _ in }
            start = DispatchTime.now().uptimeNanoseconds
            sink += try shared.withHostElements { sum($0) }
            deviceArrayRates.append(Double(count * 4) / Double(DispatchTime.now().uptimeNanoseconds - start))
        }
        guard sink.isFinite, let svmSummary = Summary(svmRates), let arraySummary = Summary(arrayRates),
              let deviceArraySummary = Summary(deviceArrayRates) else { return [] }
        return [
            BenchmarkRecord(suite: "svm", variant: "swift-array-read", metric: "elements_\(count)", summary: arraySummary,
                            unit: "GB/s", device: device.name, verified: true),
            BenchmarkRecord(suite: "svm", variant: "fine-grain-svm-read", metric: "elements_\(count)", summary: svmSummary,
                            unit: "GB/s", device: device.name, verified: true,
                            extra: ["percent_of_array_read": 100 * svmSummary.median / arraySummary.median]),
            BenchmarkRecord(suite: "svm", variant: "fine-grain-device-array-read", metric: "elements_\(count)", summary: deviceArraySummary,
                            unit: "GB/s", device: device.name, verified: true,
                            extra: ["percent_of_array_read": 100 * deviceArraySummary.median / arraySummary.median]),
        ]
    }
}
