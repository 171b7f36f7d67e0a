import Dispatch
import SwiftCL
import SwiftCLTestSupport
import Testing

/// The devices that run host functions as commands (PoCL's CPU device; never a GPU).
let nativeKernelDevices = TestDevices.all.filter(\.supportsNativeKernels)

@Suite("Host commands: host functions as commands of a queue (native kernels)")
struct HostCommandTests {
    static let kernels = """
    kernel void scale(global float *v, float k) { size_t i = get_global_id(0); for (int r = 0; r < 64; r++) v[i] = v[i] * 0.5f + k * (float)i; }
    kernel void plus_one(global const float *v, global float *out) { size_t i = get_global_id(0); out[i] = v[i] + 1.0f; }
    """

    @Test("in order with kernels and copies on the queue: it sees what came before, what comes after sees what it wrote",
          arguments: nativeKernelDevices, [1, 7, 4097])
    func ordered(device: Device, count: Int) throws {
        #expect(device.hasHostUnifiedMemory, "a CPU device shares host memory")
        let queue = try makeQueue(device)
        let program = try queue.context.program(source: Self.kernels, name: "host-command.cl")
        let scale = try program.kernel(named: "scale"), plusOne = try program.kernel(named: "plus_one")
        let data = try Buffer(copying: ramp(count), context: queue.context)
        let out = try Buffer<Float>(count: count, context: queue.context)
        let (event, result) = try queue.sync { cl in
            try cl.launch(scale, NDRange(count), data, Float(2))
            // Negates each element where it lies: the kernel before has run to the end, the one after sees the change.
            let event = try cl.hostCommand(using: [data], label: "negate") { storage in
                let values = storage[0].assumingMemoryBound(to: Float.self)
                for i in 0..<count { values[i] = -values[i] }
            }
            try cl.launch(plusOne, NDRange(count), data, out)
            return (event, try cl.read(out))
        }
        var expected = ramp(count)
        for _ in 0..<64 { expected = expected.indices.map { expected[$0] * 0.5 + 2 * Float($0) } }
        #expect(result == expected.map { -$0 + 1 })
        #expect(event.label == "negate" && event.status == .complete)
    }

    @Test("its event orders another queue's commands, and an enclosing wait list holds it back", arguments: nativeKernelDevices)
    func events(device: Device) throws {
        let context = try Context(devices: [device])
        let first = try ComputeQueue(device: device, context: context), second = try ComputeQueue(device: device, context: context)
        let data = try Buffer<Int32>(count: 1000, context: context)
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        // submit, not sync: sync would wait for the host command, which waits for `release` below.
        let (gate, _) = try first.submit { cl in
            try cl.fill(data, with: 1)
            let gate = try cl.hostCommand(using: [data], label: "slow write") { storage in
                started.signal()
                release.wait()
                let values = storage[0].assumingMemoryBound(to: Int32.self)
                for i in 0..<1000 { values[i] = Int32(i) }
            }
            try cl.flush()
            return gate
        }
        started.wait()
        // The other queue's read waits for the host command's event on the device: it cannot see the 1s.
        let read = DispatchQueue.global()
        let seen = Locked<[Int32]>([])
        let done = DispatchSemaphore(value: 0)
        read.async {
            let values = try? second.sync { cl in try cl.waiting(for: [gate]) { try cl.read(data) } }
            seen.withLock { $0 = values ?? [] }
            done.signal()
        }
        release.signal()
        done.wait()
        #expect(seen.withLock { $0 } == (0..<1000).map(Int32.init))
        // Waiting for an event of the host command's own queue inside a wait list: it runs after the fill.
        let later = try second.sync { cl in
            let fill = try cl.commandEvent { try cl.fill(data, with: 7) }
            return try cl.waiting(for: [fill]) {
                try cl.hostCommand(using: [data]) { storage in storage[0].assumingMemoryBound(to: Int32.self)[0] += 1 }
            }
        }
        try later.wait()
        #expect(try second.sync { cl in try cl.read(data, range: 0..<2) } == [8, 7])
        #expect(later.label == "host command")
    }

    @Test("a sub-buffer's storage starts at its origin; several buffers come in the order given", arguments: nativeKernelDevices)
    func subBuffersAndOrder(device: Device) throws {
        let queue = try makeQueue(device)
        let alignment = max(1, device.memoryBaseAddressAlignmentBits / 8) / MemoryLayout<Float>.stride
        let parent = try Buffer(copying: ramp(alignment * 3), context: queue.context)
        let middle = try parent[alignment ..< 2 * alignment]
        let other = try Buffer<Float>(count: 2, context: queue.context)
        _ = try queue.sync { cl in
            try cl.hostCommand(using: [other, middle, parent]) { storage in
                let (o, m, p) = (storage[0].assumingMemoryBound(to: Float.self), storage[1].assumingMemoryBound(to: Float.self),
                                 storage[2].assumingMemoryBound(to: Float.self))
                o[0] = m[0]
                o[1] = p[0]
            }
        }
        let seen = try queue.sync { cl in try cl.read(other) }
        #expect(seen == [ramp(alignment * 3)[alignment], ramp(alignment * 3)[0]], "\(seen), alignment \(alignment)")
    }

    @Test("a buffer of another context is refused before anything runs; the queue stays usable", arguments: nativeKernelDevices)
    func refusals(device: Device) throws {
        let queue = try makeQueue(device)
        let foreign = try Buffer<Float>(count: 4, context: try Context(devices: [device]))
        let ran = Locked(false)
        let error = #expect(throws: SwiftCLError.self) {
            try queue.sync { cl in try cl.hostCommand(using: [foreign]) { _ in ran.withLock { $0 = true } } }
        }
        #expect(error?.code == .contextMismatch)
        try queue.sync { cl in try cl.finish() }
        #expect(!ran.withLock { $0 })
        let mine = try Buffer<Float>(count: 4, context: queue.context)
        _ = try queue.sync { cl in try cl.hostCommand(using: [mine]) { _ in ran.withLock { $0 = true } } }
        #expect(ran.withLock { $0 })
        // The refusal a device without native kernels gives (GPUs): its message names the capability.
        let refusal = SwiftCLError.nativeKernelsUnsupported(device: "a GPU", operation: "hostCommand")
        #expect(refusal.code == .nativeKernelsUnsupported && refusal.description.contains("CL_EXEC_NATIVE_KERNEL"))
    }
}
