import SwiftCL
@testable import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// Reductions along an axis through both routes on every device: the CPU streams (packed vectors below a stride of 16,
/// spans of accumulators above 16, the axis cut into chunks when there are few outputs) and the walk GPUs take,
/// against the host. Element values are small integers, so sums, dots and products are exact in any order.
@Suite("Reductions along an axis: the CPU streams and the walk against the host")
struct AxisReductionRouteTests {
    /// Shapes and axes that reach every part of the streaming kernels: each stride from 1 to 17 (lane folds by halving
    /// and by table, the four-way unrolled steps and their scalar tails), a stride within one span (its lines in eight
    /// groups) and one over a span (8,192 Float Kahan pairs, 4,096 Double ones or index pairs) with a partial span of a
    /// vector and a scalar tail, passes of fewer than eight lines, axes long enough to be cut into chunks, rows of 2, 4,
    /// 8 and 16 elements in groups of sixteen and left over, empty axes and outputs, 1×1.
    static let geometries: [(shape: [Int], axis: Int)] = [
        ([1, 1], 0), ([1, 1], 1), ([7, 1], 0), ([5, 33], 1), ([3, 64, 1], 1), ([2, 130], -1),
        ([70, 2], 0), ([70, 3], 0), ([70, 4], 0), ([70, 5], 0), ([41, 6], 0), ([70, 7], 0), ([70, 8], 0), ([33, 9], 0),
        ([29, 10], 0), ([21, 11], 0), ([25, 12], 0), ([20, 13], 0), ([19, 14], 0), ([70, 15], 0), ([4, 70, 5], 1),
        ([16, 17], 0), ([13, 1_030], 0), ([20, 8_213], 0), ([3, 9, 4_117], 1), ([2, 9, 40], 1), ([3, 5, 16], 1), ([100_003, 3], 0), ([3, 100_003], 1),
        ([40_001, 20], 0), ([20_001, 16], 0), ([9, 5_000, 2], 1), ([0, 5], 0), ([5, 0], 0), ([3, 0, 4], 1),
        ([37, 4], 1), ([35, 2], 1), ([40, 8], 1), ([33, 16], 1), ([100_003, 4], 1), ([5, 7, 8], 2), ([50, 3], 1),
    ]

    /// ``geometries`` and rows of 16, 8 and 2 elements enough for each CPU work-item to fold several groups of sixteen
    /// (the schedule gives a work-item a 32nd of a compute unit's share of the rows) with some left over.
    static func geometries(on device: Device) -> [(shape: [Int], axis: Int)] {
        geometries + rowsInGroups(on: device).filter { $0.shape[1] != 4 }
    }

    /// Shapes of rows of 16, 8, 4 and 2 elements that reach the CPU kernels' groups of sixteen rows and leave some.
    static func rowsInGroups(on device: Device) -> [(shape: [Int], axis: Int)] {
        let rows = 1_024 * Swift.max(1, device.computeUnits) + 7
        return [([rows, 16], 1), ([rows + 2, 8], 1), ([rows + 5, 4], 1), ([rows + 4, 2], 1)]
    }

    static func value(_ i: Int) -> Int { (i &* 7_919) % 17 - 8 }
    /// Factors whose products are exact powers of two: 2, ½, −1 and 1 (in Float's normal range for lines up to 1,100).
    static func factor(_ i: Int) -> Double { i % 13 == 0 ? 2 : i % 11 == 0 ? 0.5 : i % 3 == 0 ? -1 : 1 }

    @Test("Float and Double: sum, min, max, product, dot, norm, mean, variance and standard deviation",
          arguments: [AxisReduction.Route.streaming, .walk])
    func floatingPoint(route: AxisReduction.Route) throws {
        try Self.onEveryDevice(route: route) { queue in
            try Self.check(Float.self, queue: queue, route: route)
            if queue.device.extensions.contains("cl_khr_fp64") { try Self.check(Double.self, queue: queue, route: route) }
        }
    }

