import SwiftCL

/// Everything that makes one scan's three kernels: the value at index `i`, the associative operator, an optional
/// segment-start test, and the statement that consumes each prefix. Built-in scans, compaction, partition and
/// ``ScanKernel`` all end here.
///
/// The scan runs as reduce-then-scan over `groups` contiguous tiles of the index range:
/// 1. `swiftcl_scan_partial`: each tile's reduction (and whether it holds a segment start);
/// 2. `swiftcl_scan_carries`: one work-item scans the tiles' reductions in order into each tile's carry-in, and
///    stores the whole range's last prefix (`last_item`) after them;
/// 3. `swiftcl_scan_final`: each tile scans again from its carry-in and runs the output statement per index.
///
/// On CPUs a work-group is one work-item, so a tile is one sequential run through its cache lines. On GPUs a tile is
/// walked in chunks of `local × K` indices: the group reads a chunk's values into local memory with neighbouring
/// work-items on neighbouring indices (coalesced), each work-item combines its `K` contiguous values, the work-group
/// scans those `local` partial results (Hillis–Steele over (value, segment-start) pairs), and phase 3 writes the
/// outputs back in the same coalesced order. Runs, chunks and tiles are combined strictly in index order, so the
/// operator needs to be associative, not commutative. Memory traffic in both layouts: two reads and one write per
/// element (phase 1 reads, phase 3 reads and writes).
struct ScanPlan {
    /// The OpenCL type of scan values.
    var type: String
    var neutral: String
    /// Combines `a` (the earlier prefix) and `b` (OpenCL C).
    var scan: String
    /// The value at index `i` (OpenCL C; may use the parameters).
    var input: String
    /// Whether index `i` starts a segment (OpenCL C), for segmented scans.
    var segmentStart: String?
    /// Runs once per index with `i`, `item` (the inclusive prefix), `prev_item` (the exclusive prefix; the neutral
    /// element at a segment start), `last_item` (the last index's inclusive prefix) and `swiftcl_run_end`: in the CPU
    /// layout, the inclusive prefix at the end of the run of indices this work-item outputs in index order (every
    /// later index of the run is output after this one, by the same work-item), so a compaction may store
    /// unconditionally below it and later stores of the run overwrite; in the GPU layout, where neighbouring items
    /// output at once, it is `prev_item`.
    var output: String
    var parameters: [String]
    var arguments: [any KernelArgument]
    var pragmas: Set<String>
    var preamble = ""
    var userParts: [String: String] = [:]
    var name: String

    /// The fewest work-items a group of the chunked (GPU) layout has; smaller groups run the sequential layout, one
    /// item per group (PoCL 3.1's work-group compiler asserts — ParallelRegion.cc:346, the process aborts — on the
    /// chunked kernels at two items; three items would chunk too little to pay for the barriers).
    static let smallestChunkedGroup = 4

    /// Work-items per group and groups for `count` indices on `device`; `maxLocal` is the kernels' work-group limit.
    static func shape(count: Int, device: Device, maxLocal: Int) -> (local: Int, groups: Int) {
        if device.type.contains(.cpu) {
            // One work-item per tile, tiles of at least 16 Ki indices, up to 4 per compute unit for balance.
            return (1, Swift.max(1, Swift.min((count + 16_383) / 16_384, device.computeUnits * 4)))
        }
        var local = 1
        while local * 2 <= Swift.min(256, maxLocal) { local *= 2 }
        return (local, Swift.max(1, Swift.min((count + local * 16 - 1) / (local * 16), device.computeUnits * 8)))
    }

