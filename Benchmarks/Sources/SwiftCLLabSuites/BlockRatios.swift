import SwiftCLBenchmarkHarness

/// Ratios of two paths timed in alternating blocks: for each pair of blocks, the median of `a`'s samples over the
/// median of `b`'s. A drift of the machine cancels out of each ratio, and a block's median drops the sample that
/// paid for switching from the other path (on a GPU, two contexts alternating launch by launch cost each other).
enum BlockRatios {
    /// The ratio of each block of `block` consecutive samples of `a` to the same block of `b`.
    static func of(_ a: [Double], over b: [Double], block: Int) -> [Double] {
        let count = min(a.count, b.count), block = max(1, block)
        return stride(from: 0, to: count, by: block).compactMap { start -> Double? in
            let end = min(start + block, count)
            guard let x = Summary(Array(a[start..<end])), let y = Summary(Array(b[start..<end])) else { return nil }
            return x.median / y.median
        }
    }
}
