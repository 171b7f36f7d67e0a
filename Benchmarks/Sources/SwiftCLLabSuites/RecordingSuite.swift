import Dispatch
import RawOpenCL
import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLBenchmarkSuites

/// Issue 45's command-buffer figure: the host time of enqueueing a batch of small launches, four ways side by side in
/// interleaved rounds on one queue: plain C (`clEnqueueNDRangeKernel` in a loop on SwiftCL's queue and kernel, arguments
/// set once), SwiftCL launching them in a `submit` closure, and SwiftCL replaying a ``CommandRecording`` of them through a
/// command buffer and one by one. Each way adds 1 to every element per launch into a buffer of its own; all four are
/// checked against the launch count before any figure is reported.
public struct RecordingSuite {
    public var launches = 1000
    public var items = 64
    public var rounds = 11

    public init() {}

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        let queue = try ComputeQueue(device: device)
        let kernel = try queue.context.program(source: """
            kernel void count_up(global const float *unused, global float *counts) { counts[get_global_id(0)] += 1.0f; }
            """, name: "recording-suite.cl").kernel(named: "count_up")
        let zeros = [Float](repeating: 0, count: items)
        let unused = try Buffer(copying: zeros, context: queue.context)
        let (rawCounts, liveCounts) = (try Buffer(copying: zeros, context: queue.context), try Buffer(copying: zeros, context: queue.context))
        let (bufferCounts, oneByOneCounts) = (try Buffer(copying: zeros, context: queue.context), try Buffer(copying: zeros, context: queue.context))
        let range = try NDRange(items)
        let commandBuffer = device.commandBufferCapabilities == nil ? nil : try queue.record(engine: .commandBuffer) { cl in
            for _ in 0..<launches { try cl.launch(kernel, range, unused, bufferCounts) }
        }
        let oneByOne = try queue.record(engine: .oneByOne) { cl in
            for _ in 0..<launches { try cl.launch(kernel, range, unused, oneByOneCounts) }
        }
        /// Host seconds until `submit` returns (the commands enqueued) and until they completed.
        func timedSubmit(_ body: (ComputeEncoder) throws -> Void) throws -> (enqueue: Double, total: Double) {
            let start = DispatchTime.now().uptimeNanoseconds
            let (_, completion) = try queue.submit(body)
            let enqueued = DispatchTime.now().uptimeNanoseconds
            try completion.wait()
            let done = DispatchTime.now().uptimeNanoseconds
            return (Double(enqueued - start) * 1e-9, Double(done - start) * 1e-9)
        }
        var samples: [String: [(enqueue: Double, total: Double)]] = [:]
        for round in 0...rounds {
            progress("recording: round \(round)/\(rounds)\(round == 0 ? " (warm-up, not counted)" : "")")
            var raw = (enqueue: 0.0, total: 0.0)
            let status = try queue.sync { cl in
                try cl.withUnsafeQueueHandle(keepingAlive: [unused, rawCounts]) { commandQueue in
                    kernel.withUnsafeHandle { kernelHandle in
                        unused.withUnsafeHandle { a in
                            rawCounts.withUnsafeHandle { b in
                                raw_cl_enqueue_timed_on(UnsafeMutableRawPointer(commandQueue), UnsafeMutableRawPointer(kernelHandle),
                                                        UnsafeMutableRawPointer(a), UnsafeMutableRawPointer(b), items, launches,
                                                        &raw.enqueue, &raw.total)
                            }
                        }
                    }
                }
            }
            if status != 0 { throw OpenCLError(status: CLStatus(rawValue: status), routine: "raw C enqueue loop on SwiftCL's objects") }
            let live = try timedSubmit { cl in for _ in 0..<launches { try cl.launch(kernel, range, unused, liveCounts) } }
            let replayed = try commandBuffer.map { recording in try timedSubmit { cl in try cl.replay(recording) } }
            let replayedOneByOne = try timedSubmit { cl in try cl.replay(oneByOne) }
            guard round > 0 else { continue }
            samples["raw-c-one-by-one", default: []].append(raw)
            samples["swiftcl-launches", default: []].append(live)
            if let replayed { samples["replay-command-buffer", default: []].append(replayed) }
            samples["replay-one-by-one", default: []].append(replayedOneByOne)
        }
        // Every way ran every launch of every round (warm-up included).
        let expected = [Float](repeating: Float((rounds + 1) * launches), count: items)
        for (name, buffer) in [("raw C", rawCounts), ("SwiftCL launches", liveCounts), ("one-by-one replay", oneByOneCounts)]
            + (commandBuffer == nil ? [] : [("command-buffer replay", bufferCounts)]) {
            let counts = try queue.sync { cl in try cl.read(buffer) }
            guard counts == expected else {
                throw BenchmarkSuiteError.verificationFailed(suite: "recording", detail: "\(name): counts \(counts.prefix(4)), expected \(expected[0])")
            }
        }
        guard let rawSamples = samples["raw-c-one-by-one"], let rawEnqueue = Summary(rawSamples.map(\.enqueue)) else { return [] }
        var records: [BenchmarkRecord] = []
        for variant in ["raw-c-one-by-one", "swiftcl-launches", "replay-command-buffer", "replay-one-by-one"] {
            guard let values = samples[variant], let enqueue = Summary(values.map(\.enqueue)), let total = Summary(values.map(\.total)) else { continue }
            let paired = Summary(zip(values, rawSamples).map { $0.enqueue / $1.enqueue })?.median ?? .nan
            let pairedTotal = Summary(zip(values, rawSamples).map { $0.total / $1.total })?.median ?? .nan
            records.append(BenchmarkRecord(suite: "recording", variant: variant, metric: "host_enqueue_\(launches)_launches",
                                           summary: enqueue.scaled(by: 1e3), unit: "ms", device: device.name, verified: true,
                                           extra: ["paired_ratio_to_raw_c": paired, "raw_c_median_ms": rawEnqueue.median * 1e3]))
            records.append(BenchmarkRecord(suite: "recording", variant: variant, metric: "enqueue_and_complete_\(launches)_launches",
                                           summary: total.scaled(by: 1e3), unit: "ms", device: device.name, verified: true,
                                           extra: ["paired_ratio_to_raw_c": pairedTotal]))
        }
        return records
    }
}
