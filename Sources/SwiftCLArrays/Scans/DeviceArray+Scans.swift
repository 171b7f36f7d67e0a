import SwiftCL

/// Whether a prefix includes its own element.
public enum ScanKind: Sendable, Hashable {
    /// Element `i` of the result combines elements `0...i` (NumPy's `cumsum`).
    case inclusive
    /// Element `i` combines elements `0..<i`; the first is the neutral element.
    case exclusive
}

/// Prefix sums (scans) over the elements in row-major order. Each runs as three kernels on the array's queue and
/// returns without waiting.
///
/// Sums accumulate in the element's own type: integers wrap modulo 2^bits like Swift's `&+` (signed types through
/// their unsigned twin, so no overflow is undefined), `Float16` accumulates in `float`. Floating-point prefixes are
/// summed in index order within each tile and tiles are chained in order, so the error of prefix `k` is that of a
/// sequential sum: at most k·ε·Σ|xᵢ| (in practice far less).
extension DeviceArray where Element: ArrayElement {
    /// Running sums, same shape.
    /// - Throws: SwiftCL's allocation errors.
    public func prefixSums(_ kind: ScanKind = .inclusive) throws -> DeviceArray {
        try prefixSums(kind, segmentStarts: nil)
    }

    /// Running sums that restart at every element where `segmentStarts` is nonzero (a segmented scan; an
    /// exclusive one gives 0 at each start).
    /// - Throws: ``ArrayError/Code/shapeMismatch`` when the counts differ, ``ArrayError/Code/contextMismatch``.
    public func prefixSums(_ kind: ScanKind = .inclusive, segmentStarts: DeviceArray<UInt8>) throws -> DeviceArray {
        try prefixSums(kind, segmentStarts: Optional(segmentStarts))
    }

    /// Running sums written into `result` (same count and context; it may be this array itself), without allocating
    /// (but for a `result` that overlaps this array without being it, which goes through a temporary array).
    /// - Throws: ``ArrayError/Code/shapeMismatch``, ``ArrayError/Code/contextMismatch``.
    public func prefixSums(_ kind: ScanKind = .inclusive, into result: DeviceArray) throws {
        try checkCompatible(result, what: "the result")
        if result.overlapsPartly(storage.memoryFootprint(elements: storageRange)) {
            return try result.copyElements(from: try prefixSums(kind, segmentStarts: nil))
        }
        _ = try prefixSums(kind, segmentStarts: nil, into: result)
    }

    /// `localSize` forces a work-group layout (tests run the GPU layout on CPU devices).
    package func prefixSums(_ kind: ScanKind, segmentStarts: DeviceArray<UInt8>?, into given: DeviceArray? = nil,
                    localSize: Int? = nil) throws -> DeviceArray {
        if let segmentStarts { try checkCompatible(segmentStarts, what: "segment starts") }
        let result = try given ?? DeviceArray(uninitializedShape: shape, on: queue)
        let T = Element.openCLTypeName
        let A = Self.scanAccumulator
        var parameters = ["global const \(T) *x", "const ulong x_off", "global \(T) *out", "const ulong out_off"]
        var arguments: [any KernelArgument] = [storage, UInt64(offset), result.storage, UInt64(result.offset)]
        if let segmentStarts {
            parameters += ["global const uchar *s", "const ulong s_off"]
            arguments += [segmentStarts.storage, UInt64(segmentStarts.offset)]
        }
        let plan = ScanPlan(type: A, neutral: "((\(A))0)", scan: "a + b", input: "(\(A))x[x_off + i]",
                            segmentStart: segmentStarts == nil ? nil : "s[s_off + i] != 0",
                            output: "out[out_off + i] = (\(T))\(kind == .inclusive ? "item" : "prev_item")",
                            parameters: parameters, arguments: arguments,
                            pragmas: Element.pragma.isEmpty ? [] : [Element.pragma],
                            name: "\(segmentStarts == nil ? "" : "segmented_")prefix_sums_\(T)")
        try plan.run(count: count, on: queue, localSize: localSize)
        return result
    }

    /// The OpenCL type prefix sums of this element type accumulate in.
    static var scanAccumulator: String {
        switch Element.kind {
        case .floatingPoint: Element.openCLTypeName == "half" ? "float" : Element.openCLTypeName
        case .unsignedInteger: Element.openCLTypeName
        case .signedInteger: "u" + Element.openCLTypeName
        }
    }

    /// Throws unless `other` has this array's count and context.
    func checkCompatible<Other>(_ other: DeviceArray<Other>, what: String) throws {
        guard other.count == count else {
            throw ArrayError(.shapeMismatch, "\(what) have \(other.count) elements, the array \(count)")
        }
        guard other.context === context else {
            throw ArrayError(.contextMismatch, "\(what) belong to \(other.context), the array to \(context)")
        }
    }
}
