import PropertyBased
import SwiftCL
@testable import SwiftCLArrays
import SwiftCLTestSupport
import Testing

let sortSizes = [0, 1, 7, 1023, 4097, (1 << 20) + 3]

/// The indices of `keys` in stable order under `less` (ties keep index order): the host reference for every sort.
func hostStableOrder<T>(_ keys: [T], descending: Bool = false, less: (T, T) -> Bool) -> [Int] {
    keys.indices.sorted { a, b in
        let (x, y) = descending ? (keys[b], keys[a]) : (keys[a], keys[b])
        return less(x, y) || (!less(y, x) && a < b)
    }
}

/// IEEE 754 totalOrder as a strict order (Swift's `isTotallyOrdered(belowOrEqualTo:)` is the standard's predicate).
func totallyBelow<F: BinaryFloatingPoint>(_ a: F, _ b: F) -> Bool { !b.isTotallyOrdered(belowOrEqualTo: a) }

/// Keys with many repeats (so stability shows), spread over the type's range.
func sortKeys<T: FixedWidthInteger>(_ count: Int, as _: T.Type) -> [T] {
    (0..<count).map { T(truncatingIfNeeded: (($0 &* 2_654_435_761) >> 7) % 97 &* 0x0101_0101_0101_0101 &- 40) }
}

@Suite("Radix sort")
struct SortTests {
    @Test("UInt32 and Float keys, ascending and descending, key–value pairs stable, like the host",
          arguments: TestDevices.all, sortSizes)
    func keysAndPairs(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let keys = sortKeys(count, as: UInt32.self)
        let dk = try DeviceArray(keys, on: queue)
        for descending in [false, true] {
            let order = hostStableOrder(keys, descending: descending, less: <)
            #expect(try dk.sorted(descending: descending).toArray() == order.map { keys[$0] })
            let values = (0..<count).map { Float($0) }
            let pair = try dk.sorted(carrying: try DeviceArray(values, on: queue), descending: descending)
            #expect(try pair.keys.toArray() == order.map { keys[$0] })
            #expect(try pair.values.toArray() == order.map { values[$0] })
        }
        let floats = (0..<count).map { Float(Int32(bitPattern: keys[$0] &* 2_246_822_519)) * 0x1p-20 }
        let dfloats = try DeviceArray(floats, on: queue)
        for descending in [false, true] {
            let order = hostStableOrder(floats, descending: descending, less: totallyBelow)
            let pair = try dfloats.sorted(carrying: try DeviceArray((0..<count).map { UInt32($0) }, on: queue), descending: descending)
            #expect(try pair.keys.toArray().map(\.bitPattern) == order.map { floats[$0].bitPattern })
            #expect(try pair.values.toArray() == order.map { UInt32($0) })
        }
    }

