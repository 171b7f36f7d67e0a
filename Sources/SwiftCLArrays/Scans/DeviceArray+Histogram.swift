import SwiftCL

extension DeviceArray where Element: ArrayElement & FixedWidthInteger {
    /// How many elements hold each key `0..<bins` (elements outside that range are not counted), as `UInt32` counts.
    ///
    /// Each work-group counts its part of the array in local memory when `bins` counters fit in a quarter of it, then
    /// adds its counts to the result with one atomic per bin; otherwise every element adds to the result atomically.
    /// Counts wrap beyond 2³²−1 elements of one key.
    /// - Throws: ``ArrayError/Code/invalidArgument`` for `bins` < 1 or ≥ 2³²; SwiftCL's allocation errors.
    public func histogram(bins: Int) throws -> DeviceArray<UInt32> {
        guard bins >= 1, bins <= Int(UInt32.max) else {
            throw ArrayError(.invalidArgument, "a histogram needs 1...\(UInt32.max) bins, \(bins) were asked for")
        }
        let result = try DeviceArray<UInt32>.filled(with: 0, shape: [bins], on: queue)
        guard count > 0 else { return result }
        let device = queue.device
        let privatised = bins * 4 <= device.localMemoryBytes / 4
        let T = Element.openCLTypeName
        // Keys widen to 64 bits (signed or not, like the element), so every key compares with the bin count exactly.
        let K = Element.kind == .signedInteger ? "long" : "ulong"
        let inRange = Element.kind == .signedInteger ? "k >= 0 && k < (long)bins" : "k < (ulong)bins"
        let source = privatised ? """
            kernel void swiftcl_histogram(global const \(T) *x, const ulong x_off, const ulong n, global uint *counts, const uint bins,
                                          local uint *h)
            {
                const uint lid = get_local_id(0), items = get_local_size(0);
                for (uint b = lid; b < bins; b += items) h[b] = 0;
                barrier(CLK_LOCAL_MEM_FENCE);
                const ulong per = (n + get_global_size(0) - 1) / get_global_size(0);
                const ulong i0 = min((ulong)get_global_id(0) * per, n), i1 = min(i0 + per, n);
                for (ulong i = i0; i < i1; ++i) { const \(K) k = (\(K))x[x_off + i]; if (\(inRange)) atomic_inc(&h[k]); }
                barrier(CLK_LOCAL_MEM_FENCE);
                for (uint b = lid; b < bins; b += items) if (h[b]) atomic_add(&counts[b], h[b]);
            }
            """ : """
            kernel void swiftcl_histogram(global const \(T) *x, const ulong x_off, const ulong n, global uint *counts, const uint bins)
            {
                const ulong per = (n + get_global_size(0) - 1) / get_global_size(0);
                const ulong i0 = min((ulong)get_global_id(0) * per, n), i1 = min(i0 + per, n);
                for (ulong i = i0; i < i1; ++i) { const \(K) k = (\(K))x[x_off + i]; if (\(inRange)) atomic_inc(&counts[k]); }
            }
            """
        let kernel = try ProgramCompiler.kernel(source: source, name: "histogram_\(T)\(privatised ? "_local" : "")",
                                                kernel: "swiftcl_histogram", context: context)
        let (local, groups) = ScanPlan.shape(count: count, device: device,
                                             maxLocal: (try? kernel.workGroupInfo(on: device).maxWorkGroupSize) ?? 1)
        var arguments: [any KernelArgument] = [storage, UInt64(offset), UInt64(count), result.storage, UInt32(bins)]
        if privatised { arguments.append(LocalMemory<UInt32>(count: bins)) }
        try queue.enqueue { cl in
            try cl.launch(kernel, try NDRange(groups * local, local: local), arguments: arguments)
        }
        return result
    }
}
