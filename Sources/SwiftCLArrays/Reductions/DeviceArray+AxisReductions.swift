import SwiftCL

/// Reductions along one axis of an array of two or more dimensions, as NumPy's `axis=`: the result has the array's shape
/// without that axis (a 2-D array's axis 0 combines each column, result `[columns]`; axis 1 each row, `[rows]`; a
/// `[d0, d1, d2]` array's axis 1 gives `[d0, d2]`). A negative axis counts from the last (−1 is the last). On CPU
/// devices the kernels stream through contiguous memory whatever the axis; on GPUs one work-item per result walks its
/// line (``AxisReduction``, ``AxisIndexReduction``). Floating-point sums use Kahan compensation (lines of 2 to 16
/// elements on a CPU add pairwise). The result stays on the device.
extension DeviceArray where Element: ArrayElement {
    /// Sums along `axis` (of a 2-D array, 0: down the columns, 1: along the rows).
    /// - Throws: ``ArrayError/Code/invalidShape`` for an array of fewer than 2 dimensions or an axis outside
    ///   `-rank..<rank`.
    public func sum(axis: Int) throws -> DeviceArray { try sum(axis: axis, destination: nil) }

    /// Sums along `axis` into `result`, whose shape is this array's without `axis` (NumPy's `out=`): no new array, so
    /// none of a new one's first-touch page faults.
    /// - Throws: ``ArrayError/Code/shapeMismatch`` for a `result` of another shape, ``ArrayError/Code/contextMismatch``;
    ///   as ``sum(axis:)``. A `result` sharing memory with this array is written through a new array.
    public func sum(axis: Int, into result: DeviceArray) throws { _ = try sum(axis: axis, destination: result) }

    private func sum(axis: Int, destination: DeviceArray?) throws -> DeviceArray {
        try reduce(axis: axis, name: "sum", neutral: "0", combine: Self.addition, accumulator: Element.sumAccumulator,
                   destination: destination)
    }

    /// Smallest element along `axis`. - Throws: ``ArrayError/Code/emptyReduction`` when that axis is empty.
    public func min(axis: Int) throws -> DeviceArray { try extremum(axis: axis, minimum: true, destination: nil) }

    /// ``min(axis:)`` into `result`. - Throws: as ``min(axis:)`` and ``sum(axis:into:)``.
    public func min(axis: Int, into result: DeviceArray) throws { _ = try extremum(axis: axis, minimum: true, destination: result) }

    /// Largest element along `axis`. - Throws: ``ArrayError/Code/emptyReduction`` when that axis is empty.
    public func max(axis: Int) throws -> DeviceArray { try extremum(axis: axis, minimum: false, destination: nil) }

    /// ``max(axis:)`` into `result`. - Throws: as ``max(axis:)`` and ``sum(axis:into:)``.
    public func max(axis: Int, into result: DeviceArray) throws { _ = try extremum(axis: axis, minimum: false, destination: result) }

    private func extremum(axis: Int, minimum: Bool, destination: DeviceArray?) throws -> DeviceArray {
        let function = (Element.kind == .floatingPoint ? "f" : "") + (minimum ? "min" : "max")
        // NaN, which fmin/fmax pass over, for floating point: a line of NaNs gives NaN (as the whole-array min/max).
        let start = Element.kind == .floatingPoint ? "NAN" : minimum ? Element.openCLHighest : Element.openCLLowest
        return try reduce(axis: axis, name: minimum ? "min" : "max", neutral: "(\(extremumAccumulator))\(start)",
                          combine: .plain { "\(function)(\($0), \($1))" }, accumulator: extremumAccumulator, needsElements: true,
                          destination: destination)
    }

    /// Product along `axis` (1 for an empty axis; integers wrap at their accumulator's width, as ``product()`` does).
    /// - Throws: as ``sum(axis:)``.
    public func product(axis: Int) throws -> DeviceArray {
        try reduce(axis: axis, name: "product", neutral: "1", combine: .plain { "\($0) * \($1)" }, accumulator: Element.sumAccumulator)
    }

    /// Dot products of matching lines along `axis` of this array and `other` (of 2-D arrays: rows for axis 1, columns
    /// for axis 0; Kahan-compensated for floating point, like ``sum(axis:)``).
    /// - Throws: ``ArrayError/Code/shapeMismatch`` naming both shapes, ``ArrayError/Code/contextMismatch``; as
    ///   ``sum(axis:)``.
    public func dot(_ other: DeviceArray, axis: Int) throws -> DeviceArray {
        try reduce(axis: axis, name: "dot", neutral: "0", combine: Self.addition, accumulator: Element.sumAccumulator,
                   map: "x * y", other: other)
    }

