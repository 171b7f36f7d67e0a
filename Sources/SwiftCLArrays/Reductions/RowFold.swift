/// How the CPU kernels fold sixteen contiguous rows of 2, 4, 8 or 16 elements, read as `rowLength` 16-lane vectors,
/// into one vector of the sixteen rows' values: pairs of vectors combine even lanes with odd ones (`a`'s then `b`'s),
/// which keeps the rows in order and, in each lane, the earlier positions on the even side.
///
/// The operands are written as lists of lanes. Written with `.even`/`.odd` swizzles of two vectors, the same fold made
/// PoCL 3.1's LLVM emit `vhaddps` and cross-block `vpermpd` at every level: sums along rows of 16 on an Intel Xeon
/// ran at 70 % of the read bound against 82 % with lists of lanes (85 and 93 % with prefetches; the probe
/// `Benchmarks/probes/axis-prefetch.py`). Folding at lane distances 8, 4, 2, 1 within 128-bit blocks instead ran level
/// with the lists of lanes (83 / 94 %), and would need a permutation at the end and position comparisons for ties.
enum RowFold {
    /// OpenCL C of the 16-lane vector of type `type` made of the even (or odd) lanes of `a`, then those of `b`.
    static func lanes(_ type: String, odd: Bool, of a: String, _ b: String) -> String {
        let picked = stride(from: odd ? 1 : 0, to: 16, by: 2).map { String($0, radix: 16) }
        return "(\(type))(" + (picked.map { "\(a).s\($0)" } + picked.map { "\(b).s\($0)" }).joined(separator: ", ") + ")"
    }
}
