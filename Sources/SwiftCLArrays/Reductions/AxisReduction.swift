import SwiftCL

/// One reduction along an axis, written once and rendered as whichever kernels the device gets: what an element
/// contributes, how contributions combine and how the combined value becomes the result element.
///
/// The array is read as `blocks × length × stride`: the dimensions before the axis, the axis, the dimensions after it.
/// Output `o = b · stride + s` combines the elements `b · length · stride + k · stride + s` for `k < length`.
///
/// - GPUs (and ``Route/walk``): one work-item per output walks its line; neighbouring work-items read neighbouring
///   elements when `stride > 1`.
/// - CPU devices (``Route/streaming``): each work-item streams through contiguous memory with vector loads, whatever
///   the axis. Up to 16 elements of stride the `length × stride` block of a `b` is read as 16-element vectors whose
///   lanes belong to known outputs, folded at the block's end; above 16, a work-item keeps the accumulators of up to
///   ``spanWidth`` neighbouring outputs and adds eight lines to them per pass (where a span covers whole lines, the
///   eight come from eight groups of consecutive lines, so each is one long contiguous stream). Too few blocks or
///   spans to occupy the device split the axis into chunks, whose partial values a second kernel combines per output.
struct AxisReduction: Sendable {
    /// How two contributions combine.
    enum Combine: Sendable {
        /// Kahan-compensated addition (floating-point sums): a running sum `s` and its lost low part `c`.
        case compensated
        /// An associative OpenCL C expression of `a` and `b` (`a + b`, `fmin(a, b)`, `a * b`), valid for scalars and
        /// vectors.
        case plain(@Sendable (_ a: String, _ b: String) -> String)
    }

    /// Which kernels run.
    enum Route: Sendable {
        /// The device decides: streaming on CPU devices, the walk elsewhere.
        case automatic
        /// One work-item per output walking its line.
        case walk
        /// Contiguous vector streams (the CPU layout).
        case streaming
    }

    /// The OpenCL types of the elements, of the accumulation and of the result's elements.
    let element: String
    let accumulator: String
    let result: String
    /// The accumulation's starting value, as OpenCL C.
    let neutral: String
    let combine: Combine
    /// What an element contributes, an OpenCL C expression (valid for scalars and 16-lane vectors) of `x` (the
    /// element as the accumulator type), `y` (the second operand's element) and `m` (the output's centre).
    let map: String
    /// The result element from `r`, the line's combined value (OpenCL C; `length` is the axis's length). Where the
    /// result's type is the accumulator's, `r` may be a 16-lane vector of lines.
    let finish: @Sendable (_ r: String) -> String
    /// Whether the map reads `y` (a second operand of the same shape) and `m` (one centre per output).
    let usesSecond: Bool
    let usesCenter: Bool
    /// The extension pragmas the types need.
    let pragma: String
    /// How many bytes an accumulator takes (partial values between the two CPU kernels).
    let accumulatorBytes: Int

    /// The route every axis reduction of the current task takes (tests run the walk on CPU devices through it).
    @TaskLocal static var route: Route = .automatic

    /// Outputs a CPU work-item keeps accumulators for when the stride is above 16.
    var spanWidth: Int { Self.spanWidth(bytesPerOutput: accumulatorBytes * (compensated ? 2 : 1)) }

    /// Bytes of accumulators a CPU work-item keeps for a span: 64 KiB, twice a Zen 4 core's L1 data cache, in its
    /// 1 MiB L2 (8,192 Kahan pairs of Floats). Wider spans are longer streams per line and per pass; 16 and 32 KiB ran
    /// 4–12 points below it, 128 KiB no better (docs/decisions.md).
    static let spanBytes = 65_536

    /// The most outputs whose accumulators (`bytesPerOutput` each) fit ``spanBytes``, a power of two from 256 on.
    static func spanWidth(bytesPerOutput: Int) -> Int {
        var width = 256
        while width * 2 * bytesPerOutput <= spanBytes { width *= 2 }
        return width
    }

    /// Lines a CPU work-item adds to its accumulators per pass over them.
    static let linesPerPass = 8

