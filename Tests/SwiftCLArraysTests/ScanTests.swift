import PropertyBased
import SwiftCL
@testable import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// Host prefix sums in the element's wrapping arithmetic.
func hostPrefix<T: FixedWidthInteger>(_ x: [T], inclusive: Bool, starts: [UInt8]? = nil) -> [T] {
    var out: [T] = [], acc: T = 0
    for (i, v) in x.enumerated() {
        if starts?[i] ?? 0 != 0 { acc = 0 }
        if inclusive { acc &+= v; out.append(acc) } else { out.append(acc); acc &+= v }
    }
    return out
}

@Suite("Scans")
struct ScanTests {
    @Test("inclusive and exclusive prefix sums match the host (Float exact on integer values, Int32/UInt8/Int64 wrapping)",
          arguments: TestDevices.all, arraySizes)
    func prefixSums(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        // Integer-valued floats whose prefixes stay below 2^24 add exactly in any order.
        let f = (0..<count).map { Float(($0 * 7919) % 7) }
        let df = try DeviceArray(f, on: queue)
        var running: Float = 0
        let inclusive = f.map { running += $0; return running }
        #expect(try df.prefixSums().toArray() == inclusive)
        #expect(try df.prefixSums(.exclusive).toArray() == inclusive.indices.map { $0 == 0 ? 0 : inclusive[$0 - 1] })
        let ints = (0..<count).map { Int32(truncatingIfNeeded: $0 &* 2_654_435_761) }
        #expect(try DeviceArray(ints, on: queue).prefixSums().toArray() == hostPrefix(ints, inclusive: true))
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 31 + 7) }
        #expect(try DeviceArray(bytes, on: queue).prefixSums(.exclusive).toArray() == hostPrefix(bytes, inclusive: false))
        let longs = (0..<count).map { Int64($0) * 1_000_000_007 - 3 }
        #expect(try DeviceArray(longs, on: queue).prefixSums().toArray() == hostPrefix(longs, inclusive: true))
        if device.supportsDoublePrecision {
            let d = f.map(Double.init)
            #expect(try DeviceArray(d, on: queue).prefixSums().toArray() == inclusive.map(Double.init))
        }
    }

    @Test("random Float prefix sums stay within the sequential-sum bound", arguments: TestDevices.all)
    func floatAccuracy(device: Device) throws {
        let queue = try makeQueue(device)
        let count = (1 << 20) + 3
        let f = (0..<count).map { Float(($0 * 7919) % 2001) * 0.001 - 1 }
        let onDevice = try DeviceArray(f, on: queue).prefixSums().toArray()
        var exact = 0.0, magnitude = 0.0, worst = 0.0
        for (i, v) in f.enumerated() {
            exact += Double(v); magnitude += Double(abs(v))
            worst = Swift.max(worst, abs(Double(onDevice[i]) - exact) / (Double(i + 1) * Double(Float.ulpOfOne) * magnitude))
        }
        #expect(worst <= 1, "worst error relative to k·ε·Σ|x|: \(worst)")
    }

    @Test("2^24 Float inclusive sum of ones (2^21 under a sanitizer)", arguments: TestDevices.all)
    func large(device: Device) throws {
        let queue = try makeQueue(device)
        let count = TestScale.size(1 << 24, sanitized: 1 << 21)
        let ones = try DeviceArray<Float>.filled(with: 1, shape: [count], on: queue)
        let sums = try ones.prefixSums().toArray()
        #expect(sums.count == count && sums[0] == 1 && sums[count / 2] == Float(count / 2 + 1) && sums[count - 1] == Float(count))
        #expect(sums.enumerated().allSatisfy { $0.element == Float($0.offset + 1) })
    }

    @Test("segmented prefix sums restart at every flagged element", arguments: TestDevices.all, arraySizes)
    func segmented(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let x = (0..<count).map { Int32($0 % 13) - 4 }
        let starts = (0..<count).map { UInt8(($0 * 37) % 11 == 3 ? 1 : 0) }
        let dx = try DeviceArray(x, on: queue), ds = try DeviceArray(starts, on: queue)
        #expect(try dx.prefixSums(segmentStarts: ds).toArray() == hostPrefix(x, inclusive: true, starts: starts))
        #expect(try dx.prefixSums(.exclusive, segmentStarts: ds).toArray() == hostPrefix(x, inclusive: false, starts: starts))
    }

    @Test("a user ScanKernel: running maximum (not commutative-dependent), segmented counts, last_item")
    func userScan() throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        for count in [1, 7, 1023, (1 << 20) + 3] {
            let x = (0..<count).map { Int32(($0 * 7919) % 100_003) - 50_000 }
            let dx = try DeviceArray(x, on: queue)
            let out = try DeviceArray<Int32>.zeros([count], on: queue)
            let total = try DeviceArray<Int32>.zeros([1], on: queue)
            let runningMax = try ScanKernel<Int32>(context: queue.context, neutral: "INT_MIN", scan: "max(a, b)", input: "x[i]",
                                                   output: "y[i] = item; if (i == 0) last[0] = last_item",
                                                   arguments: "global const int *x, global int *y, global int *last")
            try runningMax(count: count, on: queue, dx, out, total)
            var m = Int32.min
            #expect(try out.toArray() == x.map { m = Swift.max(m, $0); return m })
            #expect(try total.toArray() == [x.max()!])
        }
        // Affine maps compose associatively but not commutatively: (a then b)(v) = b.s·(a.s·v + a.t) + b.t.
        let count = 4097
        let pairs = (0..<count).map { i in SIMD2<Int64>(Int64(i % 3 == 0 ? -1 : 1), Int64(i % 17) - 8) }
        let scales = try DeviceArray(pairs.map { $0.x }, on: queue), shifts = try DeviceArray(pairs.map { $0.y }, on: queue)
        let composed = try DeviceArray<Int64>.zeros([count], on: queue)
        let affine = try ScanKernel<Int64>(
            context: queue.context, neutral: "0", scan: "compose(a, b)", input: "((long)s[i] << 32) | (t[i] & 0xffffffff)",
            output: "v[i] = apply(item, 5)", arguments: "global const long *s, global const long *t, global long *v",
            name: "affine", preamble: """
                // (scale, shift) packed as scale << 32 | (shift & 0xffffffff); scales are ±1, shifts small.
                long pack(long s, long t) { return (s << 32) | (t & 0xffffffff); }
                long scale_of(long p) { return p == 0 ? 1 : (p >> 32); }
                long shift_of(long p) { return p == 0 ? 0 : (long)(int)(p & 0xffffffff); }
                long compose(long a, long b) { return pack(scale_of(b) * scale_of(a), scale_of(b) * shift_of(a) + shift_of(b)); }
                long apply(long p, long v) { return scale_of(p) * v + shift_of(p); }
                """)
        try affine(count: count, on: queue, scales, shifts, composed)
        var value: Int64 = 5, expected: [Int64] = []
        // The inclusive composition applied to 5 equals applying each map in turn.
        for p in pairs { value = p.x * value + p.y; expected.append(value) }
        #expect(try composed.toArray() == expected)
    }

    @Test("refusals: broken operator points into the user's text, wrong argument count, mismatched segment flags")
    func refusals() throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let broken = #expect(throws: ArrayError.self) {
            _ = try ScanKernel<Float>(context: queue.context, neutral: "0", scan: "a +* b", input: "x[i]", output: "y[i] = item",
                                      arguments: "global const float *x, global float *y", name: "broken_scan")
        }
        #expect(broken?.code == .userCode && broken?.userLocation?.part == "scan", "\(String(describing: broken))")
        let scan = try ScanKernel<Float>(context: queue.context, neutral: "0", scan: "a + b", input: "x[i]", output: "y[i] = item",
                                         arguments: "global const float *x, global float *y")
        let x = try DeviceArray<Float>.zeros([8], on: queue)
        #expect { try scan(count: 8, on: queue, x) } throws: { ($0 as? ArrayError)?.code == .invalidArgument }
        #expect { try scan(count: -1, on: queue, x, x) } throws: { ($0 as? ArrayError)?.code == .invalidArgument }
        let flags = try DeviceArray<UInt8>.zeros([7], on: queue)
        #expect { _ = try x.prefixSums(segmentStarts: flags) } throws: { ($0 as? ArrayError)?.code == .shapeMismatch }
        // Nothing was changed, and the queue still works.
        #expect(try x.prefixSums().toArray() == [Float](repeating: 0, count: 8))
    }

    @Test("property: the last inclusive prefix equals the sum; exclusive = inclusive shifted")
    func properties() async throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        await propertyCheck(count: 25, input: Gen.int(in: -1000...1000).array(of: 1...600)) { values in
            let x = values.map { Int32($0) }
            let dx = try DeviceArray(x, on: queue)
            let inclusive = try dx.prefixSums().toArray(), exclusive = try dx.prefixSums(.exclusive).toArray()
            #expect(inclusive.last == (try dx.sum()))
            #expect(Array(exclusive.dropFirst()) == Array(inclusive.dropLast()) && exclusive.first == 0)
        }
    }
}

