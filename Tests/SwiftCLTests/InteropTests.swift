import CInteropFixture
import SwiftCL
import SwiftCLTestSupport
import Testing

/// SwiftCL's handles lent to a C OpenCL library (the fixture) and the C library's handles adopted, on every device.
@Suite("Interop with C OpenCL libraries")
struct InteropTests {
    @Test("a buffer goes through a C function that enqueues on SwiftCL's queue; SwiftCL waits on the event it returns",
          arguments: TestDevices.all, [1, 7, 1000])
    func lendAndAdoptEvent(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let values = (0..<count).map { Float($0) - 3 }
        let buffer = try Buffer(copying: values, context: queue.context)
        // A SwiftCL marker is C's wait list: the C kernel runs after it.
        let event: CommandEvent = try queue.sync { cl in
            try cl.fill(buffer, with: 1, range: 0..<1)
            let before = try cl.marker()
            return try cl.withUnsafeQueueHandle(keepingAlive: [buffer]) { queueHandle in
                var raw: cl_event?
                let status = buffer.withUnsafeHandle { memory in
                    before.withUnsafeHandle { waitFor in fixture_scale(queueHandle, memory, cl_uint(count), 3, waitFor, &raw) }
                }
                #expect(status == 0)
                let adopted = try CommandEvent(unsafeRetaining: try #require(raw), context: queue.context, label: "fixture_scale")
                fixture_release_event(raw)
                return adopted
            }
        }
        try event.wait()
        #expect(event.status == .complete)
        #expect(try event.times.ended >= event.times.started)
        var expected = values.map { $0 * 3 }
        expected[0] = 3
        #expect(try queue.sync { cl in try cl.read(buffer) } == expected)
    }

    @Test("a kernel lent to C is launched there; SwiftCL's next launch of it binds its own arguments again",
          arguments: TestDevices.all)
    func lendKernel(device: Device) throws {
        let queue = try makeQueue(device)
        let program = try queue.context.program(source: "kernel void twice(global const float *a, global float *b) { b[get_global_id(0)] = 2 * a[get_global_id(0)]; }",
                                                name: "twice.cl")
        let kernel = try program.kernel(named: "twice")
        let a = try Buffer(copying: ramp(33), context: queue.context), b = try Buffer<Float>(count: 33, context: queue.context)
        let c = try Buffer(copying: ramp(33, scale: 3), context: queue.context), d = try Buffer<Float>(count: 33, context: queue.context)
        let launchesBefore = kernel.launchCount
        let (fromC, fromSwift) = try queue.sync { cl in
            let status = try cl.withUnsafeQueueHandle(keepingAlive: [a, b]) { queueHandle in
                kernel.withUnsafeHandle { kernelHandle in
                    a.withUnsafeHandle { input in b.withUnsafeHandle { output in fixture_launch(queueHandle, kernelHandle, input, output, 33) } }
                }
            }
            #expect(status == 0)
            try cl.launch(kernel, try NDRange(33), c, d)
            return (try cl.read(b), try cl.read(d))
        }
        #expect(fromC == ramp(33).map { 2 * $0 })
        #expect(fromSwift == ramp(33, scale: 3).map { 2 * $0 })
        #expect(kernel.launchCount == launchesBefore + 1, "C's launch is not SwiftCL's")
    }

    @Test("a queue the C library made is adopted (retained), outlives the C library's release, runs closures; refusals",
          arguments: TestDevices.all)
    func adoptQueue(device: Device) throws {
        let context = try Context(devices: [device])
        var status: cl_int = 0
        let raw = context.withUnsafeHandle { c in device.withUnsafeHandle { d in fixture_make_queue(c, d, 1, &status) } }
        #expect(status == 0)
        let rawQueue = try #require(raw)
        let queue = try ComputeQueue(unsafeRetaining: rawQueue, context: context)
        #expect(fixture_queue_reference_count(rawQueue) == 2)
        fixture_release_queue(rawQueue)
        #expect(queue.device == device && !queue.isOutOfOrder)
        let buffer = try Buffer(copying: ramp(40), context: context)
        let kernel = try context.program(source: "kernel void twice(global float *x) { x[get_global_id(0)] *= 2.0f; }", name: "twice")
            .kernel(named: "twice")
        let timing = try queue.measure { cl in
            try cl.launch(kernel, try NDRange(40), buffer)
            return try cl.read(buffer)
        }
        #expect(timing.value == ramp(40).map { 2 * $0 })
        #expect(timing.commands.count >= 1, "a queue made with profiling gives measured times")
        // A queue of another context is refused, naming the mismatch; nothing was retained for it.
        let other = try Context(devices: [device])
        let foreign = try #require(other.withUnsafeHandle { c in device.withUnsafeHandle { d in fixture_make_queue(c, d, 0, &status) } })
        let refused = thrownError { _ = try ComputeQueue(unsafeRetaining: foreign, context: context) }
        #expect((refused as? SwiftCLError)?.code == .contextMismatch)
        #expect(fixture_queue_reference_count(foreign) == 1)
        fixture_release_queue(foreign)
    }

    @Test("an adopted event is awaitable and orders another SwiftCL queue", arguments: TestDevices.all)
    func awaitAdoptedEvent(device: Device) async throws {
        let queue = try makeQueue(device)
        let buffer = try Buffer(copying: [Float](repeating: 2, count: 64), context: queue.context)
        var raw: cl_event?
        let status = queue.withUnsafeHandle { q in buffer.withUnsafeHandle { m in fixture_scale(q, m, 64, 0.5, nil, &raw) } }
        #expect(status == 0)
        let event = try CommandEvent(unsafeRetaining: try #require(raw), context: queue.context)
        fixture_release_event(raw)
        try await event.completed
        let other = try ComputeQueue(device: device, context: queue.context)
        let read = try await other.run { cl in
            try cl.wait(for: [event])
            return try cl.read(buffer)
        }
        #expect(read == [Float](repeating: 1, count: 64))
    }

    @Test("a buffer and a context the C library made are adopted (retained), outlive the C library's release, and work",
          arguments: TestDevices.all)
    func adoptBufferAndContext(device: Device) throws {
        var status: cl_int = 0
        let rawContext = device.withUnsafeHandle { fixture_make_context($0, &status) }
        #expect(status == 0)
        let context = try Context(unsafeRetaining: try #require(rawContext))
        fixture_release_context(rawContext)
        #expect(context.devices == [device])
        let rawBuffer = context.withUnsafeHandle { fixture_make_buffer($0, 100, 2.5, &status) }
        #expect(status == 0)
        let buffer = try Buffer<Float>(unsafeRetaining: try #require(rawBuffer), context: context)
        #expect(fixture_reference_count(rawBuffer) == 2)
        fixture_release_mem(rawBuffer)
        #expect(buffer.count == 100 && buffer.kernelAccess == .readWrite)
        // The adopted context builds and runs SwiftCL's own kernels on the adopted buffer.
        let queue = try ComputeQueue(device: device, context: context)
        let kernel = try context.program(source: "kernel void twice(global float *x) { x[get_global_id(0)] *= 2.0f; }", name: "twice")
            .kernel(named: "twice")
        let result = try queue.sync { cl in
            try cl.launch(kernel, try NDRange(100), buffer)
            return try cl.read(buffer)
        }
        #expect(result == [Float](repeating: 5, count: 100))
        #expect(try buffer.reinterpreted(as: UInt32.self).count == 100)
    }

    @Test("adoption refuses what does not fit: another context, a size that is not whole elements", arguments: TestDevices.all)
    func adoptionRefusals(device: Device) throws {
        let queue = try makeQueue(device)
        let elsewhere = try Context(devices: [device])
        var status: cl_int = 0
        let rawBuffer = try #require(elsewhere.withUnsafeHandle { fixture_make_buffer($0, 3, 1, &status) })
        defer { fixture_release_mem(rawBuffer) }
        #expect { _ = try Buffer<Float>(unsafeRetaining: rawBuffer, context: queue.context) } throws: {
            ($0 as? SwiftCLError)?.code == .contextMismatch
        }
        #expect { _ = try Buffer<Double>(unsafeRetaining: rawBuffer, context: elsewhere) } throws: {
            ($0 as? SwiftCLError)?.code == .notWholeElements
        }
        #expect(fixture_reference_count(rawBuffer) == 1)
        let marker = try queue.sync { cl in try cl.marker() }
        #expect { _ = try marker.withUnsafeHandle { try CommandEvent(unsafeRetaining: $0, context: elsewhere) } } throws: {
            ($0 as? SwiftCLError)?.code == .contextMismatch
        }
        let stillUsable = try Buffer<Float>(unsafeRetaining: rawBuffer, context: elsewhere)
        #expect(try ComputeQueue(device: device, context: elsewhere).sync { cl in try cl.read(stillUsable) } == [1, 1, 1])
    }
}
