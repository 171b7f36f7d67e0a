import SwiftCL

/// Arrays of random numbers drawn on the device with ``ChaCha8``: one work-item per group of eight blocks, computed as
/// eight-lane vectors, each value written with one vector store for eight neighbouring elements (the layout is in
/// ``ChaCha8``). What a draw gives depends only on the generator's seed, counter and stream and on the element index,
/// whatever the device or work-group size.
///
/// - Uniform floating point in [0, 1): a 24-bit piece (`Float`), its top 11 bits (`Float16`) or 53 bits of two words
///   (`Double`), scaled by a power of two: exact, every value a multiple of 2⁻²⁴ (2⁻¹¹, 2⁻⁵³), and bit for bit the
///   host's ``uniformHostReference(count:as:)``.
/// - Integers in a closed range: a 64-bit word pair `r` maps to `lower + ⌊r·span / 2⁶⁴⌋` (span = upper − lower + 1), a
///   bias of at most span/2⁶⁴ per value.
/// - Normal: the Box–Muller transform of pairs of uniforms in (0, 1] × [0, 1) (20 `Float`s or 8 `Double`s per block);
///   agrees with the host to the device's `log`/`sqrt`/`cospi` accuracy, not bit for bit.
extension ChaCha8 {
    /// Uniform values in [0, 1) written over `array` (on its queue), the same numbers ``uniform(shape:on:)`` gives for
    /// its count; allocates nothing.
    /// - Throws: ``ArrayError`` for a negative extent or an element the device lacks; SwiftCL's allocation errors.
    public mutating func uniform<Element: ArrayElement & BinaryFloatingPoint>(into array: DeviceArray<Element>) throws {
        let perBlock = Self.valuesPerBlock(for: Element.self)
        let values: [String]
        switch Element.openCLTypeName {
        case "double":
            values = (0..<perBlock).map { k in
                "convert_double8(as_long8((convert_ulong8(x\(2 * k + 1)) << 21) | convert_ulong8(x\(2 * k) >> 11))) * 0x1p-53"
            }
        case "half":
            values = (0..<perBlock).map { "convert_float8(as_int8(\(Self.openCLPiece($0)) >> 13)) * 0x1p-11f" }
        default:
            values = (0..<perBlock).map { "convert_float8(as_int8(\(Self.openCLPiece($0)))) * 0x1p-24f" }
        }
        try draw(into: array, name: "uniform", perBlock: perBlock, values: values)
    }

    /// Uniform integers in `range` (both ends included); the generator moves past them (eight values per block).
    /// - Throws: ``ArrayError`` for a negative extent or an element the device lacks; SwiftCL's allocation errors.
    public mutating func uniform<Element: ArrayElement & FixedWidthInteger>(in range: ClosedRange<Element>, shape: [Int],
                                                                            on queue: ComputeQueue) throws -> DeviceArray<Element> {
        // The span as a 64-bit count; 0 stands for the full 2^64 of a 64-bit type.
        let span = UInt64(truncatingIfNeeded: Int128(range.upperBound) - Int128(range.lowerBound) + 1)
        let lower = UInt64(truncatingIfNeeded: range.lowerBound)
        let T = Element.openCLTypeName
        let values = (0..<8).map { k in
            "convert_\(T)8((ulong8)(lower) + (span == 0 ? w\(k) : mul_hi(w\(k), (ulong8)(span))))"
        }
        let preludes = (0..<8).map { k in "const ulong8 w\(k) = (convert_ulong8(x\(2 * k + 1)) << 32) | convert_ulong8(x\(2 * k));" }
        let result = try DeviceArray<Element>(uninitializedShape: shape, on: queue)
        try draw(into: result, name: "integer", perBlock: 8, values: values, preludes: preludes,
                 parameters: ", const ulong lower, const ulong span", arguments: [lower, span])
        return result
    }

