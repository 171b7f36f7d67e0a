import Foundation
import SwiftCL
import SwiftCLTestSupport
import Testing

/// Large reads and writes on a CPU device sharing the host's memory go through a map, the host's cores copying
/// (`HostCopy`); smaller ones, other devices, measured scopes, open maps and host-write-only buffers keep the
/// runtime's own copy. Every route must move exactly the requested range and nothing else.
@Suite("Host transfers: large reads and writes through a map on CPU devices")
struct HostTransferTests {
    /// Sizes around the 1 MiB threshold of Floats, and an odd large one that leaves a partial last chunk.
    static let counts = [1, 262_143, 262_144, 262_147, 1_048_573 + (1 << 20)]

    @Test("read and write of whole buffers and of ranges at odd offsets: right data, nothing outside the range",
          arguments: TestDevices.all, counts)
    func readsAndWrites(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let data = ramp(count)
        let buffer = try Buffer<Float>(count: count + 10, context: queue.context)
        try queue.sync { cl in
            try cl.write(buffer, from: [Float](repeating: -1, count: count + 10))
            try cl.write(buffer, from: data, at: 3)
            let all = try cl.read(buffer)
            #expect(all[..<3].allSatisfy { $0 == -1 } && Array(all[3..<(count + 3)]) == data
                    && all[(count + 3)...].allSatisfy { $0 == -1 }, "write at 3 of \(count)")
            #expect(try cl.read(buffer, range: 3..<(count + 3)) == data, "read of a range from 3")
            var into = [Float](repeating: 7, count: count)
            try cl.read(buffer, into: &into, at: 3)
            #expect(into == data)
        }
    }

    @Test("a read inside a map of another buffer, a measured scope and a host-write-only buffer take the runtime's copy",
          arguments: TestDevices.all)
    func fallbacks(device: Device) throws {
        let queue = try makeQueue(device)
        let count = 1 << 19
        let data = ramp(count)
        let buffer = try Buffer(copying: data, context: queue.context)
        let small = try Buffer(copying: [Float](repeating: 5, count: 4), context: queue.context)
        try queue.sync { cl in
            let sums = try cl.withMapped(small) { span in (span[0] + span[1], try cl.read(buffer)) }
            #expect(sums.0 == 10 && sums.1 == data)
        }
        let timing = try queue.measure { cl in try cl.read(buffer) }
        #expect(timing.value == data && timing.deviceTime > .zero, "the read itself is timed")
        let writeOnly = try Buffer<Float>(count: count, context: queue.context, hostAccess: .writeOnly)
        let output = try Buffer<Float>(count: count, context: queue.context)
        try queue.sync { cl in
            try cl.write(writeOnly, from: data)
            try cl.copy(from: writeOnly, to: output)
            #expect(try cl.read(output) == data)
        }
    }

    @Test("readying new memory (huge-page advice, pages made present) of any size and alignment keeps what it holds and what lies around it")
    func newMemoryPreparation() {
        let sizes = [(0, 0), (HostCopy.hugePageBytes - 1, 0), (HostCopy.hugePageBytes, 1), ((6 << 20) + 3, 4_095), (5 << 20, 0)]
        for (size, offset) in sizes {
            let total = size + offset + 64
            let raw = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 64)
            defer { raw.deallocate() }
            let bytes = raw.bindMemory(to: UInt8.self, capacity: total)
            for i in 0..<total { bytes[i] = UInt8(truncatingIfNeeded: i &* 31 &+ 7) }
            HostCopy.prepareNewMemory(raw + offset, byteCount: size)
            #expect((0..<total).allSatisfy { bytes[$0] == UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }, "\(size) bytes at \(offset)")
        }
    }

    @Test("new memory of 4 MiB or more has its pages made present before the copy; smaller memory and what lies around it do not")
    func newMemoryPopulated() throws {
        let page = Int(getpagesize()), pages = (6 << 20) / page + 4
        // Kernels before 5.14 refuse MADV_POPULATE_WRITE: there the copy takes the faults and nothing is present.
        let probe = try #require(mmap(nil, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        let populates = madvise(probe, page, HostCopy.populateWrite) == 0
        munmap(probe, page)
        // With transparent huge pages `always`, a huge page may also cover neighbours outside the range.
        let always = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8))?.contains("[always]") ?? false
        for (offset, size) in [(page + 100, (6 << 20) + 5), (0, HostCopy.hugePageBytes), (3 * page, HostCopy.hugePageBytes - page)] {
            let mapping = try #require(mmap(nil, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
            #expect(mapping != MAP_FAILED)
            defer { munmap(mapping, pages * page) }
            HostCopy.prepareNewMemory(mapping + offset, byteCount: size)
            var resident = [UInt8](repeating: 0, count: pages)
            #expect(mincore(mapping, pages * page, &resident) == 0)
            // The pages wholly inside the range, and only those, are present (a partial page at either end is the copy's).
            let first = (offset + page - 1) / page, last = (offset + size) / page
            let inside = (0..<pages).map { populates && size >= HostCopy.hugePageBytes && $0 >= first && $0 < last }
            let present = resident.map { $0 & 1 == 1 }
            #expect(always ? zip(inside, present).allSatisfy { !$0 || $1 } : present == inside,
                    "\(size) bytes at \(offset): \(present.filter { $0 }.count) pages present")
        }
    }

    @Test("a new buffer of 4 MiB or more from a pool on a CPU device has its pages present before any command runs",
          arguments: TestDevices.all)
    func newBuffersPopulated(device: Device) throws {
        let context = try Context(devices: [device])
        let queue = try ComputeQueue(device: device, context: context)
        // 40 MiB: above glibc's largest mmap threshold, so the memory is new to the process and nothing touched it.
        let count = (40 << 20) / 4 + 3
        guard HostCopy.isParallel(byteCount: count * 4, device: device) else { return }   // other devices: not readied
        let buffer = try Buffer<Float>(count: count, context: context, pool: MemoryPool(capacityBytes: 0))
        let (present, pages) = try queue.sync { cl in
            try cl.withMappedForReading(buffer) { span in
                span.withUnsafeBufferPointer { Self.residentPages(UnsafeRawPointer($0.baseAddress!), byteCount: count * 4) }
            }
        }
        #expect(pages > 0 && present == pages, "\(present) of \(pages) whole pages present")
        try queue.sync { cl in try cl.fill(buffer, with: 2) }
        #expect(try queue.sync { cl in try cl.read(buffer, range: (count - 5)..<count) } == [Float](repeating: 2, count: 5))
    }

    /// How many of the whole pages inside `byteCount` bytes at `pointer` are present (`mincore`), and how many there are.
    static func residentPages(_ pointer: UnsafeRawPointer, byteCount: Int) -> (present: Int, pages: Int) {
        let page = Int(getpagesize()), address = Int(bitPattern: pointer)
        let start = (address + page - 1) & ~(page - 1), end = (address + byteCount) & ~(page - 1)
        guard end > start else { return (0, 0) }
        var resident = [UInt8](repeating: 0, count: (end - start) / page)
        guard mincore(UnsafeMutableRawPointer(bitPattern: start), end - start, &resident) == 0 else { return (0, resident.count) }
        return (resident.filter { $0 & 1 == 1 }.count, resident.count)
    }

    @Test("free page reporting is read from a virtio balloon's features: bit 5, the string's sixth character")
    func freePageReporting() {
        // This project's VMs negotiate stats, deflate-on-OOM, reporting and bit 7 (their sysfs `features`, 128 bits).
        let reporting = "01100101" + String(repeating: "0", count: 120)
        #expect(HostCopy.reportsFreePages(balloonFeatures: reporting))
        #expect(HostCopy.reportsFreePages(balloonFeatures: "000001"))
        #expect(!HostCopy.reportsFreePages(balloonFeatures: "01100001" + String(repeating: "0", count: 120)), "stats and deflate only")
        #expect(!HostCopy.reportsFreePages(balloonFeatures: "11111") && !HostCopy.reportsFreePages(balloonFeatures: ""), "too short")
    }

    @Test("huge pages are not used where this machine's balloon reports free pages, and are elsewhere")
    func hugePagesWhereTheyPayOff() {
        let folder = "/sys/bus/virtio/drivers/virtio_balloon"
        let balloons = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("virtio") }
        let reporting = balloons.contains { name in
            let features = (try? String(contentsOfFile: "\(folder)/\(name)/features", encoding: .utf8)) ?? ""
            return features.count > 5 && features[features.index(features.startIndex, offsetBy: 5)] == "1"
        }
        #expect(HostCopy.hugePagesPayOff == !reporting, "balloons \(balloons), reporting \(reporting)")
    }

    @Test("a large read waits for the commands before it and for its wait list", arguments: TestDevices.all)
    func ordering(device: Device) throws {
        let queue = try makeQueue(device)
        let count = 1 << 20
        let source = try Buffer(copying: ramp(count), context: queue.context)
        let target = try Buffer<Float>(count: count, context: queue.context)
        // The copy is enqueued without waiting; the read's map comes after it on the in-order queue.
        let read = try queue.sync { cl in
            try cl.copy(from: source, to: target)
            return try cl.read(target)
        }
        #expect(read == ramp(count))
        // A wait list: the read's map waits for a user event that another thread completes 50 ms later.
        let gate = try UserEvent(context: queue.context)
        let opened = Locked(false)
        let opener = Thread {
            usleep(50_000)
            opened.withLock { $0 = true }
            try? gate.complete()
        }
        opener.start()
        let gated = try queue.sync { cl in try cl.waiting(for: [gate.event]) { try cl.read(target) } }
        #expect(opened.withLock { $0 } && gated == ramp(count), "the read ran after its wait list")
    }
}
