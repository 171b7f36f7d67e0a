import SwiftCL
import SwiftCLBenchmarkSuites
import SwiftCLArrays
import SwiftCLBenchmarkHarness
import SwiftCLKernels

/// SwiftCLArrays' primitives over 2^26 elements against the memory bounds measured beside them in the same rounds:
/// reductions (sum, dot, max, a user `ReductionKernel`) against the read-only kernel (`readRows`, float16 loads),
/// elementwise work (`a * x + y` fused, a user `ElementwiseKernel`) against the guide's copy kernel. Each primitive is
/// verified against a host reference before it is timed; every sample is host time around enqueue and wait, for the
/// bounds too. First use (a fresh context: program build included) and cached latency are reported per primitive.
///
/// `percent_of_<bound>_bound` is the primitive's median over the bound's median (the bounds are measured at the start
/// of each round); `paired_percent_of_<bound>_bound` is the median over rounds of the primitive against its bound
/// measured just before it, so that a change of the machine's memory speed within a run cancels out (on the shared
/// 2-core machines the copy bound moved by up to ±20 % between rounds of one run).
public struct ArraysSuite: Sendable {
    public var count = 1 << 26
    public var rounds = 5
    /// Keys in the sort comparison, and its rounds (each round sorts on the host too, seconds per round).
    public var sortCount = 1 << 24
    public var sortRounds = 5

    public init() {}

    struct Primitive {
        let name: String
        /// Bytes moved per element (reads + writes).
        let bytesPerElement: Int
        let bound: String
        let run: () throws -> Void
    }