    /// Enqueues the reduction of `x` (with `y` and the centres `center`, where the map reads them) along an axis of
    /// `length` elements and `stride` into `out` (`outputs` elements), without waiting. `resultIsFresh`: `out` is newly made
    /// (no non-temporal stores into it).
    func run<Element: ArrayElement, Result: ArrayElement>(x: DeviceArray<Element>, y: DeviceArray<Element>?, center: DeviceArray<Element>?,
                                                          outputs: Int, length: Int, stride: Int, into out: DeviceArray<Result>,
                                                          resultIsFresh: Bool = true, name: String) throws {
        guard outputs > 0 else { return }
        let queue = x.queue, device = queue.device
        let streaming = Self.streams(on: device)
        let second = y ?? x, centre = center ?? x
        let operands: [any KernelArgument] = [x.storage, UInt64(x.offset), second.storage, UInt64(second.offset),
                                              centre.storage, UInt64(centre.offset)]
        guard streaming else {
            let kernel = try ProgramCompiler.kernel(source: walkSource, name: "\(name)_axis_walk_\(element)", kernel: "swiftcl_axis_walk",
                                                    context: x.context)
            try Elementwise.launch(kernel, count: outputs, arguments: operands + [UInt64(outputs), UInt64(length), UInt64(stride),
                                                                                  out.storage, UInt64(out.offset)],
                                   on: queue)
            return
        }
        let schedule = Schedule(outputs: outputs, length: length, stride: stride, computeUnits: device.computeUnits, spanWidth: spanWidth)
        let prefetch = StreamPrefetch.on(device)
        let source = schedule.packed ? packedSource(stride: stride, rowLength: schedule.rowLength, prefetch: prefetch)
            : linesSource(prefetch: prefetch)
        let kernel = try ProgramCompiler.kernel(source: source, name: "\(name)_axis_\(schedule.variant)\(prefetch.nameSuffix)_\(element)",
                                                kernel: "swiftcl_axis_stream", context: x.context)
        let partials = try Self.partials(bytes: schedule.chunks > 1 ? outputs * schedule.chunks * accumulatorBytes : 0, context: x.context)
        let arguments: [any KernelArgument] = operands + [
            UInt64(schedule.units), UInt64(schedule.unitsPerItem), UInt64(length), UInt64(stride), UInt64(schedule.chunks),
            UInt64(schedule.chunkLength), partials, out.storage, UInt64(out.offset),
            Self.flags(grouped: !schedule.packed && stride <= spanWidth,
                       streamingStores: result == accumulator && Self.streamsResults(resultIsFresh: resultIsFresh, chunks: schedule.chunks,
                                                                                     bytes: outputs * MemoryLayout<Result>.stride)),
        ]
        try queue.enqueue { cl in try cl.launch(kernel, try NDRange(schedule.items, local: 1), arguments: arguments) }
        guard schedule.chunks > 1 else { return }
        let combiner = try ProgramCompiler.kernel(source: combineSource, name: "\(name)_axis_combine_\(element)",
                                                  kernel: "swiftcl_axis_combine", context: x.context)
        try Elementwise.launch(combiner, count: outputs, arguments: [partials, UInt64(schedule.chunks), UInt64(outputs), UInt64(length),
                                                                     out.storage, UInt64(out.offset)],
                               on: queue)
    }

    /// Which CPU kernel runs and how it shares the work: the packed kernel up to a stride of 16 (with `rowLength`, rows
    /// of 2, 4, 8 or 16 contiguous elements, sixteen at a time folded pairwise), the lines kernel above; `units` (blocks
    /// when packed, spans of up to ``AxisReduction/spanWidth`` outputs otherwise), `unitsPerItem` consecutive units per
    /// work-item, and the axis cut into `chunks` of `chunkLength` lines when there are too few units to occupy the device.
    struct Schedule: Equatable {
        let units, unitsPerItem, chunks, chunkLength, items: Int
        let packed: Bool
        let rowLength: Int?
        /// The kernel's part of its cached name: `packed<stride>[_rows<L>]` or `lines<span width>`.
        let variant: String

