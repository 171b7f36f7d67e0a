import Foundation
import SwiftCL
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

@Suite("Events: command events, device-side waits, non-blocking transfers")
struct EventTests {
    static let stages = """
    kernel void produce(global float *data) { size_t i = get_global_id(0); for (int k = 0; k < 200; k++) data[i] = data[i] * 0.5f + (float)i; }
    kernel void consume(global const float *data, global float *out) { size_t i = get_global_id(0); out[i] = data[i] + 1.0f; }
    """

    @Test("a command's event reports completion and ordered profiling times", arguments: TestDevices.all)
    func commandEvent(device: Device) throws {
        let queue = try makeQueue(device)
        let square = try SquareCL.Square(context: queue.context)
        let input = try Buffer(copying: ramp(4097), context: queue.context)
        let output = try Buffer<Float>(count: 4097, context: queue.context)
        let event = try queue.sync { cl in try cl.commandEvent { try square(cl, NDRange(4097), input: input, output: output) } }
        try event.wait()
        #expect(event.status == .complete)
        #expect(event.label == "launch square")
        let times = try event.times
        #expect(times.queued <= times.submitted && times.submitted <= times.started && times.started <= times.ended)
        #expect(times.duration >= .zero && times.waited >= .zero)
        let marker = try queue.sync { cl in try cl.commandEvent {} }
        #expect(marker.label == "marker")
    }

    @Test("a completion handler runs once the command has ended, also when it already had; the event is let go afterwards",
          arguments: TestDevices.all)
    func completionHandler(device: Device) throws {
        let queue = try makeQueue(device)
        let program = try queue.context.program(source: Self.stages, name: "stages.cl")
        let count = 1 << 16
        let data = try Buffer(copying: ramp(count), context: queue.context)
        let calls = Locked<[String]>([])
        let ended = DispatchSemaphore(value: 0)
        weak var dropped: CommandEvent?
        do {
            let (event, _) = try queue.submit { cl in
                try cl.commandEvent { try cl.launch(program.kernel(named: "produce"), NDRange(count), data) }
            }
            dropped = event
            try event.onCompletion { error in
                calls.withLock { $0.append(error.map { "\($0)" } ?? "completed") }
                ended.signal()
            }
        }
        #expect(ended.wait(timeout: .now() + 30) == .success, "the handler ran")
        // Registered after the command ended: still called, once.
        let done = try queue.sync { cl in try cl.commandEvent { try cl.launch(program.kernel(named: "produce"), NDRange(count), data) } }
        try done.onCompletion { error in
            calls.withLock { $0.append(error.map { "\($0)" } ?? "completed") }
            ended.signal()
        }
        #expect(ended.wait(timeout: .now() + 30) == .success)
        #expect(calls.withLock { $0 } == ["completed", "completed"])
        // The first event was dropped by the test before it ended: once the handler has run, nothing holds it.
        let deadline = ContinuousClock.now + .seconds(60)  // a bound against hanging, not a timing: the loop ends once released
        while dropped != nil, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
        #expect(dropped == nil)
    }

    @Test("Listing 8-3 on the device: queue B waits for queue A's kernel with no thread blocked in between",
          arguments: TestDevices.all)
    func crossQueueDependency(device: Device) throws {
        let context = try Context.shared(for: device)
        let producer = try ComputeQueue(device: device, context: context)
        let consumer = try ComputeQueue(device: device, context: context)
        let program = try context.program(source: Self.stages, name: "stages.cl")
        let count = 1 << 16
        let data = try Buffer(copying: ramp(count), context: context)
        let out = try Buffer<Float>(count: count, context: context)
        let (produced, completion) = try producer.submit { cl in
            try cl.commandEvent { try cl.launch(program.kernel(named: "produce"), NDRange(count), data) }
        }
        let (consumed, result) = try consumer.sync { cl in
            try cl.wait(for: [produced])
            let consumed = try cl.commandEvent { try cl.launch(program.kernel(named: "consume"), NDRange(count), data, out) }
            return (consumed, try cl.read(out))
        }
        try completion.wait()
        var expected = ramp(count)
        for i in expected.indices { for _ in 0..<200 { expected[i] = expected[i] * 0.5 + Float(i) } }
        #expect(result == expected.map { $0 + 1 })
        #expect(try consumed.times.started >= produced.times.ended, "the consumer started after the producer ended")
    }

