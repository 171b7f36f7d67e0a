import SwiftCL
import SwiftCLTestSupport
import Testing

@Suite("Sub-buffers, program binaries and covering ranges")
struct SubBufferTests {
    @Test("a sub-buffer sees and writes its range of the parent; sub-buffers of sub-buffers work", arguments: TestDevices.all)
    func subBuffers(device: Device) throws {
        let queue = try makeQueue(device)
        let alignment = max(1, device.memoryBaseAddressAlignmentBits / 8) / MemoryLayout<Float>.stride
        let count = alignment * 4 + 3  // not a multiple of 4 or 8
        let parent = try Buffer(copying: ramp(count), context: queue.context)
        let middle = try parent[alignment ..< count]
        let inner = try middle[alignment ..< 2 * alignment + 1]
        #expect(middle.count == count - alignment && inner.count == alignment + 1)
        let add = try queue.context.program(source: "kernel void add(global float *v, float k) { v[get_global_id(0)] += k; }",
                                            name: "add.cl").kernel(named: "add")
        let (seen, whole) = try queue.sync { cl in
            try cl.launch(add, NDRange(inner.count), inner, Float(100))
            try cl.fill(middle, with: -1, range: 0..<1)
            return (try cl.read(inner), try cl.read(parent))
        }
        var expected = ramp(count)
        expected[alignment] = -1
        for i in 2 * alignment ..< 3 * alignment + 1 { expected[i] += 100 }
        #expect(whole == expected)
        #expect(seen == Array(expected[2 * alignment ..< 3 * alignment + 1]))
    }

    @Test("misaligned, empty and out-of-range sub-buffers are refused before the C call", arguments: TestDevices.all)
    func refusedSubBuffers(device: Device) throws {
        let context = try Context.shared(for: device)
        let parent = try Buffer<Float>(count: 64, context: context)
        let alignment = device.memoryBaseAddressAlignmentBits / 8
        if alignment > MemoryLayout<Float>.stride {
            #expect(throws: SwiftCLError.misalignedSubBuffer(offsetBytes: 4, alignmentBytes: alignment, device: device.name)) {
                _ = try parent[1..<8]
            }
        }
        #expect(throws: SwiftCLError.invalidCount(operation: "sub-buffer", count: 0, minimum: 1)) { _ = try parent[0..<0] }
        #expect(throws: SwiftCLError.rangeOutOfBounds(operation: "sub-buffer", requested: 0..<65, bound: 64)) { _ = try parent[0..<65] }
        #expect(try parent[0..<64].count == 64)
    }

    @Test("a program's binaries build again; garbage binaries throw a typed error", arguments: TestDevices.all)
    func programBinaries(device: Device) throws {
        let context = try Context(devices: [device])
        let source = "kernel void twice(global int *v) { v[get_global_id(0)] *= 2; }"
        let binaries = try Program(context: context, source: source, name: "twice.cl").binaries()
        #expect(binaries.count == 1 && binaries[device]?.isEmpty == false)
        #expect(try Program(context: context, source: source, name: "twice.cl").binaries(for: device) == binaries[device])
        let reloaded = try Program(context: context, binaries: binaries, name: "twice.bin")
        #expect(reloaded.kernelNames == ["twice"])
        let queue = try ComputeQueue(device: device, context: context)
        let values = try Buffer<Int32>(copying: [1, 2, 3], context: context)
        let result = try queue.sync { cl in
            try cl.launch(reloaded.kernel(named: "twice"), NDRange(3), values)
            return try cl.read(values)
        }
        #expect(result == [2, 4, 6])
        let garbage = thrownError { _ = try Program(context: context, binaries: [device: Array("not a binary".utf8)]) }
        #expect(garbage is OpenCLError || garbage is BuildError, "\(String(describing: garbage))")
        #expect(throws: SwiftCLError.self) { _ = try Program(context: context, binaries: [:]) }
    }

    @Test("NDRange(covering:local:) rounds up to whole work-groups; the divide error suggests it")
    func coveringRanges() throws {
        #expect(try NDRange(covering: 1000, local: 64).global == [1024])
        #expect(try NDRange(covering: 1024, local: 64).global == [1024])
        #expect(try NDRange(covering: 1, local: 7).global == [7])
        #expect(try NDRange(covering: [17, 5], local: [8, 4]).global == [24, 8])
        #expect(try NDRange(covering: [17, 5], local: [8, 4]).local == [8, 4])
        #expect(throws: SwiftCLError.invalidNDRange(.zeroLocalSize(dimension: 0))) { _ = try NDRange(covering: 10, local: 0) }
        #expect(throws: SwiftCLError.invalidNDRange(.zeroGlobalSize(dimension: 0))) { _ = try NDRange(covering: 0, local: 4) }
        #expect(throws: SwiftCLError.invalidNDRange(.workItemCountOverflow(global: [Int.max]))) {
            _ = try NDRange(covering: Int.max, local: 2)
        }
        #expect(throws: SwiftCLError.invalidNDRange(.rankMismatch(global: 2, other: 1, what: "local"))) {
            _ = try NDRange(covering: [4, 4], local: [2])
        }
        let text = "\(SwiftCLError.invalidNDRange(.localSizeDoesNotDivideGlobal(dimension: 0, global: 10, local: 4)))"
        #expect(text.contains("NDRange(covering:local:)"))
    }
}