        init(outputs: Int, length: Int, stride: Int, computeUnits: Int, spanWidth: Int) {
            let blocks = outputs / stride
            let wanted = Swift.max(1, computeUnits) * 8
            packed = stride <= 16
            rowLength = stride == 1 && [2, 4, 8, 16].contains(length) ? length : nil
            variant = packed ? "packed\(stride)" + (rowLength.map { "_rows\($0)" } ?? "") : "lines\(spanWidth)"
            units = packed ? blocks : blocks * ((stride + spanWidth - 1) / spanWidth)
            let elementsPerUnit = length * Swift.min(stride, spanWidth)
            var chunks = 1
            if units >= wanted {
                // Four work-items per wanted one keep both cores busy to the end without many tiny work-groups.
                unitsPerItem = (units + wanted * 4 - 1) / (wanted * 4)
            } else {
                unitsPerItem = 1
                // Chunks of at least 16 Ki elements: fewer would spend more on partials than they save.
                chunks = Swift.max(1, Swift.min((wanted + units - 1) / units, elementsPerUnit / 16_384))
            }
            chunkLength = length == 0 ? 0 : (length + chunks - 1) / chunks
            self.chunks = length == 0 ? 1 : (length + chunkLength - 1) / chunkLength
            items = (units + unitsPerItem - 1) / unitsPerItem * self.chunks
        }
    }

    /// Whether reductions along an axis take the CPU streams on `device` (see ``route``).
    static func streams(on device: Device) -> Bool {
        switch route {
        case .automatic: device.type.contains(.cpu)
        case .walk: false
        case .streaming: true
        }
    }

    /// A buffer of `bytes` for the chunks' partial values; with none (an axis in one chunk, where the kernels write
    /// the results themselves), one never-written byte kept per context, so a call allocates nothing for it.
    static func partials(bytes: Int, context: Context) throws -> Buffer<UInt8> {
        guard bytes == 0 else { return try Buffer<UInt8>(count: bytes, context: context) }
        return try context.memos.value(for: NoPartials()) { try Buffer<UInt8>(count: 1, context: context) }
    }

    private struct NoPartials: Hashable, Sendable {}

    /// Given results (`into:`) of at least this many bytes are written with non-temporal stores where aligned: no read
    /// for ownership, and they would leave the caches before use anyway (`[16, 2²²]` along axis 0 into an array:
    /// 67–80 → 87–93 % of the read bound). New results are not: their first touch faults the pages in and zeroes them
    /// through the cache; interleaved runs showed no difference either way beyond those page faults' noise. Tests
    /// lower it to reach the stores with small arrays.
    @TaskLocal static var streamingStoreBytes = 4 << 20

    /// Whether `bytes` of results go out non-temporally: into memory written before (not `resultIsFresh`), at least
    /// ``streamingStoreBytes`` of them, stored by the kernel itself (the axis in one chunk).
    static func streamsResults(resultIsFresh: Bool, chunks: Int, bytes: Int) -> Bool {
        !resultIsFresh && chunks == 1 && bytes >= streamingStoreBytes
    }

    /// The CPU kernels' `flags`: bit 0, a span covers whole lines (eight groups of lines per pass); bit 1, whole
    /// vectors of results go out non-temporally where 64-byte aligned.
    static func flags(grouped: Bool, streamingStores: Bool) -> UInt32 { (grouped ? 1 : 0) | (streamingStores ? 2 : 0) }

    /// OpenCL C storing the 16 results `v` at `pointer` (`result == accumulator`): non-temporally when flag bit 1 is
    /// set, the compiler has the builtin (`SC_NT_STORE`, see ``streamHead(_:)``) and the address is aligned to the vector.
    private func storeVector(_ v: String, at pointer: String) -> String {
        """
        {
        #ifdef SC_NT_STORE
                    if ((flags & 2) && ((ulong)(\(pointer)) & (sizeof(\(A16)) - 1)) == 0) __builtin_nontemporal_store(\(v), (global \(A16) *)(\(pointer))); else
        #endif
                    vstore16(\(v), 0, \(pointer)); }
        """
    }