    /// Euclidean norms of the lines along `axis` (of a 2-D array: rows for axis 1, columns for axis 0), floating-point
    /// elements only.
    /// - Throws: ``ArrayError/Code/unsupportedElement`` for integer elements; as ``sum(axis:)``.
    public func norm(axis: Int) throws -> DeviceArray {
        guard Element.kind == .floatingPoint else {
            throw ArrayError(.unsupportedElement, "norm(axis:) of \(Element.self) elements: norms are for floating-point arrays")
        }
        return try reduce(axis: axis, name: "norm", neutral: "0", combine: .compensated, accumulator: Element.sumAccumulator,
                          map: "x * x", finish: { "sqrt(\($0))" })
    }

    /// Positions of the smallest element along `axis` (of a 2-D array, 0: in each column, 1: in each row), as ``argmin()`` picks them:
    /// the first of a tie, NaNs never win (an all-NaN line gives 0).
    /// - Throws: ``ArrayError/Code/emptyReduction`` when that axis is empty; as ``sum(axis:)``.
    public func argmin(axis: Int) throws -> DeviceArray<Int64> { try indexAlong(axis: axis, minimum: true, destination: nil) }

    /// ``argmin(axis:)`` into `result`, an array of the result's shape in the same context (NumPy's `out=`).
    /// - Throws: as ``sum(axis:into:)``, and as ``argmin(axis:)``.
    public func argmin(axis: Int, into result: DeviceArray<Int64>) throws { _ = try indexAlong(axis: axis, minimum: true, destination: result) }

    /// Positions of the largest element along `axis`; ties and NaNs as ``argmin(axis:)``.
    /// - Throws: as ``argmin(axis:)``.
    public func argmax(axis: Int) throws -> DeviceArray<Int64> { try indexAlong(axis: axis, minimum: false, destination: nil) }

    /// ``argmax(axis:)`` into `result` (NumPy's `out=`).
    /// - Throws: as ``argmin(axis:into:)``.
    public func argmax(axis: Int, into result: DeviceArray<Int64>) throws { _ = try indexAlong(axis: axis, minimum: false, destination: result) }

    private func indexAlong(axis: Int, minimum: Bool, destination: DeviceArray<Int64>?) throws -> DeviceArray<Int64> {
        let name = minimum ? "argmin" : "argmax"
        let (outputs, length, stride, resultShape) = try axisGeometry(axis: axis, name: name)
        try checkGivenResult(destination, resultShape: resultShape, axis: axis, name: name)
        if length == 0 && outputs > 0 {
            throw ArrayError(.emptyReduction, "\(name) along axis \(axis) of shape \(shape): the axis is empty")
        }
        let shared = givenResult(destination, sharesMemoryWith: [])
        let result = try destination.flatMap { shared ? nil : $0 } ?? DeviceArray<Int64>(uninitializedShape: resultShape, on: queue)
        let (T, A) = (Element.openCLTypeName, extremumAccumulator)
        if AxisReduction.streams(on: queue.device) {
            let reduction = AxisIndexReduction(element: T, accumulator: A, pragma: Element.pragma, minimum: minimum,
                                                floating: Element.kind == .floatingPoint)
            try reduction.run(x: self, outputs: outputs, length: length, stride: stride, into: result,
                              resultIsFresh: isFresh(result, given: destination, shared: shared), name: name,
                              neutral: "(\(A))\(minimum ? Element.openCLHighest : Element.openCLLowest)")
        } else if outputs > 0 {
            // The walk GPUs take: one work-item per output.
            let skip = Element.kind == .floatingPoint ? "if (isnan(v)) continue;" : ""
            let source = """
                \(Element.pragma)kernel void swiftcl_arg_axis(global const \(T) *x, const ulong x_off, const ulong outputs, const ulong length,
                                               const ulong stride, global long *out, const ulong out_off)
                {
                    const ulong o = get_global_id(0);
                    if (o >= outputs) return;
                    global const \(T) *p = x + x_off + \(AxisReduction.lineStart);
                    long best = 0; \(A) bv = 0; int have = 0;
                    for (ulong k = 0; k < length; ++k) {
                        const \(A) v = (\(A))p[k * stride];
                        \(skip)
                        if (!have || v \(minimum ? "<" : ">") bv) { best = (long)k; bv = v; have = 1; }
                    }
                    out[out_off + o] = best;
                }
                """
            let kernel = try ProgramCompiler.kernel(source: source, name: "\(name)_axis_\(T)", kernel: "swiftcl_arg_axis", context: context)
            try Elementwise.launch(kernel, count: outputs, arguments: [storage, UInt64(offset), UInt64(outputs), UInt64(length),
                                                                       UInt64(stride), result.storage, UInt64(result.offset)],
                                   on: queue)
        }
        if let destination, shared { try destination.on(queue).copyElements(from: result) }
        return destination ?? result
    }

