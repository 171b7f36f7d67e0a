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
///
/// A compaction into a given array (`compact(where:into:)`, `unique(into:)`) on a device with 64-bit atomics runs in
/// one kernel instead, `swiftcl_place_chained`: cache-sized blocks taken in order, each publishing its running kept
/// count for the next (a chained scan), so the input is read from memory once (see `chainedKernel(byMask:)`). The
/// allocating forms count first, to size their result to the kept elements.
///
/// Where the device's compiler targets AVX-512 or AVX2 (PoCL on such a host), 4- and 8-byte elements are placed a
/// vector at a time instead of walked (`PlacementPlan+VectorPlacement.swift`): unique into an array went from ~55 % to
/// ~85–90 % of the copy bound on a Zen 4, with either.
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
    /// Whether the program holds `swiftcl_place_chained` for ``placeInOnePass(count:x:mask:out:of:kept:block:on:)``:
    /// a compaction (not a partition) on a device with 64-bit global atomics.
    var onePass: Bool
    /// How far the program may place 4- and 8-byte elements a vector at a time (AVX-512's compress, else AVX2's
    /// permute, where the device's compiler targets them; see `PlacementPlan+VectorPlacement.swift`); tests narrow it
    /// to cover the permute and the walk on any host.
    var vectorPlacement: VectorPlacement

    init(type: String, pragma: String, selection: Selection, partition: Bool, device: Device,
         vectorPlacement: VectorPlacement = .compress) {
        (self.type, self.pragma, self.selection, self.partition) = (type, pragma, selection, partition)
        onePass = !partition && device.extensions.contains("cl_khr_int64_base_atomics")
        self.vectorPlacement = vectorPlacement
    }

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

    /// Elements per block of the one-pass placement: an eighth of the device's share of its global memory cache per
    /// compute unit, between 256 KiB and 2 MiB of elements, so that a block's count leaves it in the cache for its
    /// placement (on a 2-core Zen 4 with 32 MiB of L3: 16, 32 and 64 KiB blocks ran at 51–66 % of the copy bound, 256 KiB
    /// at 78–80 %, 1–2 MiB at 87–92 %).
    static func blockLength(elementSize: Int, device: Device) -> Int {
        let bytes = Swift.min(Swift.max(device.globalMemoryCacheBytes / (8 * Swift.max(1, device.computeUnits)), 256 * 1_024), 2 * 1_024 * 1_024)
        return Swift.max(1_024, (bytes / Swift.max(1, elementSize)) & ~31)
    }

    /// Enqueues a compaction in one pass over `x` (see `swiftcl_place_chained`): the kept count lands in `kept[0]`, and
    /// `out` receives the kept elements (nothing past them is written). `block` replaces
    /// ``blockLength(elementSize:device:)`` (tests take small blocks to cross many).
    func placeInOnePass<Element: BitwiseCopyable>(count: Int, x: (any KernelArgument, UInt64), mask: (any KernelArgument, UInt64)?,
                                                  out: (any KernelArgument, UInt64), of _: Element.Type, kept: Buffer<UInt64>,
                                                  block blockOverride: Int? = nil, on queue: ComputeQueue) throws {
        let kernel = try program(on: queue).sharedKernel(named: "swiftcl_place_chained")
        let block = blockOverride ?? Self.blockLength(elementSize: MemoryLayout<Element>.stride, device: queue.device)
        let blocks = (count + block - 1) / block
        // state[0]: the next block's ticket; state[1 + b]: block b's inclusive kept count plus one, once known.
        let state = try Buffer<UInt64>(count: blocks + 1, context: queue.context)
        let items = Swift.max(1, Swift.min(blocks, queue.device.computeUnits))
        // Without a mask, each work-item's block placed before its place in `out` is known (from the context's pool,
        // when it keeps memory: a new scratch costs its page faults each call).
        let scratch: [any KernelArgument] = mask == nil
            ? [try Buffer<Element>(count: items * block, context: queue.context, pool: queue.context.memoryPool)] : []
        let arguments: [any KernelArgument] = [x.0, x.1] + (mask.map { [$0.0, $0.1] } ?? [])
            + [out.0, out.1, UInt64(count), UInt64(block), state, kept] + scratch
        try queue.enqueue { cl in
            try cl.fill(state, with: 0)
            try cl.launch(kernel, try NDRange(items, local: 1), arguments: arguments)
        }
    }

    func program(on queue: ComputeQueue) throws -> Program {
        try queue.context.program(source: source, name: "place_\(selection == .mask ? "mask" : "distinct")_\(partition ? "partition" : "compact")_\(type)"
                                  + (onePass ? "_one_pass" : "") + (vectorLanes == nil ? "" : "_vectors_\(vectorPlacement)"))
    }

    /// The kernels' OpenCL C.
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
        let selectedArgument = byMask ? "global const uchar *m" : "global const \(T) *x"
        let stepStores = (0..<8).map { e in
            chains.map { c in
                partition
                    ? "{ const uchar f = k\(c).s\(e); out[f ? p\(c) : q\(c) + j + \(e) - p\(c)] = v\(c).s\(e); p\(c) += f; }"
                    : "out[p\(c)] = v\(c).s\(e); p\(c) += k\(c).s\(e);"
            }.joined(separator: " ")
        }.joined(separator: "\n        ")
        let singleStore = partition
            ? "{ const uchar f = \(flag("i")); out[f ? p : total_kept + i - p] = x[i]; p += f; }"
            : "{ out[p] = x[i]; p += \(flag("i")); }"
        // The count's vector part: sixteen mask bytes at a time, or eight elements against their predecessors.
        let countVectors = byMask
            ? """
                uint16 acc = (uint16)(0);
                for (; i + 16 <= end; i += 16) acc += convert_uint16(min(vload16(0, m + i), (uchar16)(1)));
                const uint8 a8 = acc.lo + acc.hi; const uint4 a4 = a8.lo + a8.hi; const uint2 a2 = a4.lo + a4.hi;
                total += (ulong)a2.x + a2.y;
            """
            : """
                if (i == 0 && i < end) { total = 1; i = 1; }
                // A vector comparison is −1 where true.
                int16 acc = (int16)(0);
                for (; i + 16 <= end; i += 16) acc -= convert_int16(vload16(0, x + i) != vload16(0, x + i - 1));
                const int8 a8 = acc.lo + acc.hi; const int4 a4 = a8.lo + a8.hi; const int2 a2 = a4.lo + a4.hi;
                total += (ulong)(a2.x + a2.y);
            """
        let chainParameters = chains.map { "ulong s\($0), const ulong l\($0), ulong p\($0)" }.joined(separator: ", ")
        return """
            \(pragma)
            \(onePass ? "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable" : "")

            // The kept elements in [first, end); *last gets the index just after the last kept one (first when none).
            ulong swiftcl_count_kept(\(selectedArgument), const ulong first, const ulong end, ulong *last)
            {
                ulong i = first, total = 0;
            \(countVectors)
                for (; i < end; ++i) total += \(flag("i"));
                ulong l = end;
                while (l > first && !\(flag("(l - 1)"))) --l;
                *last = l;
                return total;
            }

            // Walks \(Self.chains) tiles side by side: tile c covers [s_c, l_c) and places its next kept element at p_c.
            void swiftcl_place_tiles(global const \(T) *x, \(byMask ? "global const uchar *m, " : "")global \(T) *out, \(partition ? "const ulong total_kept, " : "")\(chainParameters), ulong *ends)
            {
                // In a partition the element at index i with p kept before it, if rejected, goes after every kept element
                // and the i − p rejected ones before it: total_kept + i − p (q is total_kept + the tile's first index).
                \(partition ? chains.map { "const ulong q\($0) = total_kept + s\($0);" }.joined(separator: " ") : "")
                \(byMask ? "" : "if (s0 == 0 && l0 > 0) { out[p0] = x[0]; p0 += 1; s0 = 1; }")
                // Steps all tiles have: the shortest tile's length (0 for an empty one). Taken through a signed
                // difference: `l > s ? l - s : 0` becomes llvm.usub.sat, which Oclgrind 21.10 cannot run.
                long len_ = (long)l0 - (long)s0;
                \((1..<Self.chains).map { "len_ = min(len_, (long)l\($0) - (long)s\($0));" }.joined(separator: " "))
                const ulong len = len_ > 0 ? (ulong)len_ : 0;
                ulong j = 0;
                for (; j + 8 <= len; j += 8) {
                    \(chains.map { "const uchar8 k\($0) = \(flags8("s\($0) + j")); const \(T)8 v\($0) = vload8(0, x + s\($0) + j);" }.joined(separator: "\n        "))
                    \(stepStores)
                }
                \(chains.map { c in
                    "{ ulong p = p\(c); for (ulong i = s\(c) + j; i < l\(c); ++i) \(singleStore) ends[\(c)] = p; }"
                }.joined(separator: "\n    "))
            }
            \(vectorSource(flag: flag))

            kernel void swiftcl_place_count(\(selectedParameters), const ulong n, global ulong *info)
            {
                \(selectedPointer)
                const ulong sp_tiles = get_global_size(0), t = get_global_id(0);
                \(tileBounds)
                ulong last;
                info[2 * t] = swiftcl_count_kept(\(byMask ? "m" : "x"), SP_FIRST(t), SP_END(t), &last);
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
            #ifdef SWIFTCL_VECTOR_PLACE
                // A tile's places end where the next tile's begin (info[2 * sp_tiles] is the total).
                for (ulong t = t0; t < t0 + \(Self.chains); ++t)
                    swiftcl_place_run(x, \(byMask ? "m, " : "")out, \(partition ? "info[2 * sp_tiles], " : "")SP_FIRST(t), SP_END(t), info[2 * t], info[2 * (t + 1)]);
            #else
                ulong ends[\(Self.chains)];
                swiftcl_place_tiles(x, \(byMask ? "m, " : "")out, \(partition ? "info[2 * sp_tiles], " : "")\(chains.map { c in
                    "SP_FIRST(t0 + \(c)), \(partition ? "SP_END(t0 + \(c))" : "info[2 * (t0 + \(c)) + 1]"), info[2 * (t0 + \(c))]"
                }.joined(separator: ", ")), ends);
            #endif
            }
            \(onePass ? chainedKernel(byMask: byMask) : "")
            """
    }

    /// The one-pass placement of a compaction (``Selection/mask`` or ``Selection/distinctFromPrevious``): work-items
    /// take blocks of `block` elements in order from a ticket (`state[0]`), wait for the block before theirs to
    /// publish its inclusive kept count (`state[1 + b]`, stored plus one so that zero means not yet) and publish their
    /// own. A block waits only for one that a running work-item holds (tickets are taken in order), so the wait ends
    /// whatever the device's scheduling of work-groups.
    ///
    /// By a mask, a block counts its \(chains) tiles' flags (a quarter of the data) and then places its elements, so its
    /// walk reads `x` from memory while the flags are still in the cache. Without a mask the flags are the elements
    /// themselves, so a count first would read the block twice: each block is placed into its work-item's own part
    /// of `scratch` (cache-sized) as it is read, learning the tiles' kept counts, and its kept elements are copied to
    /// their places in `out` as vectors once the block before has published (Zen 4: 61–64 % of the copy bound against
    /// 56–66 % counting first; by a mask, counting first: 87–92 % against 75–76 %). With a vector placement
    /// (`SWIFTCL_VECTOR_PLACE`) both selections count first and place straight into `out`: its stores write nothing
    /// outside the block's places, so no scratch is needed.
    private func chainedKernel(byMask: Bool) -> String {
        let T = type
        let chains = 0..<Self.chains
        let tiles = chains.map { c in "const ulong s\(c) = min(first + \(c) * per, end), e\(c) = min(first + \(c + 1) * per, end);" }
            .joined(separator: " ")
        let publish = """
                    ulong before = 0;
                    if (b > 0) { ulong s; while ((s = atom_add(&state[b], 0)) == 0) {} before = s - 1; }
                    const ulong through = before + \(chains.map { "c\($0)" }.joined(separator: " + "));
                    atom_xchg(&state[1 + b], through + 1);
                    if (b == blocks - 1) kept[0] = through;
            """
        // Counting first (the flags, or with a vector placement the elements themselves) leaves the block in the cache for
        // its placement straight into `out`.
        let countFirst = """
                    \(chains.map { c in "ulong l\(c); const ulong c\(c) = swiftcl_count_kept(\(byMask ? "m" : "x"), s\(c), e\(c), &l\(c));" }.joined(separator: " "))
            \(publish)
            """
        let vectorised = vectorLanes == nil ? "" : """
            #ifdef SWIFTCL_VECTOR_PLACE
            \(countFirst)
                    swiftcl_place_run(x, \(byMask ? "m, " : "")out, first, end, before, through);
            #else
            """
        let block = byMask
            ? """
            \(vectorised)
            \(countFirst)
                    ulong ends[\(Self.chains)];
                    swiftcl_place_tiles(x, m, out, \(chains.map { c in "s\(c), l\(c), before\((0..<c).map { " + c\($0)" }.joined())" }.joined(separator: ", ")), ends);
            \(vectorised.isEmpty ? "" : "#endif")
            """
            : """
            \(vectorised)
                    ulong ends[\(Self.chains)];
                    swiftcl_place_tiles(x, mine, \(chains.map { c in "s\(c), e\(c), \(c) * per" }.joined(separator: ", ")), ends);
                    \(chains.map { c in "const ulong c\(c) = ends[\(c)] - \(c) * per;" }.joined(separator: " "))
            \(publish)
                    \(chains.map { c in
                        "swiftcl_copy_run(mine + \(c) * per, out + before\((0..<c).map { " + c\($0)" }.joined()), c\(c));"
                    }.joined(separator: "\n            "))
            \(vectorised.isEmpty ? "" : "#endif")
            """
        return """

            void swiftcl_copy_run(global const \(T) *from, global \(T) *to, const ulong count)
            {
                ulong i = 0;
                for (; i + 8 <= count; i += 8) vstore8(vload8(0, from + i), 0, to + i);
                for (; i < count; ++i) to[i] = from[i];
            }

            kernel void swiftcl_place_chained(global const \(T) *x_base, const ulong x_off, \(byMask ? "global const uchar *m_base, const ulong m_off, " : "")
                                              global \(T) *out_base, const ulong out_off, const ulong n, const ulong block,
                                              global volatile ulong *state, global ulong *kept\(byMask ? "" : ", global \(T) *scratch"))
            {
                global const \(T) *x = x_base + x_off;
                \(byMask ? "global const uchar *m = m_base + m_off;" : "global \(T) *mine = scratch + get_global_id(0) * block;")
                global \(T) *out = out_base + out_off;
                const ulong blocks = (n + block - 1) / block;
                for (;;) {
                    const ulong b = atom_inc(state);
                    if (b >= blocks) break;
                    const ulong first = b * block, end = min(first + block, n), per = (end - first + \(Self.chains - 1)) / \(Self.chains);
                    \(tiles)
            \(block)
                }
            }
            """
    }
}