    /// OpenCL C for the first element of output `o`'s line: the elements before the axis step over whole blocks of
    /// `length · stride`, those after it (`stride` of them per step along the axis) within one.
    static let lineStart = "(o / stride) * (length * stride) + o % stride"

    /// The greatest common divisor: 16-lane vectors per step of a stride `s` up to 16 are `s / gcd(s, 16)`.
    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// The size of an OpenCL C scalar type SwiftCLArrays accumulates in.
    static func bytes(ofOpenCLScalar type: String) -> Int {
        switch type {
        case "char", "uchar": 1
        case "short", "ushort", "half": 2
        case "int", "uint", "float": 4
        default: 8
        }
    }

    // MARK: - Source

    private var A: String { accumulator }
    private var A16: String { "\(accumulator)16" }
    private var compensated: Bool { if case .compensated = combine { true } else { false } }

    /// OpenCL C adding contribution `v` to `s` (and `c`), of type `type`.
    private func step(_ s: String, _ c: String, _ v: String, type: String) -> String {
        switch combine {
        case .compensated: "{ const \(type) y_ = (\(v)) - \(c); const \(type) t_ = \(s) + y_; \(c) = (t_ - \(s)) - y_; \(s) = t_; }"
        case .plain(let op): "\(s) = \(op(s, "(\(v))"));"
        }
    }

    /// The value accumulated in `s` (and `c`).
    private func value(_ s: String, _ c: String) -> String { compensated ? "(\(s) - \(c))" : s }

    /// Declarations of an accumulator pair starting from the neutral value.
    private func declare(_ s: String, _ c: String, type: String) -> String {
        let start = type == A ? "(\(A))(\(neutral))" : "(\(type))((\(A))(\(neutral)))"
        return compensated ? "\(type) \(s) = \(start), \(c) = (\(type))(0);" : "\(type) \(s) = \(start);"
    }

    /// Stores the combined value `r` of output `o`: the result when the axis is one chunk, a partial value otherwise.
    private func store(_ o: String, _ r: String) -> String {
        "{ const \(A) r = \(r); if (chunks == 1) out[out_off + \(o)] = (\(result))(\(finish("r"))); else partials[(\(o)) * chunks + chunk] = r; }"
    }

    private var parameters: String {
        """
        global const \(element) *x, const ulong x_off, global const \(element) *y_in, const ulong y_off,
                                         global const \(element) *center, const ulong m_off
        """
    }

    /// One work-item per output walking its line.
    var walkSource: String {
        """
        \(pragma)kernel void swiftcl_axis_walk(\(parameters), const ulong outputs, const ulong length, const ulong stride,
                                        global \(result) *out, const ulong out_off)
        {
            const ulong o = get_global_id(0);
            if (o >= outputs) return;
            const ulong start = \(Self.lineStart);
            global const \(element) *p = x + x_off + start;
            global const \(element) *q = y_in + y_off + start;
            \(usesCenter ? "const \(A) m = (\(A))center[m_off + o];" : "")
            \(declare("s", "c", type: A))
            for (ulong k = 0; k < length; ++k) {
                const \(A) x = (\(A))p[k * stride];
                \(usesSecond ? "const \(A) y = (\(A))q[k * stride];" : "")
                \(step("s", "c", map, type: A))
            }
            { const \(A) r = \(value("s", "c")); out[out_off + o] = (\(result))(\(finish("r"))); }
        }
        """
    }

    /// OpenCL C defining `SC_NT_STORE` where the compiler has `__builtin_nontemporal_store` (nested: a preprocessor
    /// without `__has_builtin` could not parse the call in the same condition).
    static let nonTemporalStoreCheck = """
        #if defined(__has_builtin)
        #if __has_builtin(__builtin_nontemporal_store)
        #define SC_NT_STORE 1
        #endif
        #endif

        """

