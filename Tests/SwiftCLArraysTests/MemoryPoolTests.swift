import Dispatch
import Foundation
import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// The DocC "Arrays" article's memory-pool example, run here; the test checks the article shows exactly this text.
func memoryPoolExample(queue: ComputeQueue, x: DeviceArray<Float>, y: DeviceArray<Float>) throws -> Float {
    // DOCC-POOL-BEGIN
    let pool = queue.context.memoryPool
    if pool.capacityBytes == 0 { pool.capacityBytes = 1 << 30 }   // a GPU: keep up to 1 GiB (CPU devices already do)
    var total: Float = 0
    for step in 1...10 {
        let r = try (Float(step) * x + y).evaluated()        // from the second step on, in memory the pool kept
        total += try r.sum()
    }
    // DOCC-POOL-END
    return total
}

@Suite("Memory pool: released DeviceArray memory reused by the next array of its size")
struct MemoryPoolTests {
    @Test("the Arrays article's example runs, reuses memory, and is in the article verbatim", arguments: TestDevices.all)
    func articleExample(device: Device) throws {
        let queue = try ComputeQueue(device: device, context: Context(devices: [device]))
        let x = try DeviceArray((0..<1_000).map { Float($0) }, on: queue), y = try DeviceArray<Float>.filled(with: 1, shape: [1_000], on: queue)
        // Σ over steps 1…10 of (step · Σx + 1000) = 55 · 499,500 + 10,000 (Float's rounding at 2.7e7 is a few units).
        let total = try memoryPoolExample(queue: queue, x: x, y: y)
        #expect(abs(Double(total) - 27_482_500) <= 27_482_500 * 1e-6, "\(total)")
        #expect(try documentShowsExample("Sources/SwiftCLArrays/SwiftCLArrays.docc/Arrays.md", marker: "DOCC-POOL"), "Arrays.md must contain the example verbatim")
    }

    /// A queue on a context of its own, so that no other test's arrays share its pool.
    static func pooledQueue(_ device: Device, capacityBytes: Int) throws -> ComputeQueue {
        let context = try Context(devices: [device])
        context.memoryPool.capacityBytes = capacityBytes
        return try ComputeQueue(device: device, context: context)
    }

    /// Waits (up to 10 s) until `pool` holds `bytes`: a finished command lets its buffers go on the runtime's completion
    /// thread, so an array dropped just after its last read reaches the pool a moment later.
    static func waitUntil(_ pool: MemoryPool, holds bytes: Int) -> Bool {
        for _ in 0..<10_000 {
            if pool.heldBytes == bytes { return true }
            usleep(1_000)
        }
        return false
    }

    @Test("an array's memory returns to the pool and the next array of that byte count takes it; results stay right (1, odd, large)",
          arguments: TestDevices.all, [1, 1_001, 1 << 20])
    func reuse(device: Device, count: Int) throws {
        let queue = try Self.pooledQueue(device, capacityBytes: 64 << 20)
        let pool = queue.context.memoryPool
        let host = ramp(count)
        let x = try DeviceArray(host, on: queue)
        var first: OpaquePointer?
        do {
            let doubled = try (x * 2).evaluated()
            first = doubled.storage.handle
            #expect(try doubled.toArray() == host.map { $0 * 2 })
        }
        #expect(Self.waitUntil(pool, holds: count * 4), "the released array's memory is held")
        do {
            let shifted = try (x + 1).evaluated()
            #expect(shifted.storage.handle == first && pool.reuseCount == 1 && pool.heldBytes == 0)
            #expect(try shifted.toArray() == host.map { $0 + 1 })
        }
        // Many temporaries in a row: each evaluation's result reuses the last one's memory.
        for k in 1...50 {
            #expect(Self.waitUntil(pool, holds: count * 4), "round \(k)")
            let scaled = try (x * Float(k) - 3).evaluated()
            #expect(try scaled.toArray() == host.map { $0 * Float(k) - 3 }, "round \(k)")
        }
        #expect(Self.waitUntil(pool, holds: count * 4) && pool.reuseCount == 51, "\(pool.reuseCount) reuses")
        // Another byte count is a new allocation.
        let other = try DeviceArray<Float>(uninitializedShape: [count + 1], on: queue)
        #expect(other.storage.handle != first)
    }

