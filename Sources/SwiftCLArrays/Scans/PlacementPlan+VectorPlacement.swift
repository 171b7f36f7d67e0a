import SwiftCL

/// Placement a vector at a time on CPUs with AVX-512 or AVX2.
///
/// The element-by-element walk (`swiftcl_place_tiles`) costs about one cycle per element for its extract, store and
/// add, which made `unique(into:)` compute-bound at ~55 % of the copy bound. Where the device's compiler targets a
/// vector extension (PoCL compiles for the host CPU, so `__AVX512F__`/`__AVX512VL__` or `__AVX2__` are defined there),
/// 4- and 8-byte elements are placed a vector at a time instead, one comparison giving the kept lanes as a mask:
/// - **AVX-512** (sixteen 4-byte or eight 8-byte lanes): `vpcompress` packs the kept lanes to the front of a register
///   and a masked store writes exactly those (the register form: compressing straight to memory is microcoded and
///   slow on Zen 4).
/// - **AVX2** (eight 4-byte or four 8-byte lanes): the mask indexes a table of the kept lanes' indices packed to the
///   front, a `vpermd` moves them there, and a full vector store writes them. The store's lanes past the kept ones
///   land on places the next store overwrites, so it is used only while the whole vector stays inside the run's own
///   places (`pend`, and for a partition's rejected lanes their end); nearer the end the kept lanes are stored one by
///   one.
///
/// Either way nothing outside a run's places is written, so a block can place straight into the output once the
/// block before it has published. `Benchmarks/probes/unique-placement.py` (2²⁶ sorted Int32 pairs, % of an in-run
/// copy, medians; Zen 4, session 31): the walk 48–61 %, the AVX-512 compress 88.4 %, the AVX2 permute 85.3 %; with the
/// device compiled for an AVX2-only CPU (`POCL_KERNELLIB_NAME=avx2 POCL_LLVM_CPU_NAME=znver1`) the walk 52–55 %, the
/// permute **89.2 %**. Other devices and other element sizes keep the walk: the code is inside `#if`, chosen by the
/// compiler that builds it.
extension PlacementPlan {
    /// How far the placement may vectorise (the widest path the device's compiler supports is taken, up to this).
    enum VectorPlacement: Int, Sendable, CaseIterable {
        /// Element by element.
        case walk = 0
        /// AVX-512's compress where compiled for it, else as ``permute``.
        case compress = 1
        /// AVX2's permute where compiled for it (tests cover it on AVX-512 hosts), else the walk.
        case permute = 2
    }

    /// Lanes of a 512-bit register for this element type (16 for `int`, `uint`, `float`; 8 for `long`, `ulong`,
    /// `double`), or nil when the type has no vector placement or ``vectorPlacement`` is ``VectorPlacement/walk``.
    var vectorLanes: Int? {
        guard vectorPlacement != .walk else { return nil }
        switch type {
        case "int", "uint", "float": return 16
        case "long", "ulong", "double": return 8
        default: return nil
        }
    }

    /// OpenCL C defining `SWIFTCL_VECTOR_PLACE` (1: the compress, 2: the permute) and `swiftcl_place_run` where the
    /// compiler targets AVX-512 F and VL or AVX2 (empty without ``vectorLanes``). `flag` is the 0/1 flag of an index.
    func vectorSource(flag: (String) -> String) -> String {
        guard let lanes = vectorLanes else { return probeKernel }
        let T = type, byMask = selection == .mask
        let parameters = """
            global const \(T) *x, \(byMask ? "global const uchar *m, " : "")global \(T) *out,
                                    \(partition ? "const ulong total_kept, " : "")ulong i, const ulong e, ulong p, const ulong pend
            """
        let first = byMask ? "" : "if (i == 0 && e > 0) { out[p] = x[0]; p += 1; i = 1; }"
        let tail = """
                for (; i < e; ++i) {
                    if (\(flag("i"))) out[p++] = x[i];\(partition ? " else out[total_kept + i - p] = x[i];" : "")
                }
                return p;
            """
        let compress = vectorPlacement == .compress ? compressRun(lanes: lanes, parameters: parameters, first: first, tail: tail) : ""
        return """
            \(compress)
            #if \(compress.isEmpty ? "" : "!defined(SWIFTCL_VECTOR_PLACE) && ")defined(__AVX2__)
            \(permuteRun(lanes: lanes / 2, parameters: parameters, first: first, tail: tail))
            #endif
            \(probeKernel)
            """
    }

