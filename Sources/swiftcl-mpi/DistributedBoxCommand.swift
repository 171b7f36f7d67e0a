import ArgumentParser
import Foundation
import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLKernels
import SwiftCLMPI

/// `swiftcl-mpi box`: the box filter over an image split by rows across the ranks, compared bit for bit with the
/// single-process filter on rank 0, timed per step (halo exchange and compute).
struct DistributedBoxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "box", abstract: "The distributed box filter, checked against one process.")

    @Option var width = 1024
    @Option var height = 1024
    @Option(help: "The box half-width RANGE (0…16).") var range = 2
    @Option(help: "The variant (one whose result does not depend on where the image is cut).") var variant = "H1+V1"
    @Option(help: "Timed repetitions after the checked run.") var repeats = 3
    @Flag(help: "Skip the single-process comparison (for timing large images).") var noCheck = false
    @Flag(help: "Allow a variant that keeps running sums (faster; agrees with one process within rounding, not bit for bit).")
    var allowRounding = false

    func run() throws {
        try requireLaunchedByMPI()
        let world = try MPI.world()
        do {
            let queue = try ComputeQueue(preferring: [.gpu, .cpu])
            let distributed = try DistributedBoxFilter.make(variant: try BoxFilterVariant.named(variant), range: range, communicator: world,
                                                       queue: queue, allowingRounding: allowRounding)
            let blocks = try RowBlocks(height: height, ranks: world.size)
            let own = blocks.range(of: world.rank)
            // Every rank makes its own rows of one deterministic image (no scatter needed to start).
            func pixel(_ index: Int) -> Float { Float((index &* 2_654_435_761) % 1000) / 999 }
            let ownRows = (own.lowerBound * width..<own.upperBound * width).map(pixel)
            let (rows, _) = try distributed.apply(ownRows: ownRows, width: width, height: height)
            if !noCheck {
                let gathered = try world.gather(rows, root: 0)
                if let gathered {
                    let whole = (0..<(width * height)).map(pixel)
                    let single = try BoxFilter(variant: try BoxFilterVariant.named(variant), context: queue.context, range: range)
                    let workspace = try single.makeWorkspace(width: width, height: height)
                    let input = try Buffer(copying: whole, context: queue.context)
                    let output = try Buffer<Float>(count: whole.count, context: queue.context)
                    let expected = try queue.sync { cl in
                        try single.encode(cl, input: input, output: output, workspace: workspace)
                        return try cl.read(output)
                    }
                    let differing = zip(gathered, expected).filter { $0.bitPattern != $1.bitPattern }.count
                    print("\(width)×\(height) RANGE \(range) \(variant) on \(world.size) rank(s): "
                        + (differing == 0 && gathered.count == expected.count ? "bit-identical to one process"
                            : "DIFFERS from one process in \(differing) of \(expected.count) pixels"))
                    if differing != 0 || gathered.count != expected.count { failRank(world, "not bit-identical") }
                }
            }
            var halo = Duration.zero, compute = Duration.zero
            let clock = ContinuousClock()
            try world.barrier()
            let start = clock.now
            for _ in 0..<repeats {
                let (_, timing) = try distributed.apply(ownRows: ownRows, width: width, height: height)
                halo += timing.halo
                compute += timing.compute
            }
            try world.barrier()
            let wall = clock.now - start
            func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
            let perStep = seconds(wall) / Double(max(1, repeats))
            let mine = [seconds(halo) / Double(max(1, repeats)), seconds(compute) / Double(max(1, repeats))]
            let all = try world.gather(mine, root: 0)
            if let all, repeats > 0 {
                var haloShares: [Double] = []
                for index in stride(from: 0, to: all.count, by: 2) {
                    let step: Double = max(1e-12, all[index] + all[index + 1])
                    haloShares.append(all[index] / step * 100)
                }
                let pixels = Double(width * height)
                let rate: Double = pixels / perStep / 1e6
                let perRank: Double = rate / Double(world.size)
                let line = String(format: "%d×%d on %d rank(s): %.2f ms per step, %.1f Mpix/s in all, %.1f Mpix/s per rank, ",
                                  width, height, world.size, perStep * 1e3, rate, perRank)
                    + String(format: "halo %.1f–%.1f %% of each rank's step", haloShares.min() ?? 0, haloShares.max() ?? 0)
                print(line)
            }
            if world.size == 1, repeats > 0 {
                // The same steps without MPI (upload, filter, read back, in one process; buffers made and released within
                // the step, as `apply` does), interleaved with steps under MPI, alternating which goes first, so the
                // machine's drift hits both alike; the overhead is the median of the paired ratios.
                let plain = try BoxFilter(variant: try BoxFilterVariant.named(variant), context: queue.context, range: range)
                func plainStep() throws -> [Float] {
                    let workspace = try plain.makeWorkspace(width: width, height: height)
                    let input = try Buffer<Float>(count: ownRows.count, context: queue.context)
                    let output = try Buffer<Float>(count: ownRows.count, context: queue.context)
                    return try queue.sync { cl in
                        try cl.write(input, from: ownRows)
                        try plain.encode(cl, input: input, output: output, workspace: workspace)
                        return try cl.read(output)
                    }
                }
                func timed(_ step: () throws -> Void) rethrows -> Double {
                    let started = clock.now
                    try step()
                    return seconds(clock.now - started)
                }
                var ratios: [Double] = [], plainSteps: [Double] = []
                for pair in 0..<repeats {
                    var mpiStep = 0.0, plainTime = 0.0
                    if pair.isMultiple(of: 2) {
                        mpiStep = try timed { _ = try distributed.apply(ownRows: ownRows, width: width, height: height) }
                        plainTime = try timed { _ = try plainStep() }
                    } else {
                        plainTime = try timed { _ = try plainStep() }
                        mpiStep = try timed { _ = try distributed.apply(ownRows: ownRows, width: width, height: height) }
                    }
                    plainSteps.append(plainTime)
                    ratios.append(mpiStep / plainTime)
                }
                if let pairs = Summary(ratios), let plainStep = Summary(plainSteps) {
                    print(String(format: "one process without MPI: %.2f ms per step (median); N = 1 under MPI costs %+.1f %% "
                                 + "(median of %d interleaved pairs, range %+.1f…%+.1f %%)", plainStep.median * 1e3, (pairs.median - 1) * 100,
                                 pairs.count, (pairs.min - 1) * 100, (pairs.max - 1) * 100))
                }
            }
        } catch {
            failRank(world, "\(error)")
        }
    }
}