    /// Enqueues the three kernels over `0..<count` on `queue`; does not wait. `localSize` overrides the device's
    /// layout (tests run the GPU layout on a CPU device this way).
    func run(count: Int, on queue: ComputeQueue, localSize: Int? = nil) throws {
        guard count > 0 else { return }
        let device = queue.device
        var (local, groups) = Self.shape(count: count, device: device, maxLocal: localSize ?? device.maxWorkGroupSize)
        if let localSize { (local, groups) = (localSize, Swift.max(1, Swift.min((count + localSize * 16 - 1) / (localSize * 16), 64))) }
        if local < Self.smallestChunkedGroup { local = 1 }
        var kernels = try self.kernels(local: local, context: queue.context)
        let limit = [kernels.partial, kernels.final].map { (try? $0.workGroupInfo(on: device).maxWorkGroupSize) ?? 1 }.min() ?? 1
        if local > limit {
            (local, groups) = Self.shape(count: count, device: device, maxLocal: limit)
            if local < Self.smallestChunkedGroup { local = 1 }
            kernels = try self.kernels(local: local, context: queue.context)
        }
        let carries = try Buffer<UInt8>(count: (groups + 1) * 16, context: queue.context)
        let flags = try Buffer<UInt32>(count: groups, context: queue.context)
        let tiles = try NDRange(groups * local, local: local)
        try queue.enqueue { cl in
            try cl.launch(kernels.partial, tiles, arguments: arguments + [UInt64(count), carries, flags])
            try cl.launch(kernels.carries, try NDRange(1), arguments: [carries, flags, UInt32(groups)])
            try cl.launch(kernels.final, tiles, arguments: arguments + [UInt64(count), carries])
        }
    }

    private func kernels(local: Int, context: Context) throws -> (partial: Kernel, carries: Kernel, final: Kernel) {
        let source = source(local: local)
        func kernel(_ name: String) throws -> Kernel {
            try ProgramCompiler.kernel(source: source, name: self.name, kernel: name, context: context, userParts: userParts)
        }
        return (try kernel("swiftcl_scan_partial"), try kernel("swiftcl_scan_carries"), try kernel("swiftcl_scan_final"))
    }

    /// The program for work-groups of `local` items.
    func source(local: Int) -> String {
        local < Self.smallestChunkedGroup ? sequentialSource() : chunkedSource(local: local)
    }

    /// The definitions both layouts share: the user's parts as inline functions and the step macros.
    private func commonLines() -> [String] {
        let file = "\(name).cl"
        func part(_ text: String, _ named: String) -> String {
            userParts[named] != nil ? ProgramCompiler.userPart(text, named: named, resumeAt: 1, in: file) : text
        }
        let T = type
        let paramsComma = parameters.isEmpty ? "" : parameters.joined(separator: ", ") + ", "
        let passedComma = ParameterList.forwarding(parameters)
        var lines: [String] = [pragmas.sorted().joined()]
        if !preamble.isEmpty { lines.append(ProgramCompiler.userPart(preamble, named: "preamble", resumeAt: 1, in: file)) }
        lines.append("inline \(T) swiftcl_scan(\(T) a, \(T) b) { return (\(part(scan, "scan"))); }")
        lines.append("inline \(T) swiftcl_input(\(paramsComma)const ulong i) { return (\(part(input, "input"))); }")
        lines.append("inline int swiftcl_starts(\(paramsComma)const ulong i) { return \(segmentStart.map { "(\(part($0, "segment start"))) ? 1 : 0" } ?? "0"); }")
        lines.append("""
            inline void swiftcl_output(\(paramsComma)const ulong i, const ulong n, const \(T) item, const \(T) prev_item, const \(T) last_item,
                                       const \(T) swiftcl_run_end)
            {
            \(part(output, "output"));
            }
            #define SC_REDUCE_STEP(A, S, I) { const ulong sc_m = (I); const \(T) sc_w = swiftcl_input(\(passedComma)sc_m); \\
                if (swiftcl_starts(\(passedComma)sc_m)) { A = sc_w; S = 1; } else { A = swiftcl_scan(A, sc_w); } }
            #define SC_OUTPUT(P, E, I) { const ulong sc_m = (I); const \(T) sc_w = swiftcl_input(\(passedComma)sc_m); \(T) sc_prev = P; \\
                if (swiftcl_starts(\(passedComma)sc_m)) { sc_prev = \(neutral); P = sc_w; } else { P = swiftcl_scan(P, sc_w); } \\
                swiftcl_output(\(passedComma)sc_m, n, P, sc_prev, last_item, E); }
            """)
        return lines
    }

