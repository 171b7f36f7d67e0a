/// The CPU layout's scatter through write-combining lines and non-temporal stores.
///
/// Each key of a pass goes to one of 256 places far apart, so a plain store misses the cache and first reads the
/// line it writes (a read for ownership): per 4-byte key the pass moved ~16 B, not the 12 its data needs. Here each
/// digit gathers its keys (and values) in a private 64-byte line, and a full line goes out as one aligned
/// non-temporal store, which skips that read; partial lines (each digit's first and last) are stored element by
/// element. `Benchmarks/probes/scatter-and-page-sizes.py`'s scatter on PoCL, Zen 4, 2²⁴ UInt32 keys, 9 rounds, ms
/// min/median/max: plain 28.3 / 29.0 / 31.1, lines with plain stores 35.0 / 36.1 / 42.5, lines with non-temporal stores
/// **16.1 / 16.2 / 17.2**; the whole sort of 2²⁴ UInt32 keys in `swiftcl-lab bench arrays` (3 interleaved runs per
/// form) 87–93 Mkeys/s plain against 100–118 with lines, while key–value pairs did not move beyond the noise
/// (48–61 against 56–65). The code is inside `#if __has_builtin(__builtin_nontemporal_store)`; the non-temporal
/// stores are fenced before the work-item ends (`sfence` on x86), so the next pass reads them.
extension RadixSortPlan {
    /// The scatter's loop over a tile with lines (up to its `#else`; the caller's plain loop and `#endif` follow).
    var streamingScatter: String {
        let radix = 1 << digitBits
        let U = Self.rawType(bytes: keyBits / 8)
        // One line's elements of a type of `bytes` bytes, and the line's element-wise fill and flush.
        func lines(_ name: String, type: String, bytes: Int, out: String,
                   value: String) -> (declare: String, put: String, flush: String) {
            let per = 64 / bytes
            // Element `j` of the output in its digit's line.
            let inLine = { (j: String) in "((\(type) *)&\(name)_line[d])[(uint)(\(j) + \(name)_skew) & \(per - 1)]" }
            return (
                """
                    ulong8 \(name)_line[\(radix)];
                    const uint \(name)_skew = (uint)(((ulong)\(out) % 64) / \(bytes));
                """,
                """
                        {
                            const uint slot = (uint)(at + \(name)_skew) & \(per - 1);
                            \(inLine("at")) = \(value);
                            if (slot == \(per - 1)) {
                                const \(placeType) first = places[(ulong)d * tiles + t];
                                if (at - first >= \(per - 1)) {
                                    __builtin_nontemporal_store(\(name)_line[d], (global ulong8 *)(\(out) + at - \(per - 1)));
                                } else {
                                    for (\(placeType) j = first; j <= at; ++j) \(out)[j] = \(inLine("j"));
                                }
                            }
                        }
                """,
                """
                        {
                            const \(placeType) first = places[(ulong)d * tiles + t];
                            const \(placeType) open = p[d] - ((uint)(p[d] + \(name)_skew) & \(per - 1));
                            for (\(placeType) j = max(first, open); j < p[d]; ++j) \(out)[j] = \(inLine("j"));
                        }
                """)
        }
        let key = lines("key", type: U, bytes: keyBits / 8, out: "keys_out", value: "k")
        let value = valueBytes.map {
            lines("value", type: Self.rawType(bytes: $0), bytes: $0, out: "values_out", value: "values[v_off + i]")
        }
        // Nested: a preprocessor without `__has_builtin` could not parse the call in the same condition.
        return """
            #if defined(__has_builtin)
            #if __has_builtin(__builtin_nontemporal_store)
            #define SC_LINES 1
            #endif
            #endif
            #ifdef SC_LINES
            \(key.declare)
            \(value?.declare ?? "")
                for (ulong i = i0; i < i1; ++i) {
                    const \(U) k = keys[k_off + i];
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
