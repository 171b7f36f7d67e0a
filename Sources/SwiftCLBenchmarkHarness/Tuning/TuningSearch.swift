import Foundation

/// A strategy's walk over a set of configurations, apart from the device: the live tuner gives it a cost function that
/// builds, verifies and times, a replay one that looks the times up in a recorded table. The cost is seconds, nil for
/// a configuration that failed or was wrong (infinitely slow to the search); each configuration is evaluated at most
/// once.
struct TuningSearch {
    /// The configurations that may be evaluated (those meeting the restrictions, or a replayed table's), in order.
    let configurations: [TuningConfiguration]
    /// Each configuration's position: the index of its value in each parameter's value list.
    private let positions: [[Int]]
    private let indexOfPosition: [[Int]: Int]

    /// `configurations` over parameters whose values come in `valueOrder` (name → values, in the order that makes
    /// neighbours: ascending for numbers); a value the order lacks goes after the listed ones, in order of appearance.
    init(configurations: [TuningConfiguration], valueOrder: [String: [String]]) {
        self.configurations = configurations
        let order = valueOrder.merging(Self.appearanceOrder(of: configurations)) { listed, seen in
            listed + seen.filter { !listed.contains($0) }
        }
        let lookup = order.mapValues { values in Dictionary(values.enumerated().map { ($1, $0) }) { first, _ in first } }
        positions = configurations.map { configuration in
            zip(configuration.names, configuration.values).map { lookup[$0]?[$1] ?? 0 }
        }
        indexOfPosition = Dictionary(positions.enumerated().map { ($1, $0) }) { first, _ in first }
    }

    /// Each parameter's values in neighbour order, read off `configurations`: ascending when every value is a number,
    /// else in order of first appearance.
    static func valueOrder(of configurations: [TuningConfiguration]) -> [String: [String]] {
        appearanceOrder(of: configurations).mapValues { values in
            let numbers = values.compactMap { Double($0.trimmingCharacters(in: CharacterSet(charactersIn: "fFuUlL"))) }
            guard numbers.count == values.count else { return values }
            return zip(values, numbers).sorted { $0.1 < $1.1 }.map(\.0)
        }
    }

    /// Each parameter's distinct values in order of first appearance in `configurations`.
    private static func appearanceOrder(of configurations: [TuningConfiguration]) -> [String: [String]] {
        var order: [String: [String]] = [:]
        for configuration in configurations {
            for (name, value) in zip(configuration.names, configuration.values) where !(order[name]?.contains(value) ?? false) {
                order[name, default: []].append(value)
            }
        }
        return order
    }

    /// The configurations nearest `index`: those one parameter step away (the next or previous value of one
    /// parameter); where the restrictions leave fewer than two, the radius grows (L1 distance over the value
    /// positions: `BY == BX * VW` is kept by moving BX and BY together, at distance 2).
    func neighbours(of index: Int) -> [Int] {
        let position = positions[index]
        var result: [Int] = []
        for dimension in position.indices {
            for step in [-1, 1] {
                var moved = position
                moved[dimension] += step
                if let neighbour = indexOfPosition[moved] { result.append(neighbour) }
            }
        }
        if result.count >= 2 { return result }
        let distances = positions.indices.map { other in (other, distance(positions[other], position)) }.filter { $0.1 > 0 }
        for radius in 2...max(2, distances.map(\.1).max() ?? 2) {
            let within = distances.filter { $0.1 <= radius }.map(\.0)
            if within.count >= 2 || within.count == distances.count { return within }
        }
        return distances.map(\.0)
    }

    /// How many spread-out configurations the annealing evaluates before it walks: ⌈log₂(n) / 2⌉ of `n` (3 of 36, 5 of
    /// 1,000). On recorded tables (Kernel Tuner's, 300 seeds each) a start of 3 reached 5 % of the best in as few or
    /// fewer evaluations than a single random start on all eight tables.
    static func startCount(_ count: Int) -> Int {
        count < 2 ? 1 : Int((log2(Double(count)) / 2).rounded(.up))
    }

