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

    @Test("a new host array from toArray() is offered huge pages exactly where they pay off (smaps flag hg)", arguments: TestDevices.all)
    func hugePageAdvice(device: Device) throws {
        let count = (6 << 20) / 4 + 5   // 6 MiB and a bit: at least one whole 2 MiB-aligned stretch
        guard HostCopy.isParallel(byteCount: count * 4, device: device),
              let mode = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8),
              !mode.contains("[never]") else { return }   // another device or no transparent huge pages: nothing advised
        let queue = try makeQueue(device)
        let host = ramp(count)
        let back = try DeviceArray(host, on: queue).toArray()
        #expect(back == host)
        let advised = back.withUnsafeBufferPointer { Self.hugePagesAdvised(at: UnsafeRawPointer($0.baseAddress!), byteCount: count * 4) }
        #expect(advised == HostCopy.hugePagesPayOff, "huge pages advised: \(String(describing: advised)), pay off here: \(HostCopy.hugePagesPayOff)")
    }

    /// Whether the mapping holding the first 2 MiB-aligned address inside `byteCount` bytes at `pointer` carries the
    /// `hg` flag (`madvise(MADV_HUGEPAGE)`) in `/proc/self/smaps`; nil where that file cannot be read.
    static func hugePagesAdvised(at pointer: UnsafeRawPointer, byteCount: Int) -> Bool? {
        let huge = 2 << 20, start = (Int(bitPattern: pointer) + huge - 1) & ~(huge - 1)
        guard start + huge <= Int(bitPattern: pointer) + byteCount,
              let file = FileHandle(forReadingAtPath: "/proc/self/smaps"),
              let smaps = String(data: file.readDataToEndOfFile(), encoding: .utf8) else { return nil }   // read to the end: proc files report size 0
        var inside = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
               let low = UInt(line[..<dash], radix: 16), let high = UInt(line[line.index(after: dash)..<space], radix: 16) {
                inside = (low..<high).contains(UInt(start))
            } else if inside, line.hasPrefix("VmFlags:") {
                return line.split(separator: " ").contains("hg")
            }
        }
        return false
    }
}
