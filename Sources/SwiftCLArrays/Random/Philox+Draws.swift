import SwiftCL

/// Arrays of random numbers drawn on the device. Element `j` of a draw depends only on the generator's seed, counter
/// and stream and on `j`: one work-item per block of four words, whatever the device or work-group size.
///
/// - Uniform floating point in [0, 1): the top 24 bits of a word (`Float`), 11 (`Float16`) or 53 of two words
///   (`Double`), scaled by a power of two: exact, every value a multiple of 2⁻²⁴ (2⁻¹¹, 2⁻⁵³), and bit for bit the
///   host's ``uniformHostReference(count:as:)``.
/// - Integers in a closed range: a 64-bit word pair `r` maps to `lower + ⌊r·span / 2⁶⁴⌋` (span = upper − lower + 1), a
///   bias of at most span/2⁶⁴ per value.
/// - Normal: the Box–Muller transform of pairs of uniforms in (0, 1]; agrees with the host to the device's
///   `log`/`sqrt`/`cospi` accuracy, not bit for bit.
extension Philox {
    /// Uniform values in [0, 1) written over `array` (on its queue), the same numbers ``uniform(shape:on:)`` gives for
    /// its count; allocates nothing, so repeated draws reuse one array's memory (each draw new numbers).
    /// - Throws: ``ArrayError`` for a negative extent or an element the device lacks; SwiftCL's allocation errors.
    public mutating func uniform<Element: ArrayElement & BinaryFloatingPoint>(into array: DeviceArray<Element>) throws {
        let T = Element.openCLTypeName
        let body: String
        switch T {
        case "double":
            body = """
                out[2 * b] = (double)(((ulong)w.y << 21) | (w.x >> 11)) * 0x1p-53;
                if (2 * b + 1 < n) out[2 * b + 1] = (double)(((ulong)w.w << 21) | (w.z >> 11)) * 0x1p-53;
                """
        case "half":
            body = "for (int k = 0; k < 4 && 4 * b + k < n; ++k) vstore_half((float)(((uint *)&w)[k] >> 21) * 0x1p-11f, 0, (global half *)&out[4 * b + k]);"
        default:
            body = """
                const float4 u = convert_float4(w >> (uint4)(8)) * 0x1p-24f;
                if (4 * b + 4 <= n) { vstore4(u, b, out); }
                else { out[4 * b] = u.x; if (4 * b + 1 < n) out[4 * b + 1] = u.y; if (4 * b + 2 < n) out[4 * b + 2] = u.z; }
                """
        }
        try draw(into: array, name: "uniform_\(T)", body: body)
    }

    /// Uniform integers in `range` (both ends included); the generator moves past them.
    /// - Throws: ``ArrayError`` for a negative extent or an element the device lacks; SwiftCL's allocation errors.
    public mutating func uniform<Element: ArrayElement & FixedWidthInteger>(in range: ClosedRange<Element>, shape: [Int],
                                                                  on queue: ComputeQueue) throws -> DeviceArray<Element> {
        let T = Element.openCLTypeName
        // The span as a 64-bit count; 0 stands for the full 2^64 of a 64-bit type.
        let span = UInt64(truncatingIfNeeded: Int128(range.upperBound) - Int128(range.lowerBound) + 1)
        let lower = UInt64(truncatingIfNeeded: range.lowerBound)
        let pick = { (hi: String, lo: String) in
            "(\(T))(\(lower)ul + (\(span)ul == 0 ? (((ulong)\(hi) << 32) | \(lo)) : mul_hi(((ulong)\(hi) << 32) | \(lo), \(span)ul)))"
        }
        let result = try DeviceArray<Element>(uninitializedShape: shape, on: queue)
        try draw(into: result, name: "uniform_\(T)", body: """
            out[2 * b] = \(pick("w.y", "w.x"));
            if (2 * b + 1 < n) out[2 * b + 1] = \(pick("w.w", "w.z"));
            """, perBlock: 2)
        return result
    }

