/// The CPU layout's scatter through write-combining lines and non-temporal stores.
///
/// Each key of a pass goes to one of 256 places far apart, so a plain store misses the cache and first reads the
/// line it writes (a read for ownership): per 4-byte key the pass moved ~16 B, not the 12 its data needs. Here each
/// digit gathers its keys (and values) in a private run of ``linesPerDigit`` 64-byte lines, and a full run goes out
/// as aligned non-temporal stores, which skip that read; partial runs (each digit's first and last) are stored
/// element by element. The code is inside `#if __has_builtin(__builtin_nontemporal_store)`; the non-temporal stores
/// are fenced before the work-item ends (`sfence` on x86), so the next pass reads them.
///
/// `Benchmarks/probes/scatter-and-page-sizes.py` (PoCL, Zen 4, one pass over 2²⁴ UInt32 keys, 7 rounds, ms
/// min / median / max; session 31): plain stores 33.3 / 39.0 / 44.1; one line per digit with plain stores 28.3 / 37.4 /
/// 48.0; non-temporal runs of 1, 2, 4 and 8 lines 16.5 / 20.7 / 23.1, 13.1 / 13.7 / 21.3, **12.0 / 12.9 / 22.4**,
/// 10.9 / 14.8 / 19.9.
extension RadixSortPlan {
    /// Cache lines each digit gathers before they go out together, one non-temporal store after another.
    ///
    /// Four (session 31) against one line (session 29), three interleaved `swiftcl-lab bench arrays` runs each, 2²⁴
    /// keys, Mkeys/s medians: UInt32 from a memory pool 151 / 158 / 149 → 168 / 180 / 202; fresh results 97 / 116 /
    /// 109 → 113 / 112 / 120; (Float, UInt32) pairs within the noise (81 / 91 / 95 → 91 / 90 / 100 pooled). A tile's runs
    /// take 64 KiB for 4-byte keys (128 KiB with 4-byte values, 256 KiB for 8-byte pairs), inside a core's L2 on the
    /// CPUs measured; eight lines gained little more in the probe.
    static let linesPerDigit = 4

    /// The scatter's loop over a tile with lines (up to its `#else`; the caller's plain loop and `#endif` follow).
    var streamingScatter: String {
        let radix = 1 << digitBits
        let run = Self.linesPerDigit
        let U = Self.rawType(bytes: keyBits / 8)
        // A digit's run of lines for elements of `bytes` bytes, and its element-wise fill and flush.
        func lines(_ name: String, type: String, bytes: Int, out: String,
                   value: String) -> (declare: String, put: String, flush: String) {
            let perLine = 64 / bytes
            let per = perLine * run
            // Element `j` of the output in its digit's run of lines (`_lanes`: the runs as elements).
            let inLine = { (j: String) in "\(name)_lanes[d * \(per) + ((uint)(\(j) + \(name)_skew) & \(per - 1))]" }
            return (
                """
                    ulong8 \(name)_line[\(radix * run)];
                    \(type) *\(name)_lanes = (\(type) *)\(name)_line;
                    const uint \(name)_skew = (uint)(((ulong)\(out) % 64) / \(bytes));
                """,
                """
                        {
                            const uint slot = (uint)(at + \(name)_skew) & \(per - 1);
                            \(name)_lanes[d * \(per) + slot] = \(value);
                            if (slot == \(per - 1)) {
                                const \(placeType) first = tile_places[(ulong)d * tiles];
                                if (at - first >= \(per - 1)) {
                                    for (uint c = 0; c < \(run); ++c)
                                        __builtin_nontemporal_store(\(name)_line[d * \(run) + c],
                                                                    (global ulong8 *)(\(out) + at - \(per - 1) + c * \(perLine)));
                                } else {
                                    for (\(placeType) j = first; j <= at; ++j) \(out)[j] = \(inLine("j"));
                                }
                            }
                        }
                """,
                """
                        {
                            const \(placeType) first = tile_places[(ulong)d * tiles];
                            const \(placeType) open = p[d] - ((uint)(p[d] + \(name)_skew) & \(per - 1));
                            for (\(placeType) j = max(first, open); j < p[d]; ++j) \(out)[j] = \(inLine("j"));
                        }
                """)
        }
        let key = lines("key", type: U, bytes: keyBits / 8, out: "keys_out", value: "k")
        let value = valueBytes.map {
            lines("value", type: Self.rawType(bytes: $0), bytes: $0, out: "values_out", value: "values_in[i]")
        }
        // Nested: a preprocessor without `__has_builtin` could not parse the call in the same condition.
        return """
            #if defined(__has_builtin)
            #if __has_builtin(__builtin_nontemporal_store)
            #define SC_LINES 1
            #endif
            #endif
            #ifdef SC_LINES
                // The inputs and this tile's places as pointers: fewer values live across the loop (with values, the
                // loop spilled its offsets and reloaded them for every key: 38.7–42.1 → 32.2–34.9 ms a pass on Zen 4).
                global const \(U) *keys_in = keys + k_off;
                \(valueBytes.map { "global const \(Self.rawType(bytes: $0)) *values_in = values + v_off;" } ?? "")
                global const \(placeType) *tile_places = places + t;
            \(key.declare)
            \(value?.declare ?? "")
                for (ulong i = i0; i < i1; ++i) {
                    const \(U) k = keys_in[i];
                    const uint d = SC_DIGIT(k);
                    const \(placeType) at = p[d]++;
            \(key.put)
            \(value?.put ?? "")
                }
                for (uint d = 0; d <= mask; ++d) {
            \(key.flush)
            \(value?.flush ?? "")
                }
            #if defined(__SSE__)
                __builtin_ia32_sfence();
            #endif
            #else
            """
    }
}
