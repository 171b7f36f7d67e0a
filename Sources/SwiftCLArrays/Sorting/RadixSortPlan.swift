import SwiftCL

/// One stable least-significant-digit radix sort: the key's bit pattern mapped to an unsigned integer whose order is
/// the wanted order, then sorted `digitBits` bits per pass, each pass three steps over `tiles` contiguous tiles:
/// 1. `swiftcl_radix_count`: each tile counts its keys per digit (digit-major: `counts[digit * tiles + tile]`);
/// 2. an exclusive prefix sum of the counts (a ``ScanPlan``), giving each (digit, tile) its first output place;
/// 3. `swiftcl_radix_scatter`: each tile walks its keys in order and writes each at its digit's next place (a tile
///    whose keys all have one digit and land where they are is copied instead: the high passes of small-range keys;
///    the CPU layout gathers each digit's keys in 64-byte lines stored without a read for ownership, see
///    `RadixSortPlan+StreamingScatter.swift`).
///
/// A tile belongs to one work-item and is walked in index order, and tiles are placed in tile order within each digit,
/// so each pass (and so the sort) is stable. Keys and values move as raw bits (`uchar`…`ulong`), so one program serves
/// every element type of a width.
struct RadixSortPlan {
    /// The key's width in bits (8, 16, 32, 64).
    var keyBits: Int
    var keyKind: ElementKind
    /// The values' width in bytes, when values travel with the keys.
    var valueBytes: Int?
    var descending: Bool
    /// The CPU layout (8-bit digits, a work-item keeps 256 counters, few long tiles) or the GPU one (4-bit digits,
    /// many short tiles).
    var cpuLayout: Bool
    /// Bits sorted per pass.
    var digitBits: Int { cpuLayout ? 8 : 4 }
    /// `uint` places when the count fits in 32 bits, `ulong` otherwise.
    var placeType: String

    static func rawType(bytes: Int) -> String {
        switch bytes {
        case 1: "uchar"
        case 2: "ushort"
        case 4: "uint"
        default: "ulong"
        }
    }

    /// The OpenCL expression of `k`'s sort bits: unsigned keys as they are, signed ones with the sign bit flipped, and
    /// floating-point ones in IEEE total order (negative patterns inverted, positive ones with the sign bit set), so
    /// −NaN < −∞ < … < −0 < +0 < … < +∞ < +NaN; descending sorts invert every bit.
    var orderExpression: String {
        let U = Self.rawType(bytes: keyBits / 8)
        let sign = "((\(U))1 << \(keyBits - 1))"
        var expression: String
        switch keyKind {
        case .unsignedInteger: expression = "k"
        case .signedInteger: expression = "(k ^ \(sign))"
        case .floatingPoint: expression = "(k ^ ((k >> \(keyBits - 1)) ? (\(U))~(\(U))0 : \(sign)))"
        }
        if descending { expression = "~\(expression)" }
        return "(\(U))\(expression)"
    }

    var name: String {
        "radix_sort_\(keyKind)_\(keyBits)\(descending ? "_desc" : "")_\(digitBits)_\(placeType)" + (valueBytes.map { "_v\($0)" } ?? "")
    }

    var source: String {
        let U = Self.rawType(bytes: keyBits / 8)
        let C = placeType
        let R = 1 << digitBits
        let V = valueBytes.map(Self.rawType(bytes:))
        let valueParameters = V.map { "global const \($0) *values, const ulong v_off, global \($0) *values_out, " } ?? ""
        let moveValue = V == nil ? "" : "values_out[sc_p] = values[v_off + i];"
        let copyValue = V == nil ? "" : "values_out[i] = values[v_off + i];"
        let tileRange = """
                const uint t = get_global_id(0);
                if (t >= tiles) return;
                const ulong i0 = min((ulong)t * tile, n), i1 = min(i0 + tile, n);
            """
        return """
            inline \(U) swiftcl_sort_bits(const \(U) k) { return \(orderExpression); }
            #define SC_DIGIT(K) ((uint)(swiftcl_sort_bits(K) >> shift) & mask)

            kernel void swiftcl_radix_count(global const \(U) *keys, const ulong k_off, const ulong n, const ulong tile,
                                            const uint tiles, const uint shift, const uint mask, global \(C) *counts)
            {
            \(tileRange)
                // Four histograms, one per key of each group of four: an increment does not wait for the previous key's
                // when both have the same digit (one histogram ran the count at half this speed on PoCL).
                \(C) h0[\(R)], h1[\(R)], h2[\(R)], h3[\(R)];
                for (uint d = 0; d < \(R); ++d) { h0[d] = 0; h1[d] = 0; h2[d] = 0; h3[d] = 0; }
                ulong i = i0;
                for (; i + 4 <= i1; i += 4) {
                    // One vector load for the four keys (scalar loads ran the loop 1.8x slower on PoCL).
                    const \(U)4 k = vload4(0, keys + k_off + i);
                    ++h0[SC_DIGIT(k.x)]; ++h1[SC_DIGIT(k.y)]; ++h2[SC_DIGIT(k.z)]; ++h3[SC_DIGIT(k.w)];
                }
                for (; i < i1; ++i) ++h0[SC_DIGIT(keys[k_off + i])];
                for (uint d = 0; d <= mask; ++d) counts[(ulong)d * tiles + t] = h0[d] + h1[d] + h2[d] + h3[d];
            }

            kernel void swiftcl_radix_scatter(global const \(U) *keys, const ulong k_off, global \(U) *keys_out, \(valueParameters)
                                              const ulong n, const ulong tile, const uint tiles, const uint shift, const uint mask,
                                              global const \(C) *places)
            {
            \(tileRange)
                \(C) p[\(R)];
                for (uint d = 0; d <= mask; ++d) p[d] = places[(ulong)d * tiles + t];
                if (i0 < i1) {
                    // A tile whose keys all have one digit and stay where they are (keys of a small range in their high
                    // passes) moves as a plain copy: no digit work per key. Its digit's count is the next place minus
                    // its own (the places are one exclusive scan, digit-major).
                    const uint d0 = SC_DIGIT(keys[k_off + i0]);
                    const ulong at = (ulong)d0 * tiles + t;
                    const ulong next = at + 1 < (ulong)(mask + 1) * tiles ? (ulong)places[at + 1] : n;
                    if ((ulong)p[d0] == i0 && next - i0 == i1 - i0) {
                        for (ulong i = i0; i < i1; ++i) {
                            keys_out[i] = keys[k_off + i];
                            \(copyValue)
                        }
                        return;
                    }
                }
            \(cpuLayout ? streamingScatter : "")
                for (ulong i = i0; i < i1; ++i) {
                    const \(U) k = keys[k_off + i];
                    const \(C) sc_p = p[SC_DIGIT(k)]++;
                    keys_out[sc_p] = k;
                    \(moveValue)
                }
            \(cpuLayout ? "#endif" : "")
            }
            """
    }

