import SwiftCL

extension DeviceArray {
    /// An array of `shape` filled with zeros.
    public static func zeros(_ shape: [Int], on queue: ComputeQueue) throws -> DeviceArray {
        let array = try DeviceArray(uninitializedShape: shape, on: queue)
        try Elementwise.run(.apply(template: "0", operands: [], pragma: ""), into: array)
        return array
    }

    /// A 1-D array of `count` zeros.
    public static func zeros(count: Int, on queue: ComputeQueue) throws -> DeviceArray {
        try zeros([count], on: queue)
    }

    /// An array of `shape` with every element `value`.
    public static func filled(with value: Element, shape: [Int], on queue: ComputeQueue) throws -> DeviceArray {
        let array = try DeviceArray(uninitializedShape: shape, on: queue)
        try array.fill(with: value)
        return array
    }
}

extension DeviceArray where Element: ArrayElement {
    /// `start, start + step, …`: `count` elements computed on the device (`start + i·step` in the element type).
    public static func arange(count: Int, start: Element = .zero, step: Element = .one, on queue: ComputeQueue) throws -> DeviceArray {
        let array = try DeviceArray(uninitializedShape: [count], on: queue)
        try Elementwise.run(.apply(template: "($0 + (\(Element.openCLTypeName))i * $1)",
                                   operands: [ArrayExpression(scalar: start).node, ArrayExpression(scalar: step).node],
                                   pragma: Element.pragma), into: array)
        return array
    }
}

extension DeviceArray where Element: ArrayElement & BinaryFloatingPoint {
    /// `count` evenly spaced values from `start` to `end` inclusive (`start + i·(end − start)/(count − 1)`).
    public static func linspace(from start: Element, to end: Element, count: Int, on queue: ComputeQueue) throws -> DeviceArray {
        let step = count > 1 ? (end - start) / Element(count - 1) : .zero
        let array = try arange(count: count, start: start, step: step, on: queue)
        if count > 1 { try array[(count - 1)..<count].fill(with: end) }
        return array
    }
}
