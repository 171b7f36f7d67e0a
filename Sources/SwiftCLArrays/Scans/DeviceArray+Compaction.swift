import SwiftCL

/// Stream compaction and what is built like it: one scan of a 0/1 flag per element gives each kept element its place.
/// Each waits once, to learn how many elements were kept.
extension DeviceArray where Element: ArrayElement {
    /// The elements where `mask` is nonzero, in their order, as a 1-D array of as many elements as were kept (PyOpenCL's
    /// `copy_if`; masks come from comparisons: `try a.compacted(where: (a .> 0).evaluated())`).
    /// - Throws: ``ArrayError/Code/shapeMismatch`` when the counts differ, ``ArrayError/Code/contextMismatch``.
    public func compacted(where mask: DeviceArray<UInt8>) throws -> DeviceArray {
        try checkCompatible(mask, what: "the mask")
        let (result, kept) = try placed(flag: "m[m_off + i] != 0", parameters: ["global const uchar *m", "const ulong m_off"],
                                        arguments: [mask.storage, UInt64(mask.offset)], rejectedToo: false, name: "compact")
        return try result[0..<kept]
    }

    /// Writes the elements where `mask` is nonzero, in their order, to the front of `result` and returns how many were
    /// kept; `result`'s other elements stay as they were. `result` has this array's count and context; it allocates
    /// nothing but a counter, so repeated compactions reuse one array's memory (a `result` sharing memory with this
    /// array or the mask goes through a temporary array).
    /// - Throws: ``ArrayError/Code/shapeMismatch`` when the counts differ, ``ArrayError/Code/contextMismatch``.
    public func compact(where mask: DeviceArray<UInt8>, into result: DeviceArray) throws -> Int {
        try checkCompatible(mask, what: "the mask")
        try checkCompatible(result, what: "the result")
        let footprint = result.storage.memoryFootprint(elements: result.storageRange)
        if footprint.overlaps(storage.memoryFootprint(elements: storageRange))
            || footprint.overlaps(mask.storage.memoryFootprint(elements: mask.storageRange)) {
            let kept = try compacted(where: mask)
            if kept.count > 0 { try result[0..<kept.count].copyElements(from: kept) }
            return kept.count
        }
        return try placed(flag: "m[m_off + i] != 0", parameters: ["global const uchar *m", "const ulong m_off"],
                          arguments: [mask.storage, UInt64(mask.offset)], rejectedToo: false, name: "compact", into: result).1
    }

    /// The elements where `mask` is nonzero, in their order, followed by the others, in their order (a stable
    /// partition), and how many were kept.
    /// - Throws: as ``compacted(where:)``.
    public func partitioned(where mask: DeviceArray<UInt8>) throws -> (elements: DeviceArray, keptCount: Int) {
        try checkCompatible(mask, what: "the mask")
        let (result, kept) = try placed(flag: "m[m_off + i] != 0", parameters: ["global const uchar *m", "const ulong m_off"],
                                        arguments: [mask.storage, UInt64(mask.offset)], rejectedToo: true, name: "partition")
        return (result, kept)
    }

    /// The elements that differ from the one before them: on sorted data, each distinct value once, in order
    /// (NumPy's `unique` of a sorted array). Floating-point NaNs never equal anything, so each NaN is kept.
    /// - Throws: SwiftCL's allocation errors.
    public func uniqued() throws -> DeviceArray {
        let (result, kept) = try placed(flag: "i == 0 || x[x_off + i] != x[x_off + i - 1]", parameters: [], arguments: [],
                                        rejectedToo: false, name: "unique")
        return try result[0..<kept]
    }

    /// Scans `flag` (0 or 1 per index) and writes each flagged element at its prefix, and with `rejectedToo` every other
    /// element after all the flagged ones; returns the 1-D result (as long as this array) and how many were flagged.
    private func placed(flag: String, parameters: [String], arguments: [any KernelArgument], rejectedToo: Bool,
                        name: String, into given: DeviceArray? = nil) throws -> (DeviceArray, Int) {
        let n = count
        let result = try given ?? DeviceArray(uninitializedShape: [n], on: queue)
        guard n > 0 else { return (result, 0) }
        let kept = try Buffer<UInt64>(count: 1, context: context)
        let T = Element.openCLTypeName
        let C = n <= Int(UInt32.max) ? "uint" : "ulong"
        let place = rejectedToo
            ? "out[out_off + (item != prev_item ? prev_item : last_item + (i - prev_item))] = x[x_off + i];"
            // Stores below the run's end need no test: a rejected element's store is overwritten by the next kept one of
            // the same run (the branch is then almost always taken, so it predicts; on a random 50 % mask a
            // kept-or-not branch mispredicts every other element).
            : "if (item != prev_item || prev_item < swiftcl_run_end) out[out_off + prev_item] = x[x_off + i];"
        let plan = ScanPlan(type: C, neutral: "((\(C))0)", scan: "a + b", input: "(\(C))((\(flag)) ? 1 : 0)",
                            output: "\(place) if (i == n - 1) kept[0] = (ulong)last_item",
                            parameters: ["global const \(T) *x", "const ulong x_off", "global \(T) *out", "const ulong out_off",
                                         "global ulong *kept"] + parameters,
                            arguments: [storage, UInt64(offset), result.storage, UInt64(result.offset), kept] + arguments,
                            pragmas: Element.pragma.isEmpty ? [] : [Element.pragma], name: "\(name)_\(T)_\(C)")
        try plan.run(count: n, on: queue)
        let count = try queue.sync { cl in try cl.read(kept) }[0]
        return (result, Int(count))
    }
}
