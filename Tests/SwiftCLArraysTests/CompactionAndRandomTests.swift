import PropertyBased
import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

@Suite("Compaction, partition, unique, histogram")
struct CompactionTests {
    @Test("compacted, partitioned and uniqued match the host", arguments: TestDevices.all, arraySizes)
    func compaction(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let x = (0..<count).map { Int32(($0 * 7919) % 1001) - 500 }
        let mask = x.map { UInt8($0 % 3 == 0 ? 1 : 0) }
        let dx = try DeviceArray(x, on: queue), dm = try DeviceArray(mask, on: queue)
        let kept = x.indices.filter { mask[$0] != 0 }.map { x[$0] }
        let compacted = try dx.compacted(where: dm)
        #expect(compacted.count == kept.count)
        #expect(try compacted.toArray() == kept)
        let (partitioned, keptCount) = try dx.partitioned(where: dm)
        #expect(keptCount == kept.count)
        #expect(try partitioned.toArray() == kept + x.indices.filter { mask[$0] == 0 }.map { x[$0] })
        let sorted = x.map { $0 / 7 }.sorted()
        var distinct: [Int32] = []
        for v in sorted where distinct.last != v { distinct.append(v) }
        #expect(try DeviceArray(sorted, on: queue).uniqued().toArray() == distinct)
        let floats = x.map { Float($0) * 0.5 }
        let positive = try (try DeviceArray(floats, on: queue) .> 0).evaluated()
        #expect(try DeviceArray(floats, on: queue).compacted(where: positive).toArray() == floats.filter { $0 > 0 })
        if device.supportsDoublePrecision {
            let doubles = try DeviceArray(x.map { Double($0) / 3 }, on: queue)
            let rejected = x.indices.filter { mask[$0] == 0 }.map { x[$0] }
            #expect(try doubles.compacted(where: dm).toArray() == kept.map { Double($0) / 3 })
            #expect(try doubles.partitioned(where: dm).elements.toArray() == (kept + rejected).map { Double($0) / 3 })
            #expect(try DeviceArray(sorted.map(Double.init), on: queue).uniqued().toArray() == distinct.map(Double.init))
        }
    }

    /// Masks whose rejected runs end at the kernels' sub-block (32), block (256) and tile (16 Ki) edges, where a store
    /// below the run's end must not reach the next run's first kept place; on CPUs, at the eight-element steps and the
    /// tiles of the mask placement (only the first or the last element kept, runs across tile ends).
    static let compactionMasks: [(String, @Sendable (Int) -> Bool)] = [
        ("none", { _ in false }), ("all", { _ in true }), ("first of 32", { $0 % 32 == 0 }), ("last of 32", { $0 % 32 == 31 }),
        ("first only", { $0 == 0 }), ("last of 8", { $0 % 8 == 7 }), ("first of 12,501 (a tile at 100,003)", { $0 % 12_501 == 0 }),
        ("first of 256", { $0 % 256 == 0 }), ("last of 16 Ki", { $0 % 16_384 == 16_383 }), ("half, hashed", { ($0 &* 2_654_435_761) >> 7 & 1 == 1 }),
        ("first half", { $0 < 50_000 }), ("every other run of 33", { $0 / 33 % 2 == 0 }),
    ]

