/// A ``HostExpression`` with its names bound once for a whole output (`--expect` over millions of points): each name is
/// a constant, a coordinate of the point or a buffer's slot, so evaluating a point walks the tree with no string
/// lookups (a 2048² transpose's reference: 15 s interpreted by name, well under a second bound).
struct BoundHostExpression {
    indirect enum Term {
        case constant(Double)
        /// `i`, `x`, `y`, `z`: 0, 1, 2, 3.
        case coordinate(Int)
        /// A buffer's element at the point.
        case value(slot: Int, name: String)
        /// `a[EXPR]`.
        case element(slot: Int, name: String, Term)
        case negate(Term)
        case binary(Character, Term, Term)
        case call(String, @Sendable ([Double]) -> Double?, [Term])
    }

    /// What a name is, decided once.
    enum Name {
        case constant(Double)
        case coordinate(Int)
        case buffer(slot: Int)
    }

    let expression: HostExpression
    let value: Term
    let outputIndex: Term?
    /// The buffers' elements, by slot.
    let buffers: [[Double]]
    let width: Int, height: Int

    /// Binds every name with `resolve` (called once per name; `i` is the point unless resolve says otherwise first)
    /// and every indexed name with `indexable` (its slot).
    /// - Throws: what `resolve` and `indexable` throw (unknown names).
    init(_ expression: HostExpression, buffers: [[Double]], width: Int, height: Int, resolve: (String) throws -> Name,
         indexable: (String) throws -> Int) throws {
        func bind(_ node: ArithmeticParser.Node) throws -> Term {
            switch node {
            case let .number(number): return .constant(number)
            case let .name(name):
                if name == "i" { return .coordinate(0) }
                switch try resolve(name) {
                case let .constant(value): return .constant(value)
                case let .coordinate(axis): return .coordinate(axis)
                case let .buffer(slot): return .value(slot: slot, name: name)
                }
            case let .element(name, position): return .element(slot: try indexable(name), name: name, try bind(position))
            case let .negate(inner): return .negate(try bind(inner))
            case let .binary(op, left, right): return .binary(op, try bind(left), try bind(right))
            case let .call(name, function, arguments): return .call(name, function, try arguments.map(bind))
            }
        }
        self.expression = expression
        self.buffers = buffers
        self.width = width
        self.height = height
        value = try bind(expression.parser.tree)
        outputIndex = try expression.outputIndex.map { try bind($0.tree) }
    }

    /// The value at `point`.
    /// - Throws: ``KernelSpecError/badExpression(_:reason:)`` for an element past a buffer's end.
    func value(at point: Int) throws -> Double { try evaluate(value, at: point) }

    /// For `OUT[INDEX] = …`: the element `point` writes.
    func outputElement(at point: Int) throws -> Double? { try outputIndex.map { try evaluate($0, at: point) } }

    private func evaluate(_ term: Term, at point: Int) throws -> Double {
        switch term {
        case let .constant(value): return value
        case let .coordinate(axis):
            switch axis {
            case 0: return Double(point)
            case 1: return Double(point % width)
            case 2: return Double(point / width % height)
            default: return Double(point / (width * height))
            }
        case let .value(slot, name):
            let values = buffers[slot]
            guard point < values.count else { throw fail("\(name) has \(values.count) elements; element \(point) was read") }
            return values[point]
        case let .element(slot, name, position):
            let values = buffers[slot], at = try evaluate(position, at: point)
            guard let index = Int(exactly: at), values.indices.contains(index) else {
                throw fail("\(name)[\(at)] at i = \(point): \(name) has elements 0..<\(values.count)")
            }
            return values[index]
        case let .negate(inner): return -(try evaluate(inner, at: point))
        case let .binary(op, left, right):
            return try expression.parser.combine(op, try evaluate(left, at: point), try evaluate(right, at: point))
        case let .call(name, function, arguments):
            guard let result = function(try arguments.map { try evaluate($0, at: point) }) else {
                throw fail("\(name) does not take \(arguments.count) arguments")
            }
            return result
        }
    }

    private func fail(_ reason: String) -> KernelSpecError { .badExpression(expression.text, reason: reason) }
}
