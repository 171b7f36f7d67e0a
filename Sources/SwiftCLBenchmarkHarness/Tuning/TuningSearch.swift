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
        var seen: [String: Set<String>] = [:]
        for configuration in configurations {
            for (name, value) in zip(configuration.names, configuration.values) where seen[name, default: []].insert(value).inserted {
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
        // The radius grows from 2 until at least two are within it (or all are): the smallest radius ≥ 2 that holds the
        // two nearest, found in one pass.
        var nearest = (Int.max, Int.max)
        var distances: [(index: Int, distance: Int)] = []
        for other in positions.indices {
            let d = distance(positions[other], position)
            guard d > 0 else { continue }
            distances.append((other, d))
            if d < nearest.0 { nearest = (d, nearest.0) } else if d < nearest.1 { nearest.1 = d }
        }
        guard distances.count >= 2 else { return distances.map(\.index) }
        let radius = max(2, nearest.1)
        return distances.filter { $0.distance <= radius }.map(\.index)
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
        try run(strategy, evaluations: limit, isFree: { isFree(configurations[$0]) }, shouldStop: shouldStop,
                costAt: { try cost(configurations[$0]) })
    }

    /// ``run(_:evaluations:isFree:shouldStop:cost:)`` with costs by index (a replay looks them up without hashing a
    /// configuration per evaluation).
    func run(_ strategy: KernelTuner.Strategy, evaluations limit: Int?, isFree: (Int) -> Bool = { _ in false },
             shouldStop: () -> Bool = { false }, costAt cost: (Int) throws -> Double?) rethrows -> [Int] {
        var costs = [Double?](repeating: nil, count: configurations.count)
        var order: [Int] = []
        var spent = 0
        let limit = limit ?? Int.max
        func evaluate(_ index: Int) throws -> Double? {
            if let known = costs[index] { return known }
            if !isFree(index) {
                guard spent < limit, !shouldStop() else { return nil }
                spent += 1
            }
            let seconds = try cost(index) ?? .infinity
            costs[index] = seconds
            order.append(index)
            return seconds
        }
        switch strategy {
        case .exhaustive, .randomSample:
            for index in strategy.selectIndices(configurations.count) {
                guard try evaluate(index) != nil else { break }
            }
        case let .annealing(seed):
            guard !configurations.isEmpty else { return [] }
            var generator = SplitMix64(seed: seed)
            let steps = Double(max(min(limit, configurations.count), 2))
            let (hot, cold) = (0.3, 0.005)
            // Each configuration's neighbours found once; the unknown ones kept in an order-statistics tree (the k-th
            // unknown index in O(log n), as drawing from the filtered list would give); the known finite costs in
            // (cost, index) order, those with no unknown neighbour left dropped for good.
            var neighbourCache = [[Int]?](repeating: nil, count: configurations.count)
            func neighbourList(_ index: Int) -> [Int] {
                if let known = neighbourCache[index] { return known }
                let found = neighbours(of: index)
                neighbourCache[index] = found
                return found
            }
            var unknown = PresentIndices(count: configurations.count)
            var frontier: [(cost: Double, index: Int)] = []
            func evaluateTracked(_ index: Int) throws -> Double? {
                let wasKnown = costs[index] != nil
                guard let cost = try evaluate(index) else { return nil }
                if !wasKnown {
                    unknown.remove(index)
                    if cost.isFinite {
                        var (low, high) = (0, frontier.count)
                        while low < high {
                            let middle = (low + high) / 2
                            if (frontier[middle].cost, frontier[middle].index) < (cost, index) { low = middle + 1 } else { high = middle }
                        }
                        frontier.insert((cost, index), at: low)
                    }
                }
                return cost
            }
            func randomUnknown() -> Int? {
                guard unknown.count > 0 else { return nil }
                return unknown.element(at: Int.random(in: 0..<unknown.count, using: &generator))
            }
            // A spread-out start: the first configuration at random, each next one the farthest from those drawn (by
            // the smallest L1 distance) of a few drawn at random; the walk starts from the fastest of them.
            var started: [(index: Int, cost: Double)] = []
            for _ in 0..<Self.startCount(configurations.count) {
                let drawn = (0..<6).compactMap { _ in randomUnknown() }
                let farthest = drawn.max { a, b in
                    let (da, db) = (started.map { distance(positions[$0.index], positions[a]) }.min() ?? 0,
                                    started.map { distance(positions[$0.index], positions[b]) }.min() ?? 0)
                    return da < db
                }
                guard let farthest, let cost = try evaluateTracked(farthest) else { break }
                started.append((farthest, cost))
            }
            guard let fastest = started.min(by: { $0.cost < $1.cost }) else { return order }
            var (current, currentCost) = fastest
            while order.count < configurations.count {
                let fresh = neighbourList(current).filter { costs[$0] == nil }
                guard let candidate = fresh.randomElement(using: &generator) else {
                    // Everything around here is known: go on from the fastest configuration with unknown neighbours,
                    // else restart at a random unknown configuration.
                    while let first = frontier.first, !neighbourList(first.index).contains(where: { costs[$0] == nil }) {
                        frontier.removeFirst()
                    }
                    if let next = frontier.first {
                        (current, currentCost) = (next.index, next.cost)
                        continue
                    }
                    guard let restart = randomUnknown(), let restartCost = try evaluateTracked(restart) else { break }
                    (current, currentCost) = (restart, restartCost)
                    continue
                }
                guard let candidateCost = try evaluateTracked(candidate) else { break }
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

/// The indices 0..<n still present, with the k-th of them in O(log n) (a Fenwick tree of counts): the annealing's
/// unknown configurations, drawn as from the list of them in order.
struct PresentIndices {
    private var tree: [Int]
    private(set) var count: Int

    /// All of 0..<count present.
    init(count: Int) {
        self.count = count
        tree = [Int](repeating: 0, count: count + 1)
        for position in 1...max(1, count) where position <= count {
            tree[position] += 1
            let parent = position + (position & -position)
            if parent <= count { tree[parent] += tree[position] }
        }
    }

    /// Removes `index` (present).
    mutating func remove(_ index: Int) {
        count -= 1
        var position = index + 1
        while position < tree.count {
            tree[position] -= 1
            position += position & -position
        }
    }

    /// The `k`-th present index (0-based, `k` < ``count``).
    func element(at k: Int) -> Int {
        var position = 0, remaining = k + 1
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            if position + step < tree.count, tree[position + step] < remaining {
                position += step
                remaining -= tree[position]
            }
            step /= 2
        }
        return position
    }
}