    @Test("uniqued and unique(into:) keep each run's first element, for runs shorter and longer than a step or a tile",
          arguments: TestDevices.all, [1, 2, 9, 100_003, 1_000_003])
    func unique(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let storage = try DeviceArray<Int64>.filled(with: -7, shape: [count + 2], on: queue)
        let result = try storage[1..<(count + 1)]
        for run in [1, 2, 3, 8, 9, 12_501, 1_000_000] {
            let x = (0..<count).map { Int64($0 / run) - 5 }
            var distinct: [Int64] = []
            for v in x where distinct.last != v { distinct.append(v) }
            let dx = try DeviceArray(x, on: queue)
            #expect(try dx.uniqued().toArray() == distinct, "runs of \(run), \(count)")
            try result.fill(with: -7)
            #expect(try dx.unique(into: result) == distinct.count, "runs of \(run), \(count)")
            let all = try storage.toArray()
            #expect(Array(all[1..<(1 + distinct.count)]) == distinct && all[0] == -7
                    && all[(1 + distinct.count)...].allSatisfy { $0 == -7 }, "runs of \(run), \(count): nothing else written")
        }
        // Floats: NaNs are all kept (never equal), -0 equals 0; and into the array itself, through a temporary.
        let floats: [Float] = [-.infinity, -1, -1, -0.0, 0, 0, .nan, .nan, 2, 2, .infinity]
        let kept = try DeviceArray(floats, on: queue).uniqued().toArray()
        #expect(kept.count == 7 && kept[0] == -.infinity && kept[1] == -1 && kept[2] == 0 && kept[3].isNaN && kept[4].isNaN
                && kept[5] == 2 && kept[6] == .infinity, "\(kept)")
        let again = try DeviceArray(floats, on: queue)
        #expect(try again.unique(into: again) == 7)
    }

    @Test("compact(where:into:) writes the kept elements to the front of a given array (a view, an overlapping one) and leaves the rest",
          arguments: TestDevices.all, [1, 2, 31, 257, 16_385, 100_003, 1_000_003])
    func compactInto(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let x = (0..<count).map { Int32($0) &* 7 &- 11 }
        let dx = try DeviceArray(x, on: queue)
        let storage = try DeviceArray([Int32](repeating: -1, count: count + 3), on: queue)
        let result = try storage[3..<(count + 3)]
        for (name, keep) in Self.compactionMasks {
            try result.fill(with: -1)
            // Kept elements carry any nonzero flag, not only 1.
            let mask = (0..<count).map { UInt8(keep($0) ? 1 + $0 % 255 : 0) }
            let kept = x.indices.filter { mask[$0] != 0 }.map { x[$0] }
            let dm = try DeviceArray(mask, on: queue)
            #expect(try dx.compact(where: dm, into: result) == kept.count, "\(name), \(count)")
            let all = try storage.toArray()
            #expect(Array(all[3..<(3 + kept.count)]) == kept, "\(name), \(count)")
            #expect(all[0..<3].allSatisfy { $0 == -1 } && all[(3 + kept.count)...].allSatisfy { $0 == -1 }, "\(name), \(count): nothing else written")
            let compacted = try dx.compacted(where: dm)
            #expect(try compacted.toArray() == kept, "\(name), \(count)")
            // On CPU devices a new result holds only the kept elements (the scan route allocates the input's count).
            if device.type.contains(.cpu) { #expect(compacted.storage.count <= Swift.max(1, kept.count), "\(name), \(count)") }
            let rejected = x.indices.filter { mask[$0] == 0 }.map { x[$0] }
            let (partitioned, keptCount) = try dx.partitioned(where: dm)
            #expect(keptCount == kept.count, "\(name), \(count)")
            #expect(try partitioned.toArray() == kept + rejected, "\(name), \(count)")
            #expect(try dx.partition(where: dm, into: result) == kept.count, "\(name), \(count)")
            let partitionedInto = try storage.toArray()
            #expect(Array(partitionedInto[3...]) == kept + rejected && partitionedInto[0..<3].allSatisfy { $0 == -1 }, "\(name), \(count)")
        }
        // Into the array itself, and over the mask's memory: through a temporary, the same result.
        let mask = (0..<count).map { UInt8($0 % 3 == 1 ? 1 : 0) }
        let kept = x.indices.filter { mask[$0] != 0 }.map { x[$0] }
        let again = try DeviceArray(x, on: queue)
        #expect(try again.compact(where: try DeviceArray(mask, on: queue), into: again) == kept.count)
        #expect(Array(try again.toArray().prefix(kept.count)) == kept)
        let inPlace = try DeviceArray(x, on: queue)
        #expect(try inPlace.partition(where: try DeviceArray(mask, on: queue), into: inPlace) == kept.count)
        #expect(try inPlace.toArray() == kept + x.indices.filter { mask[$0] == 0 }.map { x[$0] })
        let shared = try Buffer(copying: mask + [UInt8](repeating: 0, count: 3 * count), context: queue.context)
        let maskView = try DeviceArray(buffer: shared, on: queue)[0..<count]
        let overMask = try DeviceArray(buffer: try shared.reinterpreted(as: Int32.self), on: queue)
        #expect(try dx.compact(where: maskView, into: overMask) == kept.count)
        #expect(Array(try overMask.toArray().prefix(kept.count)) == kept)
        // Refusals: another count.
        #expect(throws: ArrayError.self) { _ = try dx.compact(where: try DeviceArray(mask, on: queue), into: try storage[0..<(count + 1)]) }
        #expect(throws: ArrayError.self) { _ = try dx.partition(where: try DeviceArray(mask, on: queue), into: try storage[0..<(count + 1)]) }
        #expect(throws: ArrayError.self) { _ = try dx.unique(into: try storage[0..<(count + 1)]) }
        #expect(throws: ArrayError.self) { _ = try dx.partition(where: try DeviceArray(mask + [1], on: queue), into: result) }
        // Nothing was written by the refused calls.
        let before = try storage.toArray()
        _ = try? dx.partition(where: try DeviceArray(mask + [1], on: queue), into: result)
        #expect(try storage.toArray() == before)
    }

    @Test("histogram of integer keys, keys outside the bins ignored", arguments: TestDevices.all, [0, 1, 7, 1023, (1 << 20) + 3])
    func histogram(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let keys = (0..<count).map { Int16(($0 * 7919) % 300) - 20 }
        for bins in [1, 17, 256] {
            var expected = [UInt32](repeating: 0, count: bins)
            for key in keys where key >= 0 && Int(key) < bins { expected[Int(key)] += 1 }
            #expect(try DeviceArray(keys, on: queue).histogram(bins: bins).toArray() == expected, "\(bins) bins")
        }
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131) }
        var expected = [UInt32](repeating: 0, count: 256)
        for b in bytes { expected[Int(b)] += 1 }
        #expect(try DeviceArray(bytes, on: queue).histogram(bins: 256).toArray() == expected)
    }

    @Test("refusals change nothing: mismatched mask, zero bins")
    func refusals() throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let x = try DeviceArray<Int32>([1, 2, 3], on: queue)
        #expect { _ = try x.compacted(where: try DeviceArray<UInt8>([1, 0], on: queue)) } throws: {
            ($0 as? ArrayError)?.code == .shapeMismatch
        }
        #expect { _ = try x.histogram(bins: 0) } throws: { ($0 as? ArrayError)?.code == .invalidArgument }
        #expect(try x.toArray() == [1, 2, 3])
    }

    @Test("property: compaction keeps exactly the selected elements, in order")
    func properties() async throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        await propertyCheck(count: 25, input: Gen.int(in: -100...100).array(of: 0...500)) { values in
            let x = values.map { Int32($0) }
            let kept = try DeviceArray(x, on: queue).compacted(where: try (try DeviceArray(x, on: queue) .> 0).evaluated())
            #expect(try kept.toArray() == x.filter { $0 > 0 })
        }
    }
}

