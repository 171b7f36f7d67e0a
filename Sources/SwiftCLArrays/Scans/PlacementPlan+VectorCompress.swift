import SwiftCL

/// Placement a vector at a time on CPUs with AVX-512.
///
/// The element-by-element walk (`swiftcl_place_tiles`) costs about one cycle per element for its extract, store and
/// add, which made `unique(into:)` compute-bound at ~57 % of the copy bound on a Zen 4. Where the device's compiler
/// targets AVX-512 (PoCL compiles for the host CPU, so `__AVX512F__` and `__AVX512VL__` are defined there), the
/// kernels instead take sixteen 4-byte or eight 8-byte elements at a time: one comparison gives the kept lanes as a
/// mask, `vpcompress` packs them to the front of a register, and a masked store writes exactly the kept ones (so
/// nothing past the kept elements is written, and a block can place straight into the output once the block before
/// it has published). A PyOpenCL probe of 2²⁶ sorted Int32 pairs (`Benchmarks/probes/unique-placement.py`) ran the
/// walk at 56.8 % of an in-run copy and the compress at 86.9–87.2 %. The register form is used: compressing straight
/// to memory is microcoded and slow on Zen 4. Other devices, and other element sizes, keep the walk: the code is inside
/// `#if`, chosen by the compiler that builds it.
extension PlacementPlan {
    /// Lanes per compress for this element type (16 for `int`, `uint`, `float`; 8 for `long`, `ulong`, `double`), or
    /// nil when the type has no compress or ``vectorCompress`` is off.
    var compressLanes: Int? {
        guard vectorCompress else { return nil }
        switch type {
        case "int", "uint", "float": return 16
        case "long", "ulong", "double": return 8
        default: return nil
        }
    }

    /// OpenCL C defining `SWIFTCL_COMPRESS` and `swiftcl_place_run` where the compiler targets AVX-512 F and VL (empty
    /// without ``compressLanes``). `flag` is the 0/1 flag of an index.
    func compressSource(flag: (String) -> String) -> String {
        guard let lanes = compressLanes else { return "" }
        let T = type, byMask = selection == .mask
        let (float, mask, all) = lanes == 16 ? ("float", "ushort", "0xffff") : ("double", "uchar", "0xff")
        let (compress, store) = lanes == 16
            ? ("__builtin_ia32_compresssf512_mask", "__builtin_ia32_storeups512_mask")
            : ("__builtin_ia32_compressdf512_mask", "__builtin_ia32_storeupd512_mask")
        // A comparison of 32-bit lanes against zero gives the mask (int16 in a 512-bit register, int8 in a 256-bit one).
        let compare = lanes == 16 ? "__builtin_ia32_cmpd512_mask" : "__builtin_ia32_cmpd256_mask"
        let nonzeroDistinct = lanes == 16
            ? "(vload16(0, x + i) != vload16(0, x + i - 1))" : "convert_int8(vload8(0, x + i) != vload8(0, x + i - 1))"
        let nonzero = byMask
            ? "convert_int\(lanes)(vload\(lanes)(0, m + i))"
            : nonzeroDistinct
        // Stores the lanes of `v` that `selected` picks, packed to the front, at `place` (exactly `count` of them).
        let storePacked = { (selected: String, place: String, count: String) in
            "\(store)((\(float) *)(ulong)(\(place)), \(compress)(v, (swiftcl_vf)(\(float)\(lanes))(0), \(selected)),"
                + " (\(mask))((1u << (\(count))) - 1));"
        }
        let placeRejected = partition ? storePacked("(\(mask))~k", "out + total_kept + i - p", "\(lanes) - c") : ""
        return """
            #if defined(__AVX512F__) && defined(__AVX512VL__)
            #define SWIFTCL_COMPRESS 1
            \(lanes == 8 ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable" : "")
            typedef \(float) swiftcl_vf __attribute__((vector_size(64)));
            typedef int swiftcl_vi __attribute__((vector_size(\(4 * lanes))));

            // Places the elements of [i, e), the kept ones from place p on\(partition ? " (a rejected one at total_kept + its index − the kept before it)" : ""),
            // \(lanes) at a time: the kept lanes' mask, packed by a compress, stored under a mask (nothing else is
            // written). Returns the place after the last kept element. The casts to private pointers are CPU-only: the
            // builtins take no address space, and on a CPU every space is the same memory.
            ulong swiftcl_place_run(global const \(T) *x, \(byMask ? "global const uchar *m, " : "")global \(T) *out,
                                    \(partition ? "const ulong total_kept, " : "")ulong i, const ulong e, ulong p)
            {
                \(byMask ? "" : "if (i == 0 && e > 0) { out[p] = x[0]; p += 1; i = 1; }")
                for (; i + \(lanes) <= e; i += \(lanes)) {
                    const \(mask) k = \(compare)((swiftcl_vi)\(nonzero), (swiftcl_vi)(int\(lanes))(0), 4, (\(mask))\(all));
                    const uint c = popcount(k);
                    const swiftcl_vf v = (swiftcl_vf)as_\(float)\(lanes)(vload\(lanes)(0, x + i));
                    \(storePacked("k", "out + p", "c"))
                    \(placeRejected)
                    p += c;
                }
                for (; i < e; ++i) {
                    if (\(flag("i"))) out[p++] = x[i];\(partition ? " else out[total_kept + i - p] = x[i];" : "")
                }
                return p;
            }
            #endif

            kernel void swiftcl_place_compresses(global uint *r)
            {
            #ifdef SWIFTCL_COMPRESS
                r[0] = 1;
            #else
                r[0] = 0;
            #endif
            }
            """
    }

    /// Whether the program built for `queue`'s device places through the compress (false without ``compressLanes``):
    /// the tests check that an AVX-512 host gets it.
    func compresses(on queue: ComputeQueue) throws -> Bool {
        guard compressLanes != nil else { return false }
        let kernel = try program(on: queue).sharedKernel(named: "swiftcl_place_compresses")
        let answer = try Buffer<UInt32>(count: 1, context: queue.context)
        return try queue.sync { cl in
            try cl.launch(kernel, try NDRange(1), arguments: [answer])
            return try cl.read(answer)[0] == 1
        }
    }
}