    /// Answers which path the program was compiled with: 0 the walk, 1 the compress, 2 the permute.
    private var probeKernel: String {
        """
        kernel void swiftcl_place_vectors(global uint *r)
        {
        #ifdef SWIFTCL_VECTOR_PLACE
            r[0] = SWIFTCL_VECTOR_PLACE;
        #else
            r[0] = 0;
        #endif
        }
        """
    }

    /// AVX-512: `lanes` (16 or 8) elements per compress.
    private func compressRun(lanes: Int, parameters: String, first: String, tail: String) -> String {
        let byMask = selection == .mask
        let (float, mask, all) = lanes == 16 ? ("float", "ushort", "0xffff") : ("double", "uchar", "0xff")
        let (compress, store) = lanes == 16
            ? ("__builtin_ia32_compresssf512_mask", "__builtin_ia32_storeups512_mask")
            : ("__builtin_ia32_compressdf512_mask", "__builtin_ia32_storeupd512_mask")
        // A comparison of 32-bit lanes against zero gives the mask (int16 in a 512-bit register, int8 in a 256-bit one).
        let compare = lanes == 16 ? "__builtin_ia32_cmpd512_mask" : "__builtin_ia32_cmpd256_mask"
        let nonzeroDistinct = lanes == 16
            ? "(vload16(0, x + i) != vload16(0, x + i - 1))" : "convert_int8(vload8(0, x + i) != vload8(0, x + i - 1))"
        let nonzero = byMask ? "convert_int\(lanes)(vload\(lanes)(0, m + i))" : nonzeroDistinct
        // Stores the lanes of `v` that `selected` picks, packed to the front, at `place` (exactly `count` of them).
        let storePacked = { (selected: String, place: String, count: String) in
            "\(store)((\(float) *)(ulong)(\(place)), \(compress)(v, (swiftcl_vf)(\(float)\(lanes))(0), \(selected)),"
                + " (\(mask))((1u << (\(count))) - 1));"
        }
        let placeRejected = partition ? storePacked("(\(mask))~k", "out + total_kept + i - p", "\(lanes) - c") : ""
        return """
            #if defined(__AVX512F__) && defined(__AVX512VL__)
            #define SWIFTCL_VECTOR_PLACE 1
            \(lanes == 8 ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable" : "")
            typedef \(float) swiftcl_vf __attribute__((vector_size(64)));
            typedef int swiftcl_vi __attribute__((vector_size(\(4 * lanes))));

            // Places the elements of [i, e), the kept ones from place p on\(partition ? " (a rejected one at total_kept + its index − the kept before it)" : ""),
            // \(lanes) at a time: the kept lanes' mask, packed by a compress, stored under a mask (nothing else is
            // written). Returns the place after the last kept element. The casts to private pointers are CPU-only: the
            // builtins take no address space, and on a CPU every space is the same memory.
            ulong swiftcl_place_run(\(parameters))
            {
                \(first)
                for (; i + \(lanes) <= e; i += \(lanes)) {
                    const \(mask) k = \(compare)((swiftcl_vi)\(nonzero), (swiftcl_vi)(int\(lanes))(0), 4, (\(mask))\(all));
                    const uint c = popcount(k);
                    const swiftcl_vf v = (swiftcl_vf)as_\(float)\(lanes)(vload\(lanes)(0, x + i));
                    \(storePacked("k", "out + p", "c"))
                    \(placeRejected)
                    p += c;
                }
            \(tail)
            }
            #endif
            """
    }