    /// Normally distributed values (Box–Muller), `mean` + `standardDeviation` · N(0, 1); the generator moves past them
    /// (20 `Float` or `Float16` values per block, 8 `Double`s).
    /// - Throws: ``ArrayError`` for a negative extent or an element the device lacks; SwiftCL's allocation errors.
    public mutating func normal<Element: ArrayElement & BinaryFloatingPoint>(mean: Element = 0, standardDeviation: Element = 1, shape: [Int],
                                                                             on queue: ComputeQueue) throws -> DeviceArray<Element> {
        let wide = Element.openCLTypeName == "double"
        let F = wide ? "double" : "float"
        var preludes: [String] = [], values: [String] = []
        for p in 0..<(wide ? 4 : 10) {
            let (u1, u2) = wide
                ? ("convert_double8(as_long8(((convert_ulong8(x\(4 * p + 1)) << 21) | convert_ulong8(x\(4 * p) >> 11)) + (ulong8)(1))) * 0x1p-53",
                   "convert_double8(as_long8((convert_ulong8(x\(4 * p + 3)) << 21) | convert_ulong8(x\(4 * p + 2) >> 11))) * 0x1p-53")
                : ("convert_float8(as_int8(\(Self.openCLPiece(2 * p)) + (uint8)(1))) * 0x1p-24f",
                   "convert_float8(as_int8(\(Self.openCLPiece(2 * p + 1)))) * 0x1p-24f")
            preludes.append("const \(F)8 r\(p) = sqrt(-2.0\(wide ? "" : "f") * log(\(u1))), t\(p) = 2.0\(wide ? "" : "f") * (\(u2));")
            preludes.append("")
            values.append("mean + deviation * r\(p) * cospi(t\(p))")
            values.append("mean + deviation * r\(p) * sinpi(t\(p))")
        }
        let parameters: [any KernelArgument] = wide ? [Double(mean), Double(standardDeviation)] : [Float(mean), Float(standardDeviation)]
        let result = try DeviceArray<Element>(uninitializedShape: shape, on: queue)
        try draw(into: result, name: "normal", perBlock: values.count, values: values, preludes: preludes,
                 parameters: ", const \(F) mean, const \(F) deviation", arguments: parameters)
        return result
    }

    /// Launches one work-item per whole group on `result`'s queue and, for a partial last group, one more work-item
    /// that stores only the elements inside the array. `values[k]` is value `k` of the eight blocks (an eight-lane
    /// vector expression of `x0`…`x15`, after `preludes[k]`). Once the launches are enqueued, the generator moves past
    /// the groups.
    private mutating func draw<Element: ArrayElement>(into result: DeviceArray<Element>, name: String, perBlock: Int,
                                                      values: [String], preludes: [String] = [], parameters: String = "",
                                                      arguments extra: [any KernelArgument] = []) throws {
        let queue = result.queue
        let count = result.count
        guard count > 0 else { return }
        let T = Element.openCLTypeName
        let half = T == "half"
        // The type of one value for eight lanes, and of one lane.
        let lane = half ? "float" : T
        let body = { (store: (Int, String) -> String) -> String in
            (0..<perBlock).map { k in
                (k < preludes.count && !preludes[k].isEmpty ? "    \(preludes[k])\n" : "") + store(k, values[k])
            }.joined(separator: "\n")
        }
        let wholeStores = body { k, value in
            half ? "    vstore_half8(\(value), g * \(perBlock) + \(k), out);" : "    vstore8(\(value), g * \(perBlock) + \(k), out);"
        }
        let checkedStores = body { k, value in
            """
                {
                    \(lane) lanes[8]; vstore8(\(value), 0, lanes);
                    for (int i = 0; i < 8; ++i) {
                        const ulong e = 8 * (g * \(perBlock) + \(k)) + i;
                        if (e < n) \(half ? "vstore_half(lanes[i], e, out)" : "out[e] = lanes[i]");
                    }
                }
            """
        }
        let signature = """
            (global \(T) *out_base, const ulong out_off, const ulong n, const ulong counter, const ulong stream,
                                 const uint key_lo, const uint key_hi\(parameters)
            """
        let source = """
            \(Element.pragma)
            kernel void swiftcl_draw_groups\(signature))
            {
                global \(T) *out = out_base + out_off;
                const ulong g = get_global_id(0);
                const ulong first = counter + 8 * g;
            \(Self.openCLGroupSource)
            \(wholeStores)
            }

            kernel void swiftcl_draw_last\(signature), const ulong g)
            {
                global \(T) *out = out_base + out_off;
                const ulong first = counter + 8 * g;
            \(Self.openCLGroupSource)
            \(checkedStores)
            }
            """
        let programName = "chacha8_\(name)_\(T)"
        let whole = try ProgramCompiler.kernel(source: source, name: programName, kernel: "swiftcl_draw_groups", context: queue.context)
        let last = try ProgramCompiler.kernel(source: source, name: programName, kernel: "swiftcl_draw_last", context: queue.context)
        let perGroup = perBlock * Self.groupBlocks
        let (wholeGroups, remainder) = count.quotientAndRemainder(dividingBy: perGroup)
        let arguments: [any KernelArgument] = [result.storage, UInt64(result.offset), UInt64(count), counter, stream,
                                               UInt32(truncatingIfNeeded: seed), UInt32(truncatingIfNeeded: seed >> 32)] + extra
        try queue.enqueue { cl in
            if wholeGroups > 0 { try cl.launch(whole, try NDRange(wholeGroups), arguments: arguments) }
            if remainder > 0 { try cl.launch(last, try NDRange(1), arguments: arguments + [UInt64(wholeGroups)]) }
        }
        counter &+= Self.blocks(count, perBlock: perBlock)
    }
}
