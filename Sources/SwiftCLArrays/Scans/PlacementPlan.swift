import SwiftCL

/// Compaction, stable partition and unique on CPU devices, in three kernels instead of the general ``ScanPlan``'s scan
/// of a flag:
/// 1. `swiftcl_place_count`: each tile's kept count (flags read eight or sixteen at a time) and the index just after
///    its last kept element;
/// 2. `swiftcl_place_starts`: one work-item turns the counts into each tile's first place, and the total;
/// 3. `swiftcl_place`: each work-item walks ``chains`` tiles side by side, eight elements per step, storing every
///    element at its tile's running place and advancing the place by the element's flag.
///
/// The walk is a chain of dependent additions per tile; several tiles per work-item keep the core busy while each
/// chain waits (one chain ran at ~50 % of the copy bound on PoCL, four at 65–72 %). A compaction stores each element
/// unconditionally up to its tile's last kept one: a rejected element's store lands where the next kept element of
/// the same tile overwrites it, and nothing past the last kept element is stored, so no store reaches another tile's
/// places or the result's unused end. A partition stores every element, the rejected ones after all the kept ones.
struct PlacementPlan {
    /// Which elements are kept.
    enum Selection {
        /// Where a 0/nonzero `uchar` mask is nonzero.
        case mask
        /// Where the element differs from the one before it (the first one always): unique of sorted data.
        case distinctFromPrevious
    }

    /// Tiles each work-item walks side by side.
    static let chains = 4
    /// The element's OpenCL type and the pragma it needs.
    var type: String
    var pragma: String
    var selection: Selection
    /// Whether rejected elements follow the kept ones (a stable partition) instead of being dropped.
    var partition: Bool

    /// Work-items for `count` elements on `device`: at least 64 Ki elements per work-item, up to six per compute unit.
    static func workItems(count: Int, device: Device) -> Int {
        Swift.max(1, Swift.min((count + 65_535) / 65_536, device.computeUnits * 6))
    }

    /// Enqueues the count and the tile starts for `x` (storage and offset), filtered by `mask` (for
    /// ``Selection/mask``): the kept count lands in `kept[0]`; returns the tiles' places for ``place(count:x:mask:out:tiles:on:)``.
    func countKept(count: Int, x: (any KernelArgument, UInt64), mask: (any KernelArgument, UInt64)?, kept: Buffer<UInt64>,
                   on queue: ComputeQueue) throws -> Buffer<UInt64> {
        let program = try self.program(on: queue)
        let (countKernel, startsKernel) = (try program.sharedKernel(named: "swiftcl_place_count"),
                                           try program.sharedKernel(named: "swiftcl_place_starts"))
        let tiles = Self.workItems(count: count, device: queue.device) * Self.chains
        // Per tile: its kept count (then its first place) and the index after its last kept element; then the total.
        let tileInfo = try Buffer<UInt64>(count: 2 * tiles + 1, context: queue.context)
        let selected: [any KernelArgument] = mask.map { [$0.0, $0.1] } ?? [x.0, x.1]
        try queue.enqueue { cl in
            try cl.launch(countKernel, try NDRange(tiles, local: 1), arguments: selected + [UInt64(count), tileInfo])
            try cl.launch(startsKernel, try NDRange(1), arguments: [tileInfo, UInt32(tiles), kept])
        }
        return tileInfo
    }

    /// Enqueues the placement of the elements into `out` (storage and offset) after ``countKept(count:x:mask:kept:on:)``
    /// gave `tiles`. A compaction writes only below the kept count, so `out` may hold just the kept elements.
    func place(count: Int, x: (any KernelArgument, UInt64), mask: (any KernelArgument, UInt64)?, out: (any KernelArgument, UInt64),
               tiles: Buffer<UInt64>, on queue: ComputeQueue) throws {
        let placeKernel = try program(on: queue).sharedKernel(named: "swiftcl_place")
        let items = Self.workItems(count: count, device: queue.device)
        let arguments: [any KernelArgument] = [x.0, x.1] + (mask.map { [$0.0, $0.1] } ?? []) + [out.0, out.1, UInt64(count), tiles]
        try queue.enqueue { cl in try cl.launch(placeKernel, try NDRange(items, local: 1), arguments: arguments) }
    }

    private func program(on queue: ComputeQueue) throws -> Program {
        try queue.context.program(source: source, name: "place_\(selection == .mask ? "mask" : "distinct")_\(partition ? "partition" : "compact")_\(type)")
    }

