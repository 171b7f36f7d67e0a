import Foundation
import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// Arrays made from host data: large ones on CPU devices are written by the host's cores into memory the context's
/// pool kept (or new memory) through the context's staging queue, so they neither fault new pages each time nor wait
/// for the array's queue.
@Suite("Arrays from host data: large ones through the pool and the staging queue")
struct ArrayUploadTests {
    @Test("small, threshold-sized and large arrays hold their elements; a second large one of a size reuses pooled memory",
          arguments: TestDevices.all, [1, 1_001, 262_143, 262_144, 1_048_583])
    func upload(device: Device, count: Int) throws {
        let queue = try MemoryPoolTests.pooledQueue(device, capacityBytes: 64 << 20)
        let host = ramp(count)
        let first = try DeviceArray(host, on: queue)
        #expect(try first.toArray() == host)
        let bytes = first.storage.byteCount
        _ = consume first
        let large = HostCopy.isParallel(byteCount: count * 4, device: device)
        #expect(MemoryPoolTests.waitUntil(queue.context.memoryPool, holds: large ? bytes : 0))
        let second = try DeviceArray(host.map { $0 + 1 }, shape: [count], on: queue)
        #expect(second.storage.reusesPooledMemory == large)
        #expect(try second.toArray() == host.map { $0 + 1 })
        #expect(try (second - 1).evaluated().toArray() == host, "kernels see the uploaded elements")
    }

    @Test("a large array can be made inside a closure of its own queue, and before earlier commands there finish",
          arguments: TestDevices.all)
    func insideTheQueue(device: Device) throws {
        let queue = try makeQueue(device)
        let count = 1 << 20
        let host = ramp(count)
        let made = try queue.sync { _ in try DeviceArray(host, on: queue) }
        #expect(try made.toArray() == host)
        let gate = try UserEvent(context: queue.context)
        let blocked = try DeviceArray<Float>.filled(with: 0, shape: [count], on: queue)
        try queue.enqueue { cl in try cl.waiting(for: [gate.event]) { try cl.fill(blocked.storage, with: 3) } }
        let meanwhile = try DeviceArray(host, on: queue)   // does not wait for the gated fill
        try gate.complete()
        #expect(try meanwhile.toArray() == host && blocked.toArray().allSatisfy { $0 == 3 })
    }

    @Test("copyElements(to:) fills the caller's array from whole arrays and from views, small and large; a wrong count is refused",
          arguments: TestDevices.all, [1, 1_001, 1_048_583])
    func copyElementsToHost(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let host = ramp(count + 7)
        let whole = try DeviceArray(host, on: queue)
        var out = [Float](repeating: -1, count: count + 7)
        try whole.copyElements(to: &out)
        #expect(out == host)
        let view = try whole[5..<(count + 5)]
        var part = [Float](repeating: -1, count: count)
        try view.copyElements(to: &part)
        #expect(part == Array(host[5..<(count + 5)]))
        var wrong = [Float](repeating: 0, count: count + 1)
        #expect((thrownError { try view.copyElements(to: &wrong) } as? ArrayError)?.code == .invalidShape)
        #expect(wrong.allSatisfy { $0 == 0 }, "nothing written on a refusal")
    }
}
