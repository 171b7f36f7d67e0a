import ArgumentParser
import Foundation
import SwiftCL
import SwiftCLArrays
import SwiftCLMPI

/// `swiftcl-mpi selftest`: every collective and point-to-point operation, on host arrays and SwiftCL buffers, checked
/// against what each rank can compute alone; refusals; a rank that dies on request.
struct SelfTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "selftest", abstract: "Check SwiftCLMPI's operations on every rank.")

    @Option(help: "This rank kills itself (SIGKILL) halfway through, as a crash would (to test that the others end, not hang).")
    var dieRank: Int?

    func run() throws {
        try requireLaunchedByMPI()
        let world = try MPI.world()
        let (rank, size) = (world.rank, world.size)
        let counter = CheckCounter(world: world)
        let check = counter.check
        do {
            // Point to point: a ring, each rank sends its rank to the next.
            if size > 1 {
                let next = (rank + 1) % size, previous = (rank + size - 1) % size
                let received = try world.sendReceive([Int32(rank), Int32(rank * 10)], to: next, receiving: 2, from: previous)
                check(received == [Int32(previous), Int32(previous * 10)], "ring sendReceive got \(received)")
                if rank == 0 { try world.send([Double](repeating: 1.5, count: 7), to: 1, tag: 5) }
                if rank == 1 { check(try world.receive(Double.self, count: 7, from: 0, tag: 5) == [Double](repeating: 1.5, count: 7), "send/receive") }
            }
            // Collectives on host arrays.
            let values = (0..<5).map { Float(rank * 5 + $0) }
            let sum = try world.allReduce(values, .sum)
            check(sum == (0..<5).map { i in Float((0..<size).reduce(0) { $0 + $1 * 5 + i }) }, "allReduce sum \(sum)")
            check(try world.allReduce([Int64(rank)], .maximum) == [Int64(size - 1)], "allReduce max")
            check(try world.allReduce([UInt8(rank + 1)], .minimum) == [1], "allReduce min")
            check(try world.broadcast(rank == 0 ? [UInt32](arrayLiteral: 7, 8, 9) : [], root: 0) == [7, 8, 9], "broadcast")
            let mine = [Int16](repeating: Int16(rank), count: rank + 1)   // uneven counts
            let gathered = try world.gather(mine, root: size - 1)
            let expected = (0..<size).flatMap { [Int16](repeating: Int16($0), count: $0 + 1) }
            check(rank == size - 1 ? gathered == expected : gathered == nil, "gather \(String(describing: gathered))")
            check(try world.allGather(mine) == expected, "allGather")
            let chunks: [[Int32]] = rank == 0 ? (0..<size).map { r in (r..<(r + 3)).map { Int32($0) } } : []
            let scattered = try world.scatter(chunks, root: 0)
            check(scattered == (rank..<(rank + 3)).map { Int32($0) }, "scatter \(scattered)")
            let toAll = try world.allToAll((0..<size).map { [Int32(rank * 100 + $0)] })
            check(toAll == (0..<size).map { [Int32($0 * 100 + rank)] }, "allToAll \(toAll)")
            // A sub-communicator: even and odd ranks.
            let half = try world.split(color: rank % 2)
            check(half.size == (size + 1 - rank % 2) / 2 && half.rank == rank / 2, "split \(half)")
            check(try half.allReduce([Int32(1)], .sum) == [Int32(half.size)], "split allReduce")
            // SwiftCL buffers, through maps.
            let queue = try ComputeQueue(preferring: [.gpu, .cpu])
            let buffer = try Buffer(copying: (0..<1000).map { Float($0 + rank) }, context: queue.context)
            try world.allReduce(buffer, .sum, on: queue)
            let reduced = try queue.sync { cl in try cl.read(buffer) }
            check(reduced == (0..<1000).map { i in Float((0..<size).reduce(0) { $0 + i + $1 }) }, "allReduce on a buffer")
            try world.broadcast(buffer, root: size - 1, on: queue)
            if size > 1 {
                if rank == 0 { try world.send(buffer, range: 10..<20, to: 1, tag: 9, on: queue) }
                if rank == 1 {
                    let target = try Buffer<Float>(count: 10, context: queue.context)
                    try world.receive(into: target, from: 0, tag: 9, on: queue)
                    check(try queue.sync { cl in try cl.read(target) } == Array(reduced[10..<20]), "buffer send/receive")
                }
            }
            // DeviceArrays: a view (offset into its buffer) reduced, broadcast, sent and gathered, and a distributed sum.
            let whole = try DeviceArray((0..<40).map { Int32($0 + 100 * rank) }, on: queue)
            let view = try whole[5..<25]
            try world.allReduce(view, .sum)
            let afterReduce = try whole.toArray()
            check(Array(afterReduce[5..<25]) == (5..<25).map { i in Int32((0..<size).reduce(0) { $0 + i + 100 * $1 }) }
                  && Array(afterReduce[0..<5]) == (0..<5).map { Int32($0 + 100 * rank) }, "allReduce on a DeviceArray view")
            let shared = try DeviceArray((0..<9).map { Double($0 * (rank + 1)) }, on: queue)
            try world.broadcast(shared, root: size - 1)
            check(try shared.toArray() == (0..<9).map { Double($0 * size) }, "broadcast a DeviceArray")
            let pieces = try world.allGather(try DeviceArray([Float](repeating: Float(rank), count: rank + 1), on: queue))
            check(try pieces.toArray() == (0..<size).flatMap { [Float](repeating: Float($0), count: $0 + 1) }, "allGather DeviceArrays")
            let part = try DeviceArray((0..<1001).map { Float(($0 + rank) % 7) }, on: queue)
            let exact = (0..<size).reduce(Float(0)) { total, r in total + (0..<1001).reduce(Float(0)) { $0 + Float(($1 + r) % 7) } }
            check(try world.sum(of: part) == exact, "distributed sum")
            check(try world.maximum(of: part) == 6 && (try world.minimum(of: part)) == 0, "distributed max/min")
            let empty = try DeviceArray<Float>([], on: queue)
            try world.allReduce(empty, .sum)
            // Extremes where some ranks hold nothing (rank 0's array is empty); all empty is refused on every rank.
            let partly = try DeviceArray(rank == 0 ? [] : [Float(rank), -Float(rank)], on: queue)
            if size > 1 {
                check(try world.maximum(of: partly) == Float(size - 1), "maximum with an empty rank")
                check(try world.minimum(of: partly) == -Float(size - 1), "minimum with an empty rank")
            } else {
                check((try? world.maximum(of: partly)) == nil, "maximum of one empty array refused")
            }
            let allEmpty = try? world.minimum(of: empty)
            check(allEmpty == nil, "minimum when every array is empty: refused on every rank, no hang")
            // A non-blocking all-gather of uneven parts (a view), then of a buffer range into a target at an offset.
            let parts = try DeviceArray((0..<(rank + 4)).map { Int32(rank * 100 + $0) }, on: queue)[1..<(rank + 3)]
            let (gatheredParts, gathering) = try world.startAllGather(parts)
            try gathering.wait()
            check(try gatheredParts.toArray() == (0..<size).flatMap { r in (1..<(r + 3)).map { Int32(r * 100 + $0) } }, "startAllGather of views")
            let landing = try Buffer<Float>(count: 3 * size + 2, context: queue.context)
            try world.startAllGather(buffer, range: 0..<3, into: landing, at: 2, on: queue).wait()
            let landed = try queue.sync { cl in try cl.read(landing, range: 2..<(3 * size + 2)) }
            let firstThree = try queue.sync { cl in try cl.read(buffer, range: 0..<3) }
            check(landed == (0..<size).flatMap { _ in firstThree }, "startAllGather of a buffer range into a target")
            let blockingLanding = try Buffer<Float>(count: 3 * size, context: queue.context)
            try world.allGather(buffer, range: 0..<3, into: blockingLanding, on: queue)
            check(try queue.sync { cl in try cl.read(blockingLanding) } == (0..<size).flatMap { _ in firstThree }, "allGather of buffer ranges")
            let rootLanding = rank == size - 1 ? try Buffer<Float>(count: 2 * size + 1, context: queue.context) : nil
            try world.gather(buffer, range: rank..<(rank + 2), into: rootLanding, at: 1, root: size - 1, on: queue)
            if let rootLanding {
                let all = try queue.sync { cl in try cl.read(buffer) }
                check(try queue.sync { cl in try cl.read(rootLanding, range: 1..<(2 * size + 1)) } == (0..<size).flatMap { Array(all[$0..<($0 + 2)]) },
                      "gather of buffer ranges into the root's target")
            }
            check((try? world.gather(buffer, range: 0..<3, into: nil, root: 0, on: queue)) == nil, "a root without a target is refused everywhere")
            let tooSmall = try Buffer<Float>(count: rank == 0 ? 1 : 3 * size, context: queue.context)
            check((try? world.startAllGather(buffer, range: 0..<3, into: tooSmall, on: queue)) == nil,
                  "a target too small on rank 0 is refused on every rank (no rank left waiting)")
            // Row blocks of a DeviceArray: scattered from the last rank, each block on its rank's device, gathered on rank 0.
            let height = 2 * size + 1, width = 3
            let matrix = rank == size - 1 ? try DeviceArray((0..<(height * width)).map { Int32($0) }, shape: [height, width], on: queue) : nil
            let block = try world.scatterRows(matrix, root: size - 1, on: queue)
            let rows = try RowBlocks(height: height, ranks: size).range(of: rank)
            let blockValues = try block.toArray()
            check(block.shape == [rows.count, width] && blockValues == ((rows.lowerBound * width)..<(rows.upperBound * width)).map { Int32($0) },
                  "scatterRows: rank \(rank) holds rows \(rows)")
            let doubled = try (block * 2).evaluated()
            let stacked = try world.gatherRows(doubled, root: 0)
            let stackedValues = try stacked?.toArray()
            check(rank == 0 ? stackedValues == (0..<(height * width)).map { Int32(2 * $0) } && stacked?.shape == [height, width]
                            : stacked == nil, "gatherRows")
            let ragged = try DeviceArray([Int32](repeating: 0, count: rank + 2), shape: [1, rank + 2], on: queue)
            check(size == 1 || (try? world.gatherRows(ragged)) == nil, "gatherRows refuses blocks whose rows differ in length, on every rank")
            if size > 1 {
                if rank == 0 { try world.send(try whole[0..<3], to: 1, tag: 11) }
                if rank == 1 {
                    let into = try DeviceArray<Int32>.zeros(count: 3, on: queue)
                    try world.receive(into: into, from: 0, tag: 11)
                    check(try into.toArray() == [0, 1, 2], "DeviceArray send/receive")  // rank 0's first three, outside the view
                }
            }
            // Non-blocking: an all-reduce in flight while a kernel runs on the same device, then waited for; a ring of
            // started receives and sends; an all-reduce awaited from a task.
            let inFlight = try Buffer(copying: (0..<4096).map { Float(rank + $0 % 3) }, context: queue.context)
            let pending = try world.startAllReduce(inFlight, .sum, on: queue)
            let meanwhile = try (try DeviceArray((0..<4096).map { Float($0) }, on: queue) * 2 + 1).evaluated()
            check(try meanwhile.toArray() == (0..<4096).map { Float($0) * 2 + 1 }, "a kernel while an all-reduce is in flight")
            try pending.wait()
            check(try queue.sync { cl in try cl.read(inFlight) } == (0..<4096).map { i in Float((0..<size).reduce(0) { $0 + $1 + i % 3 }) },
                  "startAllReduce")
            if size > 1 {
                let outgoing = try Buffer(copying: [Int32](repeating: Int32(rank), count: 5), context: queue.context)
                let incoming = try Buffer<Int32>(count: 5, context: queue.context)
                let receiving = try world.startReceive(into: incoming, from: (rank + size - 1) % size, tag: 21, on: queue)
                let sending = try world.startSend(outgoing, to: (rank + 1) % size, tag: 21, on: queue)
                try sending.wait()
                try receiving.wait()
                check(try queue.sync { cl in try cl.read(incoming) } == [Int32](repeating: Int32((rank + size - 1) % size), count: 5),
                      "startSend/startReceive ring")
            }
            // Non-blocking on DeviceArray views: a broadcast and an all-reduce in flight together, then a ring.
            let arrayWhole = try DeviceArray((0..<30).map { Double($0 + 1000 * rank) }, on: queue)
            let first = try arrayWhole[0..<10], second = try arrayWhole[10..<30]
            let broadcasting = try world.startBroadcast(first, root: size - 1)
            let reducing = try world.startAllReduce(second, .minimum)
            try broadcasting.wait()
            try reducing.wait()
            check(try arrayWhole.toArray() == (0..<10).map { Double($0 + 1000 * (size - 1)) } + (10..<30).map { Double($0) },
                  "startBroadcast/startAllReduce on DeviceArray views")
            if size > 1 {
                let incomingArray = try DeviceArray<Double>.zeros(count: 4, on: queue)
                let receivingArray = try world.startReceive(into: incomingArray, from: (rank + size - 1) % size, tag: 23)
                let sendingArray = try world.startSend(try arrayWhole[26..<30], to: (rank + 1) % size, tag: 23)
                try sendingArray.wait()
                try receivingArray.wait()
                check(try incomingArray.toArray() == [26, 27, 28, 29], "startSend/startReceive of DeviceArrays")
            }
            let awaited = try world.startAllReduce(inFlight, range: 0..<3, .maximum, on: queue)
            let done = DispatchSemaphore(value: 0)
            let outcome = Locked<Error?>(nil)
            Task {
                do { try await awaited.completed } catch { outcome.withLock { $0 = error } }
                done.signal()
            }
            done.wait()
            check(outcome.withLock { $0 } == nil && awaited.isComplete, "awaited all-reduce: \(String(describing: outcome.withLock { $0 }))")
            if let dieRank, dieRank == rank {
                FileHandle.standardError.write(Data("rank \(rank): killing itself on purpose (--die-rank)\n".utf8))
                kill(getpid(), SIGKILL)
            }
            // Refusals: every rank gets the same typed error, and the communicator stays usable.
            do {
                _ = try world.allReduce([Float](repeating: 1, count: rank + 1), .sum)
                check(size == 1, "allReduce with different counts was accepted")
            } catch let error as MPIError {
                check(error.code == .shapeMismatch, "allReduce mismatch gave \(error)")
            }
            do {
                try world.send([Float(1)], to: size, tag: 0)
                check(false, "a send to rank \(size) was accepted")
            } catch let error as MPIError {
                check(error.code == .invalidArgument, "send to a missing rank gave \(error)")
            }
            try world.barrier()
            check(try world.allReduce([Int32(1)], .sum) == [Int32(size)], "usable after refusals")
        } catch {
            failRank(world, "\(error)")
        }
        let total = try world.allReduce([Int64(counter.passed)], .sum)[0]
        if world.isRoot { print("selftest passed on \(size) rank(s): \(total) checks (\(MPI.libraryVersion.split(separator: ",").first ?? ""))") }
    }
}

/// Counts passed checks; a failed one aborts the job naming this rank.
final class CheckCounter {
    let world: Communicator
    private(set) var passed = 0

    init(world: Communicator) { self.world = world }

    func check(_ condition: Bool, _ what: @autoclosure () -> String) {
        if !condition { failRank(world, what()) }
        passed += 1
    }
}
