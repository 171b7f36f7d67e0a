import Dispatch
import Foundation
import SwiftCL
import SwiftCLTestSupport
import Testing

/// An element whose size (9 bytes) is less than its stride (12): fills must place each copy a stride apart.
struct PaddedTriple: BitwiseCopyable, Equatable {
    var a: Int32
    var b: Int32
    var c: Int8
}

/// Every device with each engine a recording can use there (one by one everywhere; the command buffer where the
/// device has `cl_khr_command_buffer`).
let recordingCases: [(Device, RecordingEngine)] = TestDevices.all.flatMap { device in
    (device.commandBufferCapabilities == nil ? [RecordingEngine.oneByOne] : [.commandBuffer, .oneByOne]).map { (device, $0) }
}

@Suite("Command recordings: launches, copies and fills recorded once and replayed")
struct CommandRecordingTests {
    static let kernels = """
    kernel void advance(global float *a, global const float *b, float k) { size_t i = get_global_id(0); a[i] = a[i] * k + b[i]; }
    kernel void increment(global int *a) { a[get_global_id(0)] += 1; }
    kernel void slow_set(global float *x, float v, uint spins)
    {
        // Busy work first, so a command that does not wait for this one would see x unchanged.
        float acc = 0.0f;
        for (uint s = 0; s < spins; s++) acc = acc * 0.5f + (float)s;
        x[get_global_id(0)] = v + (acc < 0.0f ? 1.0f : 0.0f);
    }
    """

    static func program(_ queue: ComputeQueue) throws -> Program {
        try queue.context.program(source: kernels, name: "command-recording-tests.cl")
    }

    /// The commands both sides of the comparison run: a fill, launches of one kernel with different arguments (a
    /// recording keeps each launch's own), a copy and a rectangle copy.
    static func commands(_ cl: ComputeEncoder, _ step: Kernel, a: Buffer<Float>, b: Buffer<Float>, c: Buffer<Float>) throws {
        let n = a.count
        try cl.fill(c, with: 0.25, range: 0..<(n / 2))
        try cl.launch(step, NDRange(n), a, b, Float(0.5))
        try cl.launch(step, NDRange(n), b, a, Float(-1.5))
        try cl.copy(from: a, to: c, count: (n + 1) / 2)
        try cl.launch(step, NDRange(n), c, b, Float(2))
        try cl.copyRect(from: c, RectLayout(rowPitch: 1), to: a, RectLayout(rowPitch: 1), extent: Extent3D(width: 1, height: n))
    }