@Suite("Buffers over host memory")
struct HostMemoryBufferTests {
    @Test("a buffer over the caller's memory is used in place (zero-copy map on the CPU device)", arguments: TestDevices.all)
    func wrappedHostMemory(device: Device) throws {
        let queue = try makeQueue(device)
        let count = 1000
        let raw = UnsafeMutableRawPointer.allocate(byteCount: count * 4, alignment: 4096)
        defer { raw.deallocate() }
        let memory = UnsafeMutableBufferPointer(start: raw.bindMemory(to: Float.self, capacity: count), count: count)
        for i in 0..<count { memory[i] = Float(i) }
        let add = try queue.context.program(source: "kernel void add(global float *v, float k) { v[get_global_id(0)] += k; }",
                                            name: "add.cl").kernel(named: "add")
        let mapped: (same: Bool, values: [Float]) = try {
            let buffer = try Buffer.unsafeWrapping(memory, context: queue.context)
            return try queue.sync { cl in
                try cl.launch(add, NDRange(count), buffer, Float(0.5))
                return try cl.withMappedForReading(buffer) { span in
                    span.withUnsafeBufferPointer { ($0.baseAddress == UnsafePointer(memory.baseAddress), Array($0)) }
                }
            }
        }()
        #expect(mapped.values == (0..<count).map { Float($0) + 0.5 })
        if device.type.contains(.cpu) {
            #expect(mapped.same, "a CPU device maps the wrapped memory itself")
        }
        #expect((0..<count).allSatisfy { memory[$0] == Float($0) + 0.5 }, "after the buffer is gone the memory holds the result")
        #expect(throws: SwiftCLError.invalidCount(operation: "Buffer<Float>(count:)", count: 0, minimum: 1)) {
            _ = try Buffer.unsafeWrapping(UnsafeMutableBufferPointer<Float>(start: nil, count: 0), context: queue.context)
        }
    }

    @Test("a runtime-allocated host buffer works like any other", arguments: TestDevices.all)
    func hostAllocated(device: Device) throws {
        let queue = try makeQueue(device)
        let buffer = try Buffer<Int32>(count: 33, context: queue.context, memory: .hostAllocated)
        let values = try queue.sync { cl in
            try cl.write(buffer, from: (0..<33).map(Int32.init))
            try cl.withMapped(buffer) { span in span[0] = -7 }
            return try cl.read(buffer)
        }
        #expect(values == [-7] + (1..<33).map(Int32.init))
    }
}
