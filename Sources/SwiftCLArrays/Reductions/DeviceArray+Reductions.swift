import SwiftCL

/// Whole-array reductions. Each runs two kernels (partials per work-group, then one group combining them in a tree)
/// and returns the value on the host (waiting for it) or, with `…OnDevice`, as a one-element array so device work
/// can continue without a round trip.
///
/// Accuracy: floating-point sums and dots accumulate each work-item's chunk in vector lanes with Kahan
/// compensation (on CPUs, of four neighbouring vectors added pairwise), then combine lanes and partials pairwise; the
/// error is at most 32·ε·Σ|xᵢ| (ε of the element type) on devices with up to 64 compute units. `Float16` accumulates
/// in `float`. Integer sums and products accumulate in 64-bit unsigned arithmetic and are exact modulo 2^bits of the
/// element (they wrap like Swift's `&+`, `&*`).
/// `min`/`max` of floating point ignore NaNs (OpenCL's `fmin`/`fmax`, as PyOpenCL and NumPy's `nanmin`/`nanmax`), unless
/// every element is NaN (then NaN); ``DeviceArray/max(nan:)`` with ``NaNHandling/propagate`` gives NumPy's `max`.
extension DeviceArray where Element: ArrayElement {
    public func sum() throws -> Element { try hostValue(of: sumPlan()) }
    public func sumOnDevice() throws -> DeviceArray { try deviceValue(of: sumPlan()) }
    public func product() throws -> Element { try hostValue(of: productPlan()) }
    public func productOnDevice() throws -> DeviceArray { try deviceValue(of: productPlan()) }

    /// The smallest element. - Throws: ``ArrayError/Code/emptyReduction`` for an empty array (min has no neutral).
    public func min() throws -> Element { try hostValue(of: extremumPlan(minimum: true)) }
    public func minOnDevice() throws -> DeviceArray { try deviceValue(of: extremumPlan(minimum: true)) }
    /// The largest element. - Throws: ``ArrayError/Code/emptyReduction`` for an empty array.
    public func max() throws -> Element { try hostValue(of: extremumPlan(minimum: false)) }
    public func maxOnDevice() throws -> DeviceArray { try deviceValue(of: extremumPlan(minimum: false)) }

    /// Σ selfᵢ·otherᵢ. - Throws: ``ArrayError/Code/shapeMismatch`` or ``ArrayError/Code/contextMismatch``.
    public func dot(_ other: DeviceArray) throws -> Element { try hostValue(of: dotPlan(other)) }
    public func dotOnDevice(_ other: DeviceArray) throws -> DeviceArray { try deviceValue(of: dotPlan(other)) }

    // MARK: Plans

    private func operandPlan(_ arrays: [DeviceArray]) -> (parameters: [String], arguments: [any KernelArgument], names: [String]) {
        var parameters: [String] = [], arguments: [any KernelArgument] = [], names: [String] = []
        for (index, array) in arrays.enumerated() {
            parameters += ["global const \(Element.openCLTypeName) *x\(index)", "const ulong x\(index)_off"]
            arguments += [array.storage, UInt64(array.offset)]
            names.append("x\(index)")
        }
        return (parameters, arguments, names)
    }

    /// A reduction of `map` over `operands` (named `x0`, `x1`, … in the map), with `scalars` as extra by-value kernel
    /// parameters the map may use.
    func plan(accumulator: String, neutral: String, reduce: String, vectorReduce: String,
              map: ([String]) -> (scalar: String, vector: (Int) -> String), operands: [DeviceArray],
              scalars: [(parameter: String, argument: any KernelArgument)] = [], compensated: Bool, name: String) -> ReductionPlan {
        var (parameters, arguments, names) = operandPlan(operands)
        parameters += scalars.map(\.parameter)
        arguments += scalars.map(\.argument)
        let maps = map(names)
        let shape = LaunchShape.reduction(count: count, device: queue.device, maxLocal: queue.device.maxWorkGroupSize)
        var plan = ReductionPlan(.init(accumulator: accumulator, result: Element.openCLTypeName, neutral: neutral, reduce: reduce,
                                   map: maps.scalar, vectorMap: maps.vector(shape.vectorWidth), vectorReduce: vectorReduce,
                                   compensated: compensated, parameters: parameters,
                                   pragmas: Element.pragma.isEmpty ? [] : [Element.pragma], name: name),
                                 arguments: arguments)
        plan.streams = operands.count
        plan.loadedElement = Element.openCLTypeName
        return plan
    }

    /// The vector map's load of `width` elements of operand `name` from index `i`, converted to the accumulator
    /// (`swiftcl_vload`: see ``ReductionPlan/Recipe/loadedElement``).
    static func load(_ name: String, accumulator: String) -> (Int) -> String {
        { width in "convert_\(accumulator)\(width)(swiftcl_vload(\(name) + \(name)_off + i))" }
    }