    /// Runs `body` with a queue on every device, every axis reduction in it taking `route`.
    static func onEveryDevice(route: AxisReduction.Route, _ body: (ComputeQueue) throws -> Void) throws {
        for device in TestDevices.all {
            let queue = try makeQueue(device)
            try AxisReduction.$route.withValue(route) { try body(queue) }
        }
    }

    static func check<T: ArrayElement & BinaryFloatingPoint>(_: T.Type, queue: ComputeQueue, route: AxisReduction.Route) throws {
        for (shape, axis) in geometries(on: queue.device) {
            let n = shape.reduce(1, *), label = "\(T.self) \(shape) axis \(axis), \(route)"
            let a = axis < 0 ? axis + shape.count : axis
            let hostX = (0..<n).map { T(value($0)) }, hostY = (0..<n).map { T(value($0 &+ 5)) }
            let hostF = (0..<n).map { T(factor($0)) }
            // The first array is a view three elements into a larger one: offsets that no vector load is aligned to.
            let backing = try DeviceArray([9, 9, 9] + hostX + [9], on: queue)
            let x = try backing[3..<(3 + n)].reshaped(shape)
            let y = try DeviceArray(hostY, shape: shape, on: queue), f = try DeviceArray(hostF, shape: shape, on: queue)
            let xs = IndexAndAxisReductionTests.lines(hostX, shape: shape, axis: a)
            let ys = IndexAndAxisReductionTests.lines(hostY, shape: shape, axis: a)
            let fs = IndexAndAxisReductionTests.lines(hostF, shape: shape, axis: a)
            var resultShape = shape
            resultShape.remove(at: a)
            let sum = try x.sum(axis: axis)
            #expect(sum.shape == resultShape, "\(label) shape")
            #expect(try sum.toArray() == xs.map { $0.reduce(0, +) }, "\(label) sum")
            if shape[a] <= 1_100 { #expect(try f.product(axis: axis).toArray() == fs.map { $0.reduce(1, *) }, "\(label) product") }
            #expect(try x.dot(y, axis: axis).toArray() == zip(xs, ys).map { zip($0, $1).reduce(0) { $0 + $1.0 * $1.1 } }, "\(label) dot")
            let norms = try x.norm(axis: axis).toArray()
            #expect(zip(norms, xs).allSatisfy { got, line in
                let want = line.reduce(0.0) { $0 + Double($1) * Double($1) }.squareRoot()
                return abs(Double(got) - want) <= 1e-6 * Swift.max(want, 1)
            }, "\(label) norm")
            guard shape[a] > 0 else {
                #expect(throws: ArrayError.self, "\(label) min of an empty axis") { _ = try x.min(axis: axis) }
                continue
            }
            #expect(try x.min(axis: axis).toArray() == xs.map { $0.min()! }, "\(label) min")
            #expect(try x.max(axis: axis).toArray() == xs.map { $0.max()! }, "\(label) max")
            let means = try x.mean(axis: axis).toArray()
            #expect(zip(means, xs).allSatisfy { StatisticsTests.close(Double($0), StatisticsTests.reference($1).mean, relative: 1e-6) },
                    "\(label) mean")
            let correction = shape[a] > 1 ? 1 : 0
            let variances = try x.variance(axis: axis, correction: correction).toArray()
            let deviations = try x.standardDeviation(axis: axis, correction: correction).toArray()
            for (k, line) in xs.enumerated() {
                let want = StatisticsTests.reference(line, correction: correction).variance
                #expect(abs(Double(variances[k]) - want) <= 1e-5 * Swift.max(want, 1), "\(label) variance of line \(k)")
                #expect(abs(Double(deviations[k]) - want.squareRoot()) <= 1e-5 * Swift.max(want.squareRoot(), 1), "\(label) std of line \(k)")
            }
        }
    }

    @Test("integers: sums and products wrap at the element's width, min and max, Int32, UInt8 and Int64; counts, any and all of masks",
          arguments: [AxisReduction.Route.streaming, .walk])
    func integers(route: AxisReduction.Route) throws {
        try Self.onEveryDevice(route: route) { queue in
            for (shape, axis) in Self.geometries(on: queue.device) {
                let n = shape.reduce(1, *), label = "\(shape) axis \(axis), \(route)", a = axis < 0 ? axis + shape.count : axis
                let ints = (0..<n).map { Int32(truncatingIfNeeded: Self.value($0) &* 100_003) }
                let bytes = (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
                let longs = (0..<n).map { Int64(Self.value($0)) << 40 }
                let di = try DeviceArray(ints, shape: shape, on: queue), db = try DeviceArray(bytes, shape: shape, on: queue)
                let dl = try DeviceArray(longs, shape: shape, on: queue)
                let li = IndexAndAxisReductionTests.lines(ints, shape: shape, axis: a)
                let lb = IndexAndAxisReductionTests.lines(bytes, shape: shape, axis: a)
                let ll = IndexAndAxisReductionTests.lines(longs, shape: shape, axis: a)
                #expect(try di.sum(axis: axis).toArray() == li.map { $0.reduce(0, &+) }, "\(label) Int32 sum")
                #expect(try di.product(axis: axis).toArray() == li.map { $0.reduce(1, &*) }, "\(label) Int32 product")
                #expect(try db.sum(axis: axis).toArray() == lb.map { $0.reduce(0, &+) }, "\(label) UInt8 sum")
                #expect(try dl.sum(axis: axis).toArray() == ll.map { $0.reduce(0, &+) }, "\(label) Int64 sum")
                // A mask: about two in five elements zero, runs of zeros and of non-zeros along every axis.
                let mask = (0..<n).map { ($0 &* 7_919) % 5 < 2 ? UInt8(0) : UInt8(truncatingIfNeeded: $0 % 251 + 1) }
                let dm = try DeviceArray(mask, shape: shape, on: queue), lm = IndexAndAxisReductionTests.lines(mask, shape: shape, axis: a)
                #expect(try dm.nonzeroCount(axis: axis).toArray() == lm.map { Int64($0.filter { $0 != 0 }.count) }, "\(label) counts")
                #expect(try dm.any(axis: axis).toArray() == lm.map { $0.contains { $0 != 0 } ? 1 : 0 }, "\(label) any")
                #expect(try dm.all(axis: axis).toArray() == lm.map { $0.allSatisfy { $0 != 0 } ? 1 : 0 }, "\(label) all")
                guard shape[a] > 0 else { continue }
                #expect(try di.min(axis: axis).toArray() == li.map { $0.min()! }, "\(label) Int32 min")
                #expect(try db.max(axis: axis).toArray() == lb.map { $0.max()! }, "\(label) UInt8 max")
                #expect(try dl.max(axis: axis).toArray() == ll.map { $0.max()! }, "\(label) Int64 max")
            }
        }
    }

    /// The first position of the line's extreme among its numbers (NaNs skipped), 0 for a line of NaNs only.
    static func position<T: Comparable>(_ line: [T], minimum: Bool) -> Int64 {
        var best: (Int, T)?
        for (k, v) in line.enumerated() where v == v {
            if let (_, b) = best, minimum ? !(v < b) : !(v > b) { continue }
            best = (k, v)
        }
        return Int64(best?.0 ?? 0)
    }

    @Test("argmin and argmax: first of a tie, NaNs never win, ±∞ and all-NaN lines; Float, Double, Int32 and UInt8",
          arguments: [AxisReduction.Route.streaming, .walk])
    func positions(route: AxisReduction.Route) throws {
        try Self.onEveryDevice(route: route) { queue in try Self.checkPositions(queue: queue, route: route) }
    }

    @Test("argmin and argmax through the packed kernel's 64-bit steps, which chunks of 2³¹ steps or more take")
    func positionsWithWideSteps() throws {
        try AxisIndexReduction.$stepLimit.withValue(0) {
            try Self.onEveryDevice(route: .streaming) { queue in try Self.checkPositions(queue: queue, route: .streaming) }
        }
    }

    @Test("the packed kernel counts steps in int below 2³¹ − 1 per chunk, in long from there and when the count overflows")
    func stepWidths() {
        let limit = Int(Int32.max)
        #expect(AxisIndexReduction.narrowSteps(chunkLength: 16 * (limit - 1), stride: 1))
        #expect(!AxisIndexReduction.narrowSteps(chunkLength: 16 * limit, stride: 1))
        #expect(AxisIndexReduction.narrowSteps(chunkLength: 16 * (limit - 1), stride: 3), "a step: 3 vectors, 16 lines of 3")
        #expect(!AxisIndexReduction.narrowSteps(chunkLength: 16 * limit, stride: 3))
        #expect(!AxisIndexReduction.narrowSteps(chunkLength: Int.max / 2, stride: 4), "an overflowing element count")
    }

    /// Positions of extremes along every axis of ``geometries`` and shapes with special lines, against the host.
    static func checkPositions(queue: ComputeQueue, route: AxisReduction.Route) throws {
        // Shapes whose lines 1, 2 and 3 are all NaN, five NaNs then −∞, five NaNs then +∞ (the first number is
        // the answer where nothing beats the starting value), through the packed and the lines kernels, and rows
        // of 16, 8, 4 and 2 in groups of sixteen folded pairwise.
        let special: [(shape: [Int], axis: Int)] = [([6, 20], 1), ([20, 6], 0), ([20, 24], 0), ([20, 16], 1), ([19, 8], 1), ([18, 4], 1)]
            + Self.rowsInGroups(on: queue.device)
        for (shape, axis) in Self.geometries + special {
            let n = shape.reduce(1, *), label = "\(shape) axis \(axis), \(route)", a = axis < 0 ? axis + shape.count : axis
            guard shape[a] > 0 else { continue }
            let isSpecial = special.contains { $0.shape == shape && $0.axis == axis }
            let floats: [Float] = (0..<n).map { i in
                let (line, position) = axis == 1 ? (i / shape[1], i % shape[1]) : (i % shape[1], i / shape[1])
                if isSpecial && (1...3).contains(line) {
                    return line == 1 || position < 5 ? .nan : line == 2 ? -.infinity : .infinity
                }
                // Small integers (ties everywhere), NaNs and infinities sprinkled.
                return i % 7 == 3 ? .nan : i % 11 == 5 ? -.infinity : i % 13 == 6 ? .infinity : Float(Self.value(i))
            }
            let lf = IndexAndAxisReductionTests.lines(floats, shape: shape, axis: a)
            let df = try DeviceArray(floats, shape: shape, on: queue)
            #expect(try df.argmax(axis: axis).toArray() == lf.map { Self.position($0, minimum: false) }, "\(label) Float argmax")
            #expect(try df.argmin(axis: axis).toArray() == lf.map { Self.position($0, minimum: true) }, "\(label) Float argmin")
            if queue.device.extensions.contains("cl_khr_fp64") {
                let doubles = floats.map { Double($0) }
                let dd = try DeviceArray(doubles, shape: shape, on: queue)
                #expect(try dd.argmax(axis: axis).toArray() == lf.map { Self.position($0, minimum: false) }, "\(label) Double argmax")
            }
            let ints = (0..<n).map { Int32(Self.value($0 &* 3)) }, bytes = (0..<n).map { UInt8(truncatingIfNeeded: Self.value($0) + 8) }
            let li = IndexAndAxisReductionTests.lines(ints, shape: shape, axis: a)
            let lb = IndexAndAxisReductionTests.lines(bytes, shape: shape, axis: a)
            #expect(try DeviceArray(ints, shape: shape, on: queue).argmin(axis: axis).toArray() == li.map { Self.position($0, minimum: true) },
                    "\(label) Int32 argmin")
            #expect(try DeviceArray(bytes, shape: shape, on: queue).argmax(axis: axis).toArray() == lb.map { Self.position($0, minimum: false) },
                    "\(label) UInt8 argmax")
        }
    }

    @Test("into a given result (NumPy's out=): as new arrays, into views, positions too, through a copy over shared memory; refusals",
          arguments: TestDevices.all)
    func intoGivenResults(device: Device) throws {
        let queue = try makeQueue(device)
        let host = (0..<(37 * 70)).map { Float(Self.value($0)) }
        let m = try DeviceArray(host, shape: [37, 70], on: queue)
        let backing = try DeviceArray<Float>.filled(with: -1, shape: [80], on: queue)
        for axis in [0, 1, -1] {
            let count = axis == 0 ? 70 : 37
            let given = try backing[3..<(3 + count)]
            try m.sum(axis: axis, into: given)
            #expect(try given.toArray() == (try m.sum(axis: axis).toArray()), "sum along \(axis)")
            try m.min(axis: axis, into: given)
            #expect(try given.toArray() == (try m.min(axis: axis).toArray()), "min along \(axis)")
            try m.max(axis: axis, into: given)
            #expect(try given.toArray() == (try m.max(axis: axis).toArray()), "max along \(axis)")
            try m.mean(axis: axis, into: given)
            #expect(try given.toArray() == (try m.mean(axis: axis).toArray()), "mean along \(axis)")
        }
        let untouched = try backing.toArray()
        #expect(untouched[0..<3] == [-1, -1, -1] && untouched[73...].allSatisfy { $0 == -1 }, "nothing outside the given result")
        // Positions into views of an Int64 array, through the CPU streams and the walk.
        for route in [AxisReduction.Route.streaming, .walk] {
            try AxisReduction.$route.withValue(route) {
                let positions = try DeviceArray<Int64>.filled(with: -7, shape: [80], on: queue)
                for axis in [0, 1] {
                    let count = axis == 0 ? 70 : 37, given = try positions[5..<(5 + count)]
                    try m.argmax(axis: axis, into: given)
                    #expect(try given.toArray() == (try m.argmax(axis: axis).toArray()), "argmax along \(axis), \(route)")
                    try m.argmin(axis: axis, into: given)
                    #expect(try given.toArray() == (try m.argmin(axis: axis).toArray()), "argmin along \(axis), \(route)")
                }
                let all = try positions.toArray()
                #expect(all[..<5].allSatisfy { $0 == -7 } && all[75...].allSatisfy { $0 == -7 }, "nothing outside the positions, \(route)")
                // Row positions into the array's own last row: a work-item would otherwise write it before another
                // one reads it.
                let values = (0..<(64 * 64)).map { Int64(Self.value($0 &* 3)) }
                let own = try DeviceArray(values, shape: [64, 64], on: queue)
                try own.argmax(axis: 1, into: try own.row(63))
                let rowPositions = (0..<64).map { (r: Int) -> Int64 in Self.position(Array(values[(r * 64)..<(r * 64 + 64)]), minimum: false) }
                #expect(try own.toArray() == Array(values[0..<(63 * 64)]) + rowPositions, "argmax into its own row, \(route)")
                #expect((thrownError { try own.argmin(axis: 1, into: try positions[0..<3]) } as? ArrayError)?.code == .shapeMismatch)
            }
        }
        // Column sums into the first row of the same array: computed from the values before the call.
        let square = try DeviceArray(host[0..<16].map { $0 }, shape: [4, 4], on: queue)
        try square.sum(axis: 0, into: try square.row(0))
        let sums: [Float] = (0..<4).map { (c: Int) -> Float in (0..<4).reduce(Float(0)) { (s: Float, r: Int) -> Float in s + host[r * 4 + c] } }
        #expect(try square.toArray() == sums + Array(host[4..<16]))
        // Row sums into the last row: a work-item would otherwise write it before another one reads it.
        let rowsHost = (0..<(64 * 64)).map { Float(Self.value($0 &* 3)) }
        let rows = try DeviceArray(rowsHost, shape: [64, 64], on: queue)
        try rows.sum(axis: 1, into: try rows.row(63))
        let rowSums: [Float] = (0..<64).map { (r: Int) -> Float in rowsHost[(r * 64)..<(r * 64 + 64)].reduce(Float(0), +) }
        #expect(try rows.toArray() == Array(rowsHost[0..<(63 * 64)]) + rowSums)
        let wrong = try DeviceArray<Float>(uninitializedShape: [36], on: queue)
        #expect((thrownError { try m.sum(axis: 1, into: wrong) } as? ArrayError)?.code == .shapeMismatch)
        let elsewhere = try ComputeQueue(device: device, context: Context(devices: [device]))
        let foreign = try DeviceArray<Float>(uninitializedShape: [70], on: elsewhere)
        #expect((thrownError { try m.sum(axis: 0, into: foreign) } as? ArrayError)?.code == .contextMismatch)
        #expect(try m.sum(axis: 0).toArray() == (0..<70).map { (c: Int) -> Float in (0..<37).reduce(Float(0)) { (s: Float, r: Int) -> Float in s + host[r * 70 + c] } })
    }

    @Test("into given results with non-temporal stores (every size allowed): aligned and unaligned views, lines and rows, values and positions",
          arguments: TestDevices.all)
    func streamingStores(device: Device) throws {
        let queue = try makeQueue(device)
        try AxisReduction.$route.withValue(.streaming) {
            try AxisReduction.$streamingStoreBytes.withValue(0) {
                // Lines (grouped and over a span), rows of 16, 8, 4 and 2 in groups of sixteen and left over.
                for (shape, axis) in [([5, 327], 0), ([3, 8_213], 0)] + Self.rowsInGroups(on: device) {
                    let n = shape[0] * shape[1], count = shape[1 - axis]
                    let host = (0..<n).map { Float(Self.value($0 &* 5)) }
                    let m = try DeviceArray(host, shape: shape, on: queue)
                    let lines = IndexAndAxisReductionTests.lines(host, shape: shape, axis: axis)
                    // Offsets 0 and 16 Floats are 64-byte aligned in a fresh buffer, 3 is not.
                    for offset in [0, 3, 16] {
                        let backing = try DeviceArray<Float>.filled(with: -1, shape: [count + 20], on: queue)
                        let given = try backing[offset..<(offset + count)]
                        try m.sum(axis: axis, into: given)
                        #expect(try given.toArray() == lines.map { $0.reduce(0, +) }, "sum \(shape) axis \(axis) at \(offset)")
                        try m.max(axis: axis, into: given)
                        #expect(try given.toArray() == lines.map { $0.max()! }, "max \(shape) axis \(axis) at \(offset)")
                        try m.mean(axis: axis, into: given)
                        #expect(try given.toArray() == lines.map { $0.reduce(0, +) / Float(shape[axis]) }, "mean \(shape) axis \(axis) at \(offset)")
                        let all = try backing.toArray()
                        #expect(all[..<offset].allSatisfy { $0 == -1 } && all[(offset + count)...].allSatisfy { $0 == -1 },
                                "nothing outside the given result, \(shape) axis \(axis) at \(offset)")
                        // Positions: vectors of Int64 stored in 64-byte halves (0 and 16 in are aligned to them, 3 is not).
                        let positions = try DeviceArray<Int64>.filled(with: -1, shape: [count + 20], on: queue)
                        try m.argmax(axis: axis, into: try positions[offset..<(offset + count)])
                        let allPositions = try positions.toArray()
                        #expect(Array(allPositions[offset..<(offset + count)]) == lines.map { Int64($0.firstIndex(of: $0.max()!)!) },
                                "argmax \(shape) axis \(axis) at \(offset)")
                        #expect(allPositions[..<offset].allSatisfy { $0 == -1 } && allPositions[(offset + count)...].allSatisfy { $0 == -1 },
                                "no position outside the given result, \(shape) axis \(axis) at \(offset)")
                    }
                }
                // Doubles: 128-byte vectors, so 8 elements in is 64-byte aligned but not theirs.
                if device.extensions.contains("cl_khr_fp64") {
                    let host = (0..<(5 * 327)).map { Double(Self.value($0)) }
                    let m = try DeviceArray(host, shape: [5, 327], on: queue)
                    let sums = IndexAndAxisReductionTests.lines(host, shape: [5, 327], axis: 0).map { $0.reduce(0, +) }
                    for offset in [0, 8, 16, 3] {
                        let backing = try DeviceArray<Double>.filled(with: -1, shape: [347], on: queue)
                        try m.sum(axis: 0, into: try backing[offset..<(offset + 327)])
                        let all = try backing.toArray()
                        #expect(Array(all[offset..<(offset + 327)]) == sums && all[..<offset].allSatisfy { $0 == -1 }
                                && all[(offset + 327)...].allSatisfy { $0 == -1 }, "Double sums at \(offset)")
                    }
                }
            }
        }
    }

    @Test("new results in memory the pool kept take the non-temporal stores too, and stay right (lines and rows)",
          arguments: TestDevices.all)
    func streamingStoresIntoPooledResults(device: Device) throws {
        try AxisReduction.$route.withValue(.streaming) {
            try AxisReduction.$streamingStoreBytes.withValue(0) {
                for (shape, axis) in [([5, 327], 0), ([40, 16], 1), ([70, 4], 1)] {
                    // A context and pool for each shape: the last shape's arrays reach their pool on the runtime's
                    // completion thread, and must not land in this one after it is emptied (CI saw that race).
                    let queue = try MemoryPoolTests.pooledQueue(device, capacityBytes: 1 << 20)
                    let pool = queue.context.memoryPool
                    let host = (0..<(shape[0] * shape[1])).map { Float(Self.value($0 &* 7)) }
                    let m = try DeviceArray(host, shape: shape, on: queue)
                    let sums = IndexAndAxisReductionTests.lines(host, shape: shape, axis: axis).map { $0.reduce(0, +) }
                    let bytes = try {
                        let first = try m.sum(axis: axis)
                        let values = try first.toArray()
                        #expect(!first.storage.reusesPooledMemory && values == sums, "\(shape) axis \(axis), new memory")
                        return first.storage.byteCount
                    }()
                    #expect(MemoryPoolTests.waitUntil(pool, holds: bytes), "\(shape): the first result's memory returns")
                    let second = try m.sum(axis: axis)
                    let values = try second.toArray()
                    #expect(second.storage.reusesPooledMemory && values == sums, "\(shape) axis \(axis), pooled memory")
                }
            }
        }
    }

    @Test("the schedule occupies the device: chunks for few long lines, several units per work-item for many short ones")
    func schedule() {
        // [100 003, 3] along axis 0: one block of three outputs, cut into chunks of at least 16 Ki elements.
        let few = AxisReduction.Schedule(outputs: 3, length: 100_003, stride: 3, computeUnits: 2, spanWidth: 1024)
        #expect(few.units == 1 && few.chunks == 16 && few.chunkLength * few.chunks >= 100_003 && few.items == 16)
        // [4096, 4096] along axis 0: four spans of 1,024 outputs, four chunks each.
        let columns = AxisReduction.Schedule(outputs: 4_096, length: 4_096, stride: 4_096, computeUnits: 2, spanWidth: 1024)
        #expect(columns.units == 4 && columns.chunks == 4 && columns.items == 16)
        // [4096, 4096] along axis 1: 4,096 rows, 64 per work-item, no chunks.
        let rows = AxisReduction.Schedule(outputs: 4_096, length: 4_096, stride: 1, computeUnits: 2, spanWidth: 1024)
        #expect(rows.units == 4_096 && rows.chunks == 1 && rows.unitsPerItem == 64 && rows.items == 64)
        // Short lines are never cut below 16 Ki elements a chunk.
        let short = AxisReduction.Schedule(outputs: 2, length: 1_000, stride: 2, computeUnits: 64, spanWidth: 1024)
        #expect(short.chunks == 1 && short.items == 1)
        let empty = AxisReduction.Schedule(outputs: 5, length: 0, stride: 5, computeUnits: 2, spanWidth: 1024)
        #expect(empty.chunks == 1 && empty.items == 1)
        // Spans hold 64 KiB of accumulators: 8,192 Float Kahan pairs, 4,096 Double ones or Float–position pairs.
        #expect(AxisReduction.spanWidth(bytesPerOutput: 8) == 8_192 && AxisReduction.spanWidth(bytesPerOutput: 16) == 4_096)
        #expect(AxisReduction.spanWidth(bytesPerOutput: 12) == 4_096 && AxisReduction.spanWidth(bytesPerOutput: 4) == 16_384)
    }
}
