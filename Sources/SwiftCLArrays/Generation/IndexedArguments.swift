/// Which of a user kernel's array parameters its code reads or writes at `[i]`, the work-item's own index, so that a
/// launch over `count` indices is refused when `count` runs past one of those arrays (it would read or write past
/// the end of device memory: a wrong value, another allocation's data, or a crash inside the runtime).
///
/// A parameter counts as indexed when one of the code pieces holds `name[i]` (blanks allowed inside the brackets) with
/// `name` a whole identifier. Arrays the code reaches only at other indices (`table[idx[i]]`, `x[2 * i]`) are not
/// checked: their bounds are the kernel author's, as in PyOpenCL.
struct IndexedArguments: Sendable {
    /// Positions in the argument list, with the parameter names.
    let parameters: [(position: Int, name: String)]

    /// The pointer parameters of `declarations` (a user argument list, split by ``ParameterList``) that any of
    /// `code` indexes at `[i]`.
    init(declarations: [String], code: [String]) {
        var found: [(Int, String)] = []
        for (position, declaration) in declarations.enumerated() where declaration.contains("*") {
            guard let name = declaration.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).last.map(String.init)
            else { continue }
            if code.contains(where: { Self.indexesAtI(name, in: $0) }) { found.append((position, name)) }
        }
        parameters = found
    }

    /// Whether `code` holds `name[i]` with `name` not part of a longer identifier.
    static func indexesAtI(_ name: String, in code: String) -> Bool {
        let text = Array(code.utf8), target = Array(name.utf8)
        func isIdentifier(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        }
        func skipBlanks(_ index: inout Int) {
            while index < text.count, text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0A || text[index] == 0x0D { index += 1 }
        }
        var start = 0
        while start + target.count <= text.count {
            defer { start += 1 }
            guard text[start..<(start + target.count)].elementsEqual(target), start == 0 || !isIdentifier(text[start - 1]) else { continue }
            var index = start + target.count
            skipBlanks(&index)
            guard index < text.count, text[index] == UInt8(ascii: "[") else { continue }
            index += 1
            skipBlanks(&index)
            guard index < text.count, text[index] == UInt8(ascii: "i") else { continue }
            index += 1
            skipBlanks(&index)
            if index < text.count, text[index] == UInt8(ascii: "]") { return true }
        }
        return false
    }

    /// Refuses a negative `count`, and a `count` past the elements of an argument the code indexes at `[i]`.
    /// - Throws: ``ArrayError/Code/invalidArgument`` naming the kernel, the argument and both counts.
    func check(count: Int, arguments: [any ArrayKernelArgument], kernel: String) throws {
        guard count >= 0 else { throw ArrayError(.invalidArgument, "\(kernel): count \(count) is negative") }
        for (position, name) in parameters where position < arguments.count {
            guard let available = arguments[position].elementCount, count > available else { continue }
            throw ArrayError(.invalidArgument, "\(kernel): count \(count) runs past argument \(position + 1), '\(name)', which has "
                             + "\(available) element\(available == 1 ? "" : "s") and is used as \(name)[i]")
        }
    }
}
