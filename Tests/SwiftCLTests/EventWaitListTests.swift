import SwiftCL
import SwiftCLTestSupport
import Testing

/// Per-command wait lists (`waitingFor:` and `waiting(for:)`), the async `submit`, and chains across queues and
/// devices of one context with no host round trip.
@Suite("Events: wait lists, async submit, chains across devices")
struct EventWaitListTests {
    /// `produce` is slow (200 steps per item), so a command that did not wait for it would start before it ended.
    static let program = EventTests.stages + """
    kernel void twice(global const float *data, global float *out) { size_t i = get_global_id(0); out[i] = 2.0f * data[i]; }
    """

    static func produced(_ count: Int) -> [Float] {
        var expected = ramp(count)
        for i in expected.indices { for _ in 0..<200 { expected[i] = expected[i] * 0.5 + Float(i) } }
        return expected
    }

    @Test("on an out-of-order queue each command waits only for its own list", arguments: TestDevices.all)
    func perCommandWaitList(device: Device) throws {
        let queue = try ComputeQueue(device: device, outOfOrder: true)
        let program = try queue.context.program(source: Self.program, name: "stages.cl")
        let count = 1 << 14
        let data = try Buffer(copying: ramp(count), context: queue.context)
        let out = try Buffer<Float>(count: count, context: queue.context)
        let copied = try Buffer<Float>(count: count, context: queue.context)
        let filled = try Buffer<Float>(count: count, context: queue.context)
        let (events, result, copy, fill) = try queue.sync { cl in
            let produced = try cl.commandEvent { try cl.launch(program.kernel(named: "produce"), NDRange(count), data) }
            let consumed = try cl.launch(program.kernel(named: "consume"), NDRange(count), data, out, waitingFor: [produced])
            // Every other kind of command takes the list through a scope; each returns its event.
            let copiedEvent = try cl.commandEvent(waitingFor: [produced]) { try cl.copy(from: data, to: copied) }
            let filledEvent = try cl.commandEvent(waitingFor: [consumed]) { try cl.fill(filled, with: 3) }
            let values = try cl.waiting(for: [consumed, copiedEvent, filledEvent]) { try cl.read(out) }
            return ([produced, consumed, copiedEvent, filledEvent], values, try cl.read(copied), try cl.read(filled))
        }
        let expected = Self.produced(count)
        #expect(result == expected.map { $0 + 1 })
        #expect(copy == expected)
        #expect(fill == Array(repeating: 3, count: count))
        let times = try events.map { try $0.times }
        #expect(times[1].started >= times[0].ended, "the launch waited for its list")
        #expect(times[2].started >= times[0].ended, "the copy waited for its list")
        #expect(times[3].started >= times[1].ended, "the fill waited for its list")
        #expect(events.allSatisfy { $0.status == .complete && $0.isComplete })
        #expect(events.map(\.label) == ["launch produce", "launch consume", "copy", "fill"])
    }

    @Test("scopes nest, a marker inside one waits for its list, a foreign event runs nothing", arguments: TestDevices.all)
    func scopes(device: Device) throws {
        let queue = try makeQueue(device)
        let other = try ComputeQueue(device: device, context: Context(devices: [device]))
        let foreign = try other.sync { cl in try cl.marker() }
        let buffer = try Buffer(copying: ramp(64), context: queue.context)
        let error = thrownError {
            try queue.sync { cl in try cl.waiting(for: [foreign]) { try cl.fill(buffer, with: 9) } }
        }
        #expect((error as? SwiftCLError)?.code == .contextMismatch)
        #expect(thrownError { try queue.sync { cl in _ = try cl.commandEvent(waitingFor: [foreign]) {} } } != nil)
        #expect(try queue.sync { cl in try cl.read(buffer) } == ramp(64), "the refused scope enqueued nothing")
        let (inner, marker) = try queue.sync { cl in
            let first = try cl.commandEvent { try cl.fill(buffer, with: 1) }
            return try cl.waiting(for: [first]) {
                let second = try cl.commandEvent { try cl.fill(buffer, with: 2, range: 0..<32) }
                return try cl.waiting(for: [second]) { (second, try cl.marker()) }
            }
        }
        try marker.wait()
        // Waiting on the marker alone completed the fill in its list. (Its profiling times are not compared: NVIDIA
        // stamps markers with times that do not order with the commands they wait for, seen on an H100.)
        #expect(inner.isComplete && marker.isComplete)
        #expect(try queue.sync { cl in try cl.read(buffer) } == Array(repeating: 2, count: 32) + Array(repeating: 1, count: 32))
    }

    @Test("async submit chains two queues with no thread blocked; status needs no try", arguments: TestDevices.all)
    func asyncChain(device: Device) async throws {
        let context = try Context.shared(for: device)
        let producer = try ComputeQueue(device: device, context: context)
        let consumer = try ComputeQueue(device: device, context: context)
        let program = try context.program(source: Self.program, name: "stages.cl")
        let produce = try program.kernel(named: "produce"), consume = try program.kernel(named: "consume")
        let count = 1 << 15
        let data = try Buffer(copying: ramp(count), context: context)
        let out = try Buffer<Float>(count: count, context: context)
        let (produced, producerDone) = try await producer.submit { cl in
            try cl.launch(produce, NDRange(count), data, waitingFor: [])
        }
        let (consumed, _) = try await consumer.submit { cl in
            try cl.launch(consume, NDRange(count), data, out, waitingFor: [produced])
        }
        try await consumed.completed
        try await producerDone.completed
        #expect(consumed.status == .complete && produced.status == .complete)
        #expect(try consumed.times.started >= produced.times.ended)
        let result = try await consumer.run { cl in try cl.read(out) }
        #expect(result == Self.produced(count).map { $0 + 1 })
        // A throwing closure resumes the task with its error and leaves the queue usable.
        await #expect(throws: SwiftCLError.self) {
            _ = try await consumer.submit { cl in try cl.launch(consume, NDRange(count), data) }
        }
        #expect(try await consumer.run { cl in try cl.read(out, range: 0..<4) } == Array(result[0..<4]))
    }

    @Test("a chain across two devices of one context (sub-devices) runs without host round trips",
          arguments: SubDeviceTests.partitionable)
    func crossDeviceChain(device: Device) async throws {
        let parts = try device.partition(.equally(computeUnits: 1))
        let context = try Context(devices: Array(parts.prefix(2)))
        let first = try ComputeQueue(device: parts[0], context: context)
        let second = try ComputeQueue(device: parts[1], context: context)
        let program = try context.program(source: Self.program, name: "stages.cl")
        let produce = try program.kernel(named: "produce"), consume = try program.kernel(named: "consume")
        let twice = try program.kernel(named: "twice")
        let count = 1 << 14
        let data = try Buffer(copying: ramp(count), context: context)
        let middle = try Buffer<Float>(count: count, context: context)
        let out = try Buffer<Float>(count: count, context: context)
        // device 0 → device 1 → device 0, each step waiting for the last on the device.
        let (a, _) = try await first.submit { cl in try cl.launch(produce, NDRange(count), data, waitingFor: []) }
        let (b, _) = try await second.submit { cl in try cl.launch(consume, NDRange(count), data, middle, waitingFor: [a]) }
        let (c, _) = try await first.submit { cl in try cl.launch(twice, NDRange(count), middle, out, waitingFor: [b]) }
        try await c.completed
        let allComplete = [a, b, c].allSatisfy { $0.isComplete }
        #expect(allComplete)
        let result = try await first.run { cl in try cl.read(out) }
        #expect(result == Self.produced(count).map { ($0 + 1) * 2 })
    }
}