    @Test("the device's cl_khr_command_buffer is detected, and a recording picks the command buffer where it exists",
          arguments: TestDevices.all)
    func detection(device: Device) throws {
        if device.platform.name.contains("Portable") {
            // PoCL 3.1 reports printf, simultaneous use and out-of-order command buffers (0xd).
            #expect(device.commandBufferCapabilities?.isSuperset(of: [.simultaneousUse, .outOfOrder]) == true,
                    "\(String(describing: device.commandBufferCapabilities))")
        }
        #expect((device.commandBufferCapabilities != nil) == device.extensions.contains("cl_khr_command_buffer"))
        let queue = try makeQueue(device)
        let recording = try queue.record { _ in }
        if device.commandBufferCapabilities != nil {
            #expect(recording.engine == .commandBuffer && recording.fallbackReason == nil)
            #expect(recording.withUnsafeHandle { $0 != nil })
        } else {
            #expect(recording.engine == .oneByOne && recording.fallbackReason?.contains("cl_khr_command_buffer") == true)
        }
        #expect(try queue.record(engine: .oneByOne) { _ in }.withUnsafeHandle { $0 == nil })
        // An empty recording replays, and its event completes.
        let event = try queue.sync { cl in try cl.replay(recording, waitingFor: []) }
        try event.wait()
    }

    @Test("a replayed batch equals the same commands enqueued one by one (sizes 1, odd, large; three replays)",
          arguments: recordingCases.flatMap { device, engine in [1, 7, 65_537].map { (device, engine, $0) } })
    func replayEqualsDirect(device: Device, engine: RecordingEngine, count: Int) throws {
        let queue = try makeQueue(device)
        let step = try Self.program(queue).kernel(named: "advance")
        let start = ramp(count, scale: 0.125)
        let other = start.map { 1 - $0 }
        func buffers() throws -> (Buffer<Float>, Buffer<Float>, Buffer<Float>) {
            (try Buffer(copying: start, context: queue.context), try Buffer(copying: other, context: queue.context),
             try Buffer(copying: [Float](repeating: 3, count: count), context: queue.context))
        }
        let (a, b, c) = try buffers()
        let (x, y, z) = try buffers()
        let recording = try queue.record(engine: engine) { cl in try Self.commands(cl, step, a: a, b: b, c: c) }
        #expect(recording.engine == engine)
        // An empty fill range (count 1) records nothing.
        #expect(recording.commands == (count / 2 > 0 ? ["fill"] : []) + ["launch advance", "launch advance", "copy", "launch advance", "copyRect"])
        // Nothing ran while recording.
        let untouched = try queue.sync { cl in try cl.read(a) } == start
        #expect(untouched)
        let (replayed, direct) = try queue.sync { cl in
            for _ in 0..<3 { try cl.replay(recording) }
            for _ in 0..<3 { try Self.commands(cl, step, a: x, b: y, c: z) }
            return ([try cl.read(a), try cl.read(b), try cl.read(c)], [try cl.read(x), try cl.read(y), try cl.read(z)])
        }
        let equal = replayed == direct
        #expect(equal, "the same kernels on the same device: equal bit for bit")
        // Against the host: the commands of one round, three times.
        var (ha, hb, hc) = (start, other, [Float](repeating: 3, count: count))
        for _ in 0..<3 {
            for i in 0..<(count / 2) { hc[i] = 0.25 }
            for i in 0..<count { ha[i] = ha[i] * 0.5 + hb[i] }
            for i in 0..<count { hb[i] = hb[i] * -1.5 + ha[i] }
            for i in 0..<((count + 1) / 2) { hc[i] = ha[i] }
            for i in 0..<count { hc[i] = hc[i] * 2 + hb[i] }
            ha = hc
        }
        for (device, host) in zip(replayed, [ha, hb, hc]) {
            #expect(zip(device, host).allSatisfy { abs($0 - $1) <= 1e-4 * max(1, abs($1)) }, "within float rounding")
        }
    }

    @Test("a replay waits for an event of another queue, and hands back its own event", arguments: recordingCases)
    func waitListsAcrossQueues(device: Device, engine: RecordingEngine) throws {
        let first = try makeQueue(device)
        let second = try ComputeQueue(device: device, context: first.context)
        let program = try Self.program(first)
        let slowSet = try program.kernel(named: "slow_set")
        let x = try Buffer(copying: [Float](repeating: 0, count: 64), context: first.context)
        let y = try Buffer(copying: [Float](repeating: -1, count: 64), context: first.context)
        let recording = try first.record(engine: engine) { cl in try cl.copy(from: x, to: y) }
        for round in 1...3 {
            // The second queue sets x after busy work; the replay on the first copies x to y only after that.
            let (_, written) = try second.submit { cl in try cl.launch(slowSet, NDRange(64), x, Float(round), UInt32(200_000)) }
            let replayed = try first.sync { cl in try cl.replay(recording, waitingFor: [written]) }
            try replayed.wait()
            #expect(try first.sync { cl in try cl.read(y) } == [Float](repeating: Float(round), count: 64))
        }
    }

    @Test("commands that a recording cannot hold are refused by name, nothing is recorded, and the queue stays usable",
          arguments: recordingCases)
    func refusals(device: Device, engine: RecordingEngine) throws {
        let queue = try makeQueue(device)
        let step = try Self.program(queue).kernel(named: "advance")
        let a = try Buffer(copying: ramp(8), context: queue.context)
        let refused: [(String, (ComputeEncoder) throws -> Void)] = [
            ("read", { cl in _ = try cl.read(a) }),
            ("write", { cl in try cl.write(a, from: ramp(8)) }),
            ("map", { cl in try cl.withMapped(a) { _ in } }),
            ("marker", { cl in _ = try cl.marker() }),
            ("image read", { cl in _ = try cl.read(try Image(format: .rFloat, width: 2, height: 2, context: queue.context), as: Float.self) }),
            ("commandEvent", { cl in _ = try cl.commandEvent { try cl.launch(step, NDRange(8), a, a, Float(1)) } }),
            ("waiting", { cl in try cl.waiting(for: []) { } }),
            ("finish", { cl in try cl.finish() }),
            ("withUnsafeQueueHandle", { cl in try cl.withUnsafeQueueHandle { _ in } }),
            ("sync", { _ in try queue.sync { _ in } }),
            ("submit", { _ in _ = try queue.submit { _ in } }),
            ("replay", { cl in try cl.replay(try queue.record { _ in }) }),
        ]
        for (name, body) in refused {
            let error = thrownError { _ = try queue.record(engine: engine) { cl in
                try cl.launch(step, NDRange(8), a, a, Float(2))
                try body(cl)
            } } as? SwiftCLError
            #expect(error?.code == .notRecordable && error?.operation?.contains(name) == true,
                    "\(name): \(String(describing: error?.operation)) \(String(describing: error?.code))")
            #expect(error?.description.contains("cannot be recorded") == true)
        }
        // A launch refused while recording is the launch's own refusal.
        let wrong = thrownError { _ = try queue.record(engine: engine) { cl in try cl.launch(step, NDRange(8), a, a) } } as? SwiftCLError
        #expect(wrong?.code == .argumentCount)
        // Nothing ran, and the queue works as before.
        #expect(try queue.sync { cl in try cl.read(a) } == ramp(8))
        // A recording replays only on its own queue.
        let recording = try queue.record(engine: engine) { cl in try cl.launch(step, NDRange(8), a, a, Float(2)) }
        let elsewhere = try ComputeQueue(device: device, context: queue.context)
        let mismatch = thrownError { try elsewhere.sync { cl in try cl.replay(recording) } } as? SwiftCLError
        #expect(mismatch?.code == .recordingQueueMismatch && mismatch?.description.contains("record it again") == true)
        try queue.sync { cl in try cl.replay(recording) }
        #expect(try queue.sync { cl in try cl.read(a) } == ramp(8).map { $0 * 2 + $0 })
    }

    @Test("a command buffer is refused with the reason when asked for where it cannot be had")
    func commandBufferRefusals() throws {
        #expect(ComputeQueue.commandBufferRefusal(capabilities: nil, outOfOrder: false, requiredQueueProperties: 0, queueProperties: 2)?
            .contains("does not report cl_khr_command_buffer") == true)
        #expect(ComputeQueue.commandBufferRefusal(capabilities: [.simultaneousUse], outOfOrder: true, requiredQueueProperties: 0,
                                                  queueProperties: 3)?.contains("out of order") == true)
        #expect(ComputeQueue.commandBufferRefusal(capabilities: [], outOfOrder: false, requiredQueueProperties: 2, queueProperties: 0)?
            .contains("0x2") == true)
        #expect(ComputeQueue.commandBufferRefusal(capabilities: [.outOfOrder], outOfOrder: true, requiredQueueProperties: 2,
                                                  queueProperties: 3) == nil)
        for device in TestDevices.all where device.commandBufferCapabilities == nil {
            let error = thrownError { _ = try makeQueue(device).record(engine: .commandBuffer) { _ in } } as? SwiftCLError
            #expect(error?.code == .commandBufferUnsupported && error?.device == device.name)
        }
    }

    @Test("out-of-order queues replay a recording in its order", arguments: recordingCases)
    func outOfOrder(device: Device, engine: RecordingEngine) throws {
        let queue: ComputeQueue
        do { queue = try ComputeQueue(device: device, outOfOrder: true) } catch let error as SwiftCLError where error.code == .outOfOrderUnsupported {
            return
        }
        let increment = try Self.program(queue).kernel(named: "increment")
        let a = try Buffer(copying: [Int32](repeating: 0, count: 33), context: queue.context)
        let b = try Buffer(copying: [Int32](repeating: 0, count: 33), context: queue.context)
        let recording = try queue.record(engine: engine) { cl in
            try cl.fill(a, with: 10)
            for _ in 0..<20 { try cl.launch(increment, NDRange(33), a) }
            try cl.copy(from: a, to: b)
            try cl.launch(increment, NDRange(33), b)
        }
        let replayed = try queue.sync { cl in try cl.replay(recording, waitingFor: []) }
        try replayed.wait()
        #expect(try queue.sync { cl in try cl.read(b) } == [Int32](repeating: 31, count: 33))
    }

    @Test("replays may follow each other where the device does not allow simultaneous use (the host waits)",
          arguments: TestDevices.all.filter { $0.commandBufferCapabilities != nil })
    func withoutSimultaneousUse(device: Device) throws {
        let queue = try makeQueue(device)
        let increment = try Self.program(queue).kernel(named: "increment")
        let a = try Buffer(copying: [Int32](repeating: 0, count: 1000), context: queue.context)
        let recording = try queue.record(engine: .commandBuffer, simultaneousUse: false) { cl in
            for _ in 0..<10 { try cl.launch(increment, NDRange(1000), a) }
        }
        try queue.sync { cl in for _ in 0..<25 { try cl.replay(recording) } }
        #expect(try queue.sync { cl in try cl.read(a) } == [Int32](repeating: 250, count: 1000))
    }

    @Test("measured replays are timed: one command for a command buffer, each command one by one", arguments: recordingCases)
    func measured(device: Device, engine: RecordingEngine) throws {
        let queue = try makeQueue(device)
        let increment = try Self.program(queue).kernel(named: "increment")
        let a = try Buffer(copying: [Int32](repeating: 0, count: 256), context: queue.context)
        let recording = try queue.record(engine: engine) { cl in
            try cl.launch(increment, NDRange(256), a)
            try cl.fill(a, with: 4, range: 0..<128)
        }
        let timing = try queue.measure { cl in try cl.replay(recording) }
        let labels = timing.commands.map(\.label)
        #expect(labels == (engine == .commandBuffer ? ["replay of 2 commands"] : ["launch increment", "fill"]), "\(labels)")
        #expect(timing.deviceTime >= .zero)
        #expect(try queue.sync { cl in try cl.read(a) } == [Int32](repeating: 4, count: 128) + [Int32](repeating: 1, count: 128))
    }

    @Test("a recording keeps what its commands use alive, and a replay keeps the recording alive until it completes",
          arguments: recordingCases)
    func lifetimes(device: Device, engine: RecordingEngine) throws {
        let queue = try makeQueue(device)
        let increment = try Self.program(queue).kernel(named: "increment")
        weak var weakBuffer: Buffer<Int32>?
        weak var weakRecording: CommandRecording?
        var completion: CommandEvent?
        do {
            let buffer = try Buffer(copying: [Int32](repeating: 0, count: 4096), context: queue.context)
            weakBuffer = buffer
            let recording = try queue.record(engine: engine) { cl in for _ in 0..<50 { try cl.launch(increment, NDRange(4096), buffer) } }
            weakRecording = recording
            completion = try queue.submit { cl in try cl.replay(recording) }.completion
        }
        // Only the queued replay holds the recording, and only the recording the buffer.
        try #require(completion).wait()
        let deadline = Date().addingTimeInterval(10)
        // The recording is released on the thread that ran the completion callback, and its stored objects just after
        // its weak references clear: wait for both.
        while weakRecording != nil || weakBuffer != nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(weakRecording == nil && weakBuffer == nil, "released once the replay completed")
        // A kept recording keeps its buffer.
        let buffer = try Buffer(copying: [Int32](repeating: 0, count: 16), context: queue.context)
        weak let kept: Buffer<Int32>? = buffer
        let recording = try withExtendedLifetime(buffer) { try queue.record(engine: engine) { cl in try cl.launch(increment, NDRange(16), buffer) } }
        #expect(kept != nil)
        try queue.sync { cl in try cl.replay(recording); try cl.replay(recording) }
        let keptBuffer = try #require(kept)
        #expect(try queue.sync { cl in try cl.read(keptBuffer) } == [Int32](repeating: 2, count: 16))
    }

    @Test("replays from several threads onto one queue, beside direct launches of the same kernel on another queue",
          arguments: recordingCases)
    func concurrentReplays(device: Device, engine: RecordingEngine) throws {
        let queue = try makeQueue(device)
        let other = try ComputeQueue(device: device, context: queue.context)
        let increment = try Self.program(queue).kernel(named: "increment")
        let a = try Buffer(copying: [Int32](repeating: 0, count: 100), context: queue.context)
        let b = try Buffer(copying: [Int32](repeating: 0, count: 100), context: queue.context)
        let recording = try queue.record(engine: engine) { cl in for _ in 0..<5 { try cl.launch(increment, NDRange(100), a) } }
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            if index % 2 == 0 {
                try? queue.sync { cl in try cl.replay(recording) }
            } else {
                try? other.sync { cl in for _ in 0..<5 { try cl.launch(increment, NDRange(100), b) } }
            }
        }
        #expect(try queue.sync { cl in try cl.read(a) } == [Int32](repeating: 20, count: 100))
        #expect(try other.sync { cl in try cl.read(b) } == [Int32](repeating: 20, count: 100))
    }

    @Test("image fills, image↔image and image↔buffer copies and barriers, recorded, equal the same commands enqueued directly (1×1 and odd sizes)",
          arguments: recordingCases.filter { $0.0.supportsImages })
    func imageCommands(device: Device, engine: RecordingEngine) throws {
        let queue = try makeQueue(device)
        let step = try Self.program(queue).kernel(named: "advance")
        for (width, height) in [(1, 1), (5, 3), (67, 33)] {
            let n = width * height
            let inner = Extent3D(width: max(1, width - 2), height: max(1, height - 1))
            let corner = Origin3D(x: min(1, width - 1), y: min(1, height - 1))
            let objects = {
                (try Image(format: .rFloat, width: width, height: height, copying: [Float](repeating: -1, count: n), context: queue.context),
                 try Image(format: .rFloat, width: width, height: height, context: queue.context),
                 try Buffer(copying: ramp(n), context: queue.context), try Buffer(copying: [Float](repeating: 0, count: n + 3), context: queue.context))
            }
            // A fill of an image's inner region, a buffer into a second image, the first image's region over the second,
            // a barrier, the second image into a buffer from element 3, then a launch on that buffer.
            func commands(_ cl: ComputeEncoder, _ objects: (Image, Image, Buffer<Float>, Buffer<Float>)) throws {
                let (a, b, source, target) = objects
                try cl.fill(a, with: .float(SIMD4(2.5, 0, 0, 1)), origin: corner, extent: inner)
                try cl.copy(from: source, to: b)
                try cl.copy(from: a, origin: corner, to: b, origin: .zero, extent: inner)
                try cl.barrier()
                try cl.copy(from: b, to: target, at: 3)
                try cl.launch(step, NDRange(n), target, source, Float(2))
            }
            // The host's model of one run.
            var a = [Float](repeating: -1, count: n), b = ramp(n), target = [Float](repeating: 0, count: n + 3)
            for y in 0..<inner.height { for x in 0..<inner.width { a[(corner.y + y) * width + corner.x + x] = 2.5 } }
            for y in 0..<inner.height { for x in 0..<inner.width { b[y * width + x] = a[(corner.y + y) * width + corner.x + x] } }
            for i in 0..<n { target[3 + i] = b[i] }
            for i in 0..<n { target[i] = target[i] * 2 + ramp(n)[i] }
            let direct = try objects(), recorded = try objects()
            let recording = try queue.record(engine: engine) { cl in try commands(cl, recorded) }
            #expect(recording.commands == ["fill image", "copy buffer to image", "copy image", "barrier", "copy image to buffer", "launch advance"])
            #expect(try queue.sync { cl in try cl.read(recorded.3) } == [Float](repeating: 0, count: n + 3), "nothing ran while recording")
            for run in 1...2 {
                try queue.sync { cl in try commands(cl, direct) }
                try queue.sync { cl in try cl.replay(recording) }
                let (expected, replayed) = (try queue.sync { cl in try cl.read(direct.3) }, try queue.sync { cl in try cl.read(recorded.3) })
                #expect(replayed == expected, "\(width)×\(height), run \(run)")
                if run == 1 { #expect(expected == target, "\(width)×\(height): the host's model") }
                let (directImage, replayedImage) = (try queue.sync { cl in try cl.read(direct.1, as: Float.self) },
                                                    try queue.sync { cl in try cl.read(recorded.1, as: Float.self) })
                #expect(replayedImage == directImage && directImage == b, "\(width)×\(height), run \(run)")
            }
        }
    }

    @Test("a fill places each value a stride apart when the element has padding, live and recorded", arguments: recordingCases)
    func paddedFill(device: Device, engine: RecordingEngine) throws {
        let queue = try makeQueue(device)
        let value = PaddedTriple(a: -7, b: 123_456, c: 9)
        let zero = PaddedTriple(a: 0, b: 0, c: 0)
        let live = try Buffer(copying: [PaddedTriple](repeating: zero, count: 11), context: queue.context)
        let recorded = try Buffer(copying: [PaddedTriple](repeating: zero, count: 11), context: queue.context)
        try queue.sync { cl in try cl.fill(live, with: value, range: 2..<9) }
        let recording = try queue.record(engine: engine) { cl in try cl.fill(recorded, with: value, range: 2..<9) }
        try queue.sync { cl in try cl.replay(recording) }
        let expected = [PaddedTriple](repeating: zero, count: 2) + [PaddedTriple](repeating: value, count: 7)
            + [PaddedTriple](repeating: zero, count: 2)
        #expect(try queue.sync { cl in try cl.read(live) } == expected)
        #expect(try queue.sync { cl in try cl.read(recorded) } == expected)
    }

    @Test("the DocC article's example: a fill and 100 launches, recorded once and replayed twice", arguments: TestDevices.all)
    func articleExample(device: Device) throws {
        let queue = try makeQueue(device)
        let increment = try Self.program(queue).kernel(named: "increment")
        let counts = try Buffer<Int32>(count: 37, context: queue.context)
        let recording = try queue.record { cl in
            try cl.fill(counts, with: 0)
            for _ in 0..<100 { try cl.launch(increment, NDRange(counts.count), counts) }
        }
        let counted = try queue.sync { cl in
            try cl.replay(recording)
            try cl.replay(recording)
            return try cl.read(counts)
        }
        // counted: every element 100 (each replay fills, then adds 1 a hundred times)
        #expect(counted == [Int32](repeating: 100, count: 37))
        #expect(recording.commands.count == 101)
    }
}
