import SwiftCL

/// One operand array of an expression: its memory, where it starts, its shape and its OpenCL type.
struct ArrayOperand: Sendable {
    let storage: any KernelArgument & Sendable
    let storageID: ObjectIdentifier
    let offset: Int
    let shape: [Int]
    let typeName: String
    let pragma: String
    let queue: ComputeQueue
    /// The memory the array's elements occupy (see `Buffer.memoryFootprint`).
    let footprint: MemoryFootprint

    init<E>(_ array: DeviceArray<E>) {
        storage = array.storage
        storageID = ObjectIdentifier(array.storage)
        offset = array.offset
        shape = array.shape
        typeName = E.openCLTypeName
        pragma = E.pragma
        queue = array.queue
        footprint = array.storage.memoryFootprint(elements: array.storageRange)
    }
}

/// The untyped tree behind ``ArrayExpression``: leaves are arrays and scalars, inner nodes are OpenCL C templates
/// whose `$0`, `$1`, … stand for their operands' code.
indirect enum ExpressionNode: Sendable {
    case array(ArrayOperand)
    case scalar(any KernelArgument & Sendable, typeName: String, pragma: String)
    case apply(template: String, operands: [ExpressionNode], pragma: String)

    /// Every array leaf, left to right.
    var arrays: [ArrayOperand] {
        switch self {
        case let .array(operand): [operand]
        case .scalar: []
        case let .apply(_, operands, _): operands.flatMap(\.arrays)
        }
    }

    /// The `#pragma`s every type in the tree needs.
    var pragmas: Set<String> {
        switch self {
        case let .array(operand): operand.pragma.isEmpty ? [] : [operand.pragma]
        case let .scalar(_, _, pragma): pragma.isEmpty ? [] : [pragma]
        case let .apply(_, operands, pragma): operands.reduce(into: pragma.isEmpty ? [] : [pragma]) { $0.formUnion($1.pragmas) }
        }
    }
}

/// Turns an expression tree into OpenCL C: one parameter per distinct array (and its offset) and per scalar, and the
/// element expression at index `i`. The text depends only on the tree's structure and types, never on values, so
/// equal structures share one built program; an array broadcast to the result's `shape` (a different shape) is read
/// at an index computed from `i` with that shape's extents as constants, so each broadcast shape builds its own.
struct ExpressionRenderer {
    private(set) var parameters: [String] = []
    private(set) var arguments: [any KernelArgument] = []
    private var arrayReads: [ArrayKey: String] = [:]
    private let index: String
    private let shape: [Int]?

    /// An array read: its memory, where it starts and its shape (one memory seen in two shapes is read two ways when
    /// they broadcast).
    private struct ArrayKey: Hashable {
        let storage: ObjectIdentifier
        let offset: Int
        let shape: [Int]
    }

    /// `shape` is the result's shape, where arrays of other shapes broadcast to it (nil: every array has the index's).
    init(index: String = "i", shape: [Int]? = nil) {
        self.index = index
        self.shape = shape
    }

    mutating func render(_ node: ExpressionNode) -> String {
        switch node {
        case let .array(operand):
            let key = ArrayKey(storage: operand.storageID, offset: operand.offset, shape: operand.shape)
            if let read = arrayReads[key] { return read }
            let name = "a\(arrayReads.count)"
            parameters.append("global const \(operand.typeName) *\(name)")
            parameters.append("const ulong \(name)_off")
            arguments.append(operand.storage)
            arguments.append(UInt64(operand.offset))
            let position = shape.map { $0 == operand.shape ? index : Self.broadcastIndex(index, of: operand.shape, in: $0) } ?? index
            let read = "\(name)[\(name)_off + \(position)]"
            arrayReads[key] = read
            return read
        case let .scalar(value, typeName, _):
            let name = "s\(parameters.count)"
            parameters.append("const \(typeName) \(name)")
            arguments.append(value)
            return name
        case let .apply(template, operands, _):
            let rendered = operands.map { render($0) }
            var text = template
            // Replace higher placeholders first so $1 does not eat the start of $10.
            for (position, code) in rendered.enumerated().reversed() {
                text = text.replacingOccurrences(of: "$\(position)", with: code)
            }
            return text
        }
    }

    /// OpenCL C for the element of an array of `operand` shape that element `index` of a `result`-shaped array reads
    /// when the first broadcasts to the second: neighbouring dimensions the operand has in full (or lacks) merge, and
    /// each full group adds `(index / inner) % extent · operandInner` (dropping what is 1 or needless).
    static func broadcastIndex(_ index: String, of operand: [Int], in result: [Int]) -> String {
        let padded = Array(repeating: 1, count: result.count - operand.count) + operand
        // Groups of result dimensions (those above 1) the operand has in full, as [first, last] dimension ranges.
        var groups: [ClosedRange<Int>] = [], lastKind: Bool?
        for d in result.indices where result[d] > 1 {
            let full = padded[d] == result[d]
            if full, lastKind == true, let last = groups.last { groups[groups.count - 1] = last.lowerBound...d } else if full { groups.append(d...d) }
            lastKind = full
        }
        let outermost = result.indices.first { result[$0] > 1 }
        let terms = groups.map { group -> String in
            let extent = result[group].reduce(1, *)
            let inner = result[(group.upperBound + 1)...].reduce(1, *), operandInner = padded[(group.upperBound + 1)...].reduce(1, *)
            var term = inner == 1 ? index : "(\(index) / \(inner)UL)"
            if group.lowerBound != outermost { term = "(\(term) % \(extent)UL)" }
            return operandInner == 1 ? term : "\(term) * \(operandInner)UL"
        }
        return terms.isEmpty ? "0" : "(" + terms.joined(separator: " + ") + ")"
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation in this module).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
