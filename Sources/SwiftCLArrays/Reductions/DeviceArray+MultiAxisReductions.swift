import SwiftCL

/// Reductions over several axes at once, as NumPy's `axis=(0, 2)`: the result has the array's shape without those
/// axes (all of them: shape `[]`, one element). Axes may be negative and come in any order; naming one twice is
/// refused. Neighbouring axes of the same kind merge first (reducing axes 1 and 2 of `[a, b, c, d]` is one reduction of
/// the `[a, b·c, d]` view, no copy), then each remaining group of reduced axes takes one pass, last first, so
/// `[n, h, w, c].mean(axes: [0, 1, 2])` (a mean per channel) is one pass over the data.
extension DeviceArray where Element: ArrayElement {
    /// Sums over `axes`.
    /// - Throws: ``ArrayError/Code/invalidShape`` for an axis outside `-rank..<rank`, an axis named twice or no axis.
    public func sum(axes: [Int]) throws -> DeviceArray { try over(axes, "sum") { try $0.sum(axis: $1) } }

    /// Smallest elements over `axes`. - Throws: ``ArrayError/Code/emptyReduction`` when a reduced axis is empty (and
    /// there are outputs); as ``sum(axes:)``.
    public func min(axes: [Int]) throws -> DeviceArray { try over(axes, "min") { try $0.min(axis: $1) } }

    /// Largest elements over `axes`. - Throws: as ``min(axes:)``.
    public func max(axes: [Int]) throws -> DeviceArray { try over(axes, "max") { try $0.max(axis: $1) } }

    /// Products over `axes`. - Throws: as ``sum(axes:)``.
    public func product(axes: [Int]) throws -> DeviceArray { try over(axes, "product") { try $0.product(axis: $1) } }

    /// The axes' groups of one kind merged: the merged shape, and the positions in it of the reduced groups.
    struct MergedAxes {
        let shape: [Int]
        let reduced: [Int]
        /// The result's shape (the array's without the reduced axes).
        let resultShape: [Int]
    }

    /// Checks `axes` against this array's shape and merges neighbouring dimensions of the same kind.
    func merged(_ axes: [Int], name: String) throws -> MergedAxes {
        guard !axes.isEmpty else { throw ArrayError(.invalidShape, "\(name)(axes:) of no axes (use \(name)() or \(name)(axis:))") }
        var chosen = Set<Int>()
        for axis in axes {
            guard (-shape.count..<shape.count).contains(axis) else {
                throw ArrayError(.invalidShape, "axis \(axis) of an array of shape \(shape) (use \(-shape.count)..<\(shape.count))")
            }
            guard chosen.insert(axis < 0 ? axis + shape.count : axis).inserted else {
                throw ArrayError(.invalidShape, "\(name)(axes: \(axes)): axis \(axis) is named twice")
            }
        }
        var mergedShape: [Int] = [], reduced: [Int] = [], kinds: [Bool] = []
        for (dimension, extent) in shape.enumerated() {
            let isReduced = chosen.contains(dimension)
            if let last = kinds.last, last == isReduced {
                mergedShape[mergedShape.count - 1] *= extent
            } else {
                mergedShape.append(extent)
                kinds.append(isReduced)
                if isReduced { reduced.append(mergedShape.count - 1) }
            }
        }
        return MergedAxes(shape: mergedShape, reduced: reduced, resultShape: shape.indices.filter { !chosen.contains($0) }.map { shape[$0] })
    }

    /// Reduces the merged groups of `axes` one pass each, last first: `first` combines whole lines of one axis of this
    /// array, `then` of a result (reductions that compose: a sum of sums, a mean of equal-sized means, an `any` of
    /// `any`s), and shapes the result.
    func over<R: ArrayElement>(_ axes: [Int], _ name: String, first: (DeviceArray, Int) throws -> DeviceArray<R>,
                               then: (DeviceArray<R>, Int) throws -> DeviceArray<R>) throws -> DeviceArray<R> {
        let groups = try merged(axes, name: name)
        guard groups.shape.count > 1, let last = groups.reduced.last else {
            // Every axis: one line of all the elements.
            return try first(try reshaped([1, count]), 1).reshaped(groups.resultShape)
        }
        var result = try first(try reshaped(groups.shape), last)
        for axis in groups.reduced.dropLast().reversed() { result = try then(result, axis) }
        return try result.reshaped(groups.resultShape)
    }

    /// ``over(_:_:first:then:)`` with one reduction for every pass.
    func over(_ axes: [Int], _ name: String, _ reduce: (DeviceArray, Int) throws -> DeviceArray) throws -> DeviceArray {
        try over(axes, name, first: reduce, then: reduce)
    }
}

extension DeviceArray where Element: ArrayElement & BinaryFloatingPoint {
    /// Means over `axes` (each pass a mean of equally many values). - Throws: as ``min(axes:)``.
    public func mean(axes: [Int]) throws -> DeviceArray { try over(axes, "mean") { try $0.mean(axis: $1) } }

    /// Variances over `axes`, which must merge into one group of neighbouring axes (`[0, 1]`, or `[1, 2, 3]` of a 4-D
    /// array; in any order) so that each line's deviations come from its own mean in one pass.
    /// - Throws: ``ArrayError/Code/invalidArgument`` for axes that are not neighbours; as ``variance(axis:correction:)``
    ///   and ``sum(axes:)``.
    public func variance(axes: [Int], correction: Int = 0) throws -> DeviceArray {
        try neighbouring(axes, "variance") { try $0.variance(axis: $1, correction: correction) }
    }

    /// Standard deviations over neighbouring `axes`, √ of ``variance(axes:correction:)``.
    /// - Throws: as ``variance(axes:correction:)``.
    public func standardDeviation(axes: [Int], correction: Int = 0) throws -> DeviceArray {
        try neighbouring(axes, "standardDeviation") { try $0.standardDeviation(axis: $1, correction: correction) }
    }

    private func neighbouring(_ axes: [Int], _ name: String, _ reduce: (DeviceArray, Int) throws -> DeviceArray) throws -> DeviceArray {
        let groups = try merged(axes, name: name)
        guard groups.reduced.count == 1 else {
            throw ArrayError(.invalidArgument, "\(name)(axes: \(axes)) of shape \(shape): the axes are not neighbours (a variance over "
                             + "separated axes needs each line's own mean; reduce neighbouring axes, or reshape)")
        }
        return try over(axes, name, reduce)
    }
}

extension DeviceArray where Element == UInt8 {
    /// How many elements are non-zero over `axes` of a mask, counted exactly. - Throws: as ``sum(axes:)``.
    public func nonzeroCount(axes: [Int]) throws -> DeviceArray<Int64> {
        try over(axes, "nonzeroCount", first: { try $0.nonzeroCount(axis: $1) }, then: { try $0.sum(axis: $1) })
    }

    /// Whether any element over `axes` is non-zero (1) or none is (0). - Throws: as ``sum(axes:)``.
    public func any(axes: [Int]) throws -> DeviceArray<UInt8> { try over(axes, "any") { try $0.any(axis: $1) } }

    /// Whether every element over `axes` is non-zero (1) or not (0). - Throws: as ``sum(axes:)``.
    public func all(axes: [Int]) throws -> DeviceArray<UInt8> { try over(axes, "all") { try $0.all(axis: $1) } }
}