    public func run(on device: Device, progress: (String) -> Void = { _ in }) throws -> [BenchmarkRecord] {
        let queue = try ComputeQueue(device: device)
        let n = count
        progress("arrays: preparing \(n) elements")
        let host = (0..<n).map { Float($0 % 2003) * 0.001 - 1 }
        let x = try DeviceArray(host, on: queue), y = try DeviceArray<Float>.filled(with: 0.5, shape: [n], on: queue)
        let z = try DeviceArray<Float>(uninitializedShape: [n], on: queue)
        let a: Float = 2
        let sumOfSquares = try ReductionKernel<Float>(context: queue.context, neutral: "0", reduce: "a + b", map: "x[i] * x[i]",
                                                      arguments: "global const float *x", name: "sum_of_squares")
        let axpyKernel = try ElementwiseKernel(context: queue.context, arguments: "float a, global const float *x, global const float *y, global float *z",
                                               operation: "z[i] = a * x[i] + y[i]", name: "axpy")
        // Scans, compaction and random numbers (issue 26): a Float scan into a preallocated array, compaction of Int32 at
        // 50 % selectivity (counted as x and mask read once, the kept half written), uniform Floats into a preallocated
        // array (written once).
        let scanned = try DeviceArray<Float>(uninitializedShape: [n], on: queue)
        let ints = try DeviceArray((0..<n).map { Int32(truncatingIfNeeded: $0 &* 2_654_435_761) >> 8 }, on: queue)
        let half = try (ints .> 0).evaluated()
        // The same inputs in a second context whose memory pool keeps nothing (the default context's pool keeps released
        // arrays on CPU devices): every new result is new memory, with its first-touch page faults.
        let unpooled = try {
            let queue = try ComputeQueue(device: device, context: Context(devices: [device]))
            queue.context.memoryPool.capacityBytes = 0
            let ints = try DeviceArray(try ints.toArray(), on: queue)
            return (queue: queue, ints: ints, half: try (ints .> 0).evaluated(), x: try DeviceArray(host, on: queue),
                    y: try DeviceArray<Float>.filled(with: 0.5, shape: [n], on: queue))
        }()
        let compactedInts = try DeviceArray<Int32>(uninitializedShape: [n], on: queue)
        // Sorted pairs (each value twice): unique keeps 50 %, counted as x read once and the kept half written.
        let pairs = try DeviceArray((0..<n).map { Int32($0 / 2) }, on: queue)
        let generator = Philox(seed: 7), fastGenerator = ChaCha8(seed: 7)
        // Draws go into one preallocated array, like the write bound (a fresh array per draw adds its page faults).
        let drawn = try DeviceArray<Float>(uninitializedShape: [n], on: queue)
        // The same a·x+y on float4 elements: the three arrays' buffers seen as n/4 vectors (when n is a multiple of 4).
        func vectors(_ array: DeviceArray<Float>) throws -> DeviceArray<SIMD4<Float>> {
            try DeviceArray(buffer: try array.buffer().reinterpreted(as: SIMD4<Float>.self), on: queue)
        }
        let (x4, y4, z4) = n % 4 == 0 ? (try vectors(x), try vectors(y), try vectors(z)) : (nil, nil, nil)
        let a4 = SIMD4<Float>(repeating: a)
        let rowLength = n % 4096 == 0 ? 4096 : 1
        let xRows = try x.reshaped([n / rowLength, rowLength]), zRows = try z.reshaped([n / rowLength, rowLength])
        let row = try DeviceArray((0..<rowLength).map { Float($0 % 7) * 0.25 }, on: queue)
        var hostCopy = [Float](repeating: 0, count: n)   // copyElements(to:)'s destination, written before it is timed
        var primitives = [
            Primitive(name: "inclusive-scan", bytesPerElement: 8, bound: "copy") { try x.prefixSums(into: scanned); try queue.sync { _ in } },
            // Each returns once it knows the count, with the placement still enqueued: the sync makes it count.
            Primitive(name: "compaction-50%", bytesPerElement: 7, bound: "copy") { _ = try ints.compacted(where: half); try queue.sync { _ in } },
            // Into one preallocated array, like the copy bound (`compacted` allocates its result: page faults each round).
            Primitive(name: "compaction-50%-into", bytesPerElement: 7, bound: "copy") {
                _ = try ints.compact(where: half, into: compactedInts); try queue.sync { _ in }
            },
            // A new result from a context whose memory pool keeps nothing: the same compaction with the new memory's
            // page faults (above, each round's result reuses the last one's memory through the default pool).
            Primitive(name: "compaction-50%-unpooled", bytesPerElement: 7, bound: "copy") {
                _ = try unpooled.ints.compacted(where: unpooled.half); try unpooled.queue.sync { _ in }
            },
            Primitive(name: "a*x+y-fresh", bytesPerElement: 12, bound: "copy") { _ = try (a * x + y).evaluated(); try queue.sync { _ in } },
            Primitive(name: "a*x+y-fresh-unpooled", bytesPerElement: 12, bound: "copy") {
                _ = try (a * unpooled.x + unpooled.y).evaluated(); try unpooled.queue.sync { _ in }
            },
            // Host data into a new array (read on the host, written to the device's memory; from the pool by default),
            // the same without a pool (new memory each call), and an array back into a new host array.
            Primitive(name: "upload-from-host", bytesPerElement: 8, bound: "copy") { _ = try DeviceArray(host, on: queue) },
            Primitive(name: "upload-from-host-unpooled", bytesPerElement: 8, bound: "copy") { _ = try DeviceArray(host, on: unpooled.queue) },
            Primitive(name: "to-array", bytesPerElement: 8, bound: "copy") { _ = try x.toArray() },
            Primitive(name: "to-array-into", bytesPerElement: 8, bound: "copy") { try x.copyElements(to: &hostCopy) },
            // A partition writes every element (x and mask read, x written).
            Primitive(name: "partition-50%-into", bytesPerElement: 9, bound: "copy") {
                _ = try ints.partition(where: half, into: compactedInts); try queue.sync { _ in }
            },
            Primitive(name: "unique-50%-into", bytesPerElement: 6, bound: "copy") { _ = try pairs.unique(into: compactedInts); try queue.sync { _ in } },
            Primitive(name: "uniform-float", bytesPerElement: 4, bound: "write") {
                var draws = generator   // every round draws the same numbers (a copy of one position)
                try draws.uniform(into: drawn)
                try queue.sync { _ in }
            },
            Primitive(name: "uniform-float-chacha8", bytesPerElement: 4, bound: "write") {
                var draws = fastGenerator
                try draws.uniform(into: drawn)
                try queue.sync { _ in }
            },
            Primitive(name: "sum", bytesPerElement: 4, bound: "read") { _ = try x.sum() },
            Primitive(name: "dot", bytesPerElement: 8, bound: "read") { _ = try x.dot(y) },
            Primitive(name: "max", bytesPerElement: 4, bound: "read") { _ = try x.max() },
            Primitive(name: "argmax", bytesPerElement: 4, bound: "read") { _ = try x.argmax() },
            Primitive(name: "reduction-kernel-sum-of-squares", bytesPerElement: 4, bound: "read") { _ = try sumOfSquares(count: n, on: queue, x) },
            Primitive(name: "a*x+y", bytesPerElement: 12, bound: "copy") { try z.assign(a * x + y); try queue.sync { _ in } },
            // The same with y one 4096-element row broadcast down x seen as rows (x read, z written; the row stays cached).
            Primitive(name: "a*x+row-broadcast", bytesPerElement: 8, bound: "copy") {
                try zRows.assign(a * xRows + row); try queue.sync { _ in }
            },
            Primitive(name: "elementwise-kernel-axpy", bytesPerElement: 12, bound: "copy") {
                try axpyKernel(count: n, on: queue, a, x, y, z)
                try queue.sync { _ in }
            },
        ]
        if let x4, let y4, let z4 {
            primitives.append(Primitive(name: "a*x+y-float4", bytesPerElement: 12, bound: "copy") {
                try z4.assign(a4 * x4 + y4)
                try queue.sync { _ in }
            })
        }
        progress("arrays: verifying")
        try verify(host: host, x: x, y: y, z: z, a: a, sumOfSquares: sumOfSquares, axpy: axpyKernel, queue: queue)
        try zRows.assign(a * xRows + row)
        let rowHost = try row.toArray()
        try check("a*x+row broadcast", try z.toArray() == host.indices.map { a * host[$0] + rowHost[$0 % rowLength] }, "differs from the host")
        if let x4, let y4, let z4 {
            try z.fill(with: 0)
            try z4.assign(a4 * x4 + y4)
            try check("a*x+y on float4", try z.toArray() == host.map { a * $0 + 0.5 }, "differs from the host")
        }
        try verifyScans(host: host, x: x, scanned: scanned, ints: ints, generators: (generator, fastGenerator), queue: queue)
        try x.copyElements(to: &hostCopy)
        try check("copy into a host array", hostCopy == host, "differs from the host")
        try check("upload from the host", try DeviceArray(host, on: queue).toArray() == host, "differs from the host")
        try check("upload without a pool", try DeviceArray(host, on: unpooled.queue).toArray() == host, "differs from the host")
        for round in 1...2 {   // on CPU devices the second round's results come from the default context's pool
            try check("a*x+y without a pool", try (a * unpooled.x + unpooled.y).evaluated().toArray() == host.map { a * $0 + 0.5 },
                      "round \(round) differs from the host")
            try check("a*x+y, a new result", try (a * x + y).evaluated().toArray() == host.map { a * $0 + 0.5 },
                      "round \(round) differs from the host")
            try check("compaction without a pool",
                      try unpooled.ints.compacted(where: unpooled.half).toArray() == (try ints.compacted(where: half).toArray()),
                      "round \(round) differs from the compaction with the default pool")
        }
        let firstUse = try firstUseLatencies(device: device, count: 4096)

        // Bounds: the read-only kernel over n floats as 4096-wide rows, the copy kernel one item per element.
        let rows = n / 4096
        let rowSums = try Buffer<Float>(count: rows, context: queue.context)
        let readRows = try CopyCL.ReadRows(context: queue.context)
        let copy = try CopyCL.Copy(context: queue.context)
        let copyOut = try Buffer<Float>(count: n, context: queue.context)
        let xBuffer = try x.buffer()
        // The write-only bound: the copy kernel's shape (one work-item per element, no bounds check) storing a constant.
        let writeOnly = try queue.context.program(source: "kernel void write_bound(global float *out) { out[get_global_id(0)] = 1.0f; }",
                                                  name: "write_bound").sharedKernel(named: "write_bound")
        let bounds: [(String, Int, () throws -> Void)] = [
            ("write", 4, { try queue.sync { cl in try cl.launch(writeOnly, try NDRange(n), copyOut) } }),
            ("read", 4, { try queue.sync { cl in try readRows(cl, try NDRange(rows), w: 4096, h: Int32(rows), in: xBuffer, rowSums: rowSums) } }),
            ("copy", 8, { try queue.sync { cl in try copy(cl, try NDRange(n), in: xBuffer, out: copyOut) } }),
        ]
        var samples: [String: [Double]] = [:], pairedRatios: [String: [Double]] = [:]
        // A sample is the mean of back-to-back calls filling ≥ 2 ms (one call on a CPU, where each takes longer; several
        // on a GPU, where one call's 0.1–0.3 ms is mostly the host's wake-up noise), timed after a warm-up call.
        var repeats: [String: Int] = [:]
        func calibrate(_ name: String, _ body: () throws -> Void) throws {
            try body()  // builds, first touch
            repeats[name] = Stopwatch.repetitions(toFill: 2e-3, oneRunTaking: try Stopwatch.time { try body() }.seconds, atMost: 64)
        }
        func seconds(_ name: String, _ body: () throws -> Void) throws -> Double {
            let count = repeats[name] ?? 1
            return try Stopwatch.time { for _ in 0..<count { try body() } }.seconds / Double(count)
        }
        for bound in bounds { try calibrate("bound-" + bound.0, bound.2) }
        for primitive in primitives { try calibrate(primitive.name, primitive.run) }
        for round in 1...rounds {
            progress("arrays: round \(round)/\(rounds)")
            for bound in bounds {
                samples["bound-" + bound.0, default: []].append(Double(bound.1 * n) / (try seconds("bound-" + bound.0, bound.2)) / 1e9)
            }
            for primitive in primitives {
                guard let bound = bounds.first(where: { $0.0 == primitive.bound }) else { continue }
                let boundSpeed = Double(bound.1 * n) / (try seconds("bound-" + bound.0, bound.2)) / 1e9
                let speed = Double(primitive.bytesPerElement * n) / (try seconds(primitive.name, primitive.run)) / 1e9
                samples[primitive.name, default: []].append(speed)
                pairedRatios[primitive.name, default: []].append(speed / boundSpeed)
            }
        }
        var records: [BenchmarkRecord] = []
        for bound in bounds {
            guard let summary = Summary(samples["bound-" + bound.0] ?? []) else { continue }
            var record = BenchmarkRecord(suite: "arrays", variant: "bound-\(bound.0)", metric: "elements_\(n)", summary: summary,
                                         unit: "GB/s", device: device.name, verified: true)
            record.isBound = true
            records.append(record)
        }
        for primitive in primitives {
            guard let summary = Summary(samples[primitive.name] ?? []),
                  let bound = Summary(samples["bound-" + primitive.bound] ?? []) else { continue }
            var extra = ["percent_of_\(primitive.bound)_bound": 100 * summary.median / bound.median]
            if let paired = Summary(pairedRatios[primitive.name] ?? []) { extra["paired_percent_of_\(primitive.bound)_bound"] = 100 * paired.median }
            if let latency = firstUse[primitive.name] {
                extra["first_use_ms"] = latency.first * 1e3
                extra["cached_ms"] = latency.cached * 1e3
            }
            records.append(BenchmarkRecord(suite: "arrays", variant: primitive.name, metric: "elements_\(n)", summary: summary,
                                           unit: "GB/s", device: device.name, verified: true, extra: extra))
        }
        return records + (try sortRecords(on: device, queue: queue, progress: progress))
    }

