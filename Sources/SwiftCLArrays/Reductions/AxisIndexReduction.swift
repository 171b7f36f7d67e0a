import SwiftCL

/// `argmin`/`argmax` along an axis on CPU devices, laid out like ``AxisReduction``'s streams (the same
/// ``AxisReduction/Schedule``): every lane keeps its best value and that value's position along the axis, replacing them
/// only on a strictly better value, so the first of a tie stays and NaNs (never better) never win; lanes, chunks and
/// the scalar tail are merged best value first, then smallest position. Where no element beat the starting value
/// (every element NaN or equal to it, such as −∞ for `argmax`), a chunk's first non-NaN element is its candidate, as
/// the walk takes it; a line with none (all NaN) gives 0.
struct AxisIndexReduction: Sendable {
    /// The OpenCL types of the elements and of the compared values.
    let element: String
    let accumulator: String
    /// The extension pragmas the types need.
    let pragma: String
    /// `argmin` (`<`) or `argmax` (`>`).
    let minimum: Bool
    /// Whether the elements are floating-point (NaNs never win).
    let floating: Bool

    private var A: String { accumulator }
    /// Outputs a work-item keeps best values and positions for when the stride is above 16.
    var spanWidth: Int { AxisReduction.spanWidth(bytesPerOutput: AxisReduction.bytes(ofOpenCLScalar: accumulator) + 8) }
    private var A16: String { "\(accumulator)16" }
    private var better: String { minimum ? "<" : ">" }

    /// Enqueues the positions of `x`'s extremes along an axis of `length` elements and `stride` into `out`.
    /// `resultIsFresh`: `out` is newly made (no non-temporal stores into it, as ``AxisReduction``).
    func run<Element: ArrayElement>(x: DeviceArray<Element>, outputs: Int, length: Int, stride: Int, into out: DeviceArray<Int64>,
                                    resultIsFresh: Bool = true, name: String, neutral: String) throws {
        guard outputs > 0 else { return }
        let schedule = AxisReduction.Schedule(outputs: outputs, length: length, stride: stride, computeUnits: x.queue.device.computeUnits,
                                              spanWidth: spanWidth)
        let prefetch = StreamPrefetch.on(x.queue.device)
        let narrow = Self.narrowSteps(chunkLength: schedule.chunkLength, stride: stride)
        let source = schedule.packed
            ? packedSource(stride: stride, neutral: neutral, rowLength: schedule.rowLength, prefetch: prefetch, narrowSteps: narrow)
            : linesSource(neutral: neutral, prefetch: prefetch)
        let variant = schedule.variant + prefetch.nameSuffix + (schedule.packed && !narrow ? "_wide" : "")
        let kernel = try ProgramCompiler.kernel(source: source, name: "\(name)_axis_\(variant)_\(element)",
                                                kernel: "swiftcl_arg_axis_stream", context: x.context)
        let valueBytes = (outputs * schedule.chunks * AxisReduction.bytes(ofOpenCLScalar: A) + 7) / 8 * 8
        let partials = try AxisReduction.partials(bytes: schedule.chunks > 1 ? valueBytes + outputs * schedule.chunks * 8 : 0,
                                                  context: x.context)
        let arguments: [any KernelArgument] = [x.storage, UInt64(x.offset), UInt64(schedule.units), UInt64(schedule.unitsPerItem),
                                               UInt64(length), UInt64(stride), UInt64(schedule.chunks), UInt64(schedule.chunkLength),
                                               partials, UInt64(valueBytes), out.storage, UInt64(out.offset),
                                               AxisReduction.flags(grouped: false, streamingStores: AxisReduction.streamsResults(
                                                   resultIsFresh: resultIsFresh, chunks: schedule.chunks, bytes: outputs * 8))]
        try x.queue.enqueue { cl in try cl.launch(kernel, try NDRange(schedule.items, local: 1), arguments: arguments) }
        guard schedule.chunks > 1 else { return }
        let combiner = try ProgramCompiler.kernel(source: combineSource(neutral: neutral), name: "\(name)_axis_combine_\(element)",
                                                  kernel: "swiftcl_arg_axis_combine", context: x.context)
        try Elementwise.launch(combiner, count: outputs, arguments: [partials, UInt64(valueBytes), UInt64(schedule.chunks), UInt64(outputs),
                                                                     out.storage, UInt64(out.offset)],
                               on: x.queue)
    }

