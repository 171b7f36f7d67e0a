import SwiftCL

/// Stable radix sorts of the elements in row-major order (PyOpenCL's `RadixSort`, NumPy's `sort(kind="stable")` and
/// `argsort` of the flattened array). Each returns 1-D arrays and does not wait for the device.
///
/// Order: integers by value; floating-point keys in IEEE 754 total order, −NaN < −∞ < … < −0 < +0 < … < +∞ < +NaN
/// (a NaN's sign bit decides its end; NaNs of one sign keep their payload order). Descending reverses that order and
/// still keeps equal keys in their original order.
///
/// A sort makes one pass per 8 key bits on CPUs (4 elsewhere). `significantBits` sorts by the low bits of the key's
/// unsigned bit pattern only: keys known to lie in `0..<2^b` sort in ⌈b/8⌉ passes instead of the type's full width.
extension DeviceArray where Element: ArrayElement {
    /// The elements in ascending (or descending) order.
    /// - Parameters:
    ///   - descending: largest first; equal keys keep their order either way.
    ///   - significantBits: for integer keys, compare only the low this many bits of each key's bit pattern (keys in
    ///     `0..<2^significantBits` sort correctly in fewer passes); `nil` compares all of them.
    /// - Throws: ``ArrayError/Code/invalidArgument`` for `significantBits` outside `0...` the key's width or given for
    ///   floating-point keys; SwiftCL's allocation errors.
    public func sorted(descending: Bool = false, significantBits: Int? = nil) throws -> DeviceArray {
        try sort(descending: descending, significantBits: significantBits, values: Optional<DeviceArray<UInt8>>.none).keys
    }

    /// These keys sorted, and `values` reordered with them (a key–value sort; values may be any element type).
    /// - Throws: ``ArrayError/Code/shapeMismatch`` when the values are not as many as the keys,
    ///   ``ArrayError/Code/contextMismatch``; as ``sorted(descending:significantBits:)``.
    public func sorted<Value: ArrayElement>(carrying values: DeviceArray<Value>, descending: Bool = false,
                                            significantBits: Int? = nil) throws -> (keys: DeviceArray, values: DeviceArray<Value>) {
        try checkCompatible(values, what: "the values")
        let (keys, sortedValues) = try sort(descending: descending, significantBits: significantBits, values: values)
        return (keys, sortedValues!)
    }

    /// The indices that sort the elements (stable): element `k` of the result is the index of the `k`-th smallest
    /// (largest) element, as `Index` (`UInt32` by default).
    /// - Throws: ``ArrayError/Code/invalidArgument`` when `Index` cannot hold every index; as
    ///   ``sorted(descending:significantBits:)``.
    public func argsorted<Index: ArrayElement & FixedWidthInteger>(as _: Index.Type = UInt32.self, descending: Bool = false,
                                                                   significantBits: Int? = nil) throws -> DeviceArray<Index> {
        guard count <= 1 || Int128(Index.max) >= Int128(count - 1) else {
            throw ArrayError(.invalidArgument, "\(Index.self) cannot hold the indices of \(count) elements")
        }
        try checkSortBits(significantBits)
        let indices = try DeviceArray<Index>.arange(count: count, on: queue)
        return try sorted(carrying: indices, descending: descending, significantBits: significantBits).values
    }

    private func checkSortBits(_ significantBits: Int?) throws {
        guard let significantBits else { return }
        let width = MemoryLayout<Element>.size * 8
        guard Element.kind != .floatingPoint else {
            throw ArrayError(.invalidArgument, "significantBits applies to integer keys; \(Element.self) keys sort on all \(width) bits")
        }
        guard (0...width).contains(significantBits) else {
            throw ArrayError(.invalidArgument, "significantBits must be in 0...\(width) for \(Element.self) keys, not \(significantBits)")
        }
    }

    /// `gpuLayout` forces the layout used off CPUs (tests run it on CPU devices this way).
    package func sort<Value: ArrayElement>(descending: Bool, significantBits: Int?, values: DeviceArray<Value>?,
                                   gpuLayout: Bool = false) throws -> (keys: DeviceArray, values: DeviceArray<Value>?) {
        try checkSortBits(significantBits)
        let n = count
        let keyBytes = MemoryLayout<Element>.size
        let bits = significantBits ?? keyBytes * 8
        let device = queue.device
        let plan = RadixSortPlan(keyBits: keyBytes * 8, keyKind: Element.kind, valueBytes: values.map { _ in MemoryLayout<Value>.size },
                                 descending: descending, cpuLayout: device.type.contains(.cpu) && !gpuLayout,
                                 placeType: n <= Int(UInt32.max) ? "uint" : "ulong")
        let passes = n <= 1 ? 0 : plan.passes(bits: bits)
        guard passes > 0 else {
            return (try copy().reshaped([n]), try values?.copy().reshaped([n]))
        }
        let result = try DeviceArray(uninitializedShape: [n], on: queue)
        let scratch = try DeviceArray(uninitializedShape: [n], on: queue)
        // The last pass writes buffers[(passes - 1) % 2], which must be the result's.
        let order = passes % 2 == 1 ? [result, scratch] : [scratch, result]
        var valueRun: (input: any KernelArgument, offset: Int, buffers: [any KernelArgument])?
        var sortedValues: DeviceArray<Value>?
        if let values {
            let valueResult = try DeviceArray<Value>(uninitializedShape: [n], on: queue)
            let valueScratch = try DeviceArray<Value>(uninitializedShape: [n], on: queue)
            let valueOrder = passes % 2 == 1 ? [valueResult, valueScratch] : [valueScratch, valueResult]
            valueRun = (try Self.rawBits(values.storage), values.offset, try valueOrder.map { try Self.rawBits($0.storage) })
            sortedValues = valueResult
        }
        try plan.run(count: n, bits: bits, keys: try Self.rawBits(storage), keyOffset: offset,
                     buffers: try order.map { try Self.rawBits($0.storage) }, values: valueRun, on: queue)
        return (result, sortedValues)
    }

    /// `buffer` viewed as unsigned integers of its element's width (sorts move bits, not values).
    private static func rawBits<T>(_ buffer: Buffer<T>) throws -> any KernelArgument {
        switch MemoryLayout<T>.size {
        case 1: try buffer.reinterpreted(as: UInt8.self)
        case 2: try buffer.reinterpreted(as: UInt16.self)
        case 4: try buffer.reinterpreted(as: UInt32.self)
        default: try buffer.reinterpreted(as: UInt64.self)
        }
    }
}