    /// The CPU kernels' parameters and work-item range; first `SC_PREFETCH` (``StreamPrefetch``) and `SC_NT_STORE`
    /// (``nonTemporalStoreCheck``).
    private func streamHead(_ prefetch: StreamPrefetch) -> String {
        """
        \(prefetch.definition)\(Self.nonTemporalStoreCheck)\(pragma)kernel void swiftcl_axis_stream(\(parameters), const ulong units, const ulong units_per_item,
                                          const ulong length, const ulong stride, const ulong chunks, const ulong chunk_length,
                                          global uchar *partial_bytes, global \(result) *out, const ulong out_off, const uint flags)
        {
            global \(A) *partials = (global \(A) *)partial_bytes;
            const ulong g = get_global_id(0), chunk = g % chunks, first = (g / chunks) * units_per_item;
            const ulong last = min(first + units_per_item, units);
        """
    }

    /// The CPU kernel for strides up to 16 (16 since session 33: 93–98 → 103–109 % of read for `[2²², 16]`
    /// along axis 0 against the lines kernel): a block's `length × stride` elements as 16-lane vectors, `V` of them per
    /// step so that lane `j` of vector `v` always belongs to output `(16v + j) % stride`, and `U` steps side by side
    /// (at least four independent accumulators). The main loop prefetches ahead (``StreamPrefetch``).
    ///
    /// With `rowLength` (a stride of 1 and lines of 2, 4, 8 or 16 elements, whose axis is never cut into chunks),
    /// sixteen lines at a time are read as `rowLength` vectors and folded pairwise, even lanes with odd ones
    /// (``RowFold``), until each lane holds one line's value: sums of such short lines add pairwise rather than with
    /// Kahan's compensation.
    func packedSource(stride S: Int, rowLength: Int? = nil, prefetch: StreamPrefetch = StreamPrefetch(enabled: false)) -> String {
        let V = S / Self.gcd(S, 16), U = Swift.max(1, (4 + V - 1) / V), step16 = 16 * V
        let outputs = 0..<S, elementBytes = Self.bytes(ofOpenCLScalar: element)
        // Prefetches, ahead, of the lines of `count` elements from element `e` of each operand read.
        func prefetches(count: Int, indent: String) -> [String] {
            prefetch.statements(ahead: usesSecond ? ["p + e", "q + e"] : ["p + e"], count: count, elementBytes: elementBytes).map { indent + $0 }
        }
        var lines = [streamHead(prefetch)]
        lines.append("    const ulong e0 = chunk * chunk_length * \(S), e1 = min((chunk + 1) * chunk_length, length) * \(S);")
        lines.append("    ulong b = first;")
        if let L = rowLength { lines += groupsOfRows(length: L, prefetch: prefetch) }
        lines.append("    for (; b < last; ++b) {")
        lines.append("        global const \(element) *p = x + x_off + b * length * \(S);")
        lines.append("        global const \(element) *q = y_in + y_off + b * length * \(S);")
        lines.append("        global const \(element) *mc = center + m_off + b * \(S);")
        lines.append("        " + outputs.map { declare("s_\($0)", "c_\($0)", type: A) }.joined(separator: " "))
        lines.append("        ulong e = e0;")
        lines.append("        if (e + \(step16) <= e1) {")
        for u in 0..<U { for v in 0..<V { lines.append("            " + declare("s\(v)_\(u)", "c\(v)_\(u)", type: A16)) } }
        if usesCenter {
            for v in 0..<V {
                let lanes = (0..<16).map { "(\(A))mc[\((16 * v + $0) % S)]" }.joined(separator: ", ")
                lines.append("            const \(A16) m\(v) = (\(A16))(\(lanes));")
            }
        }
        func vectorStep(_ v: Int, _ u: Int, at offset: String) -> String {
            var body = "{ const \(A16) x = convert_\(A16)(vload16(0, p + \(offset)));"
            if usesSecond { body += " const \(A16) y = convert_\(A16)(vload16(0, q + \(offset)));" }
            if usesCenter { body += " const \(A16) m = m\(v);" }
            return body + " \(step("s\(v)_\(u)", "c\(v)_\(u)", map, type: A16)) }"
        }
        if U > 1 {
            lines.append("            for (; e + \(step16 * U) <= e1; e += \(step16 * U)) {")
            lines += prefetches(count: step16 * U, indent: "                ")
            for u in 0..<U { for v in 0..<V { lines.append("                " + vectorStep(v, u, at: "e + \(16 * (u * V + v))")) } }
            lines.append("            }")
        }
        lines.append("            for (; e + \(step16) <= e1; e += \(step16)) {")
        if U == 1 { lines += prefetches(count: step16, indent: "                ") }
        for v in 0..<V { lines.append("                " + vectorStep(v, 0, at: "e + \(16 * v)")) }
        lines.append("            }")
        for u in 1..<Swift.max(1, U) { for v in 0..<V { lines.append("            " + step("s\(v)_0", "c\(v)_0", value("s\(v)_\(u)", "c\(v)_\(u)"), type: A16)) } }
        if 16 % S == 0 {
            // Lanes j and j + w/2 belong to one output while w/2 is a multiple of the stride: halve down to `stride` lanes.
            var (s, c, width) = ("s0_0", "c0_0", 16)
            while width > S {
                let half = width / 2, type = half == 1 ? A : "\(A)\(half)"
                let (hs, hc) = ("s_h\(half)", "c_h\(half)")
                lines.append("            \(type) \(hs) = \(s).lo;" + (compensated ? " \(type) \(hc) = \(c).lo;" : ""))
                lines.append("            " + step(hs, hc, value("\(s).hi", "\(c).hi"), type: type))
                (s, c, width) = (hs, hc, half)
            }
            for o in outputs {
                let lane = S == 1 ? "" : ".s\(String(o, radix: 16))"
                lines.append("            " + step("s_\(o)", "c_\(o)", value("\(s)\(lane)", "\(c)\(lane)"), type: A))
            }
        } else {
            for o in outputs {
                for v in 0..<V {
                    for j in 0..<16 where (16 * v + j) % S == o {
                        let lane = ".s\(String(j, radix: 16))"
                        lines.append("            " + step("s_\(o)", "c_\(o)", value("s\(v)_0\(lane)", "c\(v)_0\(lane)"), type: A))
                    }
                }
            }
        }
        lines.append("        }")
        lines.append("        for (; e < e1; e += \(S)) {")
        for o in outputs {
            var body = "{ const \(A) x = (\(A))p[e + \(o)];"
            if usesSecond { body += " const \(A) y = (\(A))q[e + \(o)];" }
            if usesCenter { body += " const \(A) m = (\(A))mc[\(o)];" }
            lines.append("            " + body + " \(step("s_\(o)", "c_\(o)", map, type: A)) }")
        }
        lines.append("        }")
        for o in outputs { lines.append("        " + store("b * \(S) + \(o)", value("s_\(o)", "c_\(o)"))) }
        lines.append("    }")
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// Sixteen lines of `L` contiguous elements per step (see ``packedSource(stride:rowLength:prefetch:)``), folded as
    /// ``RowFold`` describes.
    private func groupsOfRows(length L: Int, prefetch: StreamPrefetch) -> [String] {
        let pair: (String, String) -> String
        switch combine {
        case .compensated: pair = { "\($0) + \($1)" }
        case .plain(let op): pair = op
        }
        let elementBytes = Self.bytes(ofOpenCLScalar: element)
        var lines = ["    for (; b + 16 <= last; b += 16) {",
                     "        global const \(element) *p = x + x_off + b * \(L);",
                     "        global const \(element) *q = y_in + y_off + b * \(L);",
                     "        global const \(element) *mc = center + m_off + b;"]
        lines += prefetch.statements(ahead: usesSecond ? ["p", "q"] : ["p"], count: 16 * L, elementBytes: elementBytes).map { "        " + $0 }
        for i in 0..<L {
            var body = "const \(A16) x = convert_\(A16)(vload16(\(i), p));"
            if usesSecond { body += " const \(A16) y = convert_\(A16)(vload16(\(i), q));" }
            if usesCenter { body += " const \(A16) m = (\(A16))(" + (0..<16).map { "(\(A))mc[\((16 * i + $0) / L)]" }.joined(separator: ", ") + ");" }
            lines.append("        \(A16) u0_\(i); { \(body) u0_\(i) = \(map); }")
        }
        var (level, count) = (0, L)
        while count > 1 {
            for k in 0..<(count / 2) {
                let (a, b) = ("u\(level)_\(2 * k)", "u\(level)_\(2 * k + 1)")
                let even = RowFold.lanes(A16, odd: false, of: a, b), odd = RowFold.lanes(A16, odd: true, of: a, b)
                lines.append("        const \(A16) u\(level + 1)_\(k) = \(pair(even, odd));")
            }
            (level, count) = (level + 1, count / 2)
        }
        if result == accumulator {
            lines.append("        { const \(A16) r = u\(level)_0; \(storeVector(finish("r"), at: "out + out_off + b")) }")
        } else {
            for j in 0..<16 {
                lines.append("        { const \(A) r = u\(level)_0.s\(String(j, radix: 16)); out[out_off + b + \(j)] = (\(result))(\(finish("r"))); }")
            }
        }
        lines.append("    }")
        return lines
    }

    /// The CPU kernel for strides above 16: accumulators of up to ``spanWidth`` neighbouring outputs, eight lines
    /// added per pass (each line's span is contiguous).
    ///
    /// With `grouped` (the stride fits one span, so a block's lines follow each other in memory) the chunk's lines are
    /// eight groups of consecutive lines and pass `t` adds line `t` of each group: eight streams, each contiguous over
    /// its whole group, where lines `8t…8t+7` would start eight short streams per pass (64–69 % against 91–97 % of the
    /// read bound for `[256, 512, 512]` along axis 1). The order of additions differs; sums stay Kahan-compensated.
    /// Each stream prefetches ahead (``StreamPrefetch``): along its span, and past the span's end into the line the
    /// next pass reads. The first pass starts from the neutral value rather than stored accumulators, and with the
    /// axis in one chunk the last pass stores whole vectors of results itself: for short axes (`[16, 2²²]` along axis
    /// 0, two passes) the accumulators' sweeps were a sixth of the time (83 → 96 % of the read bound in the probe).
    func linesSource(prefetch: StreamPrefetch = StreamPrefetch(enabled: false)) -> String {
        let W = spanWidth, P = Self.linesPerPass
        let streams = (0..<P).flatMap { i in (usesSecond ? ["r", "rq"] : ["r"]).map { "\($0) + \(i) * line_step" } }
        let prefetches = prefetch.spanStatements(streams, nextLine: "pass_step * stride", elementBytes: Self.bytes(ofOpenCLScalar: element))
        func adds(type: String, load: (Int) -> (x: String, y: String)) -> String {
            (0..<Self.linesPerPass).map { i in
                let (xv, yv) = load(i)
                let body = "{ const \(type) x = \(xv);" + (usesSecond ? " const \(type) y = \(yv);" : "") + " \(step("s", "c", map, type: type)) }"
                return i == 0 ? body : "if (rows > \(i)) \(body)"
            }.joined(separator: "\n                    ")
        }
        let vectorAdds = adds(type: A16) { i in
            ("convert_\(A16)(vload16(0, r + \(i) * line_step + j))", "convert_\(A16)(vload16(0, rq + \(i) * line_step + j))")
        }
        let scalarAdds = adds(type: A) { i in ("(\(A))r[\(i) * line_step + j]", "(\(A))rq[\(i) * line_step + j]") }
        // The last pass's vector of results, where they are accumulators (`finish` of a vector is valid OpenCL C then).
        let directStore = result != accumulator ? "" : "if (direct && t + 1 == passes) { const \(A16) r = \(value("s", "c")); "
            + "\(storeVector(finish("r"), at: "out + out_off + b * stride + s0 + j")) } else "
        return """
            \(streamHead(prefetch))
                const uint grouped = flags & 1;
                const ulong spans = (stride + \(W - 1)) / \(W);
                const ulong k0 = chunk * chunk_length, k1 = min(k0 + chunk_length, length);
                \(A) acc_s[\(W)];\(compensated ? " \(A) acc_c[\(W)];" : "")
                for (ulong u = first; u < last; ++u) {
                    const ulong b = u / spans, s0 = (u % spans) * \(W), w = min((ulong)\(W), stride - s0);
                    global const \(element) *p = x + x_off + b * length * stride + s0;
                    global const \(element) *q = y_in + y_off + b * length * stride + s0;
                    global const \(element) *mc = center + m_off + b * stride + s0;
                    const ulong n = k1 - k0, passes = (n + \(P - 1)) / \(P);
                    // The first pass starts from the neutral value; only an empty chunk reads the arrays unwritten.
                    if (n == 0) for (ulong j = 0; j < w; ++j) { acc_s[j] = (\(A))(\(neutral));\(compensated ? " acc_c[j] = 0;" : "") }
                    // With the axis in one chunk, the last pass stores whole vectors of results itself.
                    const uint direct = \(result == accumulator ? "chunks == 1" : "0");
                    const ulong line_step = grouped ? passes * stride : stride, pass_step = grouped ? 1 : \(P);
                    for (ulong t = 0; t < passes; ++t) {
                        const ulong k = k0 + t * pass_step;
                        // Grouped, pass t adds line i·passes + t of each group i that has it: all P while the last
                        // group has it. (No `n - x` clamped at 0 here: Oclgrind 21.10 lacks llvm.usub.sat.)
                        const ulong rows = grouped ? (\(P - 1) * passes + t < n ? \(P) : (n - t + passes - 1) / passes)
                                                   : min((ulong)\(P), n - t * \(P));
                        global const \(element) *r = p + k * stride;
                        global const \(element) *rq = q + k * stride;
                        ulong j = 0;
                        for (; j + 16 <= w; j += 16) {
                            \(prefetches.joined(separator: "\n                            "))
                            \(A16) s\(compensated ? ", c" : "");
                            if (t == 0) { s = (\(A16))((\(A))(\(neutral)));\(compensated ? " c = (\(A16))(0);" : "") }
                            else { s = vload16(0, acc_s + j);\(compensated ? " c = vload16(0, acc_c + j);" : "") }
                            \(usesCenter ? "const \(A16) m = convert_\(A16)(vload16(0, mc + j));" : "")
                            \(vectorAdds)
                            \(directStore){ vstore16(s, 0, acc_s + j);\(compensated ? " vstore16(c, 0, acc_c + j);" : "") }
                        }
                        for (; j < w; ++j) {
                            \(A) s = t == 0 ? (\(A))(\(neutral)) : acc_s[j];\(compensated ? " \(A) c = t == 0 ? (\(A))(0) : acc_c[j];" : "")
                            \(usesCenter ? "const \(A) m = (\(A))mc[j];" : "")
                            \(scalarAdds)
                            acc_s[j] = s;\(compensated ? " acc_c[j] = c;" : "")
                        }
                    }
                    ulong j = 0;
                    \(result == accumulator ? """
                    if (direct && n > 0) j = w / 16 * 16;
                    else if (chunks == 1)
                        for (; j + 16 <= w; j += 16) {
                            const \(A16) r = \(compensated ? "vload16(0, acc_s + j) - vload16(0, acc_c + j)" : "vload16(0, acc_s + j)");
                            \(storeVector(finish("r"), at: "out + out_off + b * stride + s0 + j"))
                        }
                    """ : "")
                    for (; j < w; ++j) \(store("b * stride + s0 + j", value("acc_s[j]", "acc_c[j]")))
                }
            }
            """
    }

    /// Combines each output's partial values (one per chunk of the axis) and stores its result.
    var combineSource: String {
        """
        \(pragma)kernel void swiftcl_axis_combine(global const uchar *partial_bytes, const ulong chunks, const ulong outputs,
                                           const ulong length, global \(result) *out, const ulong out_off)
        {
            const ulong o = get_global_id(0);
            if (o >= outputs) return;
            global const \(A) *partials = (global const \(A) *)partial_bytes;
            \(declare("s", "c", type: A))
            for (ulong k = 0; k < chunks; ++k) \(step("s", "c", "partials[o * chunks + k]", type: A))
            { const \(A) r = \(value("s", "c")); out[out_off + o] = (\(result))(\(finish("r"))); }
        }
        """
    }
}