    private func sumPlan() -> ReductionPlan {
        let A = Element.sumAccumulator
        return plan(accumulator: A, neutral: "0", reduce: "a + b", vectorReduce: "($0 + $1)",
                    map: { n in ("(\(A))\(n[0])[\(n[0])_off + i]", Self.load(n[0], accumulator: A)) }, operands: [self],
                    compensated: Element.kind == .floatingPoint, name: "sum_\(Element.openCLTypeName)")
    }

    private func productPlan() -> ReductionPlan {
        let A = Element.sumAccumulator
        return plan(accumulator: A, neutral: "1", reduce: "a * b", vectorReduce: "($0 * $1)",
                    map: { n in ("(\(A))\(n[0])[\(n[0])_off + i]", Self.load(n[0], accumulator: A)) }, operands: [self],
                    compensated: false, name: "product_\(Element.openCLTypeName)")
    }

    private func extremumPlan(minimum: Bool) throws -> ReductionPlan {
        guard count > 0 else {
            throw ArrayError(.emptyReduction, "\(minimum ? "min" : "max") of an empty array: it has no neutral element")
        }
        let A = Element.openCLTypeName == "half" ? "float" : Element.openCLTypeName
        let function = (Element.kind == .floatingPoint ? "f" : "") + (minimum ? "min" : "max")
        // For floating point the neutral is NaN, which fmin/fmax pass over: an array of NaNs gives NaN (NumPy's nanmax), not
        // the ±∞ an infinite neutral would leave.
        let neutral = Element.kind == .floatingPoint ? "NAN" : minimum ? Element.openCLHighest : Element.openCLLowest
        return plan(accumulator: A, neutral: "(\(A))\(neutral)", reduce: "\(function)(a, b)", vectorReduce: "\(function)($0, $1)",
                    map: { n in ("(\(A))\(n[0])[\(n[0])_off + i]", Self.load(n[0], accumulator: A)) }, operands: [self],
                    compensated: false, name: "\(minimum ? "min" : "max")_\(Element.openCLTypeName)")
    }

    private func dotPlan(_ other: DeviceArray) throws -> ReductionPlan {
        guard other.context === context else {
            throw ArrayError(.contextMismatch, "dot of arrays of different contexts: \(context) and \(other.context)")
        }
        guard other.shape == shape else {
            throw ArrayError(.shapeMismatch, "dot of arrays of shapes \(shape) and \(other.shape)")
        }
        let A = Element.sumAccumulator
        return plan(accumulator: A, neutral: "0", reduce: "a + b", vectorReduce: "($0 + $1)",
                    map: { n in ("(\(A))\(n[0])[\(n[0])_off + i] * (\(A))\(n[1])[\(n[1])_off + i]",
                                 { w in "\(Self.load(n[0], accumulator: A)(w)) * \(Self.load(n[1], accumulator: A)(w))" }) },
                    operands: [self, other], compensated: Element.kind == .floatingPoint, name: "dot_\(Element.openCLTypeName)")
    }

    // MARK: Running

    private func deviceValue(of plan: ReductionPlan) throws -> DeviceArray {
        let result = try DeviceArray(uninitializedShape: [1], on: queue)
        try plan.run(count: count, on: queue, into: result.storage, outOffset: 0)
        return result
    }

    func hostValue(of plan: ReductionPlan) throws -> Element {
        try deviceValue(of: plan).toArray()[0]
    }
}

extension DeviceArray where Element: ArrayElement & BinaryFloatingPoint {
    /// The Euclidean norm, √(self·self).
    public func norm() throws -> Element { try dot(self).squareRoot() }
}

extension ArrayExpressible where Element == UInt8 {
    /// How many elements are non-zero (of a mask such as `x .> 0`), counted exactly.
    public func nonzeroCount() throws -> Int {
        let expression = self.expression
        guard let (shape, queue) = try expression.commonShape() else {
            throw ArrayError(.invalidShape, "a mask of scalars alone has no shape")
        }
        var renderer = ExpressionRenderer(shape: shape)
        let code = renderer.render(expression.node)
        let count = shape.reduce(1, *)
        let plan = ReductionPlan(.init(accumulator: "ulong", result: "ulong", neutral: "0", reduce: "a + b",
                                       map: "(ulong)((\(code)) != 0)", parameters: renderer.parameters,
                                       pragmas: expression.node.pragmas, name: "nonzero_count"),
                                 arguments: renderer.arguments)
        let result = try DeviceArray<UInt64>(uninitializedShape: [1], on: queue)
        try plan.run(count: count, on: queue, into: result.storage, outOffset: 0)
        return Int(try result.toArray()[0])
    }

    /// Whether any element is non-zero (false for an empty mask).
    public func any() throws -> Bool { try nonzeroCount() > 0 }

    /// Whether every element is non-zero (true for an empty mask).
    public func all() throws -> Bool {
        guard let (shape, _) = try expression.commonShape() else { throw ArrayError(.invalidShape, "a mask of scalars alone has no shape") }
        return try nonzeroCount() == shape.reduce(1, *)
    }
}