    /// Every primitive against the host before anything is timed.
    private func verify(host: [Float], x: DeviceArray<Float>, y: DeviceArray<Float>, z: DeviceArray<Float>, a: Float,
                        sumOfSquares: ReductionKernel<Float>, axpy: ElementwiseKernel, queue: ComputeQueue) throws {
        let magnitude = host.reduce(0.0) { $0 + Double(abs($1)) }
        let exact = host.reduce(0.0) { $0 + Double($1) }
        let bound = 32 * Double(Float.ulpOfOne) * magnitude
        let sum = Double(try x.sum())
        try check("sum", abs(sum - exact) <= bound, "\(sum) vs \(exact)")
        let dot = Double(try x.dot(y))
        try check("dot", abs(dot - 0.5 * exact) <= bound, "\(dot) vs \(0.5 * exact)")
        try check("max", try x.max() == host.max(), "max")
        try check("argmax", try x.argmax() == host.firstIndex(of: host.max()!), "argmax (the first index of the largest)")
        let squares = host.reduce(0.0) { $0 + Double($1) * Double($1) }
        let userSum = Double(try sumOfSquares(count: host.count, on: queue, x))
        // A user reduction adds in plain Float chains (n / (8 · work-items) long): no Kahan, so a looser check.
        try check("sum of squares", abs(userSum - squares) <= 1e-3 * squares, "\(userSum) vs \(squares)")
        let expected = host.map { a * $0 + 0.5 }
        try z.assign(a * x + y)
        try check("a*x+y", try z.toArray() == expected, "differs from the host")
        try z.fill(with: 0)
        try axpy(count: host.count, on: queue, a, x, y, z)
        try check("elementwise kernel", try z.toArray() == expected, "differs from the host")
    }

