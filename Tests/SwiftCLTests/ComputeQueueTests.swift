import Dispatch
import SwiftCL
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

@Suite("Compute queues")
struct ComputeQueueTests {
    @Test("queues by type and by device report their device", arguments: TestDevices.all)
    func queueDevice(device: Device) throws {
        let queue = try ComputeQueue(device: device)
        #expect(queue.device == device)
        #expect(queue.context.contains(device))
        let byType = try ComputeQueue(device.type.intersection([.cpu, .gpu, .accelerator]))
        #expect(!byType.device.type.intersection(device.type).isEmpty)
        #expect(throws: SwiftCLError.self, "a device outside the given context") {
            let other = try #require(try Device.all.first { $0 != device } ?? device.partition(.equally(computeUnits: 1)).first)
            _ = try ComputeQueue(device: device, context: Context(devices: [other]))
        }
    }

    @Test("sync returns the closure's value after its commands completed; async calls back; run awaits", arguments: TestDevices.all)
    func threeWaysToSubmit(device: Device) async throws {
        let queue = try makeQueue(device)
        let square = try SquareCL.Square(context: queue.context)
        let input = ramp(4097)
        let inBuffer = try Buffer(copying: input, context: queue.context)
        let outBuffer = try Buffer<Float>(count: input.count, context: queue.context)
        let viaSync = try syncSquare(queue, square, inBuffer, outBuffer)
        #expect(viaSync == SquareCL.Square.reference(input))

        try await queue.run { cl in try cl.fill(outBuffer, with: 0) }
        await confirmation("async completion runs once") { completed in
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                queue.async({ cl in
                    try square(cl, NDRange(input.count), input: inBuffer, output: outBuffer)
                }, completion: { result in
                    if case .success = result { completed() }
                    continuation.resume()
                })
            }
        }
        let afterAsync = try await queue.run { cl in try cl.read(outBuffer) }
        #expect(afterAsync == SquareCL.Square.reference(input))
    }

    @Test("errors thrown in async and run closures reach the caller; the queue stays usable", arguments: TestDevices.all)
    func errorsPropagate(device: Device) async throws {
        let queue = try makeQueue(device)
        let buffer = try Buffer<Float>(count: 8, context: queue.context)
        await #expect(throws: SwiftCLError.self) {
            try await queue.run { cl in _ = try cl.read(buffer, range: 0..<9) }
        }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, any Error>, Never>) in
            queue.async({ cl in try cl.write(buffer, from: ramp(9)) }, completion: { continuation.resume(returning: $0) })
        }
        #expect(throws: SwiftCLError.self) { try result.get() }
        try await queue.run { cl in try cl.write(buffer, from: ramp(8)) }
        #expect(try await queue.run { cl in try cl.read(buffer) } == ramp(8))
    }

    /// `sync` is unavailable from async code; the async test reaches it through this plain function.
    private func syncSquare(_ queue: ComputeQueue, _ square: SquareCL.Square, _ input: Buffer<Float>, _ output: Buffer<Float>) throws -> [Float] {
        try queue.sync { cl in
            try square(cl, NDRange(input.count), input: input, output: output)
            return try cl.read(output)
        }
    }

    @Test("sync from inside the same queue throws instead of deadlocking; a used-up encoder throws", arguments: TestDevices.all)
    func misuse(device: Device) throws {
        let queue = try makeQueue(device)
        var escaped: ComputeEncoder?
        try queue.sync { cl in
            escaped = cl
            #expect(throws: SwiftCLError.reentrantSync(queue: queue.description)) {
                try queue.sync { _ in }
            }
        }
        let buffer = try Buffer<Float>(count: 4, context: queue.context)
        #expect(throws: SwiftCLError.encoderExpired) { try escaped?.fill(buffer, with: 1) }
        #expect(try queue.sync { cl in try cl.read(buffer, range: 0..<0) } == [])
    }

    @Test("measure reports device time from profiling events and host wall time", arguments: TestDevices.all)
    func measure(device: Device) throws {
        let queue = try makeQueue(device)
        let square = try SquareCL.Square(context: queue.context)
        let count = 1 << 20
        let input = try Buffer(copying: ramp(count), context: queue.context)
        let output = try Buffer<Float>(count: count, context: queue.context)
        let timing = try queue.measure { cl in
            for _ in 0..<4 { try square(cl, NDRange(count), input: input, output: output) }
            return try cl.read(output, range: 0..<4)
        }
        #expect(timing.value == SquareCL.Square.reference(Array(ramp(count)[0..<4])))
        #expect(timing.deviceTime > .zero)
        #expect(timing.hostTime > .zero)
        let empty = try queue.measure { _ in 7 }
        #expect(empty.value == 7 && empty.deviceTime == .zero)
    }
}