    /// Whether the packed kernel's steps through a chunk of `chunkLength` lines of `stride` (at most 16) elements count
    /// in `int`: a lane keeps the step of its best value in an `int` (one vector of 16 where 64-bit positions took two,
    /// and one addition per step for all lanes: `argmax` along the rows of `[8192, 8192]` on an Intel Xeon 87 → 95 % of
    /// the read bound in the probe) unless a chunk had ``stepLimit`` steps or more.
    static func narrowSteps(chunkLength: Int, stride: Int) -> Bool {
        let perStep = 16 * (stride / AxisReduction.gcd(stride, 16))
        let (elements, overflow) = chunkLength.multipliedReportingOverflow(by: stride)
        return !overflow && elements / perStep < stepLimit
    }

    /// The steps through a chunk from which the packed kernel counts them in `long` (2³¹ − 1; tests lower it to reach
    /// that kernel with small arrays).
    @TaskLocal static var stepLimit = Int(Int32.max)

    private func head(_ prefetch: StreamPrefetch) -> String {
        """
        \(prefetch.definition)\(AxisReduction.nonTemporalStoreCheck)\(pragma)kernel void swiftcl_arg_axis_stream(global const \(element) *x, const ulong x_off, const ulong units,
                                              const ulong units_per_item, const ulong length, const ulong stride,
                                              const ulong chunks, const ulong chunk_length, global uchar *partial_bytes,
                                              const ulong value_bytes, global long *out, const ulong out_off, const uint flags)
        {
            global \(A) *partial_values = (global \(A) *)partial_bytes;
            global long *partial_positions = (global long *)(partial_bytes + value_bytes);
            const ulong g = get_global_id(0), chunk = g % chunks, first = (g / chunks) * units_per_item;
            const ulong last = min(first + units_per_item, units);
        """
    }

    /// OpenCL C merging candidate `(v, k)` (`k` < 0: none) into the best `(bv, bk)`: better value, or equal and earlier.
    private func merge(_ bv: String, _ bk: String, _ v: String, _ k: String) -> String {
        "if (\(k) >= 0 && (\(bk) < 0 || \(v) \(better) \(bv) || (\(v) == \(bv) && \(k) < \(bk)))) { \(bv) = \(v); \(bk) = \(k); }"
    }

    /// Stores output `o`'s best position, or the chunk's best value and position; without a candidate, the first
    /// position in `k0..<k1` whose element `element(k)` is a number.
    private func store(_ o: String, _ bv: String, _ bk: String, k0: String, k1: String, element: (String) -> String) -> String {
        """
        if (\(bk) < 0) { for (ulong k = \(k0); k < \(k1); ++k) if (\(element("k")) == \(element("k"))) { \(bk) = (long)k; break; } } \
        if (chunks == 1) out[out_off + \(o)] = \(bk) < 0 ? 0 : \(bk); \
        else { partial_values[(\(o)) * chunks + chunk] = \(bv); partial_positions[(\(o)) * chunks + chunk] = \(bk); }
        """
    }

