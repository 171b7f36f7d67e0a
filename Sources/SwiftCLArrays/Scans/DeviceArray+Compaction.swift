import SwiftCL

/// Stream compaction and what is built like it: one scan of a 0/1 flag per element gives each kept element its place.
/// Each waits once, to learn how many elements were kept.
extension DeviceArray where Element: ArrayElement {
    /// The elements where `mask` is nonzero, in their order, as a 1-D array of as many elements as were kept (PyOpenCL's
    /// `copy_if`; masks come from comparisons: `try a.compacted(where: (a .> 0).evaluated())`).
    /// - Throws: ``ArrayError/Code/shapeMismatch`` when the counts differ, ``ArrayError/Code/contextMismatch``.
    public func compacted(where mask: DeviceArray<UInt8>) throws -> DeviceArray {
        let (result, kept) = try placed(by: mask, rejectedToo: false, name: "compact")
        return try result[0..<kept]
    }

    /// Writes the elements where `mask` is nonzero, in their order, to the front of `result` and returns how many were
    /// kept; `result`'s other elements stay as they were. `result` has this array's count and context; it allocates
    /// nothing but a counter, so repeated compactions reuse one array's memory (a `result` sharing memory with this
    /// array or the mask goes through a temporary array).
    /// - Throws: ``ArrayError/Code/shapeMismatch`` when the counts differ, ``ArrayError/Code/contextMismatch``.
    public func compact(where mask: DeviceArray<UInt8>, into result: DeviceArray) throws -> Int {
        try placed(by: mask, rejectedToo: false, intoGiven: result)
    }

    /// The elements where `mask` is nonzero, in their order, followed by the others, in their order (a stable
    /// partition), and how many were kept.
    /// - Throws: as ``compacted(where:)``.
    public func partitioned(where mask: DeviceArray<UInt8>) throws -> (elements: DeviceArray, keptCount: Int) {
        let (result, kept) = try placed(by: mask, rejectedToo: true, name: "partition")
        return (result, kept)
    }

    /// Writes the elements where `mask` is nonzero, in their order, then the others, in their order, over `result`
    /// (a stable partition) and returns how many were kept. `result` has this array's count and context; like
    /// ``compact(where:into:)`` it allocates nothing but a counter (a `result` sharing memory with this array or the
    /// mask goes through a temporary array).
    /// - Throws: ``ArrayError/Code/shapeMismatch`` when the counts differ, ``ArrayError/Code/contextMismatch``.
    public func partition(where mask: DeviceArray<UInt8>, into result: DeviceArray) throws -> Int {
        try placed(by: mask, rejectedToo: true, intoGiven: result)
    }

    /// ``compact(where:into:)``, ``partition(where:into:)`` and ``unique(into:)`` (no mask): checked, and through a
    /// temporary when `result` shares memory with this array or the mask (the mask is checked where it is placed by).
    private func placed(by mask: DeviceArray<UInt8>?, rejectedToo: Bool, intoGiven result: DeviceArray) throws -> Int {
        try checkCompatible(result, what: "the result")
        let name = mask == nil ? "unique" : rejectedToo ? "partition" : "compact"
        let footprint = result.storage.memoryFootprint(elements: result.storageRange)
        if footprint.overlaps(storage.memoryFootprint(elements: storageRange))
            || mask.map({ footprint.overlaps($0.storage.memoryFootprint(elements: $0.storageRange)) }) == true {
            let (placed, kept) = try placed(by: mask, rejectedToo: rejectedToo, name: name)
            let written = rejectedToo ? count : kept
            if written > 0 { try result[0..<written].copyElements(from: try placed[0..<written]) }
            return kept
        }
        return try placed(by: mask, rejectedToo: rejectedToo, name: name, into: result).1
    }

    /// The elements that differ from the one before them: on sorted data, each distinct value once, in order
    /// (NumPy's `unique` of a sorted array). Floating-point NaNs never equal anything, so each NaN is kept.
    /// - Throws: SwiftCL's allocation errors.
    public func uniqued() throws -> DeviceArray {
        let (result, kept) = try placed(by: nil, rejectedToo: false, name: "unique")
        return try result[0..<kept]
    }

