import Dispatch
import SwiftCL
import GuideSamples
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

/// The guide's listings, ported and kept as tests.
@Suite("Guide samples")
struct GuideSampleTests {
    @Test("Listing 3-2: square 1024 values and validate every one")
    func listing3_2() throws {
        let queue = try SquareSample.preferredQueue()
        let outcome = try SquareSample.run(on: queue)
        #expect(outcome.count == 1024)
        #expect(outcome.mismatches == 0)
    }

    @Test("Listing 5-2: work-group info of the square kernel", arguments: TestDevices.all)
    func listing5_2(device: Device) throws {
        let queue = try makeQueue(device)
        let square = try SquareCL.Square(context: queue.context)
        let info = try queue.sync { cl in try square.kernel.workGroupInfo(on: cl.device) }
        #expect(info.maxWorkGroupSize >= 1)
        #expect(info.preferredWorkGroupSizeMultiple >= 1)
        #expect(info.localMemoryBytes >= 0)
        #expect(info.privateMemorySize >= 0)
    }

    @Test("Listing 6-1: buffers and a dispatch semaphore, 2048 values", arguments: TestDevices.all)
    func listing6_1(device: Device) throws {
        let queue = try makeQueue(device)
        let count = 2048
        let hostInput = (0..<count).map { Float($0) }
        let square = try SquareCL.Square(context: queue.context)
        let input = try Buffer(copying: hostInput, context: queue.context, access: .readOnly)
        let output = try Buffer<Float>(count: count, context: queue.context, access: .writeOnly)
        let semaphore = DispatchSemaphore(value: 0)
        let results = Locked<[Float]>([])
        queue.async({ cl in
            let local = try square.kernel.workGroupInfo(on: cl.device).maxWorkGroupSize
            try square(cl, NDRange(count, local: min(local, 256)), input: input, output: output)
            let values = try cl.read(output)
            results.withLock { $0 = values }
        }, completion: { _ in semaphore.signal() })
        semaphore.wait()
        #expect(results.withLock { $0 } == SquareCL.Square.reference(hostInput))
    }

    @Test("Listing 8-1: a dispatch group waits for two queues adding two halves with offsets", arguments: TestDevices.all)
    func listing8_1(device: Device) throws {
        let q0 = try makeQueue(device), q1 = try makeQueue(device)
        let n = 10_001
        let a = ramp(n), b = ramp(n, scale: -0.25)
        let add = try AddArraysCL.AddArrays(context: q0.context)
        let bufferA = try Buffer(copying: a, context: q0.context)
        let bufferB = try Buffer(copying: b, context: q0.context)
        let bufferC = try Buffer<Float>(count: n, context: q0.context)
        let group = DispatchGroup()
        let failures = Locked<[String]>([])
        for (queue, range) in [(q0, try NDRange(n / 2)), (q1, try NDRange(n - n / 2, offset: n / 2))] {
            group.enter()
            queue.async({ cl in try add(cl, range, a: bufferA, b: bufferB, c: bufferC) }, completion: { result in
                if case let .failure(error) = result { failures.withLock { $0.append("\(error)") } }
                group.leave()
            })
        }
        group.wait()
        #expect(failures.withLock { $0 } == [])
        #expect(try q0.sync { cl in try cl.read(bufferC) } == AddArraysCL.AddArrays.reference(a, b))
    }

    @Test("Listing 8-3: q1 waits for q0's group before its own half", arguments: TestDevices.all)
    func listing8_3(device: Device) throws {
        let q0 = try makeQueue(device), q1 = try makeQueue(device)
        let n = 4096
        let a = ramp(n), b = ramp(n, scale: 2)
        let add = try AddArraysCL.AddArrays(context: q0.context)
        let bufferA = try Buffer(copying: a, context: q0.context)
        let bufferB = try Buffer(copying: b, context: q0.context)
        let bufferC = try Buffer(copying: [Float](repeating: 0, count: n), context: q0.context)
        let group = DispatchGroup()
        let done = DispatchSemaphore(value: 0)
        let firstHalfSeenByQ1 = Locked<[Float]>([])
        group.enter()
        q0.async({ cl in try add(cl, NDRange(n / 2), a: bufferA, b: bufferB, c: bufferC) }, completion: { _ in group.leave() })
        q1.async({ cl in
            group.wait()
            let firstHalf = try cl.read(bufferC, range: 0..<(n / 2))
            firstHalfSeenByQ1.withLock { $0 = firstHalf }
            try add(cl, NDRange(n / 2, offset: n / 2), a: bufferA, b: bufferB, c: bufferC)
        }, completion: { _ in done.signal() })
        done.wait()
        let expected = AddArraysCL.AddArrays.reference(a, b)
        #expect(firstHalfSeenByQ1.withLock { $0 } == Array(expected[0..<(n / 2)]), "q0's half was complete when q1 ran")
        #expect(try q1.sync { cl in try cl.read(bufferC) } == expected)
    }

    @Test("Listing 8-2 without GL: the host waits on a semaphore the queue's block signals after the kernel", arguments: TestDevices.all)
    func listing8_2(device: Device) throws {
        let queue = try makeQueue(device)
        let bodies = 1000
        let positions = try Buffer(copying: ramp(bodies), context: queue.context)
        let next = try Buffer<Float>(count: bodies, context: queue.context)
        let square = try SquareCL.Square(context: queue.context)
        let semaphore = DispatchSemaphore(value: 0)
        var expected = ramp(bodies)
        for frame in 0..<3 {
            let (source, destination) = frame.isMultiple(of: 2) ? (positions, next) : (next, positions)
            queue.async({ cl in
                try square(cl, NDRange(bodies), input: source, output: destination)
                try cl.finish()
                semaphore.signal()
            }, completion: { result in
                if case .failure = result { semaphore.signal() }
            })
            semaphore.wait()
            expected = SquareCL.Square.reference(expected).map { $0 }
            let rendered = try queue.sync { cl in try cl.read(destination) }
            #expect(rendered == expected, "frame \(frame)")
        }
    }

    @Test("Listing 6-5: a 2048×2048 red image turns green, synchronised with a dispatch semaphore", arguments: TestDevices.all.filter(\.supportsImages))
    func listing6_5(device: Device) throws {
        let queue = try makeQueue(device)
        let outcome = try RedToGreenSample.run(on: queue)
        #expect(outcome.pixels == 2048 * 2048)
        #expect(outcome.mismatches == 0, "every pixel is 0xFF00FF00")
        #expect(RedToGreenCL.RedToGreen.reference(0xFF00_00FF) == 0xFF00_FF00)
    }
}
