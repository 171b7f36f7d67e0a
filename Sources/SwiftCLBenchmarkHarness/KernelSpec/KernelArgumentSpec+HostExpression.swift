import SwiftCLValidation

extension KernelArgumentSpec {
    /// The outputs `expressions` compute on the host from `arrays` (the inputs, as generated for `size`), one
    /// expression per output buffer, each element evaluated in Double and stored in the output's element type
    /// (integers truncated toward zero, as C converts).
    /// - Throws: ``KernelSpecError/badExpression(_:reason:)`` for an output without an expression, an expression for
    ///   something that is not an output, a name that is not an argument, or an element (read or written) past a
    ///   buffer's end.
    public func expectedOutputs(_ expressions: [HostExpression], arrays: HostArrays, names: [String], size: ProblemSize) throws -> HostArrays {
        let outputs = outputs(names: names)
        for expression in expressions where !outputs.contains(expression.output) {
            throw KernelSpecError.badExpression(expression.text, reason: "\(expression.output) is not an output buffer (outputs: \(outputs.joined(separator: ", ")))")
        }
        var scalars: [String: Double] = ["n": Double(size.elements), "w": Double(size.width), "h": Double(size.height), "d": Double(size.depth)]
        var buffers: [String: [Double]] = [:]
        for (argument, name) in zip(arguments, names) {
            switch argument {
            case let .scalar(_, value): scalars[name] = try value.value(for: size)
            case .buffer:
                guard let array = arrays[name] else { continue }
                guard let values = array.doubles else {
                    throw KernelSpecError.badExpression(name, reason: "--expect reads scalar elements only; \(name) holds \(array.elementType)")
                }
                buffers[name] = values
            }
        }
        var result = HostArrays()
        let (w, h) = (size.width, size.height)
        for output in outputs {
            guard let expression = expressions.first(where: { $0.output == output }) else {
                throw KernelSpecError.badExpression(output, reason: "no --expect gives output \(output) (one per output: \"\(output) = …\")")
            }
            guard let template = arrays[output] else { continue }
            func fail(_ reason: String) -> KernelSpecError { .badExpression(expression.text, reason: reason) }
            let slots = buffers.keys.sorted()
            let slotOf = Dictionary(uniqueKeysWithValues: slots.enumerated().map { ($1, $0) })
            let bound = try BoundHostExpression(expression, buffers: slots.map { buffers[$0]! }, width: w, height: h, resolve: { name in
                if let value = scalars[name] { return .constant(value) }
                // The point's coordinates, unless an argument has the name (saxpy's `x`).
                if buffers[name] == nil, let axis = ["x", "y", "z"].firstIndex(of: name) {
                    guard w > 0, h > 0 else { throw fail("\(name) is a point of the problem, and \(size) has none") }
                    return .coordinate(axis + 1)
                }
                guard let slot = slotOf[name] else {
                    throw fail("unknown name '\(name)' (arguments: \(names.joined(separator: ", ")); also i, x, y, z, n, w, h, d)")
                }
                return .buffer(slot: slot)
            }, indexable: { name in
                guard let slot = slotOf[name] else {
                    throw fail("\(name)[…]: only buffer arguments can be indexed (buffers: \(slots.joined(separator: ", ")))")
                }
                return slot
            })
            var values: [Double]
            if expression.isIndexed {
                // Elements no point writes keep their initial value: zero for an output, the input for inout.
                guard let initial = template.doubles else { throw fail("--expect writes scalar elements only; \(output) holds \(template.elementType)") }
                values = initial
                for i in 0..<size.elements {
                    guard let position = try bound.outputElement(at: i) else { continue }
                    guard let target = Int(exactly: position), values.indices.contains(target) else {
                        throw fail("writes \(output)[\(position)] at i = \(i): \(output) has elements 0..<\(values.count)")
                    }
                    values[target] = try bound.value(at: i)
                }
            } else {
                values = try (0..<template.count).map { try bound.value(at: $0) }
            }
            guard let array = template.converting(values) else {
                throw fail("--expect writes scalar elements only; \(output) holds \(template.elementType)")
            }
            result.set(output, array)
        }
        return result
    }
}

extension HostArray {
    /// The elements as Double, when they are scalars.
    var doubles: [Double]? {
        if let v = values as? [Float] { return v.map(Double.init) }
        if let v = values as? [Double] { return v }
        if let v = values as? [Int32] { return v.map(Double.init) }
        if let v = values as? [UInt32] { return v.map(Double.init) }
        if let v = values as? [Int64] { return v.map(Double.init) }
        if let v = values as? [UInt64] { return v.map(Double.init) }
        if let v = values as? [Int16] { return v.map(Double.init) }
        if let v = values as? [UInt16] { return v.map(Double.init) }
        if let v = values as? [Int8] { return v.map(Double.init) }
        if let v = values as? [UInt8] { return v.map(Double.init) }
        if let v = values as? [Float16] { return v.map(Double.init) }
        return nil
    }

    /// An array of this one's element type holding `values` (integers truncated toward zero and wrapped to the type,
    /// as C converts), when the elements are scalars.
    func converting(_ values: [Double]) -> HostArray? {
        func integers<T: FixedWidthInteger & ValidatedElement & BitwiseCopyable>(_: T.Type) -> HostArray {
            HostArray(values.map { value -> T in
                let whole = value.isNaN ? 0 : value.rounded(.towardZero)
                let wide: Int64 = whole >= 9.2e18 ? .max : whole <= -9.2e18 ? .min : Int64(whole)
                return T(truncatingIfNeeded: wide)
            })
        }
        switch values.isEmpty ? nil : self.values {
        case is [Float]: return HostArray(values.map(Float.init))
        case is [Double]: return HostArray(values)
        case is [Float16]: return HostArray(values.map(Float16.init))
        case is [Int32]: return integers(Int32.self)
        case is [UInt32]: return integers(UInt32.self)
        case is [Int64]: return integers(Int64.self)
        case is [UInt64]: return integers(UInt64.self)
        case is [Int16]: return integers(Int16.self)
        case is [UInt16]: return integers(UInt16.self)
        case is [Int8]: return integers(Int8.self)
        case is [UInt8]: return integers(UInt8.self)
        default: return values.isEmpty ? self : nil
        }
    }
}