    @Test("memory still in use stays out of the pool; the capacity bounds what is kept; lowering it or releaseAll frees it",
          arguments: TestDevices.all)
    func limits(device: Device) throws {
        let context = try Context(devices: [device])
        let pool = MemoryPool(capacityBytes: 4_096)
        // A reinterpretation holds the memory: the buffer's release does not give it to the pool.
        var buffer: Buffer<Float>? = try Buffer(count: 256, context: context, pool: pool)
        var bits = try buffer?.reinterpreted(as: UInt32.self)
        buffer = nil
        #expect(pool.heldBytes == 0 && bits?.count == 256)
        // A sub-buffer too.
        var parent: Buffer<Float>? = try Buffer(count: 512, context: context, pool: pool)
        var part = try parent?[0..<128]
        parent = nil
        #expect(pool.heldBytes == 0 && part?.count == 128)
        // Once the views go, so does the memory, into the pool.
        (bits, part) = (nil, nil)
        #expect(pool.heldBytes == 1_024 + 2_048)
        pool.releaseAll()
        // Up to the capacity: 3 × 1,200 bytes fit 4,096; a fourth makes room by releasing the memory held longest.
        var held: [Buffer<UInt8>?] = try (0..<4).map { _ in try Buffer(count: 1_200, context: context, pool: pool) }
        let handles = held.map { $0?.handle }
        for index in held.indices { held[index] = nil }   // returned in order: 0, 1, 2, then 3 pushes 0 out
        #expect(pool.heldBytes == 3_600)
        let reused = try (0..<3).map { _ in try Buffer<UInt8>(count: 1_200, context: context, pool: pool) }
        #expect(reused.map(\.handle) == [handles[3], handles[2], handles[1]], "the newest first; the oldest was released")
        #expect(pool.heldBytes == 0 && pool.reuseCount == 3)
        // Memory larger than the whole capacity is released, and what the pool holds stays.
        _ = try Buffer<UInt8>(count: 100, context: context, pool: pool)
        _ = try Buffer<UInt8>(count: 5_000, context: context, pool: pool)
        #expect(pool.heldBytes == 100)
        // Lowering the capacity releases the oldest first.
        _ = try Buffer<UInt8>(count: 1_000, context: context, pool: pool)
        _ = try Buffer<UInt8>(count: 1_500, context: context, pool: pool)
        #expect(pool.heldBytes == 2_600)
        pool.capacityBytes = 2_000
        #expect(pool.heldBytes == 1_500)
        pool.releaseAll()
        #expect(pool.heldBytes == 0)
        // One pool, two contexts: memory is reused only within its own context.
        let elsewhere = try Context(devices: [device])
        var mine: Buffer<Float>? = try Buffer(count: 64, context: context, pool: pool)
        let handle = mine?.handle, reusesBefore = pool.reuseCount
        mine = nil
        #expect(pool.heldBytes == 256)
        let theirs = try Buffer<Float>(count: 64, context: elsewhere, pool: pool)
        #expect(theirs.handle != handle && pool.heldBytes == 256 && pool.reuseCount == reusesBefore)
        let again = try Buffer<Float>(count: 64, context: context, pool: pool)
        #expect(again.handle == handle && pool.heldBytes == 0 && pool.reuseCount == reusesBefore + 1)
        // A context's own pool: on CPU devices it keeps arrays' memory from the start, elsewhere nothing until asked.
        let expected = device.type.contains(.cpu) ? min(1 << 30, device.globalMemoryBytes / 8) : 0
        #expect(context.memoryPool.capacityBytes == expected && MemoryPool.defaultCapacity(for: [device]) == expected)
        let queue = try ComputeQueue(device: device, context: context)
        _ = try DeviceArray<Float>(uninitializedShape: [100], on: queue)
        #expect(Self.waitUntil(context.memoryPool, holds: expected > 0 ? 400 : 0))
    }

    @Test("a pool holds at most maximumHeldBuffers buffers, whatever their size", arguments: TestDevices.all)
    func heldBufferLimit(device: Device) throws {
        let context = try Context(devices: [device])
        let pool = MemoryPool(capacityBytes: 1 << 20)
        let limit = MemoryPool.maximumHeldBuffers
        var buffers: [Buffer<UInt8>?] = try (0...limit).map { _ in try Buffer(count: 1, context: context, pool: pool) }
        let first = buffers[0]?.handle, second = buffers[1]?.handle
        for index in buffers.indices { buffers[index] = nil }
        #expect(pool.heldBytes == limit, "one more than the limit returned; the oldest was released")
        var taken: [Buffer<UInt8>] = []
        for _ in 0..<limit { taken.append(try Buffer(count: 1, context: context, pool: pool)) }
        #expect(pool.heldBytes == 0 && pool.reuseCount == limit)
        #expect(taken.last?.handle == second && !taken.contains { $0.handle == first })
    }

    @Test("queues on several threads allocating and releasing arrays from one pool get right results", arguments: TestDevices.all)
    func concurrent(device: Device) throws {
        let shared = try Self.pooledQueue(device, capacityBytes: 16 << 20)
        let context = shared.context
        let host = ramp(4_099)
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            do {
                let queue = try ComputeQueue(device: device, context: context)
                let x = try DeviceArray(host, on: queue)
                for k in 0..<TestScale.size(60, sanitized: 15) {
                    let value = Float(thread * 100 + k)
                    let r = try (x + value).evaluated()
                    if try r.toArray() != host.map({ $0 + value }) { failures.withLock { $0 += 1 } }
                }
            } catch {
                failures.withLock { $0 += 1 }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(context.memoryPool.reuseCount > 0)
    }
}