    /// AVX2: `lanes` (8 or 4) elements per 256-bit permute.
    private func permuteRun(lanes: Int, parameters: String, first: String, tail: String) -> String {
        let T = type, byMask = selection == .mask
        // The comparison's lanes (int for 4-byte elements, long for 8-byte ones) and the sign-bit mask of them.
        let (laneType, moveMask, maskCast) = lanes == 8
            ? ("int", "__builtin_ia32_movmskps256", "swiftcl_v8sf") : ("long", "__builtin_ia32_movmskpd256", "swiftcl_v4df")
        let nonzero = byMask
            ? "(convert_\(laneType)\(lanes)(vload\(lanes)(0, m + i)) != (\(laneType)\(lanes))(0))"
            : "(vload\(lanes)(0, x + i) != vload\(lanes)(0, x + i - 1))"
        let all = (1 << lanes) - 1
        // For each mask, the dword indices that bring its set lanes to the front, 3 bits per destination dword.
        let table = (0..<(1 << lanes)).map { mask -> String in
            let kept = (0..<lanes).filter { mask >> $0 & 1 == 1 }
            let dwords = kept.flatMap { lane in lanes == 8 ? [lane] : [2 * lane, 2 * lane + 1] }
            return "\(dwords.enumerated().reduce(0) { $0 | $1.element << (3 * $1.offset) })u"
        }.joined(separator: ", ")
        // The lanes of `selected`'s mask packed to the front of `v`, stored at `place`: whole while `place + lanes`
        // stays at or below `end`, else the `count` kept ones one by one.
        let storePacked = { (selected: String, place: String, count: String, end: String) in
            """
                    if (\(count) > 0) {
                        const swiftcl_v8si packed = __builtin_ia32_permvarsi256(v, (swiftcl_v8si)(((int8)(swiftcl_packed_lanes[\(selected)]) >> swiftcl_shifts) & (int8)(7)));
                        global \(T) *to = \(place);
                        if (\(place) + \(lanes) <= \(end)) {
                            vstore\(lanes)(as_\(T)\(lanes)(packed), 0, to);
                        } else {
                            \(T) front[\(lanes)];
                            vstore\(lanes)(as_\(T)\(lanes)(packed), 0, front);
                            for (uint j = 0; j < \(count); ++j) to[j] = front[j];
                        }
                    }
            """
        }
        let placeRejected = partition
            ? storePacked("~k & \(all)u", "out + total_kept + i - p", "\(lanes)u - c", "out + total_kept + e - pend") : ""
        return """
            #define SWIFTCL_VECTOR_PLACE 2
            typedef int swiftcl_v8si __attribute__((vector_size(32)));
            \(lanes == 8 ? "typedef float swiftcl_v8sf __attribute__((vector_size(32)));" : "")
            \(lanes == 4 ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\ntypedef double swiftcl_v4df __attribute__((vector_size(32)));" : "")
            constant uint swiftcl_packed_lanes[\(1 << lanes)] = { \(table) };
            #define swiftcl_shifts ((int8)(0, 3, 6, 9, 12, 15, 18, 21))

            // Places the elements of [i, e), the kept ones from place p on\(partition ? " (a rejected one at total_kept + its index − the kept before it)" : ""),
            // \(lanes) at a time: the kept lanes' mask, their indices from the table, a vpermd, and a whole-vector store
            // while it stays below the run's places' end pend (its extra lanes are overwritten by the next store), the
            // kept lanes one by one past it. Returns the place after the last kept element.
            ulong swiftcl_place_run(\(parameters))
            {
                \(first)
                for (; i + \(lanes) <= e; i += \(lanes)) {
                    const uint k = (uint)\(moveMask)((\(maskCast))\(nonzero));
                    const uint c = popcount(k);
                    const swiftcl_v8si v = (swiftcl_v8si)as_int8(vload\(lanes)(0, x + i));
            \(storePacked("k", "out + p", "c", "out + pend"))
            \(placeRejected)
                    p += c;
                }
            \(tail)
            }
            """
    }

    /// Which path the program built for `queue`'s device places through (``VectorPlacement/walk`` without
    /// ``vectorLanes``): the tests check that a host gets the widest its CPU has.
    func vectorPath(on queue: ComputeQueue) throws -> VectorPlacement {
        let kernel = try program(on: queue).sharedKernel(named: "swiftcl_place_vectors")
        let answer = try Buffer<UInt32>(count: 1, context: queue.context)
        let path = try queue.sync { cl in
            try cl.launch(kernel, try NDRange(1), arguments: [answer])
            return try cl.read(answer)[0]
        }
        return VectorPlacement(rawValue: Int(path)) ?? .walk
    }
}