@Suite("Scans in the GPU layout")
struct ScanLayoutTests {
    @Test("work-groups of 4…64 items (the chunked layout GPUs get; 2 falls back to one item) scan like the host, segmented too, on every device",
          arguments: TestDevices.all, [1, 7, 1023, 4097, 100_003])
    func groupLayout(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let x = (0..<count).map { Int32($0 % 13) - 4 }
        let starts = (0..<count).map { UInt8(($0 * 37) % 11 == 3 ? 1 : 0) }
        let dx = try DeviceArray(x, on: queue), ds = try DeviceArray(starts, on: queue)
        for local in [2, 4, 48, 64] {
            #expect(try dx.prefixSums(.inclusive, segmentStarts: nil, localSize: local).toArray() == hostPrefix(x, inclusive: true))
            #expect(try dx.prefixSums(.exclusive, segmentStarts: nil, localSize: local).toArray() == hostPrefix(x, inclusive: false))
            #expect(try dx.prefixSums(.inclusive, segmentStarts: ds, localSize: local).toArray()
                == hostPrefix(x, inclusive: true, starts: starts))
            #expect(try dx.prefixSums(.exclusive, segmentStarts: ds, localSize: local).toArray()
                == hostPrefix(x, inclusive: false, starts: starts))
        }
    }
}

