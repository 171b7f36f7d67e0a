import SwiftCL

/// The position of the smallest or largest element (the first such position when several tie; NaNs never win).
extension DeviceArray where Element: ArrayElement {
    /// The flat index of the smallest element.
    /// - Throws: ``ArrayError/Code/emptyReduction`` for an empty array.
    public func argmin() throws -> Int { try indexOfExtremum(minimum: true) }

    /// The flat index of the largest element.
    /// - Throws: ``ArrayError/Code/emptyReduction`` for an empty array.
    public func argmax() throws -> Int { try indexOfExtremum(minimum: false) }

    private func indexOfExtremum(minimum: Bool) throws -> Int {
        guard count > 0 else {
            throw ArrayError(.emptyReduction, "\(minimum ? "argmin" : "argmax") of an empty array: it has no neutral element")
        }
        let T = Element.openCLTypeName
        let better = minimum ? "<" : ">"
        // A value–index pair; ties go to the lower index, so the answer does not depend on the combining order. A NaN
        // never wins, not even against the neutral pair (so an all-NaN array leaves the neutral index). The winner is
        // built from its fields: returning a parameter whole made Oclgrind 21.10's optimiser emit
        // llvm.experimental.noalias.scope.decl, which its interpreter lacks (1- and 2-byte elements failed to build).
        let wins = "a.index == ULONG_MAX || (b.index != ULONG_MAX && (b.value \(better) a.value || (b.value == a.value && b.index < a.index)))"
        let takeB = Element.kind == .floatingPoint ? "!isnan(b.value) && (isnan(a.value) || \(wins))" : wins
        let support = """
            typedef struct { \(T) value; ulong index; } swiftcl_pair;
            inline swiftcl_pair swiftcl_pick(swiftcl_pair a, swiftcl_pair b) {
                const int take_b = \(takeB);
                swiftcl_pair r; r.value = take_b ? b.value : a.value; r.index = take_b ? b.index : a.index;
                return r;
            }
            inline swiftcl_pair swiftcl_make_pair(\(T) value, ulong index) { swiftcl_pair p; p.value = value; p.index = index; return p; }
            """
        var plan = ReductionPlan(.init(accumulator: "swiftcl_pair", result: "ulong", neutral: "swiftcl_make_pair(0, ULONG_MAX)",
                                       reduce: "swiftcl_pick(a, b)", map: "swiftcl_make_pair(x0[x0_off + i], i)",
                                       parameters: ["global const \(T) *x0", "const ulong x0_off"],
                                       pragmas: Element.pragma.isEmpty ? [] : [Element.pragma],
                                       name: "\(minimum ? "argmin" : "argmax")_\(T)", finalize: "$0.index"),
                                 arguments: [storage, UInt64(offset)])
        plan.support = support
        plan.accumulatorBytes = 16
        plan.vectorChunk = Self.vectorChunk(better: better, count: count)
        plan.loadedElement = T
        // Every element NaN: no index won; report the first, as numpy does.
        return try index(of: plan) ?? 0
    }

    /// The position a reduction `plan` to a `ulong` finds, nil for its neutral `ULONG_MAX` (none found).
    private func index(of plan: ReductionPlan) throws -> Int? {
        let result = try DeviceArray<UInt64>(uninitializedShape: [1], on: queue)
        try plan.run(count: count, on: queue, into: result.storage, outOffset: 0)
        let index = try result.toArray()[0]
        return index == UInt64.max ? nil : Int(index)
    }