    /// Normally distributed values (Box–Muller), `mean` + `standardDeviation` · N(0, 1); the generator moves past them.
    /// - Throws: ``ArrayError`` for a negative extent or an element the device lacks; SwiftCL's allocation errors.
    public mutating func normal<Element: ArrayElement & BinaryFloatingPoint>(mean: Element = 0, standardDeviation: Element = 1, shape: [Int],
                                                                   on queue: ComputeQueue) throws -> DeviceArray<Element> {
        let T = Element.openCLTypeName
        let F = T == "double" ? "double" : "float"
        let store = { (index: String, value: String) in
            T == "half" ? "vstore_half(\(value), 0, (global half *)&out[\(index)])" : "out[\(index)] = \(value)"
        }
        let m = "mean", s = "deviation"
        let body: String
        if T == "double" {
            body = """
                const double u1 = (double)((((ulong)w.y << 21) | (w.x >> 11)) + 1) * 0x1p-53;
                const double u2 = (double)(((ulong)w.w << 21) | (w.z >> 11)) * 0x1p-53;
                const double r = sqrt(-2.0 * log(u1));
                out[2 * b] = \(m) + \(s) * r * cospi(2.0 * u2);
                if (2 * b + 1 < n) out[2 * b + 1] = \(m) + \(s) * r * sinpi(2.0 * u2);
                """
        } else {
            body = """
                for (int p = 0; p < 2; ++p) {
                    const float u1 = (float)((((uint *)&w)[2 * p] >> 8) + 1) * 0x1p-24f;
                    const float u2 = (float)(((uint *)&w)[2 * p + 1] >> 8) * 0x1p-24f;
                    const float r = sqrt(-2.0f * log(u1));
                    if (4 * b + 2 * p < n) \(store("4 * b + 2 * p", "(\(F))(\(m) + \(s) * r * cospi(2.0f * u2))"));
                    if (4 * b + 2 * p + 1 < n) \(store("4 * b + 2 * p + 1", "(\(F))(\(m) + \(s) * r * sinpi(2.0f * u2))"));
                }
                """
        }
        let parameters: [any KernelArgument] = T == "double" ? [Double(mean), Double(standardDeviation)]
            : [Float(mean), Float(standardDeviation)]
        let result = try DeviceArray<Element>(uninitializedShape: shape, on: queue)
        try draw(into: result, name: "normal_\(T)", body: body,
                 parameters: ", const \(F) mean, const \(F) deviation", arguments: parameters)
        return result
    }

    /// Launches one work-item per block on `result`'s queue; `body` writes the elements of block `b` from its words `w`
    /// into `out` (the array's first element). Once the launch is enqueued, the generator moves past the blocks.
    private mutating func draw<Element: ArrayElement>(into result: DeviceArray<Element>, name: String, body: String,
                                             perBlock: Int? = nil, parameters: String = "",
                                             arguments extra: [any KernelArgument] = []) throws {
        let queue = result.queue
        let count = result.count
        guard count > 0 else { return }
        let perBlock = perBlock ?? Self.perBlock(Element.self)
        let source = """
            \(Element.pragma)
            \(Self.openCLSource)
            kernel void swiftcl_draw(global \(Element.openCLTypeName) *out_base, const ulong out_off, const ulong n, const ulong counter,
                                     const ulong stream, const uint key_lo, const uint key_hi\(parameters))
            {
                global \(Element.openCLTypeName) *out = out_base + out_off;
                const ulong b = get_global_id(0);
                if (b * \(perBlock) >= n) return;
                const ulong c = counter + b;
                const uint4 w = swiftcl_philox((uint4)((uint)c, (uint)(c >> 32), (uint)stream, (uint)(stream >> 32)),
                                               (uint2)(key_lo, key_hi));
                \(body)
            }
            """
        let kernel = try ProgramCompiler.kernel(source: source, name: "philox_\(name)",
                                                kernel: "swiftcl_draw", context: queue.context)
        let blocks = Self.blocks(count, perBlock: perBlock)
        let local = LaunchShape.elementwiseLocalSize(for: kernel, device: queue.device)
        let range = try NDRange(covering: Int(blocks), local: local)
        let arguments: [any KernelArgument] = [result.storage, UInt64(result.offset), UInt64(count), counter, stream,
                                               UInt32(truncatingIfNeeded: seed), UInt32(truncatingIfNeeded: seed >> 32)] + extra
        try queue.enqueue { cl in try cl.launch(kernel, range, arguments: arguments) }
        counter &+= blocks
    }

    /// The host's uniform values in [0, 1) for the next draw of `count` elements: bit for bit what ``uniform(shape:on:)``
    /// gives from the generator's current position (this does not advance it).
    public func uniformHostReference<Element: ArrayElement & BinaryFloatingPoint>(count: Int, as _: Element.Type) -> [Element] {
        let perBlock = Self.perBlock(Element.self)
        return (0..<count).map { j in
            let w = hostBlock(containing: j, perBlock: perBlock)
            if MemoryLayout<Element>.size == 8 {
                let (hi, lo) = j % 2 == 0 ? (w[1], w[0]) : (w[3], w[2])
                return Element(Double((UInt64(hi) << 21) | UInt64(lo >> 11)) * 0x1p-53)
            }
            let word = w[j % 4]
            return Element.self == Float16.self ? Element(Float(word >> 21) * 0x1p-11) : Element(Float(word >> 8) * 0x1p-24)
        }
    }
}
