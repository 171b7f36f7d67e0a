import Dispatch
import SwiftCL
import SwiftCLTestSupport
import Testing

/// A queue's closures run one at a time, each after every closure submitted before it — whether a `sync` closure runs
/// on the caller's thread (nothing pending) or after pending asynchronous ones.
@Suite("Queue closures: one at a time, in submission order")
struct SerialExecutionTests {
    @Test("a sync right after an async from the same thread sees the async closure's command", arguments: TestDevices.all)
    func syncAfterAsync(device: Device) throws {
        let queue = try makeQueue(device)
        let buffer = try Buffer<Int32>(count: 1, context: queue.context)
        for round in 0..<200 {
            let value = Int32(round)
            queue.async({ cl in try cl.fill(buffer, with: value) }, completion: { _ in })
            #expect(try queue.sync { cl in try cl.read(buffer) } == [value], "round \(round)")
        }
    }

    @Test("closures from many threads, sync and async mixed, never overlap and all run", arguments: TestDevices.all)
    func neverOverlap(device: Device) throws {
        let queue = try makeQueue(device)
        let state = Locked((inside: 0, most: 0, ran: 0))
        @Sendable func body(_ cl: ComputeEncoder) {
            state.withLock { $0.inside += 1; $0.most = max($0.most, $0.inside) }
            _ = try? cl.marker()
            state.withLock { $0.inside -= 1; $0.ran += 1 }
        }
        let group = DispatchGroup()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<50 {
                if (thread + step).isMultiple(of: 3) {
                    group.enter()
                    queue.async({ cl in body(cl) }, completion: { _ in group.leave() })
                } else {
                    _ = try? queue.sync { cl in body(cl) }
                }
            }
        }
        group.wait()
        let final = state.withLock { $0 }
        #expect(final.most == 1, "two closures overlapped")
        #expect(final.ran == 8 * 50)
    }
}
