import SwiftCL
import SwiftCLValidation

extension KernelTuner {
    /// The leading configurations timed again, interleaved round by round with each other and with a bound, before a
    /// best is named: on a shared CPU device one configuration's time moves by tens of percent between moments, so
    /// times taken minutes apart during the search do not decide between near-equals.
    public struct Retiming: Hashable, Sendable, Codable {
        /// One leader's re-timing.
        public struct Leader: Hashable, Sendable, Codable {
            public let configuration: TuningConfiguration
            /// The median the search measured.
            public let searchMedian: Double
            /// Device seconds per run, one sample per round.
            public let seconds: Summary
            /// The samples in round order, for ratios paired by round.
            public let rounds: [Double]
            /// GB/s and GFLOP/s at the re-timed median (declared bytes and `flops`), when known.
            public let gbPerS: Double?
            public let gflops: Double?
            /// The bound's median over this leader's: 100 × (copy of the declared bytes time / this time).
            public let percentOfBound: Double?

            /// Round-to-round spread: (max − min) / median.
            public var spread: Double { seconds.median > 0 ? (seconds.max - seconds.min) / seconds.median : 0 }
        }

        /// Fastest re-timed median first: the first is the tuning's best.
        public let leaders: [Leader]
        /// A streaming copy of the kernel's declared bytes, sampled in every round (seconds per run); nil without
        /// declared traffic.
        public let bound: Summary?
        public let rounds: Int

        /// Whether the re-timing named another best than the search's times did.
        public var changedTheBest: Bool {
            guard let first = leaders.first else { return false }
            return leaders.contains { $0.searchMedian < first.searchMedian }
        }
    }

    /// Times the first `leaders` verified outcomes of `ranked` again on `queue`, `retimingRounds` rounds, the order
    /// rotated each round, with the copy bound sampled in every round.
    func retime(_ ranked: [Outcome], on queue: ComputeQueue, arrays: HostArrays, inPlace: Set<String>) throws -> Retiming? {
        let chosen = ranked.prefix { $0.isTimed }.prefix(max(0, leaders))
        guard !chosen.isEmpty else { return nil }
        var runs: [(run: PreparedRun, repetitions: Int)] = []
        for outcome in chosen {
            let candidate = try candidate(outcome.configuration)
            let shape = try workGroupShape(outcome.configuration)
            let run = try PreparedRun(encode: try candidate.prepare(on: queue, size: size, local: shape), host: arrays,
                                      inPlace: inPlace, queue: queue)
            runs.append((run, try run.calibrate(budget: sampleBudget)))
        }
        let traffic = try? kernel.spec.traffic(for: size)
        var bound: (run: PreparedRun, repetitions: Int)?
        if let traffic, traffic.bytesRead + traffic.bytesWritten > 0,
           case let .device(prepare) = UserKernel.declaredBytesCopy(kernel.spec).body {
            let run = try PreparedRun(encode: try prepare(queue, size, nil), host: arrays, inPlace: [], queue: queue)
            bound = (run, try run.calibrate(budget: sampleBudget))
        }
        var seconds = [[Double]](repeating: [], count: runs.count)
        var boundSeconds: [Double] = []
        let rounds = max(1, retimingRounds)
        for round in 0..<rounds {
            for offset in 0...runs.count {
                // The bound takes its turn among the leaders, its place rotating with theirs.
                let index = (round + offset) % (runs.count + 1)
                if index == runs.count {
                    if let bound { boundSeconds.append(try bound.run.sample(runs: bound.repetitions).seconds) }
                } else {
                    seconds[index].append(try runs[index].run.sample(runs: runs[index].repetitions).seconds)
                }
            }
        }
        let boundSummary = Summary(boundSeconds)
        let bytes = traffic.map { Double($0.bytesRead + $0.bytesWritten) }
        let operations = try? flops?.count(for: size, minimum: 0)
        let leaders = zip(chosen, seconds).compactMap { outcome, samples -> Retiming.Leader? in
            guard let summary = Summary(samples), let searchMedian = outcome.deviceSeconds?.median else { return nil }
            return Retiming.Leader(configuration: outcome.configuration, searchMedian: searchMedian, seconds: summary, rounds: samples,
                                   gbPerS: bytes.map { $0 / summary.median / 1e9 },
                                   gflops: operations.map { Double($0) / summary.median / 1e9 },
                                   percentOfBound: boundSummary.map { 100 * $0.median / summary.median })
        }
        return Retiming(leaders: leaders.sorted { $0.seconds.median < $1.seconds.median }, bound: boundSummary, rounds: rounds)
    }
}

extension KernelTuner.Retiming {
    /// A table of the leaders: configuration, re-timed µs (min/median/max), spread, the search's median, GB/s,
    /// GFLOP/s, % of the bound.
    public var table: String { TextTable.lines(rows).joined(separator: "\n") }

    /// ``table``'s rows, the header first.
    public var rows: [[String]] {
        var rows = [["#", "configuration", "re-timed µs (min/med/max)", "spread", "search µs", "GB/s", "GFLOP/s", "% of copy"]]
        for (index, leader) in leaders.enumerated() {
            rows.append(["\(index + 1)", leader.configuration.description,
                         String(format: "%.1f/%.1f/%.1f", leader.seconds.min * 1e6, leader.seconds.median * 1e6, leader.seconds.max * 1e6),
                         String(format: "%.0f %%", leader.spread * 100), String(format: "%.1f", leader.searchMedian * 1e6),
                         leader.gbPerS.map { String(format: "%.2f", $0) } ?? "-", leader.gflops.map { String(format: "%.2f", $0) } ?? "-",
                         leader.percentOfBound.map { String(format: "%.0f %%", $0) } ?? "-"])
        }
        return rows
    }
}
