import ArgumentParser
import Foundation
import SwiftCL
import SwiftCLMPI

/// `swiftcl-mpi overlap`: whether a non-blocking all-reduce overlaps with device work. Each rank times, interleaved,
/// (a) a blocking all-reduce of `count` floats followed by a kernel over its own data, and (b) the same all-reduce
/// started first, the kernel enqueued meanwhile, then both waited for; both results are checked before any time counts.
/// Rank 0 prints the median times of every rank and how much of the shorter step (b) hid.
struct OverlapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "overlap",
                                                    abstract: "Time a non-blocking all-reduce beside device work against the blocking one.")

    @Option(help: "Floats all-reduced per step.") var count = 1 << 22
    @Option(help: "Work-items of the kernel that runs meanwhile.") var work = 1 << 22
    @Option(help: "Multiply-adds per work-item (sets the kernel's length).") var iterations = 64
    @Option(help: "Timed rounds of each form.") var rounds = 5

    static let source = """
        kernel void busy(global float *x, const int iterations)
        {
            const size_t i = get_global_id(0);
            float v = x[i];
            for (int k = 0; k < iterations; ++k) v = v * 0.999f + 0.001f;
            x[i] = v;
        }
        """

    func validate() throws {
        guard rounds >= 1, count >= 1, work >= 1, iterations >= 0, count <= Int(Int32.max), iterations <= Int(Int32.max) else {
            throw ValidationError("--rounds, --count and --work must be at least 1 (--count at most \(Int32.max)), --iterations 0 or more")
        }
    }

    func run() throws {
        try requireLaunchedByMPI()
        let world = try MPI.world()
        var blocking: [Double] = [], overlapped: [Double] = [], kernelAlone: [Double] = []
        do {
            let queue = try ComputeQueue(preferring: [.gpu, .cpu])
            let busy = try queue.context.program(source: Self.source, name: "busy.cl").kernel(named: "busy")
            let data = try Buffer(copying: [Float](repeating: Float(world.rank + 1), count: count), context: queue.context)
            let scratch = try Buffer(copying: [Float](repeating: 1, count: work), context: queue.context)
            let range = try NDRange(work)
            let expected = Float((1...world.size).reduce(0, +))
            func reset() throws { try queue.sync { cl in try cl.fill(data, with: Float(world.rank + 1)) } }
            func verify(_ form: String) throws {
                let values = try queue.sync { cl in try cl.read(data, range: 0..<Swift.min(count, 1024)) }
                guard values.allSatisfy({ $0 == expected }) else { throw ValidationError("\(form): the all-reduce gave \(values.first ?? .nan), not \(expected)") }
            }
            let clock = ContinuousClock()
            for round in 0...rounds {
                try reset()
                try world.barrier()
                var start = clock.now
                try world.allReduce(data, .sum, on: queue)
                try queue.sync { cl in try cl.launch(busy, range, scratch, Int32(iterations)) }
                let blockingTime = (clock.now - start).seconds
                try verify("blocking")
                try reset()
                try world.barrier()
                start = clock.now
                let pending = try world.startAllReduce(data, .sum, on: queue)
                let (_, kernelDone) = try queue.submit { cl in try cl.launch(busy, range, scratch, Int32(iterations)) }
                try pending.wait()
                try kernelDone.wait()
                let overlappedTime = (clock.now - start).seconds
                try verify("non-blocking")
                try world.barrier()
                start = clock.now
                try queue.sync { cl in try cl.launch(busy, range, scratch, Int32(iterations)) }
                let kernelTime = (clock.now - start).seconds
                if round > 0 {  // round 0 builds and warms
                    blocking.append(blockingTime); overlapped.append(overlappedTime); kernelAlone.append(kernelTime)
                }
            }
        } catch {
            failRank(world, "\(error)")
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let mine = [median(blocking), median(overlapped), median(kernelAlone)]
        guard let all = try world.gather(mine, root: 0) else { return }
        print("overlap: \(count) floats all-reduced over \(world.size) rank(s), a kernel of \(work) items × \(iterations) steps meanwhile; medians of \(rounds) rounds")
        for rank in 0..<world.size {
            let (b, o, k) = (all[3 * rank], all[3 * rank + 1], all[3 * rank + 2])
            let transfer = Swift.max(b - k, 0)
            let hidden = transfer > 0 ? Swift.min(Swift.max((b - o) / Swift.min(transfer, k), 0), 1) * 100 : 0
            print(String(format: "rank %d: blocking %.2f ms, non-blocking %.2f ms (%.2fx), kernel alone %.2f ms; %.0f %% of the shorter step hidden",
                         rank, b * 1e3, o * 1e3, b / o, k * 1e3, hidden))
        }
    }
}

extension Duration {
    fileprivate var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