@Suite("Compaction through the general scan (the route on GPUs)")
struct ScanRouteCompactionTests {
    @Test("compaction and partition through the scan equal the host, for masks with runs across the scan's blocks and tiles",
          arguments: TestDevices.all, [1, 31, 257, 16_385, 100_003])
    func throughScan(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let x = (0..<count).map { Int32($0) &* 7 &- 11 }
        let dx = try DeviceArray(x, on: queue)
        for (name, keep) in CompactionTests.compactionMasks {
            let mask = (0..<count).map { UInt8(keep($0) ? 1 + $0 % 255 : 0) }
            let kept = x.indices.filter { mask[$0] != 0 }.map { x[$0] }
            let dm = try DeviceArray(mask, on: queue)
            let (compacted, keptCount) = try dx.placed(by: dm, rejectedToo: false, name: "compact", throughScan: true)
            #expect(keptCount == kept.count, "\(name), \(count)")
            #expect(Array(try compacted.toArray().prefix(keptCount)) == kept, "\(name), \(count)")
            let (partitioned, _) = try dx.placed(by: dm, rejectedToo: true, name: "partition", throughScan: true)
            #expect(try partitioned.toArray() == kept + x.indices.filter { mask[$0] == 0 }.map { x[$0] }, "\(name), \(count)")
        }
        for run in [1, 3, 9, 300] {
            let sorted = (0..<count).map { Int32($0 / run) }
            var distinct: [Int32] = []
            for v in sorted where distinct.last != v { distinct.append(v) }
            let (unique, keptCount) = try DeviceArray(sorted, on: queue).placed(by: nil, rejectedToo: false, name: "unique", throughScan: true)
            #expect(Array(try unique.toArray().prefix(keptCount)) == distinct, "runs of \(run), \(count)")
        }
    }
}