    /// The CPU layout's loop for 32- and 64-bit elements (nil for others, which take the scalar loop), in two steps so
    /// the pass over the data is a plain extremum. Four sub-chunks side by side are read in blocks of `block` vectors;
    /// per lane, each block's extremum (by a strict comparison for floating point, which skips NaN; `max`/`min` for
    /// integers) is compared with the best so far, and a strictly better one keeps its value and its block's start
    /// (`select`, no branch). Then, per lane, the one kept block is read again for the first position holding the
    /// lane's best value, and the lanes are folded into `acc` by `swiftcl_pick` (ties to the lower index). NaN never
    /// compares better, so an all-NaN block's extremum is the lowest (highest) value; when the kept block holds no such
    /// value the lane is read again from its start, so a lane of NaNs and -∞ (+∞) still finds its first -∞ (+∞), and
    /// NaN never wins.
    private static func vectorChunk(better: String, count: Int) -> String? {
        let size = MemoryLayout<Element>.size
        let width = "$W"   // the launch shape's vector width, put in by the plan
        // Block starts count vectors within a sub-chunk in the element's width (32 bits for 32-bit elements).
        guard size == 4 || size == 8, size == 8 || count < Int(UInt32.max) else { return nil }
        let T = Element.openCLTypeName
        let (V, I, M) = ("\(T)\(width)", size == 8 ? "ulong\(width)" : "uint\(width)", size == 8 ? "long\(width)" : "int\(width)")
        let none = size == 8 ? "ULONG_MAX" : "UINT_MAX"
        let floating = Element.kind == .floatingPoint
        let (parts, block) = (4, 8)
        func load(_ k: Int, _ t: String) -> String { "swiftcl_vload(x0 + x0_off + (v0 + \(k) * sub + \(t)) * \(width))" }
        // A block's extremum: integers by `max`/`min`; floating point by a strict comparison from the lowest (highest)
        // value, one instruction per vector where `fmax`/`fmin` took three for their NaN rule (a NaN never compares
        // better, so it is skipped the same way; argmax ran at 90–97 % of the read bound with `fmax` on an Intel Xeon).
        let start = "(\(V))(\(better == ">" ? Element.openCLLowest : Element.openCLHighest))"
        let first = floating ? "j" : "j + 1"
        func fold(_ bm: String, _ x: String) -> String {
            floating ? "{ const \(V) x = \(x); \(bm) = select(\(bm), x, x \(better) \(bm)); }"
                : "\(bm) = \(better == ">" ? "max" : "min")(\(bm), \(x));"
        }
        let blocks = (0..<parts).map { k in
            """
                { \(V) bm = \(floating ? start : load(k, "j"));
                  for (ulong t = \(first); t < e; ++t) \(fold("bm", load(k, "t")))
                  const \(M) take = (bm \(better) m\(k)) | ((p\(k) == (\(I))(\(none))) & (bm == bm));
                  m\(k) = select(m\(k), bm, take); p\(k) = select(p\(k), (\(I))(j), take); }
            """
        }
        let fold = (0..<parts).map { k in
            """
                { \(T) mv[\(width)]; \(size == 8 ? "ulong" : "uint") pv[\(width)];
                  vstore\(width)(m\(k), 0, mv); vstore\(width)(p\(k), 0, pv);
                  for (int l = 0; l < \(width); ++l) {
                      if (pv[l] == \(none)) continue;
                      const ulong last = min((ulong)pv[l] + \(block), sub);
                      ulong t = pv[l];
                      for (; t < last; ++t) {
                          const ulong index = (v0 + \(k) * sub + t) * \(width) + l;
                          if (x0[x0_off + index] == mv[l]) { acc = swiftcl_pick(acc, swiftcl_make_pair(mv[l], index)); break; }
                      }
                      // Not in the kept block: the block was all NaN and the lane's best is the lowest (highest) value
                      // or nothing; the lane is read again from its start.
                      if (t == last) for (t = 0; t < sub; ++t) {
                          const ulong index = (v0 + \(k) * sub + t) * \(width) + l;
                          if (x0[x0_off + index] == mv[l]) { acc = swiftcl_pick(acc, swiftcl_make_pair(mv[l], index)); break; }
                      }
                  } }
            """
        }
        return """
            const ulong sub = (v1 - v0) / \(parts);
            \((0..<parts).map { "\(V) m\($0) = (\(V))(0); \(I) p\($0) = (\(I))(\(none));" }.joined(separator: " "))
            for (ulong j = 0; j < sub; j += \(block)) {
                const ulong e = min(j + \(block), sub);
            \(blocks.joined(separator: "\n"))
            }
            \(fold.joined(separator: "\n"))
            for (ulong v = v0 + \(parts) * sub; v < v1; ++v)
                for (int l = 0; l < \(width); ++l) acc = swiftcl_pick(acc, swiftcl_make_pair(x0[x0_off + v * \(width) + l], v * \(width) + l));
            """
    }
}

extension DeviceArray where Element: ArrayElement {
    /// The position of the smallest element with NaNs handled as `nan` says (``NaNHandling/propagate``: NumPy's
    /// `argmin`, the first NaN's position; ``NaNHandling/skip``: ``argmin()``).
    public func argmin(nan: NaNHandling) throws -> Int {
        if nan == .propagate, let first = try firstNaN() { return first }
        return try argmin()
    }

    /// The position of the largest element with NaNs handled as `nan` says (``NaNHandling/propagate``: NumPy's
    /// `argmax`, the first NaN's position; ``NaNHandling/skip``: ``argmax()``).
    public func argmax(nan: NaNHandling) throws -> Int {
        if nan == .propagate, let first = try firstNaN() { return first }
        return try argmax()
    }

    /// The smallest element; with ``NaNHandling/propagate`` a NaN when the array holds one (NumPy's `min`).
    public func min(nan: NaNHandling) throws -> Element {
        if nan == .propagate, let first = try firstNaN() { return try element(atFlat: first) }
        return try min()
    }

    /// The largest element; with ``NaNHandling/propagate`` a NaN when the array holds one (NumPy's `max`).
    public func max(nan: NaNHandling) throws -> Element {
        if nan == .propagate, let first = try firstNaN() { return try element(atFlat: first) }
        return try max()
    }

    /// The element at flat position `index` (the NaN found, with its payload, as NumPy returns it).
    private func element(atFlat index: Int) throws -> Element {
        let storage = storage, start = offset + index
        return try queue.sync { cl in try cl.read(storage, range: start..<(start + 1)) }[0]
    }

    /// The position of the first NaN, nil when there is none (always for integer elements): one pass over the array.
    func firstNaN() throws -> Int? {
        guard Element.kind == .floatingPoint, count > 0 else { return nil }
        let T = Element.openCLTypeName
        let plan = ReductionPlan(.init(accumulator: "ulong", result: "ulong", neutral: "ULONG_MAX", reduce: "min(a, b)",
                                       map: "(isnan(x0[x0_off + i]) ? (ulong)i : ULONG_MAX)",
                                       parameters: ["global const \(T) *x0", "const ulong x0_off"],
                                       pragmas: Element.pragma.isEmpty ? [] : [Element.pragma], name: "first_nan_\(T)"),
                                 arguments: [storage, UInt64(offset)])
        return try index(of: plan)
    }
}