    /// Throws the suite's verification failure for `what` unless `ok`.
    private func check(_ what: String, _ ok: Bool, _ detail: @autoclosure () -> String) throws {
        if !ok { throw BenchmarkSuiteError.verificationFailed(suite: "arrays", detail: "\(what): \(detail())") }
    }

    /// Scans, compaction and draws against the host before anything is timed.
    private func verifyScans(host: [Float], x: DeviceArray<Float>, scanned: DeviceArray<Float>, ints: DeviceArray<Int32>,
                             generators: (Philox, ChaCha8), queue: ComputeQueue) throws {
        try x.prefixSums(into: scanned)
        let device = try scanned.toArray()
        // A sequential prefix's error is at most k·ε·Σ|x| (k = the prefix's length); checked at every index.
        var exact = 0.0, magnitude = 0.0, worst = 0.0
        for (k, value) in host.enumerated() {
            exact += Double(value)
            magnitude += Double(abs(value))
            worst = Swift.max(worst, abs(Double(device[k]) - exact) / (Double(k + 1) * Double(Float.ulpOfOne) * magnitude + 1e-30))
        }
        try check("inclusive scan", worst <= 1, "error \(worst) × k·ε·Σ|x|")
        let values = try ints.toArray()
        let kept = try ints.compacted(where: try (ints .> 0).evaluated())
        try check("compaction", try kept.toArray() == values.filter { $0 > 0 }, "differs from the host")
        let into = try DeviceArray<Int32>(uninitializedShape: [values.count], on: queue)
        let keptCount = try ints.compact(where: try (ints .> 0).evaluated(), into: into)
        try check("compaction into an array", keptCount == kept.count && Array(try into.toArray().prefix(keptCount)) == values.filter { $0 > 0 },
                  "differs from the host")
        let partitionCount = try ints.partition(where: try (ints .> 0).evaluated(), into: into)
        try check("partition into an array", partitionCount == kept.count
                  && (try into.toArray()) == values.filter { $0 > 0 } + values.filter { $0 <= 0 }, "differs from the host")
        let pairCount = values.count
        let uniqueCount = try DeviceArray((0..<pairCount).map { Int32($0 / 2) }, on: queue).unique(into: into)
        try check("unique into an array", uniqueCount == (pairCount + 1) / 2
                  && Array(try into.toArray().prefix(uniqueCount)) == (0..<((pairCount + 1) / 2)).map { Int32($0) }, "differs from the host")
        try checkDraw("uniform (Philox)", generators.0, count: host.count, queue: queue)
        try checkDraw("uniform (ChaCha8)", generators.1, count: host.count, queue: queue)
    }

