import Foundation
import SwiftCL
import SwiftCLTestSupport
import Testing

/// Events the host completes: commands waiting for one start only then; a cancelled or abandoned one fails them.
@Suite("User events")
struct UserEventTests {
    @Test("commands waiting for a user event start once the host completes it, and see what the host wrote before",
          arguments: TestDevices.all)
    func completeReleasesCommands(device: Device) throws {
        let queue = try makeQueue(device), writer = try ComputeQueue(device: device, context: queue.context)
        let data = try Buffer<Float>(count: 33, context: queue.context)
        let doubled = try Buffer<Float>(count: 33, context: queue.context)
        try writer.sync { cl in try cl.fill(data, with: 0) }
        let program = try queue.context.program(source: "kernel void twice(global const float *x, global float *y) { y[get_global_id(0)] = 2 * x[get_global_id(0)]; }",
                                                name: "twice.cl")
        let gate = try UserEvent(context: queue.context)
        #expect(gate.event.status == .submitted && gate.event.label == "user event")
        let (_, launched) = try queue.submit { cl in
            try cl.waiting(for: [gate.event]) { try cl.launch(program.kernel(named: "twice"), NDRange(33), data, doubled) }
        }
        Thread.sleep(forTimeInterval: 0.05)  // an ungated launch would have run on the zeros by now
        #expect(!launched.isComplete)
        try writer.sync { cl in try cl.write(data, from: ramp(33)) }
        try gate.complete()
        try launched.wait()
        #expect(gate.event.status == .complete)
        #expect(try writer.sync { cl in try cl.read(doubled) } == ramp(33).map { 2 * $0 })
        // Settling twice is refused, naming the routine.
        let again = thrownError { try gate.complete() } as? OpenCLError
        #expect(again?.status == .invalidOperation && again?.routine.contains("clSetUserEventStatus") == true)
    }

    @Test("a cancelled user event fails the commands waiting for it; they do not run; the queue stays usable",
          arguments: TestDevices.all)
    func cancelFailsCommands(device: Device) throws {
        let queue = try makeQueue(device)
        let data = try Buffer(copying: ramp(16), context: queue.context)
        let gate = try UserEvent(context: queue.context)
        let (_, filled) = try queue.submit { cl in try cl.waiting(for: [gate.event]) { try cl.fill(data, with: 7) } }
        try gate.cancel()
        #expect(thrownError { try filled.wait() } != nil, "the waiting fill failed")
        if case .failed = filled.status {} else { Issue.record("status \(filled.status), expected failed") }
        #expect(thrownError { try gate.cancel() } != nil, "a cancelled event cannot be settled again")
        #expect(try queue.sync { cl in try cl.read(data) } == ramp(16), "the fill did not run")
        try queue.sync { cl in try cl.fill(data, with: 3) }
        #expect(try queue.sync { cl in try cl.read(data) } == [Float](repeating: 3, count: 16))
    }

    @Test("a user event let go unsettled fails its waiting commands instead of leaving them waiting forever",
          arguments: TestDevices.all)
    func abandonedEventFails(device: Device) throws {
        let queue = try makeQueue(device)
        let data = try Buffer(copying: ramp(16), context: queue.context)
        var gate: UserEvent? = try UserEvent(context: queue.context)
        let (_, filled) = try queue.submit { cl in try cl.waiting(for: [gate!.event]) { try cl.fill(data, with: 7) } }
        gate = nil
        #expect(thrownError { try filled.wait() } != nil)
        #expect(try queue.sync { cl in try cl.read(data) } == ramp(16))
    }

    @Test("a user event of another context is refused before anything is enqueued", arguments: TestDevices.all)
    func otherContext(device: Device) throws {
        let queue = try makeQueue(device)
        let gate = try UserEvent(context: Context(devices: [device]))
        let data = try Buffer(copying: ramp(4), context: queue.context)
        let error = thrownError { try queue.sync { cl in try cl.waiting(for: [gate.event]) { try cl.fill(data, with: 1) } } }
        #expect((error as? SwiftCLError)?.code == .contextMismatch)
        try gate.complete()
    }

    @Test("the article's example: a launch held back until the host completes a user event", arguments: TestDevices.all)
    func articleExample(device: Device) throws {
        let queue = try makeQueue(device), count = 100
        let data = try Buffer(copying: ramp(count), context: queue.context), doubled = try Buffer<Float>(count: count, context: queue.context)
        let twice = try queue.context.program(source: "kernel void twice(global const float *x, global float *y) { y[get_global_id(0)] = 2 * x[get_global_id(0)]; }",
                                              name: "twice.cl").kernel(named: "twice")
        let ready = try UserEvent(context: queue.context)
        let (_, launched) = try queue.submit { cl in
            try cl.waiting(for: [ready.event]) { try cl.launch(twice, NDRange(count), data, doubled) }
        }
        // … the host prepares `data` (another queue's write, a file read) …
        try ready.complete()    // the launch may start now
        try launched.wait()
        #expect(try queue.sync { cl in try cl.read(doubled) } == ramp(count).map { 2 * $0 })
    }
}
