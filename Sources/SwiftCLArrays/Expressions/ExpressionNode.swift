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
/// equal structures share one built program.
struct ExpressionRenderer {
    private(set) var parameters: [String] = []
    private(set) var arguments: [any KernelArgument] = []
    private var arrayNames: [ArrayKey: String] = [:]
    private let index: String

    private struct ArrayKey: Hashable {
        let storage: ObjectIdentifier
        let offset: Int
    }

    init(index: String = "i") { self.index = index }

    mutating func render(_ node: ExpressionNode) -> String {
        switch node {
        case let .array(operand):
            let key = ArrayKey(storage: operand.storageID, offset: operand.offset)
            if let name = arrayNames[key] { return "\(name)[\(name)_off + \(index)]" }
            let name = "a\(arrayNames.count)"
            arrayNames[key] = name
            parameters.append("global const \(operand.typeName) *\(name)")
            parameters.append("const ulong \(name)_off")
            arguments.append(operand.storage)
            arguments.append(UInt64(operand.offset))
            return "\(name)[\(name)_off + \(index)]"
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