    /// Strides up to 16: as ``AxisReduction/packedSource(stride:rowLength:prefetch:)``, lane `j` of vector `v` always
    /// reading output `(16v + j) % stride`, its position advancing by `16V / stride` per step; each lane keeps the step
    /// of its best value (in `int` with `narrowSteps`, ``narrowSteps(chunkLength:stride:)``), made a position after the
    /// loop.
    ///
    /// With `rowLength` (a stride of 1 and lines of 2, 4, 8 or 16 elements, never cut into chunks), sixteen lines at a
    /// time are read as `rowLength` vectors and folded pairwise, even lanes against odd ones (``RowFold``), each lane
    /// carrying its position; the odd lane (later positions) wins only when strictly better or when the even one is NaN
    /// and it is not, so ties keep the first, NaNs never win and an all-NaN line gives 0, as the walk.
    /// The main loops prefetch ahead (``StreamPrefetch``).
    func packedSource(stride S: Int, neutral: String, rowLength: Int? = nil, prefetch: StreamPrefetch = StreamPrefetch(enabled: false),
                      narrowSteps: Bool = true) -> String {
        let V = S / AxisReduction.gcd(S, 16), step = 16 * V
        let elementBytes = AxisReduction.bytes(ofOpenCLScalar: element)
        var lines = [head(prefetch)]
        lines.append("    const ulong e0 = chunk * chunk_length * \(S), e1 = min((chunk + 1) * chunk_length, length) * \(S);")
        lines.append("    ulong b = first;")
        if let L = rowLength { lines += groupsOfRows(length: L, prefetch: prefetch) }
        lines.append("    for (; b < last; ++b) {")
        lines.append("        global const \(element) *p = x + x_off + b * length * \(S);")
        lines.append("        " + (0..<S).map { "\(A) bv_\($0) = \(neutral); long bk_\($0) = -1;" }.joined(separator: " "))
        lines.append("        ulong e = e0;")
        lines.append("        if (e + \(step) <= e1) {")
        // Each lane keeps the step at which it last improved (`int`: see ``narrowSteps``); positions come after the loop.
        let (stepType, stepVector) = narrowSteps ? ("int", "int16") : ("long", "long16")
        lines.append("            \(stepVector) steps = (\(stepVector))(0);")
        for v in 0..<V {
            lines.append("            \(A16) v\(v) = (\(A16))(\(neutral)); \(stepVector) t\(v) = (\(stepVector))(-1);")
        }
        lines.append("            for (; e + \(step) <= e1; e += \(step)) {")
        lines += prefetch.statements(ahead: ["p + e"], count: step, elementBytes: elementBytes).map { "                " + $0 }
        for v in 0..<V {
            lines.append("                { const \(A16) x = convert_\(A16)(vload16(0, p + e + \(16 * v))); const \(A16) bv = v\(v);")
            lines.append("                  v\(v) = select(bv, x, x \(better) bv); t\(v) = select(t\(v), steps, convert_\(stepVector)(x \(better) bv)); }")
        }
        lines.append("                steps += (\(stepType))1;")
        lines.append("            }")
        for v in 0..<V {
            let offsets = (0..<16).map { "\((16 * v + $0) / S)" }.joined(separator: ", ")
            lines.append("            const long16 k\(v) = select((long16)(-1), (long16)((long)(e0 / \(S))) + convert_long16(t\(v)) * \(step / S) + (long16)(\(offsets)), "
                         + "convert_long16(t\(v) >= 0));")
        }
        for o in 0..<S {
            for v in 0..<V {
                for j in 0..<16 where (16 * v + j) % S == o {
                    let lane = ".s\(String(j, radix: 16))"
                    lines.append("            " + merge("bv_\(o)", "bk_\(o)", "v\(v)\(lane)", "k\(v)\(lane)"))
                }
            }
        }
        lines.append("        }")
        lines.append("        for (; e < e1; e += \(S)) {")
        for o in 0..<S {
            lines.append("            { const \(A) x = (\(A))p[e + \(o)]; if (x \(better) bv_\(o)) { bv_\(o) = x; bk_\(o) = (long)(e / \(S)); } }")
        }
        lines.append("        }")
        for o in 0..<S {
            lines.append("        " + store("b * \(S) + \(o)", "bv_\(o)", "bk_\(o)", k0: "e0 / \(S)", k1: "e1 / \(S)") { "p[\($0) * \(S) + \(o)]" })
        }
        lines.append("    }")
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// Sixteen lines of `L` contiguous elements per step (see ``packedSource(stride:neutral:rowLength:prefetch:)``).
    private func groupsOfRows(length L: Int, prefetch: StreamPrefetch) -> [String] {
        let mask: String
        switch AxisReduction.bytes(ofOpenCLScalar: A) {
        case 1: mask = "char16"
        case 2: mask = "short16"
        case 4: mask = "int16"
        default: mask = "long16"
        }
        let elementBytes = AxisReduction.bytes(ofOpenCLScalar: element)
        var lines = ["    for (; b + 16 <= last; b += 16) {",
                     "        global const \(element) *p = x + x_off + b * \(L);"]
        lines += prefetch.statements(ahead: ["p"], count: 16 * L, elementBytes: elementBytes).map { "        " + $0 }
        for i in 0..<L {
            let positions = (0..<16).map { "\((16 * i + $0) % L)" }.joined(separator: ", ")
            lines.append("        const \(A16) u0_\(i) = convert_\(A16)(vload16(\(i), p)); const int16 k0_\(i) = (int16)(\(positions));")
        }
        var (level, count) = (0, L)
        while count > 1 {
            for k in 0..<(count / 2) {
                let (a, b) = ("\(level)_\(2 * k)", "\(level)_\(2 * k + 1)"), next = "\(level + 1)_\(k)"
                // Floating point: not worse, which a NaN even lane never is, and a number (`od > ev || (isnan(ev) &&
                // !isnan(od))` in two comparisons instead of four: rows of 16 82 → 90 % of the read bound on a Xeon).
                let wins = floating ? "!(od \(minimum ? ">=" : "<=") ev) && (od == od)" : "od \(better) ev"
                lines.append("        \(A16) u\(next); int16 k\(next); { const \(A16) ev = \(RowFold.lanes(A16, odd: false, of: "u\(a)", "u\(b)")), "
                             + "od = \(RowFold.lanes(A16, odd: true, of: "u\(a)", "u\(b)"));")
                lines.append("          const int16 w = convert_int16(\(wins));")
                lines.append("          u\(next) = select(ev, od, convert_\(mask)(w)); k\(next) = select(\(RowFold.lanes("int16", odd: false, of: "k\(a)", "k\(b)")), "
                             + "\(RowFold.lanes("int16", odd: true, of: "k\(a)", "k\(b)")), w); }")
            }
            (level, count) = (level + 1, count / 2)
        }
        // Positions go out non-temporally, as two 64-byte halves, where flag bit 1 is set and the address is 64-byte aligned.
        lines += ["        { const long16 kr = convert_long16(k\(level)_0);",
                  "#ifdef SC_NT_STORE",
                  "          if ((flags & 2) && ((ulong)(out + out_off + b) & 63) == 0) {",
                  "              __builtin_nontemporal_store(kr.lo, (global long8 *)(out + out_off + b));",
                  "              __builtin_nontemporal_store(kr.hi, (global long8 *)(out + out_off + b + 8));",
                  "          } else",
                  "#endif",
                  "          vstore16(kr, 0, out + out_off + b); }"]
        lines.append("    }")
        return lines
    }

    /// Strides above 16: the best values and positions of up to ``AxisReduction/spanWidth`` neighbouring outputs,
    /// eight lines compared per pass.
    func linesSource(neutral: String, prefetch: StreamPrefetch = StreamPrefetch(enabled: false)) -> String {
        let W = spanWidth, passes = AxisReduction.linesPerPass
        let prefetches = prefetch.spanStatements((0..<passes).map { "r + \($0) * stride" }, nextLine: "\(passes) * stride",
                                                 elementBytes: AxisReduction.bytes(ofOpenCLScalar: element))
        let vectorLines = (0..<passes).map { i in
            let body = "{ const \(A16) x = convert_\(A16)(vload16(0, r + \(i) * stride + j)); "
                + "k = select(k, (long16)((long)(k_row + \(i))), convert_long16(x \(better) v)); v = select(v, x, x \(better) v); }"
            return i == 0 ? body : "if (rows > \(i)) \(body)"
        }.joined(separator: "\n                    ")
        let scalarLines = (0..<passes).map { i in
            let body = "{ const \(A) x = (\(A))r[\(i) * stride + j]; if (x \(better) v) { v = x; k = (long)(k_row + \(i)); } }"
            return i == 0 ? body : "if (rows > \(i)) \(body)"
        }.joined(separator: "\n                    ")
        return """
            \(head(prefetch))
                const ulong spans = (stride + \(W - 1)) / \(W);
                const ulong k0 = chunk * chunk_length, k1 = min(k0 + chunk_length, length);
                \(A) acc_v[\(W)]; long acc_k[\(W)];
                for (ulong u = first; u < last; ++u) {
                    const ulong b = u / spans, s0 = (u % spans) * \(W), w = min((ulong)\(W), stride - s0);
                    global const \(element) *p = x + x_off + b * length * stride + s0;
                    for (ulong j = 0; j < w; ++j) { acc_v[j] = \(neutral); acc_k[j] = -1; }
                    for (ulong k_row = k0; k_row < k1; k_row += \(passes)) {
                        const ulong rows = min((ulong)\(passes), k1 - k_row);
                        global const \(element) *r = p + k_row * stride;
                        ulong j = 0;
                        for (; j + 16 <= w; j += 16) {
                            \(prefetches.joined(separator: "\n                            "))
                            \(A16) v = vload16(0, acc_v + j); long16 k = vload16(0, acc_k + j);
                            \(vectorLines)
                            vstore16(v, 0, acc_v + j); vstore16(k, 0, acc_k + j);
                        }
                        for (; j < w; ++j) {
                            \(A) v = acc_v[j]; long k = acc_k[j];
                            \(scalarLines)
                            acc_v[j] = v; acc_k[j] = k;
                        }
                    }
                    for (ulong j = 0; j < w; ++j) { \(store("b * stride + s0 + j", "acc_v[j]", "acc_k[j]", k0: "k0", k1: "k1") { "p[\($0) * stride + j]" }) }
                }
            }
            """
    }

    /// Merges each output's chunks in order (an equal value in a later chunk never replaces an earlier one).
    func combineSource(neutral: String) -> String {
        """
        \(pragma)kernel void swiftcl_arg_axis_combine(global const uchar *partial_bytes, const ulong value_bytes, const ulong chunks,
                                               const ulong outputs, global long *out, const ulong out_off)
        {
            const ulong o = get_global_id(0);
            if (o >= outputs) return;
            global const \(A) *partial_values = (global const \(A) *)partial_bytes;
            global const long *partial_positions = (global const long *)(partial_bytes + value_bytes);
            \(A) bv = \(neutral); long bk = -1;
            for (ulong c = 0; c < chunks; ++c) {
                const \(A) v = partial_values[o * chunks + c]; const long k = partial_positions[o * chunks + c];
                \(merge("bv", "bk", "v", "k"))
            }
            out[out_off + o] = bk < 0 ? 0 : bk;
        }
        """
    }
}