    /// L1 distance between two value positions.
    func distance(_ a: [Int], _ b: [Int]) -> Int { zip(a, b).reduce(0) { $0 + abs($1.0 - $1.1) } }

    /// Runs `strategy` for at most `limit` evaluations that cost something; `isFree` tells the configurations whose
    /// cost is already known (a resume cache's), which cost the budget nothing, and `shouldStop` is asked before each
    /// costly evaluation (a time limit). Returns the configurations' indices in the order they were evaluated.
    func run(_ strategy: KernelTuner.Strategy, evaluations limit: Int?, isFree: (TuningConfiguration) -> Bool = { _ in false },
             shouldStop: () -> Bool = { false }, cost: (TuningConfiguration) throws -> Double?) rethrows -> [Int] {
        var costs: [Int: Double] = [:]
        var order: [Int] = []
        var spent = 0
        let limit = limit ?? Int.max
        func evaluate(_ index: Int) throws -> Double? {
            if let known = costs[index] { return known }
            if !isFree(configurations[index]) {
                guard spent < limit, !shouldStop() else { return nil }
                spent += 1
            }
            let seconds = try cost(configurations[index]) ?? .infinity
            costs[index] = seconds
            order.append(index)
            return seconds
        }
        switch strategy {
        case .exhaustive, .randomSample:
            let chosen = strategy.select(configurations)
            let indexOf = Dictionary(configurations.enumerated().map { ($1, $0) }) { first, _ in first }
            for configuration in chosen {
                guard let index = indexOf[configuration], try evaluate(index) != nil else { break }
            }
        case let .annealing(seed):
            guard !configurations.isEmpty else { return [] }
            var generator = SplitMix64(seed: seed)
            let steps = Double(max(min(limit, configurations.count), 2))
            let (hot, cold) = (0.3, 0.005)
            // A spread-out start: the first configuration at random, each next one the farthest from those drawn (by
            // the smallest L1 distance) of a few drawn at random; the walk starts from the fastest of them.
            var started: [(index: Int, cost: Double)] = []
            for _ in 0..<Self.startCount(configurations.count) {
                let unknown = configurations.indices.filter { costs[$0] == nil }
                let drawn = (0..<6).compactMap { _ in unknown.randomElement(using: &generator) }
                let farthest = drawn.max { a, b in
                    let (da, db) = (started.map { distance(positions[$0.index], positions[a]) }.min() ?? 0,
                                    started.map { distance(positions[$0.index], positions[b]) }.min() ?? 0)
                    return da < db
                }
                guard let farthest, let cost = try evaluate(farthest) else { break }
                started.append((farthest, cost))
            }
            guard let fastest = started.min(by: { $0.cost < $1.cost }) else { return order }
            var (current, currentCost) = fastest
            while order.count < configurations.count {
                let fresh = neighbours(of: current).filter { costs[$0] == nil }
                guard let candidate = fresh.randomElement(using: &generator) else {
                    // Everything around here is known: go on from the fastest configuration with unknown neighbours,
                    // else restart at a random unknown configuration.
                    let known = costs.filter { $0.value.isFinite }.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
                    if let next = known.first(where: { entry in neighbours(of: entry.key).contains { costs[$0] == nil } }) {
                        (current, currentCost) = (next.key, next.value)
                        continue
                    }
                    guard let restart = configurations.indices.filter({ costs[$0] == nil }).randomElement(using: &generator),
                          let restartCost = try evaluate(restart) else { break }
                    (current, currentCost) = (restart, restartCost)
                    continue
                }
                guard let candidateCost = try evaluate(candidate) else { break }
                let temperature = hot * pow(cold / hot, Double(order.count) / steps)
                let accept: Bool
                if candidateCost <= currentCost {
                    accept = true
                } else if !candidateCost.isFinite {
                    accept = false
                } else {
                    let slowdown = currentCost.isFinite ? candidateCost / currentCost - 1 : 0
                    accept = generator.unit() < exp(-slowdown / temperature)
                }
                if accept { (current, currentCost) = (candidate, candidateCost) }
            }
        }
        return order
    }
}