    /// The tile `[sc_g0, sc_g1)` of work-group `get_group_id(0)`.
    private static let tileBounds = """
            const ulong sc_per_group = (n + get_num_groups(0) - 1) / get_num_groups(0);
            const ulong sc_g0 = min((ulong)get_group_id(0) * sc_per_group, n), sc_g1 = min(sc_g0 + sc_per_group, n);
        """

    /// Phase 2, the same in both layouts: one work-item turns the tiles' reductions into their carry-ins, in order.
    private var carriesKernel: String {
        let T = type
        return """
            kernel void swiftcl_scan_carries(global uchar *carry_bytes, global const uint *flags, const uint groups)
            {
                global \(T) *sc_carries = (global \(T) *)carry_bytes;
                \(T) sc_carry = \(neutral);
                for (uint sc_g = 0; sc_g < groups; ++sc_g) {
                    const \(T) sc_p = sc_carries[sc_g];
                    sc_carries[sc_g] = sc_carry;
                    sc_carry = flags[sc_g] ? sc_p : swiftcl_scan(sc_carry, sc_p);
                }
                sc_carries[groups] = sc_carry;
            }
            """
    }

    /// The CPU layout: one work-item per tile, walking its indices in order (eight sub-runs side by side).
    private func sequentialSource() -> String {
        let T = type
        let paramsComma = parameters.isEmpty ? "" : parameters.joined(separator: ", ") + ", "
        var lines = commonLines()
        let lanes = 0..<8
        lines.append("""
            kernel void swiftcl_scan_partial(\(paramsComma)const ulong n, global uchar *carry_bytes, global uint *flags)
            {
                global \(T) *sc_carries = (global \(T) *)carry_bytes;
            \(Self.tileBounds)
                \(T) sc_acc = \(neutral); uint sc_seg = 0;
                {
                    // Eight contiguous sub-runs reduced side by side (eight independent dependency chains), combined in order.
                    const ulong sc_sub = (sc_g1 - sc_g0) / 8;
                    \(lanes.map { "\(T) sc_a\($0) = \(neutral); uint sc_s\($0) = 0;" }.joined(separator: " "))
                    for (ulong sc_j = 0; sc_j < sc_sub; ++sc_j) {
                        \(lanes.map { "SC_REDUCE_STEP(sc_a\($0), sc_s\($0), sc_g0 + \($0) * sc_sub + sc_j)" }.joined(separator: "\n            "))
                    }
                    \(lanes.map { "sc_acc = sc_s\($0) ? sc_a\($0) : swiftcl_scan(sc_acc, sc_a\($0)); sc_seg |= sc_s\($0);" }.joined(separator: "\n        "))
                    for (ulong sc_j = sc_g0 + 8 * sc_sub; sc_j < sc_g1; ++sc_j) SC_REDUCE_STEP(sc_acc, sc_seg, sc_j)
                }
                sc_carries[get_group_id(0)] = sc_acc;
                flags[get_group_id(0)] = sc_seg;
            }
            """)
        lines.append(carriesKernel)
        // Blocks of 256 indices: eight sub-blocks of 32 reduced side by side, their carries chained in order, then the
        // eight sub-blocks scanned side by side (the block's inputs are read twice, the second time from L1).
        lines.append("""
            kernel void swiftcl_scan_final(\(paramsComma)const ulong n, global const uchar *carry_bytes)
            {
                global const \(T) *sc_carries = (global const \(T) *)carry_bytes;
            \(Self.tileBounds)
                const \(T) last_item = sc_carries[get_num_groups(0)];
                \(T) sc_run = sc_carries[get_group_id(0)];
                ulong sc_b = sc_g0;
                for (; sc_b + 256 <= sc_g1; sc_b += 256) {
                    \(lanes.map { "\(T) sc_r\($0) = \(neutral); uint sc_f\($0) = 0;" }.joined(separator: " "))
                    for (uint sc_j = 0; sc_j < 32; ++sc_j) {
                        \(lanes.map { "SC_REDUCE_STEP(sc_r\($0), sc_f\($0), sc_b + \($0 * 32) + sc_j)" }.joined(separator: "\n            "))
                    }
                    \(T) sc_p0 = sc_run;
                    \((1..<8).map { "\(T) sc_p\($0) = sc_f\($0 - 1) ? sc_r\($0 - 1) : swiftcl_scan(sc_p\($0 - 1), sc_r\($0 - 1));" }.joined(separator: "\n        "))
                    sc_run = sc_f7 ? sc_r7 : swiftcl_scan(sc_p7, sc_r7);
                    // Each sub-block's run ends where the next one's carry-in starts.
                    \((0..<7).map { "const \(T) sc_e\($0) = sc_p\($0 + 1);" }.joined(separator: " ")) const \(T) sc_e7 = sc_run;
                    for (uint sc_j = 0; sc_j < 32; ++sc_j) {
                        \(lanes.map { "SC_OUTPUT(sc_p\($0), sc_e\($0), sc_b + \($0 * 32) + sc_j)" }.joined(separator: "\n            "))
                    }
                }
                // The tile's tail runs to the tile's end: the next tile's carry-in (the total after the last tile).
                const \(T) sc_tile_end = sc_carries[get_group_id(0) + 1];
                for (; sc_b < sc_g1; ++sc_b) SC_OUTPUT(sc_run, sc_tile_end, sc_b)
            }
            """)
        return lines.joined(separator: "\n")
    }

