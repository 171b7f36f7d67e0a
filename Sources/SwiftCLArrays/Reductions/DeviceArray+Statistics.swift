import SwiftCL

/// Means, variances and standard deviations of floating-point arrays, NumPy's `mean`, `var` and `std` (`correction` is
/// NumPy's `ddof`): of the whole array, or along one axis of an array of two or more dimensions (the result has the
/// shape without that axis). Variances take two passes over the data, the mean first and then the squared deviations
/// from it, each Kahan-compensated, so a large mean does not cancel the variance's digits away (the one-pass Σx² − n·m²
/// loses them). `Float16` accumulates in `float`.
extension DeviceArray where Element: ArrayElement & BinaryFloatingPoint {
    /// The arithmetic mean of the elements.
    /// - Throws: ``ArrayError/Code/emptyReduction`` for an empty array.
    public func mean() throws -> Element {
        guard count > 0 else { throw ArrayError(.emptyReduction, "mean of an empty array") }
        return Element(Double(try sum()) / Double(count))
    }

    /// The variance, Σ(xᵢ − mean)² / (count − `correction`): 0 (the default) for the population's, 1 for the sample's.
    /// - Throws: ``ArrayError/Code/emptyReduction`` for an empty array; ``ArrayError/Code/invalidArgument`` for a
    ///   `correction` outside `0..<count`.
    public func variance(correction: Int = 0) throws -> Element {
        try checkCorrection(correction, length: count, what: "variance")
        let m = try mean()
        let A = Element.sumAccumulator
        let center: any KernelArgument = A == "double" ? Double(m) : Float(m)
        let deviations = plan(accumulator: A, neutral: "0", reduce: "a + b", vectorReduce: "($0 + $1)",
                              map: { n in
                                  let x = "((\(A))\(n[0])[\(n[0])_off + i] - m)"
                                  return ("\(x) * \(x)", { w in
                                      let v = "(\(Self.load(n[0], accumulator: A)(w)) - (\(A)\(w))(m))"
                                      return "\(v) * \(v)"
                                  })
                              },
                              operands: [self], scalars: [("const \(A) m", center)], compensated: true,
                              name: "squared_deviations_\(Element.openCLTypeName)")
        return Element(Double(try hostValue(of: deviations)) / Double(count - correction))
    }

    /// The standard deviation, √``variance(correction:)``.
    /// - Throws: as ``variance(correction:)``.
    public func standardDeviation(correction: Int = 0) throws -> Element {
        try variance(correction: correction).squareRoot()
    }

    /// Means along `axis`.
    /// - Throws: ``ArrayError/Code/emptyReduction`` when that axis is empty; as ``sum(axis:)``.
    public func mean(axis: Int) throws -> DeviceArray { try mean(axis: axis, destination: nil) }

    /// ``mean(axis:)`` into `result`, whose shape is this array's without `axis`.
    /// - Throws: as ``mean(axis:)`` and ``DeviceArray/sum(axis:into:)``.
    public func mean(axis: Int, into result: DeviceArray) throws { _ = try mean(axis: axis, destination: result) }

    private func mean(axis: Int, destination: DeviceArray?) throws -> DeviceArray {
        let A = Element.sumAccumulator
        return try reduce(axis: axis, name: "mean", neutral: "0", combine: .compensated, accumulator: A, needsElements: true,
                          destination: destination, finish: { "\($0) / (\(A))length" })
    }

    /// Variances along `axis` (two passes over each line, as ``variance(correction:)``).
    /// - Throws: ``ArrayError/Code/invalidArgument`` for a `correction` outside `0..<` the axis's length,
    ///   ``ArrayError/Code/emptyReduction`` when that axis is empty; as ``sum(axis:)``.
    public func variance(axis: Int, correction: Int = 0) throws -> DeviceArray {
        try deviationsAlong(axis: axis, correction: correction, root: false)
    }

    /// Standard deviations along `axis`, √ of ``variance(axis:correction:)``.
    /// - Throws: as ``variance(axis:correction:)``.
    public func standardDeviation(axis: Int, correction: Int = 0) throws -> DeviceArray {
        try deviationsAlong(axis: axis, correction: correction, root: true)
    }

    private func checkCorrection(_ correction: Int, length: Int, what: String) throws {
        guard length > 0 else { throw ArrayError(.emptyReduction, "\(what) of no elements") }
        guard (0..<length).contains(correction) else {
            throw ArrayError(.invalidArgument, "\(what) with correction \(correction) of \(length) elements: use 0..<\(length)")
        }
    }

    /// The means along `axis`, then the squared deviations from each line's own mean (read per output as `m`).
    private func deviationsAlong(axis: Int, correction: Int, root: Bool) throws -> DeviceArray {
        let name = root ? "standardDeviation" : "variance"
        let (outputs, length, _, _) = try axisGeometry(axis: axis, name: name)
        if outputs > 0 { try checkCorrection(correction, length: length, what: "\(name) along axis \(axis) of shape \(shape)") }
        let means = try mean(axis: axis)
        let A = Element.sumAccumulator
        return try reduce(axis: axis, name: "\(name)_\(correction)", neutral: "0", combine: .compensated, accumulator: A,
                          map: "(x - m) * (x - m)", center: means, finish: { r in
                              let value = "\(r) / (\(A))(length - \(correction))"
                              return root ? "sqrt(\(value))" : value
                          })
    }
}
