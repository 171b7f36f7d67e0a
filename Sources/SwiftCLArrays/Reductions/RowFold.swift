/// How the CPU kernels fold sixteen contiguous rows of 2, 4, 8 or 16 elements, read as `rowLength` 16-lane vectors,
/// into one vector of the sixteen rows' values.
///
/// Each level combines pairs of vectors lane by lane: a fold at lane distance `d` takes, from each aligned block of
/// `2d` lanes of both vectors, the first `d` lanes into one operand and the last `d` into the other, so lane `j` meets
/// lane `j + d`. Levels take the largest distance at which every pair of combined lanes belongs to one row: 8 (the
/// halves of a 512-bit vector, or two 256-bit registers: no shuffle at all), then 4 (128-bit blocks), then 2 and 1
/// (within 128-bit blocks). The operands interleave `a`'s and `b`'s lanes in groups of `d` (of 2 for `d` ≤ 2), so
/// no shuffle crosses a 128-bit block below `d` = 4. The last vector holds the rows in a permuted order, put right by
/// one shuffle before the store. Folding even lanes with odd ones instead (rows stay in order) made LLVM shuffle
/// across 128-bit blocks at every level: 70 → 82 % of the read bound for rows of 16 on an Intel Xeon, 66 → 76 % for
/// rows of 4 (docs/decisions.md).
struct RowFold: Equatable, Sendable {
    /// One level: the lane distance, and for each lane of the two operands which vector (0: `a`, 1: `b`) and lane it reads.
    struct Level: Equatable, Sendable {
        let distance: Int
        let first: [Lane]
        let second: [Lane]
    }

    /// A lane of one of the two vectors a level combines.
    struct Lane: Equatable, Sendable {
        let vector: Int
        let lane: Int
    }

    /// The levels, from the `rowLength` loaded vectors to one.
    let levels: [Level]
    /// `laneOfRow[r]`: the lane of the last vector that holds row `r`.
    let laneOfRow: [Int]

    /// The folds of sixteen rows of `rowLength` elements (2, 4, 8 or 16).
    init(rowLength L: Int) {
        precondition([2, 4, 8, 16].contains(L), "rows of 2, 4, 8 or 16 elements")
        // rows[v][j]: the row whose elements lane j of vector v holds.
        var rows = (0..<L).map { v in (0..<16).map { (16 * v + $0) / L } }
        var levels: [Level] = []
        while rows.count > 1 {
            let candidates = [8, 4, 2, 1].map(Self.level(distance:))
            guard let level = candidates.first(where: { Self.keepsRowsApart($0, rows) }) else {
                preconditionFailure("no fold keeps rows apart")
            }
            rows = stride(from: 0, to: rows.count, by: 2).map { k in level.first.map { rows[k + $0.vector][$0.lane] } }
            levels.append(level)
        }
        self.levels = levels
        laneOfRow = (0..<16).map { row in rows[0].firstIndex(of: row)! }
    }

    /// Whether `level` combines only lanes of one row in each pair of vectors of `rows` (`rows[v][j]`: the row of lane
    /// `j` of vector `v`).
    static func keepsRowsApart(_ level: Level, _ rows: [[Int]]) -> Bool {
        for k in stride(from: 0, to: rows.count, by: 2) {
            for (a, b) in zip(level.first, level.second) where rows[k + a.vector][a.lane] != rows[k + b.vector][b.lane] {
                return false
            }
        }
        return true
    }

    /// The operands of a fold at lane distance `d`.
    static func level(distance d: Int) -> Level {
        let group = d > 2 ? d : 2
        func interleaved(_ lanes: [Int]) -> [Lane] {
            stride(from: 0, to: 8, by: group).flatMap { k in
                lanes[k..<(k + group)].map { Lane(vector: 0, lane: $0) } + lanes[k..<(k + group)].map { Lane(vector: 1, lane: $0) }
            }
        }
        return Level(distance: d, first: interleaved((0..<16).filter { ($0 / d) % 2 == 0 }),
                     second: interleaved((0..<16).filter { ($0 / d) % 2 == 1 }))
    }

    /// OpenCL C of a 16-lane vector of type `type` made of `lanes` of the vectors `a` and `b`.
    static func vector(_ type: String, _ lanes: [Lane], _ a: String, _ b: String) -> String {
        "(\(type))(" + lanes.map { "\($0.vector == 0 ? a : b).s\(String($0.lane, radix: 16))" }.joined(separator: ", ") + ")"
    }

    /// OpenCL C of the sixteen rows' values of the last vector `v` (of type `type`) in row order.
    func inRowOrder(_ type: String, _ v: String) -> String {
        "(\(type))(" + laneOfRow.map { "\(v).s\(String($0, radix: 16))" }.joined(separator: ", ") + ")"
    }
}
