import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

@Suite("DeviceArray operations inside a command recording")
struct ArrayRecordingTests {
    @Test("expressions, reductions on the device, prefix sums and sorts are recorded and replayed like the same calls made live",
          arguments: TestDevices.all, [RecordingEngine.commandBuffer, .oneByOne].flatMap { engine in [1, 7, 4099].map { (engine, $0) } })
    func recordedArrays(device: Device, recordingCase: (engine: RecordingEngine, count: Int)) throws {
        let (engine, count) = recordingCase
        guard engine == .oneByOne || device.commandBufferCapabilities != nil else { return }
        let queue = try makeQueue(device)
        let x = (0..<count).map { Float($0 % 13) * 0.5 }, y = (0..<count).map { Float($0 % 5) - 2 }
        let keys = (0..<count).map { UInt32(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 7) }
        let dx = try DeviceArray(x, on: queue), dy = try DeviceArray(y, on: queue)
        let dk = try DeviceArray(keys, on: queue)
        let sums = try DeviceArray<Float>(uninitializedShape: [count], on: queue)
        var total: DeviceArray<Float>?
        var sorted: DeviceArray<UInt32>?
        let recording = try queue.record(engine: engine) { _ in
            try dy.assign(2.5 * dx + dy)
            total = try dy.sumOnDevice()
            try dy.prefixSums(.inclusive, into: sums)
            sorted = try dk.sorted()
        }
        #expect(recording.engine == engine && !recording.commands.isEmpty)
        #expect(try dy.toArray() == y, "nothing ran while recording")
        var hostY = y
        for round in 1...3 {
            try queue.sync { cl in try cl.replay(recording) }
            hostY = zip(x, hostY).map { 2.5 * $0 + $1 }
            #expect(try dy.toArray() == hostY, "round \(round): the fused expression, exactly")
            let hostTotal = hostY.reduce(0, +)
            let deviceTotal = try #require(total).toArray()[0]
            #expect(abs(deviceTotal - hostTotal) <= 1e-4 * max(1, hostY.map(\.magnitude).reduce(0, +)), "round \(round): sum")
            var running: Float = 0
            let hostSums = hostY.map { running += $0; return running }
            let deviceSums = try sums.toArray()
            #expect(zip(deviceSums, hostSums).allSatisfy { abs($0 - $1) <= 1e-4 * max(1, abs($1)) * Float(count).squareRoot() },
                    "round \(round): prefix sums")
            #expect(try #require(sorted).toArray() == keys.sorted(), "round \(round): sort")
        }
    }

    @Test("an array an expression makes inside a recording cannot be read before the recording is replayed; after, it is right",
          arguments: TestDevices.all)
    func resultsBeforeReplay(device: Device) throws {
        let queue = try makeQueue(device)
        let x = try DeviceArray<Float>([1, 2, 3, 4, 5], on: queue)
        var made: DeviceArray<Float>?
        var total: DeviceArray<Float>?
        let recording = try queue.record(engine: .oneByOne) { _ in
            made = try (2 * x + 1).evaluated()
            total = try x.sumOnDevice()
        }
        let result = try #require(made), sum = try #require(total)
        for (name, read) in [("toArray", { _ = try result.toArray() }), ("sum's toArray", { _ = try sum.toArray() }),
                             ("sum", { _ = try result.sum() })] {
            #expect((thrownError(read) as? SwiftCLError)?.code == .undefinedBeforeReplay, "\(name)")
        }
        #expect(try x.toArray() == [1, 2, 3, 4, 5], "an array made before the recording reads as always")
        try queue.sync { cl in try cl.replay(recording) }
        #expect(try result.toArray() == [3, 5, 7, 9, 11])
        #expect(try sum.toArray() == [15])
    }

    @Test("an operation that waits for its result is refused inside a recording, naming the call", arguments: TestDevices.all)
    func refused(device: Device) throws {
        let queue = try makeQueue(device)
        let a = try DeviceArray<Float>([1, 2, 3], on: queue)
        for (name, body) in [("sync", { _ = try a.toArray() }), ("sync", { _ = try a.sum() }), ("sync", { try a.assign([4, 5, 6]) })]
            as [(String, () throws -> Void)] {
            let error = thrownError { _ = try queue.record { _ in try body() } } as? SwiftCLError
            #expect(error?.code == .notRecordable && error?.operation?.contains(name) == true, "\(String(describing: error))")
        }
        #expect(try a.toArray() == [1, 2, 3], "the queue is usable afterwards")
    }
}