    /// Writes the elements that differ from the one before them (``uniqued()``) to the front of `result` and returns
    /// how many there are; `result`'s other elements stay as they were. `result` has this array's count and context;
    /// like ``compact(where:into:)`` it allocates nothing but a counter (a `result` sharing memory with this array goes
    /// through a temporary array).
    /// - Throws: ``ArrayError/Code/shapeMismatch`` when the counts differ, ``ArrayError/Code/contextMismatch``.
    public func unique(into result: DeviceArray) throws -> Int {
        try placed(by: nil, rejectedToo: false, intoGiven: result)
    }

    /// Places the elements where `mask` is nonzero (or, without a mask, those that differ from the one before them; see
    /// `placed(flag:parameters:arguments:rejectedToo:name:into:)`): on CPU devices with `PlacementPlan` (several
    /// tiles walked side by side per work-item; into a given array a compaction runs in one pass where the device has
    /// 64-bit atomics), elsewhere through the general scan. `throughScan` takes the general scan on any device (tests
    /// cover the GPU route with it on a CPU device); `onePass: false` counts first even into a given array, and
    /// `onePassBlock` sets the one-pass blocks' length (tests cross many blocks with short ones); `vectorPlacement`
    /// narrows the vector placement (``PlacementPlan/VectorPlacement``: tests cover the AVX2 permute and the walk on
    /// any host).
    /// - Throws: ``ArrayError/Code/shapeMismatch`` or ``ArrayError/Code/contextMismatch`` for a mask unlike this array.
    func placed(by mask: DeviceArray<UInt8>?, rejectedToo: Bool, name: String, into given: DeviceArray? = nil,
                throughScan: Bool = false, onePass: Bool = true, onePassBlock: Int? = nil,
                vectorPlacement: PlacementPlan.VectorPlacement = .compress) throws -> (DeviceArray, Int) {
        if let mask { try checkCompatible(mask, what: "the mask") }
        guard queue.device.type.contains(.cpu), !throughScan else {
            if let mask {
                return try placed(flag: "m[m_off + i] != 0", parameters: ["global const uchar *m", "const ulong m_off"],
                                  arguments: [mask.storage, UInt64(mask.offset)], rejectedToo: rejectedToo, name: name, into: given)
            }
            return try placed(flag: "i == 0 || x[x_off + i] != x[x_off + i - 1]", parameters: [], arguments: [],
                              rejectedToo: rejectedToo, name: name, into: given)
        }
        guard count > 0 else { return (try given ?? DeviceArray(uninitializedShape: [0], on: queue), 0) }
        let kept = try Buffer<UInt64>(count: 1, context: context)
        let plan = PlacementPlan(type: Element.openCLTypeName, pragma: Element.pragma, selection: mask == nil ? .distinctFromPrevious : .mask,
                                 partition: rejectedToo, device: queue.device, vectorPlacement: vectorPlacement)
        let x = (storage as any KernelArgument, UInt64(offset)), m = mask.map { ($0.storage as any KernelArgument, UInt64($0.offset)) }
        if let given, onePass, plan.onePass {
            try plan.placeInOnePass(count: count, x: x, mask: m, out: (given.storage, UInt64(given.offset)),
                                    of: Element.self, kept: kept, block: onePassBlock, on: queue)
            return (given, Int(try queue.sync { cl in try cl.read(kept) }[0]))
        }
        let tiles = try plan.countKept(count: count, x: x, mask: m, kept: kept, on: queue)
        let keptCount = Int(try queue.sync { cl in try cl.read(kept) }[0])
        // A new compaction result holds only the kept elements (the placement writes nothing past them).
        let result = try given ?? DeviceArray(uninitializedShape: [rejectedToo ? count : keptCount], on: queue)
        try plan.place(count: count, x: x, mask: m, out: (result.storage, UInt64(result.offset)), tiles: tiles, on: queue)
        return (result, keptCount)
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