    @Test("every key type: 8, 16, 32 and 64 bits, signed, unsigned and floating point", arguments: TestDevices.all, [1, 7, 1023, 4097])
    func keyTypes(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        func check<T: ArrayElement & FixedWidthInteger>(_: T.Type) throws {
            let keys = sortKeys(count, as: T.self)
            for descending in [false, true] {
                let expected = hostStableOrder(keys, descending: descending, less: <).map { keys[$0] }
                #expect(try DeviceArray(keys, on: queue).sorted(descending: descending).toArray() == expected, "\(T.self)")
            }
        }
        try check(Int8.self); try check(UInt8.self); try check(Int16.self); try check(UInt16.self)
        try check(Int32.self); try check(UInt32.self); try check(Int64.self); try check(UInt64.self)
        let wide = sortKeys(count, as: Int64.self).map { Double($0) * 1e-3 }
        if device.supportsDoublePrecision {
            let expected = hostStableOrder(wide, less: totallyBelow).map { wide[$0].bitPattern }
            #expect(try DeviceArray(wide, on: queue).sorted().toArray().map(\.bitPattern) == expected)
        }
        let singles = wide.map { Float($0) }
        #expect(try DeviceArray(singles, on: queue).argsorted(as: Int32.self).toArray()
            == hostStableOrder(singles, less: totallyBelow).map { Int32($0) })
        if device.extensions.contains("cl_khr_fp16") {  // Float16 arrays need the extension (PoCL's CPU device lacks it)
            let halves = wide.map { Float16($0) }
            #expect(try DeviceArray(halves, on: queue).argsorted(as: Int32.self).toArray()
                == hostStableOrder(halves, less: totallyBelow).map { Int32($0) })
        }
    }

    @Test("keys and values of every width crossed, lengths around a 64-byte line and a digit's run of lines, spread and skewed digits (the CPU scatter's lines)",
          arguments: TestDevices.all, [1, 15, 63, 65, 255, 257, 1_000, 100_003])
    func widthsCrossed(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        func check<K: ArrayElement & FixedWidthInteger, V: ArrayElement & FixedWidthInteger>(_: K.Type, _: V.Type) throws {
            // Spread keys, and keys nearly all of one digit per pass (a digit's lines fill, the others stay partial).
            for skewed in [false, true] {
                let keys = (0..<count).map { i in
                    skewed ? K(truncatingIfNeeded: i % 97 == 0 ? i &* 40_503 : 0x5A5A_5A5A_5A5A_5A5A) : sortKeys(1, as: K.self)[0] &+ K(truncatingIfNeeded: i &* 2_654_435_761 >> 5)
                }
                let values = (0..<count).map { V(truncatingIfNeeded: $0 &* 7 &+ 1) }
                let order = hostStableOrder(keys, less: <)
                let (sortedKeys, sortedValues) = try DeviceArray(keys, on: queue).sorted(carrying: try DeviceArray(values, on: queue))
                let (gotKeys, gotValues) = (try sortedKeys.toArray(), try sortedValues.toArray())
                #expect(gotKeys == order.map { keys[$0] } && gotValues == order.map { values[$0] },
                        "\(K.self) keys, \(V.self) values, skewed \(skewed), \(count)")
            }
        }
        try check(Int8.self, Int64.self); try check(UInt16.self, UInt8.self); try check(UInt32.self, Int16.self)
        try check(UInt32.self, UInt32.self); try check(UInt64.self, UInt8.self); try check(Int64.self, UInt64.self)
    }

    @Test("floating-point keys in IEEE total order: −NaN < −∞ < … < −0 < +0 < … < +∞ < +NaN", arguments: TestDevices.all)
    func totalOrder(device: Device) throws {
        let queue = try makeQueue(device)
        let ordered: [Float] = [-.nan, -.infinity, -.greatestFiniteMagnitude, -1, -.leastNormalMagnitude,
                                -.leastNonzeroMagnitude, -0.0, 0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1,
                                .greatestFiniteMagnitude, .infinity, .nan]
        var shuffled = ordered
        var rng = SplitMix(seed: 7)
        shuffled.shuffle(using: &rng)
        #expect(try DeviceArray(shuffled, on: queue).sorted().toArray().map(\.bitPattern) == ordered.map(\.bitPattern))
        #expect(try DeviceArray(shuffled, on: queue).sorted(descending: true).toArray().map(\.bitPattern)
            == ordered.reversed().map(\.bitPattern))
        #expect(hostStableOrder(shuffled, less: totallyBelow).map { shuffled[$0].bitPattern } == ordered.map(\.bitPattern))
    }

    @Test("significantBits: keys below 2^b sort in fewer passes; wider keys sort by their low b bits, stably",
          arguments: TestDevices.all, [0, 1, 12, 20, 32])
    func significantBits(device: Device, bits: Int) throws {
        let queue = try makeQueue(device)
        let keys = (0..<5000).map { UInt32(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 3) }
        let mask: UInt32 = bits == 32 ? .max : (1 << UInt32(bits)) - 1
        let narrow = keys.map { $0 & mask }
        #expect(try DeviceArray(narrow, on: queue).sorted(significantBits: bits).toArray() == narrow.sorted())
        let byLowBits = hostStableOrder(keys) { $0 & mask < $1 & mask }.map { keys[$0] }
        #expect(try DeviceArray(keys, on: queue).sorted(significantBits: bits).toArray() == byLowBits)
        let plan = RadixSortPlan(keyBits: 32, keyKind: .unsignedInteger, valueBytes: nil, descending: false, cpuLayout: true,
                                 placeType: "uint")
        #expect(plan.passes(bits: bits) == (bits + 7) / 8)
    }

    @Test("argsorted gives the host's stable argsort; views (offsets) sort like copies", arguments: TestDevices.all, [1, 7, 1023, 4097])
    func argsortAndViews(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let keys = sortKeys(count, as: Int32.self)
        let dk = try DeviceArray(keys, on: queue)
        #expect(try dk.argsorted().toArray() == hostStableOrder(keys, less: <).map { UInt32($0) })
        #expect(try dk.argsorted(as: Int64.self, descending: true).toArray()
            == hostStableOrder(keys, descending: true, less: <).map { Int64($0) })
        let start = count / 3
        let view = try dk[start..<count]
        let viewKeys = Array(keys[start...])
        let values = try DeviceArray((0..<count).map { UInt16(truncatingIfNeeded: $0) }, on: queue)[start..<count]
        let pair = try view.sorted(carrying: values)
        let order = hostStableOrder(viewKeys, less: <)
        #expect(try pair.keys.toArray() == order.map { viewKeys[$0] })
        #expect(try pair.values.toArray() == order.map { UInt16(truncatingIfNeeded: $0 + start) })
        #expect(try dk.toArray() == keys)
    }

    @Test("the GPU layout (4-bit digits, many short tiles) sorts like the host on every device",
          arguments: TestDevices.all, [1, 7, 1023, 4097, 100_003])
    func gpuLayout(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let keys = sortKeys(count, as: Int32.self)
        let values = (0..<count).map { UInt32($0) }
        let pair = try DeviceArray(keys, on: queue).sort(descending: false, significantBits: nil,
                                                          values: try DeviceArray(values, on: queue), gpuLayout: true)
        let order = hostStableOrder(keys, less: <)
        #expect(try pair.keys.toArray() == order.map { keys[$0] })
        #expect(try pair.values?.toArray() == order.map { UInt32($0) })
    }

    @Test("keys of a small range, and a first half of them before full-range keys: tiles whose pass moves nothing are copied",
          arguments: TestDevices.all, [1, 7, 1023, 4097, 100_003])
    func smallRangeTiles(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let small = (0..<count).map { UInt32(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 9) % 200 }
        let mixed = (0..<count).map { $0 < count / 2 ? small[$0] : UInt32(truncatingIfNeeded: $0 &* 2_246_822_519) }
        for keys in [small, mixed] {
            // A view two keys in (an offset into the buffer), with values, in both layouts and both directions.
            let stored = try DeviceArray([7, 7] + keys, on: queue)
            let view = try stored[2..<(count + 2)]
            let values = try DeviceArray((0..<count).map { Int64($0) * 3 }, on: queue)
            for gpuLayout in [false, true] {
                for descending in [false, true] {
                    let pair = try view.sort(descending: descending, significantBits: nil, values: values, gpuLayout: gpuLayout)
                    let order = hostStableOrder(keys, descending: descending, less: <)
                    #expect(try pair.keys.toArray() == order.map { keys[$0] }, "gpuLayout \(gpuLayout), descending \(descending)")
                    #expect(try pair.values?.toArray() == order.map { Int64($0) * 3 })
                }
            }
        }
    }

    @Test("2^24 UInt32 keys (2^21 under a sanitizer, a permutation) with their indices", arguments: TestDevices.all)
    func large(device: Device) throws {
        let queue = try makeQueue(device)
        let n = TestScale.size(1 << 24, sanitized: 1 << 21)
        // 2654435761 is odd, so i ↦ i·2654435761 mod 2^24 is a permutation of 0..<2^24.
        let keys = (0..<n).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) & UInt32(n - 1) }
        let pair = try DeviceArray(keys, on: queue).sorted(carrying: try DeviceArray<UInt32>.arange(count: n, on: queue))
        let sortedKeys = try pair.keys.toArray(), indices = try pair.values.toArray()
        #expect(sortedKeys.indices.allSatisfy { sortedKeys[$0] == UInt32($0) })
        #expect(indices.indices.allSatisfy { keys[Int(indices[$0])] == UInt32($0) })
    }

    @Test("refusals change nothing: mismatched values, bad significantBits, an index type too small")
    func refusals() throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let keys = try DeviceArray<UInt32>((0..<300).map { UInt32(300 - $0) }, on: queue)
        #expect { _ = try keys.sorted(carrying: try DeviceArray<Float>([1, 2], on: queue)) } throws: {
            ($0 as? ArrayError)?.code == .shapeMismatch
        }
        for bits in [-1, 33] {
            #expect { _ = try keys.sorted(significantBits: bits) } throws: {
                ($0 as? ArrayError)?.code == .invalidArgument && "\($0)".contains("0...32")
            }
        }
        #expect { _ = try DeviceArray<Float>([2, 1], on: queue).sorted(significantBits: 8) } throws: {
            ($0 as? ArrayError)?.code == .invalidArgument && "\($0)".contains("integer keys")
        }
        #expect { _ = try keys.argsorted(as: UInt8.self) } throws: {
            ($0 as? ArrayError)?.code == .invalidArgument && "\($0)".contains("UInt8 cannot hold")
        }
        #expect(try keys.toArray() == (0..<300).map { UInt32(300 - $0) })
        #expect(try keys.sorted().toArray() == (1...300).map { UInt32($0) })
    }

    @Test("property: a sort's output is ordered and a permutation of its input")
    func properties() async throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        await propertyCheck(count: 25, input: Gen.int(in: -1000...1000).array(of: 0...700)) { values in
            let keys = values.map { Int16($0) }
            let sorted = try DeviceArray(keys, on: queue).sorted().toArray()
            #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(sorted == keys.sorted())
        }
    }
}