    /// Refuses a given result (`into:`) of another context or of a shape other than `resultShape`.
    func checkGivenResult<Result: ArrayElement>(_ destination: DeviceArray<Result>?, resultShape: [Int], axis: Int, name: String) throws {
        guard let destination else { return }
        guard destination.context === context else {
            throw ArrayError(.contextMismatch, "\(name)(axis:into:): the result belongs to \(destination.context), the array to \(context)")
        }
        guard destination.shape == resultShape else {
            throw ArrayError(.shapeMismatch, "\(name)(axis: \(axis), into:) of shape \(shape) makes shape \(resultShape), the result has \(destination.shape)")
        }
    }

    /// Whether a given result shares memory with this array or `others` (the kernels read while they write: such a
    /// result is written through a new array, as NumPy's `out=` allows).
    func givenResult<Result: ArrayElement>(_ destination: DeviceArray<Result>?, sharesMemoryWith others: [DeviceArray]) -> Bool {
        guard let destination else { return false }
        let footprint = destination.storage.memoryFootprint(elements: destination.storageRange)
        return ([self] + others).contains { footprint.overlaps($0.storage.memoryFootprint(elements: $0.storageRange)) }
    }

    /// Whether `result` is new memory: not the given `destination` (or one written through it, `shared`) and not memory
    /// the pool kept. A given result has been written before (its pages are there), and so has pooled memory; a new
    /// one's first touch would fault its pages in and zero them through the cache, where non-temporal stores then miss.
    func isFresh<Result: ArrayElement>(_ result: DeviceArray<Result>, given destination: DeviceArray<Result>?, shared: Bool) -> Bool {
        (destination == nil || shared) && !result.storage.reusesPooledMemory
    }

    /// For a reduction along `axis` of this array: how many outputs, the axis's length, the stride along it (the
    /// product of the dimensions after it), and the result's shape (this one without the axis).
    func axisGeometry(axis: Int, name: String) throws -> (outputs: Int, length: Int, stride: Int, resultShape: [Int]) {
        guard shape.count >= 2 else {
            throw ArrayError(.invalidShape, "\(name)(axis:) needs an array of 2 or more dimensions, this one has shape \(shape) (use \(name)())")
        }
        guard (-shape.count..<shape.count).contains(axis) else {
            throw ArrayError(.invalidShape, "axis \(axis) of an array of shape \(shape) (use \(-shape.count)..<\(shape.count))")
        }
        let a = axis < 0 ? axis + shape.count : axis
        var resultShape = shape
        resultShape.remove(at: a)
        return (resultShape.reduce(1, *), shape[a], shape[(a + 1)...].reduce(1, *), resultShape)
    }

    private var extremumAccumulator: String { Element.openCLTypeName == "half" ? "float" : Element.openCLTypeName }

    /// Floating-point sums add with Kahan's compensation, integer sums wrap.
    static var addition: AxisReduction.Combine { Element.kind == .floatingPoint ? .compensated : .plain { "\($0) + \($1)" } }

    /// Reduces along `axis` (see ``AxisReduction``): each element's `map` (of `x`, `y` from `other` and `m` from
    /// `center`, one per output) combined from `neutral`, the line's value `r` stored as `finish(r)`.
    func reduce(axis: Int, name: String, neutral: String, combine: AxisReduction.Combine, accumulator A: String,
                map: String = "x", needsElements: Bool = false, other: DeviceArray? = nil, center: DeviceArray? = nil,
                destination: DeviceArray? = nil, finish: @escaping @Sendable (String) -> String = { $0 }) throws -> DeviceArray {
        try reduce(axis: axis, into: Element.self, name: name, neutral: neutral, combine: combine, accumulator: A, map: map,
                   needsElements: needsElements, other: other, center: center, destination: destination, finish: finish)
    }