    /// The GPU layout: work-groups of `local` items walk their tile in chunks of `local × SC_K` indices through local
    /// memory (`SC_K` ≤ 8 values per item, at most 8 KiB of values per chunk), reading and writing coalesced.
    private func chunkedSource(local: Int) -> String {
        let T = type
        let paramsComma = parameters.isEmpty ? "" : parameters.joined(separator: ", ") + ", "
        let passedComma = ParameterList.forwarding(parameters)
        var lines = commonLines()
        lines.append("""
            #define SC_L \(local)
            #define SC_KF (8192 / (SC_L * sizeof(\(T))))
            #define SC_K (SC_KF > 8 ? 8 : (SC_KF < 1 ? 1 : SC_KF))
            #define SC_C (SC_L * SC_K)
            """)
        // Reads chunk [sc_c0, sc_c0 + SC_C) of the tile into local memory, neighbouring items on neighbouring indices;
        // past the tile's end the neutral element (never combined into a real index's prefix: it comes after them).
        let loadChunk = """
                    for (uint sc_k = 0; sc_k < SC_K; ++sc_k) {
                        const uint sc_j = sc_k * SC_L + sc_lid; const ulong sc_m = sc_c0 + sc_j;
                        if (sc_m < sc_g1) { sc_vals[sc_j] = swiftcl_input(\(passedComma)sc_m); sc_segs[sc_j] = (uchar)swiftcl_starts(\(passedComma)sc_m); }
                        else { sc_vals[sc_j] = \(neutral); sc_segs[sc_j] = 0; }
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
            """
        // Unrolled at generation time (PoCL's work-group compiler asserts on barriers in an inner loop).
        let hillisSteeleSteps = sequence(first: 1, next: { $0 * 2 }).prefix { $0 < local }.map { distance in
            """
                    {
                        const \(T) sc_v = sc_sums[sc_lid]; const uint sc_f = sc_sflags[sc_lid];
                        \(T) sc_pv = sc_v; uint sc_pf = 0;
                        if (sc_lid >= \(distance)) { sc_pv = sc_sums[sc_lid - \(distance)]; sc_pf = sc_sflags[sc_lid - \(distance)]; }
                        barrier(CLK_LOCAL_MEM_FENCE);
                        if (sc_lid >= \(distance)) { sc_sums[sc_lid] = sc_f ? sc_v : swiftcl_scan(sc_pv, sc_v); sc_sflags[sc_lid] = sc_f | sc_pf; }
                        barrier(CLK_LOCAL_MEM_FENCE);
                    }
            """
        }
        // Each item combines its SC_K contiguous values; then an inclusive Hillis–Steele scan of the items' (value,
        // segment-start) pairs in index order: (a, f) before (b, g) gives (g ? b : a ⊕ b, f | g).
        let scanItems = """
                    {
                        \(T) sc_a = \(neutral); uint sc_s = 0;
                        for (uint sc_k = 0; sc_k < SC_K; ++sc_k) {
                            const uint sc_j = sc_lid * SC_K + sc_k;
                            if (sc_segs[sc_j]) { sc_a = sc_vals[sc_j]; sc_s = 1; } else { sc_a = swiftcl_scan(sc_a, sc_vals[sc_j]); }
                        }
                        sc_sums[sc_lid] = sc_a; sc_sflags[sc_lid] = sc_s;
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
            \(hillisSteeleSteps.joined(separator: "\n"))
            """
        let locals = """
                const uint sc_lid = get_local_id(0);
                local \(T) sc_vals[SC_C]; local uchar sc_segs[SC_C];
                local \(T) sc_sums[SC_L]; local uint sc_sflags[SC_L];
            """
        lines.append("""
            kernel void swiftcl_scan_partial(\(paramsComma)const ulong n, global uchar *carry_bytes, global uint *flags)
            {
                global \(T) *sc_carries = (global \(T) *)carry_bytes;
            \(Self.tileBounds)
            \(locals)
                \(T) sc_carry = \(neutral); uint sc_any = 0;
                for (ulong sc_c0 = sc_g0; sc_c0 < sc_g1; sc_c0 += SC_C) {
            \(loadChunk)
            \(scanItems)
                    const \(T) sc_t = sc_sums[SC_L - 1]; const uint sc_tf = sc_sflags[SC_L - 1];
                    sc_carry = sc_tf ? sc_t : swiftcl_scan(sc_carry, sc_t); sc_any |= sc_tf;
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (sc_lid == 0) { sc_carries[get_group_id(0)] = sc_carry; flags[get_group_id(0)] = sc_any; }
            }
            """)
        lines.append(carriesKernel)
        // Phase 3: each item scans its SC_K values in place from its carry-in (the chunk's carry combined with the
        // items before it), then the outputs run coalesced; an index's exclusive prefix is its left neighbour's
        // inclusive one (the chunk's carry at the chunk's first index, the neutral element at a segment start).
        lines.append("""
            kernel void swiftcl_scan_final(\(paramsComma)const ulong n, global const uchar *carry_bytes)
            {
                global const \(T) *sc_carries = (global const \(T) *)carry_bytes;
            \(Self.tileBounds)
            \(locals)
                const \(T) last_item = sc_carries[get_num_groups(0)];
                \(T) sc_carry = sc_carries[get_group_id(0)];
                for (ulong sc_c0 = sc_g0; sc_c0 < sc_g1; sc_c0 += SC_C) {
            \(loadChunk)
            \(scanItems)
                    {
                        \(T) sc_p = sc_carry;
                        if (sc_lid > 0) { const \(T) sc_e = sc_sums[sc_lid - 1]; sc_p = sc_sflags[sc_lid - 1] ? sc_e : swiftcl_scan(sc_carry, sc_e); }
                        for (uint sc_k = 0; sc_k < SC_K; ++sc_k) {
                            const uint sc_j = sc_lid * SC_K + sc_k;
                            sc_p = sc_segs[sc_j] ? sc_vals[sc_j] : swiftcl_scan(sc_p, sc_vals[sc_j]);
                            sc_vals[sc_j] = sc_p;
                        }
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                    for (uint sc_k = 0; sc_k < SC_K; ++sc_k) {
                        const uint sc_j = sc_k * SC_L + sc_lid; const ulong sc_m = sc_c0 + sc_j;
                        if (sc_m < sc_g1) {
                            const \(T) sc_prev = sc_segs[sc_j] ? \(neutral) : (sc_j == 0 ? sc_carry : sc_vals[sc_j - 1]);
                            swiftcl_output(\(passedComma)sc_m, n, sc_vals[sc_j], sc_prev, last_item, sc_prev);
                        }
                    }
                    sc_carry = sc_vals[SC_C - 1];
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
            }
            """)
        return lines.joined(separator: "\n")
    }
}
