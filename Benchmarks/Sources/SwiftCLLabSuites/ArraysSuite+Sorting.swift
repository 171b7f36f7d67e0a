import SwiftCL
import SwiftCLBenchmarkSuites
import SwiftCLArrays
import SwiftCLBenchmarkHarness

/// Radix sorts of `sortCount` keys beside Swift's `sort()` of the same data on the host, interleaved round by round:
/// UInt32 keys, and (Float key, UInt32 value) pairs (the host sorts an array of pairs by key), each also in a context
/// whose memory pool keeps nothing (`-unpooled`: new memory for the result and the scratch of every sort). Mkeys/s;
/// every device sort is checked against the host's before it is timed.
extension ArraysSuite {
    func sortRecords(on device: Device, queue: ComputeQueue, progress: (String) -> Void) throws -> [BenchmarkRecord] {
        let n = sortCount
        progress("arrays: sorting \(n) keys")
        let keys = (0..<n).map { UInt32(truncatingIfNeeded: ($0 &* 2_654_435_761) ^ ($0 >> 5)) }
        let floatKeys = keys.map { Float(Int32(bitPattern: $0)) * 0x1p-16 }
        let dKeys = try DeviceArray(keys, on: queue), dFloatKeys = try DeviceArray(floatKeys, on: queue)
        let dIndices = try DeviceArray<UInt32>.arange(count: n, on: queue)

        // Verify: keys equal the host's sort; pairs carry each value with its key and keep equal keys in index order.
        let hostSorted = keys.sorted()
        guard try dKeys.sorted().toArray() == hostSorted else {
            throw BenchmarkSuiteError.verificationFailed(suite: "arrays", detail: "radix sort of UInt32 differs from the host's sort")
        }
        let pair = try dFloatKeys.sorted(carrying: dIndices)
        let (sortedKeys, sortedValues) = (try pair.keys.toArray(), try pair.values.toArray())
        let pairsOK = sortedKeys == floatKeys.sorted()
            && sortedValues.indices.allSatisfy { floatKeys[Int(sortedValues[$0])] == sortedKeys[$0] }
            && sortedValues.indices.dropFirst().allSatisfy { sortedKeys[$0 - 1] != sortedKeys[$0] || sortedValues[$0 - 1] < sortedValues[$0] }
        guard pairsOK else {
            throw BenchmarkSuiteError.verificationFailed(suite: "arrays", detail: "radix sort of (Float, UInt32) pairs is not the stable host order")
        }

        // The same sorts in a second context whose memory pool keeps nothing: the result and the scratch are new memory
        // each call, so these rows pay the first-touch page faults that the default pool (CPU devices) avoids.
        let unpooled = try {
            let queue = try ComputeQueue(device: device, context: Context(devices: [device]))
            queue.context.memoryPool.capacityBytes = 0
            return (queue: queue, keys: try DeviceArray(keys, on: queue), floatKeys: try DeviceArray(floatKeys, on: queue),
                    indices: try DeviceArray<UInt32>.arange(count: n, on: queue))
        }()
        for round in 1...2 {   // without a pool, and (the second round) from the default pool of the main context
            guard try unpooled.keys.sorted().toArray() == hostSorted,
                  try unpooled.floatKeys.sorted(carrying: unpooled.indices).values.toArray() == sortedValues,
                  try dKeys.sorted().toArray() == hostSorted else {
                throw BenchmarkSuiteError.verificationFailed(suite: "arrays", detail: "radix sort differs in round \(round)")
            }
        }

        let hostPairs = zip(floatKeys, 0..<UInt32(n)).map { ($0, $1) }
        let variants: [(name: String, device: String, run: () throws -> Void)] = [
            ("radix-sort-uint32", device.name, { _ = try dKeys.sorted(); try queue.sync { _ in } }),
            ("radix-sort-uint32-unpooled", device.name, { _ = try unpooled.keys.sorted(); try unpooled.queue.sync { _ in } }),
            ("host-sort-uint32", "host", { var copy = keys; copy.sort(); precondition(copy.count == n) }),
            ("radix-sort-float-uint32-pairs", device.name, { _ = try dFloatKeys.sorted(carrying: dIndices); try queue.sync { _ in } }),
            ("radix-sort-float-uint32-pairs-unpooled", device.name, {
                _ = try unpooled.floatKeys.sorted(carrying: unpooled.indices); try unpooled.queue.sync { _ in }
            }),
            ("host-sort-float-uint32-pairs", "host", { var copy = hostPairs; copy.sort { $0.0 < $1.0 }; precondition(copy.count == n) }),
        ]
        var samples: [String: [Double]] = [:]
        for round in 1...sortRounds {
            progress("arrays: sort round \(round)/\(sortRounds)")
            for variant in variants {
                samples[variant.name, default: []].append(Double(n) / (try Stopwatch.time { try variant.run() }.seconds) / 1e6)
            }
        }
        return variants.compactMap { variant in
            guard let summary = Summary(samples[variant.name] ?? []) else { return nil }
            var extra: [String: Double] = [:]
            let base = variant.name.hasSuffix("-unpooled") ? variant.name.dropLast("-unpooled".count) : Substring(variant.name)
            let hostName = "host" + base.dropFirst("radix".count)
            if variant.device != "host", let host = Summary(samples[hostName] ?? []) {
                extra["times_host_sort"] = summary.median / host.median
            }
            return BenchmarkRecord(suite: "arrays", variant: variant.name, metric: "keys_\(n)", summary: summary, unit: "Mkeys/s",
                                   device: variant.device, verified: true, extra: extra)
        }
    }
}