@Suite("Random numbers (Philox-4x32-10)")
struct RandomTests {
    @Test("the host generator gives Random123's published known answers")
    func knownAnswers() {
        #expect(Philox.block(counter: .zero, key: .zero) == SIMD4(0x6627_E8D5, 0xE169_C58D, 0xBC57_AC4C, 0x9B00_DBD8))
        #expect(Philox.block(counter: SIMD4(repeating: .max), key: SIMD2(repeating: .max))
            == SIMD4(0x408F_276D, 0x41C8_3B0E, 0xA20B_C7C6, 0x6D54_51FD))
        #expect(Philox.block(counter: SIMD4(0x243F_6A88, 0x85A3_08D3, 0x1319_8A2E, 0x0370_7344), key: SIMD2(0xA409_3822, 0x299F_31D0))
            == SIMD4(0xD16C_FE09, 0x94FD_CCEB, 0x5001_E420, 0x2412_6EA1))
    }

    @Test("device draws equal the host generator bit for bit at every size (the host has no work-groups, so neither do the numbers)",
          arguments: TestDevices.all, [0, 1, 7, 1023, (1 << 20) + 3])
    func uniformMatchesHost(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let start = Philox(seed: 0x1234_5678_9ABC_DEF0, counter: 42, stream: 7)
        let host = try checkUniformDraws(from: start, count: count, on: queue)
        // A draw that starts later in the counter is the tail of the longer draw.
        if count >= 8 {
            var later = start.advanced(pastDrawsOf: 4, of: Float.self)
            let tail: DeviceArray<Float> = try later.uniform(shape: [count - 4], on: queue)
            #expect(try tail.toArray() == Array(host.dropFirst(4)))
        }
    }

    @Test("integers in a range: within it, every value hit, equal to the host's mapping", arguments: TestDevices.all)
    func integers(device: Device) throws {
        let queue = try makeQueue(device)
        let start = Philox(seed: 99)
        var generator = start
        let count = 100_003
        let dice: DeviceArray<Int32> = try generator.uniform(in: -3...3, shape: [count], on: queue)
        let values = try dice.toArray()
        let host = (0..<count).map { j -> Int32 in
            let w = start.uniformHostReferenceWords(block: j / 2)
            let r = j % 2 == 0 ? (UInt64(w[1]) << 32 | UInt64(w[0])) : (UInt64(w[3]) << 32 | UInt64(w[2]))
            return Int32(truncatingIfNeeded: UInt64(bitPattern: -3) &+ r.multipliedFullWidth(by: 7).high)
        }
        #expect(values == host)
        #expect(Set(values) == Set(-3...3))
        let full: DeviceArray<UInt64> = try generator.uniform(in: 0...UInt64.max, shape: [5], on: queue)
        #expect(try full.toArray().count == 5)
    }

    @Test("normal draws: mean and deviation within 5 standard errors; same seed, same numbers", arguments: TestDevices.all)
    func normal(device: Device) throws {
        let queue = try makeQueue(device)
        let count = 1 << 20
        let start = Philox(seed: 2026)
        var generator = start
        let z: DeviceArray<Float> = try generator.normal(mean: 3, standardDeviation: 2, shape: [count], on: queue)
        let values = try z.toArray()
        expectNormalMoments(values, mean: 3, deviation: 2)
        #expect(values.allSatisfy { $0.isFinite })
        var replay = start
        let again: DeviceArray<Float> = try replay.normal(mean: 3, standardDeviation: 2, shape: [count], on: queue)
        #expect(try again.toArray() == values)
    }

    @Test("consecutive draws from one generator are independent (PyOpenCL's habit: x = g.uniform(); y = g.uniform())",
          arguments: TestDevices.all)
    func consecutiveDrawsDiffer(device: Device) throws {
        let queue = try makeQueue(device)
        let count = 1 << 16
        var generator = Philox(seed: 2026)
        let x: DeviceArray<Float> = try generator.uniform(shape: [count], on: queue)
        let y: DeviceArray<Float> = try generator.uniform(shape: [count], on: queue)
        let (xs, ys) = (try x.toArray(), try y.toArray())
        #expect(xs != ys)
        // y continues the stream where x stopped: the host reference of one draw of 2·count is x followed by y.
        #expect(xs + ys == Philox(seed: 2026).uniformHostReference(count: 2 * count, as: Float.self))
        expectPiEstimate(xs, ys)
        // Integer and normal draws advance too, by the blocks they use (2 and 4 values per block).
        let before = generator
        let _: DeviceArray<Int32> = try generator.uniform(in: 1...6, shape: [5], on: queue)
        #expect(generator.counter == before.counter + 3)
        let _: DeviceArray<Float> = try generator.normal(shape: [5], on: queue)
        #expect(generator.counter == before.counter + 5)
        #expect(Philox(seed: 1).advanced(pastDrawsOf: Int.max, of: Float.self).counter == UInt64(Int.max / 4 + 1))
        #expect(Philox(seed: 1).advanced(pastDrawsOf: -5, of: Float.self).counter == 0)
    }
}