    @Test("a non-blocking write reads what was passed even if the caller's array changes meanwhile", arguments: TestDevices.all)
    func nonBlockingWrite(device: Device) throws {
        let queue = try makeQueue(device)
        let count = 1 << 18
        let buffer = try Buffer<Float>(count: count, context: queue.context)
        var host = ramp(count)
        let original = host
        let written = try queue.sync { cl in
            let event = try cl.enqueueWrite(buffer, from: host)
            for i in stride(from: 0, to: count, by: 97) { host[i] = -1 }  // copies on write: the device still reads `original`
            try event.wait()
            return try cl.read(buffer)
        }
        #expect(written == original)
        #expect(host != original)
    }

    @Test("a non-blocking read is awaited after its closure returned", arguments: TestDevices.all)
    func nonBlockingRead(device: Device) async throws {
        let queue = try makeQueue(device)
        let buffer = try Buffer(copying: ramp(1000), context: queue.context)
        let pending = try await queue.run { cl in try cl.enqueueRead(buffer, range: 3..<1000) }
        #expect(try await pending.value == Array(ramp(1000)[3...]))
    }

    @Test("a non-blocking read can be waited for; an empty one is refused", arguments: TestDevices.all)
    func nonBlockingReadWait(device: Device) throws {
        let queue = try makeQueue(device)
        let buffer = try Buffer(copying: ramp(1000), context: queue.context)
        let pending = try queue.sync { cl in try cl.enqueueRead(buffer) }
        #expect(try pending.wait() == ramp(1000))
        #expect(throws: SwiftCLError.invalidCount(operation: "enqueueRead", count: 0, minimum: 1)) {
            try queue.sync { cl in _ = try cl.enqueueRead(buffer, range: 5..<5) }
        }
    }

    @Test("async measure gives each command's times", arguments: TestDevices.all)
    func asyncMeasure(device: Device) async throws {
        let queue = try makeQueue(device)
        let square = try SquareCL.Square(context: queue.context)
        let input = try Buffer<Float>(count: 1 << 16, context: queue.context)
        let output = try Buffer<Float>(count: 1 << 16, context: queue.context)
        let timing = try await queue.measure { cl in
            try cl.write(input, from: ramp(1 << 16))
            try square(cl, NDRange(1 << 16), input: input, output: output)
            return try cl.read(output).count
        }
        #expect(timing.value == 1 << 16)
        #expect(timing.commands.map(\.label) == ["write", "launch square", "read"])
        #expect(timing.deviceTime >= timing.commands[1].times.duration)
        #expect(timing.hostTime > .zero)
    }

    @Test("an out-of-order queue runs independent launches, orders dependent ones with events", arguments: TestDevices.all)
    func outOfOrderQueue(device: Device) throws {
        let queue = try ComputeQueue(device: device, outOfOrder: true)
        #expect(queue.isOutOfOrder)
        let program = try queue.context.program(source: Self.stages, name: "stages.cl")
        let count = 4096
        let data = try Buffer(copying: ramp(count), context: queue.context)
        let out = try Buffer<Float>(count: count, context: queue.context)
        let result = try queue.sync { cl in
            let produced = try cl.commandEvent { try cl.launch(program.kernel(named: "produce"), NDRange(count), data) }
            try cl.wait(for: [produced])
            try cl.launch(program.kernel(named: "consume"), NDRange(count), data, out)
            return try cl.read(out)  // a blocking read sees every earlier command
        }
        var expected = ramp(count)
        for i in expected.indices { for _ in 0..<200 { expected[i] = expected[i] * 0.5 + Float(i) } }
        #expect(result == expected.map { $0 + 1 })
    }

    @Test("waiting for an event of another context is refused", arguments: TestDevices.all)
    func foreignEvent(device: Device) throws {
        let queue = try makeQueue(device)
        let other = try ComputeQueue(device: device, context: Context(devices: [device]))
        let foreign = try other.sync { cl in try cl.marker() }
        let error = thrownError { try queue.sync { cl in try cl.wait(for: [foreign]) } }
        guard (error as? SwiftCLError)?.code == .contextMismatch else {
            Issue.record("expected contextMismatch, got \(String(describing: error))")
            return
        }
    }
}