    /// Tiles and work-group size for `count` keys: on CPUs one work-item per tile of at least 16 Ki keys, up to four
    /// per compute unit; elsewhere tiles of 256 keys, 64 work-items per group.
    static func layout(count: Int, device: Device, cpu: Bool) -> (tiles: Int, local: Int) {
        if cpu {
            return (Swift.max(1, Swift.min((count + 16_383) / 16_384, device.computeUnits * 4)), 1)
        }
        return ((count + 255) / 256, Swift.min(64, device.maxWorkGroupSize))
    }

    /// Enqueues the passes that sort `count` keys from (`keys`, `keyOffset`), comparing the low `bits` sort bits: pass
    /// `p` writes its keys into `buffers[p % 2]` (and values into `values.buffers[p % 2]`), so the caller orders each
    /// pair to make the last pass land in its result. Does not wait.
    func run(count: Int, bits: Int, keys: any KernelArgument, keyOffset: Int, buffers: [any KernelArgument],
             values: (input: any KernelArgument, offset: Int, buffers: [any KernelArgument])?, on queue: ComputeQueue) throws {
        let context = queue.context
        let device = queue.device
        let count64 = UInt64(count)
        let (tiles, local) = Self.layout(count: count, device: device, cpu: cpuLayout)
        let tile = UInt64((count + tiles - 1) / tiles)
        let radix = 1 << digitBits
        let counter = try ProgramCompiler.kernel(source: source, name: name, kernel: "swiftcl_radix_count", context: context)
        let scatter = try ProgramCompiler.kernel(source: source, name: name, kernel: "swiftcl_radix_scatter", context: context)
        let places: any KernelArgument = placeType == "uint"
            ? try Buffer<UInt32>(count: radix * tiles, context: context) : try Buffer<UInt64>(count: radix * tiles, context: context)
        let scan = ScanPlan(type: placeType, neutral: "((\(placeType))0)", scan: "a + b", input: "c[i]", output: "c[i] = prev_item",
                            parameters: ["global \(placeType) *c"], arguments: [places], pragmas: [],
                            name: "radix_places_\(placeType)")
        let range = try NDRange((tiles + local - 1) / local * local, local: local)
        var input = (keys, keyOffset, values.map { ($0.input, $0.offset) })
        var shift = 0, pass = 0
        while shift < bits {
            let width = Swift.min(digitBits, bits - shift)
            let mask = UInt32((1 << width) - 1)
            let keysOut = buffers[pass % 2]
            let common: [any KernelArgument] = [count64, tile, UInt32(tiles), UInt32(shift), mask]
            try queue.enqueue { cl in
                try cl.launch(counter, range, arguments: [input.0, UInt64(input.1)] + common + [places])
            }
            try scan.run(count: Int(mask + 1) * tiles, on: queue)
            var arguments: [any KernelArgument] = [input.0, UInt64(input.1), keysOut]
            if let values, let valuesIn = input.2 { arguments += [valuesIn.0, UInt64(valuesIn.1), values.buffers[pass % 2]] }
            let scatterArguments = arguments + common + [places]
            try queue.enqueue { cl in try cl.launch(scatter, range, arguments: scatterArguments) }
            input = (keysOut, 0, values.map { ($0.buffers[pass % 2], 0) })
            shift += width
            pass += 1
        }
    }

    /// The number of passes for `bits` sort bits.
    func passes(bits: Int) -> Int { (bits + digitBits - 1) / digitBits }
}