    /// ``reduce(axis:name:neutral:combine:accumulator:map:needsElements:other:center:finish:)`` into elements of
    /// another type.
    func reduce<Result: ArrayElement>(axis: Int, into _: Result.Type, name: String, neutral: String, combine: AxisReduction.Combine,
                                      accumulator A: String, map: String = "x", needsElements: Bool = false,
                                      other: DeviceArray? = nil, center: DeviceArray? = nil, destination: DeviceArray<Result>? = nil,
                                      finish: @escaping @Sendable (String) -> String = { $0 }) throws -> DeviceArray<Result> {
        let (outputs, length, stride, resultShape) = try axisGeometry(axis: axis, name: name)
        try checkGivenResult(destination, resultShape: resultShape, axis: axis, name: name)
        if let other {
            guard other.context === context else {
                throw ArrayError(.contextMismatch, "\(name)(axis:) of arrays of different contexts: \(context) and \(other.context)")
            }
            guard other.shape == shape else { throw ArrayError(.shapeMismatch, "\(name)(axis:) of arrays of shapes \(shape) and \(other.shape)") }
        }
        if needsElements && length == 0 && outputs > 0 {
            throw ArrayError(.emptyReduction, "\(name) along axis \(axis) of shape \(shape): the axis is empty and \(name) has no neutral element")
        }
        let reduction = AxisReduction(element: Element.openCLTypeName, accumulator: A, result: Result.openCLTypeName, neutral: neutral,
                                      combine: combine, map: map, finish: finish, usesSecond: other != nil, usesCenter: center != nil,
                                      pragma: Element.pragma, accumulatorBytes: AxisReduction.bytes(ofOpenCLScalar: A))
        let shared = givenResult(destination, sharesMemoryWith: [other, center].compactMap { $0 })
        let result = try destination.flatMap { shared ? nil : $0 } ?? DeviceArray<Result>(uninitializedShape: resultShape, on: queue)
        try reduction.run(x: self, y: other, center: center, outputs: outputs, length: length, stride: stride, into: result,
                          resultIsFresh: isFresh(result, given: destination, shared: shared), name: name)
        if let destination, shared { try destination.on(queue).copyElements(from: result) }
        return destination ?? result
    }
}

/// Counts along one axis of a mask of two or more dimensions (such as `(m .> 0).evaluated()`).
extension DeviceArray where Element == UInt8 {
    /// How many elements are non-zero along `axis` (of a 2-D mask, 0: in each column, 1: in each row), counted exactly.
    /// - Throws: as ``sum(axis:)``.
    public func nonzeroCount(axis: Int) throws -> DeviceArray<Int64> {
        try countAlong(axis: axis, name: "nonzeroCount", result: Int64.self) { $0 }
    }

    /// Whether any element along `axis` is non-zero (1) or none is (0); 0 for an empty axis.
    /// - Throws: as ``sum(axis:)``.
    public func any(axis: Int) throws -> DeviceArray<UInt8> {
        try countAlong(axis: axis, name: "any", result: UInt8.self) { "\($0) > 0 ? 1 : 0" }
    }

    /// Whether every element along `axis` is non-zero (1) or not (0); 1 for an empty axis.
    /// - Throws: as ``sum(axis:)``.
    public func all(axis: Int) throws -> DeviceArray<UInt8> {
        try countAlong(axis: axis, name: "all", result: UInt8.self) { "\($0) == (long)length ? 1 : 0" }
    }

    /// Counts the non-zero elements of each line (as 0 or 1 each, exactly) and stores `finish` of the count `r`. A byte
    /// `x` counts as `(x + 255) >> 8`: plain arithmetic, the same for scalars and vectors (Oclgrind 21.10 computes
    /// `min(long16, long)` wrongly).
    private func countAlong<Result: ArrayElement>(axis: Int, name: String, result _: Result.Type,
                                                  finish: @escaping @Sendable (String) -> String) throws -> DeviceArray<Result> {
        try reduce(axis: axis, into: Result.self, name: name, neutral: "0", combine: .plain { "\($0) + \($1)" }, accumulator: "long",
                   map: "((x + 255) >> 8)", finish: finish)
    }
}
