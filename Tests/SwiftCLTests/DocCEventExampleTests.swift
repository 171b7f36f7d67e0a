import Foundation
import SwiftCL
import SwiftCLTestSupport
import Testing

/// The DocC article "Synchronizing with Dispatch" shows one event chain twice: from synchronous code and from async
/// code. Both are compiled and run here; the test checks the article shows exactly these texts.
func eventChainFromSyncCode(producer: ComputeQueue, consumer: ComputeQueue, produce: Kernel, consume: Kernel,
                            data: Buffer<Float>, out: Buffer<Float>, count: Int) throws -> [Float] {
    // DOCC-EVENTS-SYNC-BEGIN
    let (produced, _) = try producer.submit { cl in
        try cl.launch(produce, NDRange(count), data, waitingFor: [])     // returns the launch's event
    }
    let result = try consumer.sync { cl in
        try cl.launch(consume, NDRange(count), data, out, waitingFor: [produced])  // waits on the device
        return try cl.read(out)
    }
    // DOCC-EVENTS-SYNC-END
    return result
}

func eventChainFromAsyncCode(producer: ComputeQueue, consumer: ComputeQueue, produce: Kernel, consume: Kernel,
                             data: Buffer<Float>, out: Buffer<Float>, count: Int) async throws -> [Float] {
    // DOCC-EVENTS-ASYNC-BEGIN
    let (produced, _) = try await producer.submit { cl in       // the task suspends; no thread blocks
        try cl.launch(produce, NDRange(count), data, waitingFor: [])
    }
    let (consumed, _) = try await consumer.submit { cl in
        try cl.launch(consume, NDRange(count), data, out, waitingFor: [produced])
    }
    try await consumed.completed                                 // an OpenCL callback resumes the task
    print(consumed.status)                                       // .complete: reading a status needs no try
    let result = try await consumer.run { cl in try cl.read(out) }
    // DOCC-EVENTS-ASYNC-END
    return result
}

@Suite("DocC: the event chain example")
struct DocCEventExampleTests {
    @Test("the event chain runs from sync and from async code and is in the article verbatim", arguments: TestDevices.all)
    func example(device: Device) async throws {
        let context = try Context.shared(for: device)
        let producer = try ComputeQueue(device: device, context: context)
        let consumer = try ComputeQueue(device: device, context: context)
        let program = try context.program(source: EventTests.stages, name: "stages.cl")
        let produce = try program.kernel(named: "produce"), consume = try program.kernel(named: "consume")
        let count = 4099
        let expected = EventWaitListTests.produced(count).map { $0 + 1 }
        for run in 0..<2 {
            let data = try Buffer(copying: ramp(count), context: context)
            let out = try Buffer<Float>(count: count, context: context)
            let result = run == 0
                ? try await Task.detached {
                    try eventChainFromSyncCode(producer: producer, consumer: consumer, produce: produce, consume: consume,
                                               data: data, out: out, count: count)
                }.value
                : try await eventChainFromAsyncCode(producer: producer, consumer: consumer, produce: produce, consume: consume,
                                                    data: data, out: out, count: count)
            #expect(result == expected, "run \(run)")
        }
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(contentsOf: root.appendingPathComponent("Sources/SwiftCL/SwiftCL.docc/SynchronizingWithDispatch.md"),
                                 encoding: .utf8)
        let lines = try String(contentsOf: here, encoding: .utf8).components(separatedBy: "\n")
        for marker in ["SYNC", "ASYNC"] {
            let begin = try #require(lines.firstIndex { $0.contains("// DOCC-EVENTS-\(marker)-" + "BEGIN") })
            let end = try #require(lines.firstIndex { $0.contains("// DOCC-EVENTS-\(marker)-" + "END") })
            let snippet = lines[(begin + 1)..<end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }.joined(separator: "\n")
            #expect(article.contains(snippet), "SynchronizingWithDispatch.md must contain the \(marker) example verbatim")
        }
    }
}