    /// A uniform Float draw against the generator's host reference, bit for bit.
    private func checkDraw(_ what: String, _ generator: some CounterBasedGenerator, count: Int, queue: ComputeQueue) throws {
        var draws = generator
        let expected = draws.uniformHostReference(count: count, as: Float.self)
        let drawn: DeviceArray<Float> = try draws.uniform(shape: [count], on: queue)
        try check(what, try drawn.toArray() == expected, "differs from the host generator")
    }

    /// Seconds for each primitive's first call in a fresh context (its program built there; PoCL's own disk cache may
    /// be warm) and for its second call.
    private func firstUseLatencies(device: Device, count: Int) throws -> [String: (first: Double, cached: Double)] {
        let queue = try ComputeQueue(device: device, context: Context(devices: [device]))
        let x = try DeviceArray((0..<count).map { Float($0) }, on: queue), y = try DeviceArray<Float>.filled(with: 1, shape: [count], on: queue)
        let calls: [(String, () throws -> Void)] = [
            ("sum", { _ = try x.sum() }),
            ("dot", { _ = try x.dot(y) }),
            ("max", { _ = try x.max() }),
            ("a*x+y", { _ = try (2 * x + y).evaluated().toArray() }),
        ]
        var latencies: [String: (Double, Double)] = [:]
        for (name, call) in calls {
            let first = try Stopwatch.time { try call() }.seconds
            let cached = try Stopwatch.time { try call() }.seconds
            latencies[name] = (first, cached)
        }
        return latencies
    }
}
