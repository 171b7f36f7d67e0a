import Dispatch
import SwiftCL
import SwiftCLTestSupport
import Testing

/// Issue 40: completion handlers are user code, and never run where SwiftCL counts the thread as inside a queue.
/// PoCL calls an event callback inline when the event has already completed; before the fix, a `queue.sync` in an
/// `async` completion then threw `reentrantSync` (or could deadlock on the queue's lock).
@Suite("Completion handlers run outside every queue")
struct CallbackThreadTests {
    @Test("queue.sync inside an async completion handler always works, however soon the commands complete",
          arguments: TestDevices.all)
    func syncInsideAsyncCompletion(device: Device) throws {
        let queue = try makeQueue(device)
        let buffer = try Buffer<Int32>(count: 4, context: queue.context)
        let failures = Locked<[String]>([])
        let rounds = 300
        let done = DispatchSemaphore(value: 0)
        for round in 0..<rounds {
            // An empty closure: its marker has often completed before the callback is registered.
            queue.async({ cl in if round % 2 == 1 { try cl.fill(buffer, with: Int32(round)) } }, completion: { result in
                do {
                    try result.get()
                    _ = try queue.sync { cl in try cl.read(buffer) }
                } catch {
                    failures.withLock { $0.append("round \(round): \(error)") }
                }
                done.signal()
            })
        }
        for _ in 0..<rounds { #expect(done.wait(timeout: .now() + 60) == .success) }
        #expect(failures.withLock { $0 } == [])
    }

    @Test("onCompletion registered inside a queue closure for an ended command: the handler may use the queue",
          arguments: TestDevices.all)
    func onCompletionInsideClosure(device: Device) throws {
        let queue = try makeQueue(device)
        let other = try ComputeQueue(device: device, context: queue.context)
        let buffer = try Buffer<Int32>(count: 4, context: queue.context)
        let (_, ended) = try queue.submit { cl in try cl.fill(buffer, with: 7) }
        try ended.wait()
        let outcome = Locked<[Int32]?>(nil)
        let done = DispatchSemaphore(value: 0)
        // Registered from inside another queue's closure and this queue's: inline there, the handler used to be
        // counted as inside both.
        try other.sync { _ in
            try queue.sync { _ in
                try ended.onCompletion { _ in
                    outcome.withLock { $0 = try? queue.sync { cl in try cl.read(buffer) } }
                    done.signal()
                }
            }
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(outcome.withLock { $0 } == [7, 7, 7, 7])
    }
}