    /// The three kernels' OpenCL C.
    var source: String {
        let T = type
        let chains = 0..<Self.chains
        let byMask = selection == .mask
        // Tile `t` of `tiles` over [0, n): [first, end).
        let tileBounds = """
            const ulong sp_per = (n + sp_tiles - 1) / sp_tiles;
            #define SP_FIRST(t) min((ulong)(t) * sp_per, n)
            #define SP_END(t) min((ulong)(t) * sp_per + sp_per, n)
            """
        // The flag of index `i` (0 or 1), and of the eight indices from `i` as a uchar8 (index 0 is never in a vector:
        // a tile starting at 0 takes it alone first).
        let flag = { (i: String) in byMask ? "(m[\(i)] != 0)" : "(\(i) == 0 || x[\(i)] != x[\(i) - 1])" }
        let flags8 = { (i: String) in
            byMask ? "min(vload8(0, m + \(i)), (uchar8)(1))"
                : "(as_uchar8(convert_char8(vload8(0, x + \(i)) != vload8(0, x + \(i) - 1))) & (uchar8)(1))"
        }
        let selectedParameters = byMask ? "global const uchar *m_base, const ulong m_off" : "global const \(T) *x_base, const ulong x_off"
        let selectedPointer = byMask ? "global const uchar *m = m_base + m_off;" : "global const \(T) *x = x_base + x_off;"
        let stepStores = (0..<8).map { e in
            chains.map { c in
                partition
                    ? "{ const uchar f = k\(c).s\(e); out[f ? p\(c) : q\(c) + j + \(e) - p\(c)] = v\(c).s\(e); p\(c) += f; }"
                    : "out[p\(c)] = v\(c).s\(e); p\(c) += k\(c).s\(e);"
            }.joined(separator: " ")
        }.joined(separator: "\n            ")
        let singleStore = partition
            ? "{ const uchar f = \(flag("i")); out[f ? p : total_kept + i - p] = x[i]; p += f; }"
            : "{ out[p] = x[i]; p += \(flag("i")); }"
        // The count kernel's vector part: sixteen mask bytes at a time, or eight elements against their predecessors.
        let countVectors = byMask
            ? """
                uint16 acc = (uint16)(0);
                for (; i + 16 <= end; i += 16) acc += convert_uint16(min(vload16(0, m + i), (uchar16)(1)));
                const uint8 a8 = acc.lo + acc.hi; const uint4 a4 = a8.lo + a8.hi; const uint2 a2 = a4.lo + a4.hi;
                total += (ulong)a2.x + a2.y;
            """
            : """
                if (i == 0 && i < end) { total = 1; i = 1; }
                uint8 acc = (uint8)(0);
                for (; i + 8 <= end; i += 8) acc += convert_uint8(\(flags8("i")));
                const uint4 a4 = acc.lo + acc.hi; const uint2 a2 = a4.lo + a4.hi;
                total += (ulong)a2.x + a2.y;
            """
        return """
            \(pragma)
            kernel void swiftcl_place_count(\(selectedParameters), const ulong n, global ulong *info)
            {
                \(selectedPointer)
                const ulong sp_tiles = get_global_size(0), t = get_global_id(0);
                \(tileBounds)
                const ulong first = SP_FIRST(t), end = SP_END(t);
                ulong i = first, total = 0;
            \(countVectors)
                for (; i < end; ++i) total += \(flag("i"));
                ulong last = end;
                while (last > first && !\(flag("(last - 1)"))) --last;
                info[2 * t] = total;
                info[2 * t + 1] = last;
            }

            kernel void swiftcl_place_starts(global ulong *info, const uint tiles, global ulong *kept)
            {
                ulong place = 0;
                for (uint t = 0; t < tiles; ++t) { const ulong c = info[2 * t]; info[2 * t] = place; place += c; }
                info[2 * tiles] = place;
                kept[0] = place;
            }

            kernel void swiftcl_place(global const \(T) *x_base, const ulong x_off, \(byMask ? "global const uchar *m_base, const ulong m_off, " : "")
                                      global \(T) *out_base, const ulong out_off, const ulong n, global const ulong *info)
            {
                global const \(T) *x = x_base + x_off;
                \(byMask ? "global const uchar *m = m_base + m_off;" : "")
                global \(T) *out = out_base + out_off;
                const ulong sp_tiles = \(Self.chains) * get_global_size(0), t0 = \(Self.chains) * get_global_id(0);
                \(tileBounds)
                // Each chain's first index, the index its walk stops at and its next kept place (p). In a partition the
                // element at index i with p kept before it, if rejected, goes after every kept element and the i − p
                // rejected ones before it: total_kept + i − p (q is total_kept + the chain's first index).
                \(partition ? "const ulong total_kept = info[2 * sp_tiles];" : "")
                \(chains.map { c in
                    "ulong s\(c) = SP_FIRST(t0 + \(c)); const ulong l\(c) = \(partition ? "SP_END(t0 + \(c))" : "info[2 * (t0 + \(c)) + 1]"); "
                    + "ulong p\(c) = info[2 * (t0 + \(c))];" + (partition ? " const ulong q\(c) = total_kept + s\(c);" : "")
                }.joined(separator: "\n    "))
                \(byMask ? "" : "if (s0 == 0 && l0 > 0) { out[0] = x[0]; p0 = 1; s0 = 1; }")
                ulong len = l0 > s0 ? l0 - s0 : 0;
                \((1..<Self.chains).map { "len = min(len, l\($0) > s\($0) ? l\($0) - s\($0) : 0);" }.joined(separator: " "))
                ulong j = 0;
                for (; j + 8 <= len; j += 8) {
                    \(chains.map { "const uchar8 k\($0) = \(flags8("s\($0) + j")); const \(T)8 v\($0) = vload8(0, x + s\($0) + j);" }.joined(separator: "\n        "))
                    \(stepStores)
                }
                \(chains.map { c in
                    "{ ulong p = p\(c); for (ulong i = s\(c) + j; i < l\(c); ++i) \(singleStore) }"
                }.joined(separator: "\n    "))
            }
            """
    }
}
