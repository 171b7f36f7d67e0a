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
/// Inside a tile each of the `local` work-items takes a contiguous run (on CPUs a work-group is one work-item, so a
/// tile is one sequential run through its cache lines); runs and tiles are combined strictly in index order, so the
/// operator needs to be associative, not commutative. Memory traffic: two reads and one write per element on CPUs
/// (phase 1 reads, phase 3 reads and writes); GPUs read a third time (each work-item's run's reduction in phase 3).
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
    /// element at a segment start) and `last_item` (the last index's inclusive prefix).
    var output: String
    var parameters: [String]
    var arguments: [any KernelArgument]
    var pragmas: Set<String>
    var preamble = ""
    var userParts: [String: String] = [:]
    var name: String

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
        var kernels = try self.kernels(local: local, context: queue.context)
        let limit = [kernels.partial, kernels.final].map { (try? $0.workGroupInfo(on: device).maxWorkGroupSize) ?? 1 }.min() ?? 1
        if local > limit {
            (local, groups) = Self.shape(count: count, device: device, maxLocal: limit)
            kernels = try self.kernels(local: local, context: queue.context)
        }
        let carries = try Buffer<UInt8>(count: (groups + 1) * 16, context: queue.context)
        let flags = try Buffer<UInt32>(count: groups, context: queue.context)
        let tiles = try NDRange(groups * local, local: local)
        _ = try queue.submit { cl in
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
            inline void swiftcl_output(\(paramsComma)const ulong i, const ulong n, const \(T) item, const \(T) prev_item, const \(T) last_item)
            {
            \(part(output, "output"));
            }
            #define SC_REDUCE_STEP(A, S, I) { const ulong sc_m = (I); const \(T) sc_w = swiftcl_input(\(passedComma)sc_m); \\
                if (swiftcl_starts(\(passedComma)sc_m)) { A = sc_w; S = 1; } else { A = swiftcl_scan(A, sc_w); } }
            #define SC_OUTPUT(P, I) { const ulong sc_m = (I); const \(T) sc_w = swiftcl_input(\(passedComma)sc_m); \(T) sc_prev = P; \\
                if (swiftcl_starts(\(passedComma)sc_m)) { sc_prev = \(neutral); P = sc_w; } else { P = swiftcl_scan(P, sc_w); } \\
                swiftcl_output(\(passedComma)sc_m, n, P, sc_prev, last_item); }
            """)
        // The run of indices work-item `sc_lid` of its group takes.
        let run = """
                const ulong sc_per_group = (n + get_num_groups(0) - 1) / get_num_groups(0);
                const ulong sc_g0 = min((ulong)get_group_id(0) * sc_per_group, n), sc_g1 = min(sc_g0 + sc_per_group, n);
                const ulong sc_per_item = (sc_g1 - sc_g0 + \(local) - 1) / \(local);
                const uint sc_lid = get_local_id(0);
                const ulong sc_i0 = min(sc_g0 + sc_lid * sc_per_item, sc_g1), sc_i1 = min(sc_i0 + sc_per_item, sc_g1);
            """
        // Reduces the run [sc_i0, sc_i1) into `sc_acc`, noting a segment start in `sc_seg` (the value restarts there).
        let lanes = 0..<8
        let reduceRun: String
        if local == 1 {
            // Eight contiguous sub-runs reduced side by side (eight independent dependency chains), combined in order.
            reduceRun = """
                    \(T) sc_acc = \(neutral); uint sc_seg = 0;
                    {
                        const ulong sc_sub = (sc_i1 - sc_i0) / 8;
                        \(lanes.map { "\(T) sc_a\($0) = \(neutral); uint sc_s\($0) = 0;" }.joined(separator: " "))
                        for (ulong sc_j = 0; sc_j < sc_sub; ++sc_j) {
                            \(lanes.map { "SC_REDUCE_STEP(sc_a\($0), sc_s\($0), sc_i0 + \($0) * sc_sub + sc_j)" }.joined(separator: "\n            "))
                        }
                        \(lanes.map { "sc_acc = sc_s\($0) ? sc_a\($0) : swiftcl_scan(sc_acc, sc_a\($0)); sc_seg |= sc_s\($0);" }.joined(separator: "\n        "))
                        for (ulong sc_j = sc_i0 + 8 * sc_sub; sc_j < sc_i1; ++sc_j) SC_REDUCE_STEP(sc_acc, sc_seg, sc_j)
                    }
                """
        } else {
            // GPU layout: each item's run in one chain (without segment starts `swiftcl_starts` is the constant 0, so the
            // compiler drops the branch).
            reduceRun = """
                    \(T) sc_acc = \(neutral); uint sc_seg = 0;
                    for (ulong sc_j = sc_i0; sc_j < sc_i1; ++sc_j) SC_REDUCE_STEP(sc_acc, sc_seg, sc_j)
                """
        }
        // Puts every item's (sc_acc, sc_seg) pair in local memory, where item 0 combines them in index order.
        let combine = local == 1 ? "" : """
                local \(T) sc_vals[\(local)]; local uint sc_segs[\(local)];
                sc_vals[sc_lid] = sc_acc; sc_segs[sc_lid] = sc_seg;
                barrier(CLK_LOCAL_MEM_FENCE);
            """
        lines.append("""
            kernel void swiftcl_scan_partial(\(paramsComma)const ulong n, global uchar *carry_bytes, global uint *flags)
            {
                global \(T) *sc_carries = (global \(T) *)carry_bytes;
            \(run)
            \(reduceRun)
            \(combine)
                if (sc_lid == 0) {
            \(local == 1 ? "" : """
                    sc_acc = \(neutral);
                    uint sc_seg_any = 0;
                    for (uint sc_k = 0; sc_k < \(local); ++sc_k) { sc_acc = sc_segs[sc_k] ? sc_vals[sc_k] : swiftcl_scan(sc_acc, sc_vals[sc_k]); sc_seg_any |= sc_segs[sc_k]; }
            """)
                    sc_carries[get_group_id(0)] = sc_acc;
                    flags[get_group_id(0)] = \(local == 1 ? "sc_seg" : "sc_seg_any");
                }
            }
            """)
        lines.append("""
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
            """)
        // Phase 3: the item's carry-in is the group's, combined (on GPUs) with the runs of the items before it.
        let itemCarry = local == 1 ? "    \(T) sc_acc_in = sc_carries[get_group_id(0)];\n" : """
            \(reduceRun)
            \(combine)
                if (sc_lid == 0) {
                    \(T) sc_c = sc_carries[get_group_id(0)];
                    for (uint sc_k = 0; sc_k < \(local); ++sc_k) {
                        const \(T) sc_v = sc_vals[sc_k]; const uint sc_s = sc_segs[sc_k];
                        sc_vals[sc_k] = sc_c;
                        sc_c = sc_s ? sc_v : swiftcl_scan(sc_c, sc_v);
                    }
                }
                barrier(CLK_LOCAL_MEM_FENCE);
                \(T) sc_acc_in = sc_vals[sc_lid];

            """
        // On CPUs blocks of 256 indices: eight sub-blocks of 32 reduced side by side, their carries chained in order,
        // then the eight sub-blocks scanned side by side (the block's inputs are read twice, the second time from L1).
        let blocked = local == 1 ? """
                for (; sc_b + 256 <= sc_i1; sc_b += 256) {
                    \(lanes.map { "\(T) sc_r\($0) = \(neutral); uint sc_f\($0) = 0;" }.joined(separator: " "))
                    for (uint sc_j = 0; sc_j < 32; ++sc_j) {
                        \(lanes.map { "SC_REDUCE_STEP(sc_r\($0), sc_f\($0), sc_b + \($0 * 32) + sc_j)" }.joined(separator: "\n            "))
                    }
                    \(T) sc_p0 = sc_run;
                    \((1..<8).map { "\(T) sc_p\($0) = sc_f\($0 - 1) ? sc_r\($0 - 1) : swiftcl_scan(sc_p\($0 - 1), sc_r\($0 - 1));" }.joined(separator: "\n        "))
                    sc_run = sc_f7 ? sc_r7 : swiftcl_scan(sc_p7, sc_r7);
                    for (uint sc_j = 0; sc_j < 32; ++sc_j) {
                        \(lanes.map { "SC_OUTPUT(sc_p\($0), sc_b + \($0 * 32) + sc_j)" }.joined(separator: "\n            "))
                    }
                }
            """ : ""
        lines.append("""
            kernel void swiftcl_scan_final(\(paramsComma)const ulong n, global const uchar *carry_bytes)
            {
                global const \(T) *sc_carries = (global const \(T) *)carry_bytes;
            \(run)
            \(itemCarry)
                const \(T) last_item = sc_carries[get_num_groups(0)];
                \(T) sc_run = sc_acc_in;
                ulong sc_b = sc_i0;
            \(blocked)
                for (; sc_b < sc_i1; ++sc_b) SC_OUTPUT(sc_run, sc_b)
            }
            """)
        return lines.joined(separator: "\n")
    }
}