@Suite("Compaction into a given array in one pass (CPU devices): blocks chained by their running kept counts")
struct OnePassCompactionTests {
    @Test("compaction by a mask and unique equal the host for blocks shorter than a step, a tile and the array, and write nothing else",
          arguments: TestDevices.all, [1, 2, 7, 33, 1_000, 4_099])
    func shortBlocks(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let x = (0..<count).map { Int32($0) &* 7 &- 11 }
        let dx = try DeviceArray(x, on: queue)
        let storage = try DeviceArray([Int32](repeating: -1, count: count + 3), on: queue)
        let result = try storage[3..<(count + 3)]
        for block in [1, 3, 8, 33, 1_024] {
            for (name, keep) in CompactionTests.compactionMasks {
                try result.fill(with: -1)
                let mask = (0..<count).map { UInt8(keep($0) ? 1 + $0 % 255 : 0) }
                let kept = x.indices.filter { mask[$0] != 0 }.map { x[$0] }
                let (_, keptCount) = try dx.placed(by: try DeviceArray(mask, on: queue), rejectedToo: false, name: "compact",
                                                   into: result, onePassBlock: block)
                #expect(keptCount == kept.count, "\(name), \(count), blocks of \(block)")
                let all = try storage.toArray()
                #expect(Array(all[3..<(3 + kept.count)]) == kept && all[0..<3].allSatisfy { $0 == -1 }
                        && all[(3 + kept.count)...].allSatisfy { $0 == -1 }, "\(name), \(count), blocks of \(block)")
            }
            for run in [1, 2, 3, 9, 40] {
                let sorted = (0..<count).map { Int32($0 / run) - 3 }
                var distinct: [Int32] = []
                for v in sorted where distinct.last != v { distinct.append(v) }
                try result.fill(with: -1)
                let (_, keptCount) = try DeviceArray(sorted, on: queue).placed(by: nil, rejectedToo: false, name: "unique",
                                                                               into: result, onePassBlock: block)
                #expect(keptCount == distinct.count, "runs of \(run), \(count), blocks of \(block)")
                let all = try storage.toArray()
                #expect(Array(all[3..<(3 + distinct.count)]) == distinct && all[0..<3].allSatisfy { $0 == -1 }
                        && all[(3 + distinct.count)...].allSatisfy { $0 == -1 }, "runs of \(run), \(count), blocks of \(block)")
            }
        }
    }

    @Test("Double and Int8 elements, a view that does not start its buffer: one pass equals counting first", arguments: TestDevices.all)
    func otherTypes(device: Device) throws {
        let queue = try makeQueue(device)
        if device.type.contains(.cpu) { #expect(device.extensions.contains("cl_khr_int64_base_atomics"), "the one-pass route runs here") }
        let count = 50_003
        let bytes = (0..<(count + 5)).map { Int8(truncatingIfNeeded: $0 / 3) }
        let view = try DeviceArray(bytes, on: queue)[5..<(count + 5)]
        for block in [7, 4_096, 100_000] {
            let onePass = try DeviceArray<Int8>.filled(with: 0, shape: [count], on: queue)
            let counted = try DeviceArray<Int8>.filled(with: 0, shape: [count], on: queue)
            let a = try view.placed(by: nil, rejectedToo: false, name: "unique", into: onePass, onePassBlock: block).1
            let b = try view.placed(by: nil, rejectedToo: false, name: "unique", into: counted, onePass: false).1
            let (written, expected) = (try onePass.toArray(), try counted.toArray())
            #expect(a == b && written == expected, "blocks of \(block)")
        }
        guard device.supportsDoublePrecision else { return }
        let doubles = (0..<count).map { Double($0 % 97) / 4 }
        let mask = try DeviceArray((0..<count).map { UInt8($0 % 5 == 2 ? 1 : 0) }, on: queue)
        let kept = doubles.indices.filter { $0 % 5 == 2 }.map { doubles[$0] }
        for block in [5, 777, 1 << 20] {
            let out = try DeviceArray<Double>.filled(with: -1, shape: [count], on: queue)
            let (_, keptCount) = try DeviceArray(doubles, on: queue).placed(by: mask, rejectedToo: false, name: "compact",
                                                                            into: out, onePassBlock: block)
            let written = try out.toArray()
            #expect(keptCount == kept.count && Array(written.prefix(keptCount)) == kept, "blocks of \(block)")
        }
    }
}
