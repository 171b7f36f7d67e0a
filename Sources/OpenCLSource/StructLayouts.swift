/// The byte sizes of the structs an OpenCL C source defines, computed with OpenCL C's layout rules (each member at
/// the next multiple of its alignment; scalars and vectors aligned to their size, 3-vectors to 4 lanes; arrays of
/// literal length; the struct's size rounded up to its largest member alignment), so a by-value struct argument of
/// the wrong size is refused before `clSetKernelArg` (drivers such as PoCL accept any size for a struct).
///
/// It is deliberately partial: a struct with anything it cannot lay out exactly — an attribute (`packed`,
/// `aligned`), a bit-field, a pointer, a union, an array whose length is not a literal, a member of unknown type
/// (a macro, `size_t`) — gets no size, and callers then leave the size unchecked.
package enum StructLayouts {
    /// Size and alignment of one laid-out type.
    package struct Layout: Hashable, Sendable {
        package let size: Int
        package let alignment: Int
    }

    /// The layouts of every struct in `tokens` (identifiers, numbers and single punctuation characters, comments and
    /// preprocessor lines removed), keyed both as `struct Tag` and by every typedef name that names it.
    package static func layouts(in tokens: [String]) -> [String: Layout] {
        var known: [String: Layout?] = [:]
        var index = 0
        while index < tokens.count {
            let isTypedef = tokens[index] == "typedef"
            let start = isTypedef ? index + 1 : index
            guard start < tokens.count, tokens[start] == "struct" || tokens[start] == "union" else {
                index += 1
                continue
            }
            var cursor = start + 1
            var tag: String?
            if cursor < tokens.count, isIdentifier(tokens[cursor]) {
                tag = tokens[cursor]
                cursor += 1
            }
            var layout: Layout??
            if cursor < tokens.count, tokens[cursor] == "{" {
                let end = closingBrace(tokens, from: cursor)
                let body = Array(tokens[(cursor + 1)..<max(cursor + 1, end)])
                let laidOut = tokens[start] == "struct" ? structLayout(body, known: known) : nil
                layout = .some(laidOut)
                if let tag { known["struct \(tag)"] = laidOut }
                cursor = end + 1
            } else if let tag {
                // `typedef struct Tag Name;` names a struct defined elsewhere.
                layout = known["struct \(tag)"]
            }
            if isTypedef {
                // The typedef names up to the `;`: `Name`, or nothing usable for `*Pointer` and attributes.
                var names: [String] = []
                var attributed = false
                while cursor < tokens.count, tokens[cursor] != ";" {
                    if tokens[cursor] == "__attribute__" { attributed = true }
                    if isIdentifier(tokens[cursor]), tokens[cursor] != "__attribute__" { names.append(tokens[cursor]) }
                    cursor += 1
                }
                if let name = names.last, names.count == 1 {
                    known[name] = attributed ? .some(nil) : (layout ?? .some(nil))
                }
            }
            index = max(cursor, index + 1)
        }
        return known.compactMapValues { $0 }
    }

    /// The layout of a struct body, or nil when any member cannot be laid out exactly.
    private static func structLayout(_ body: [String], known: [String: Layout?]) -> Layout? {
        guard !body.contains("__attribute__"), !body.contains(":"), !body.contains("*"), !body.contains("(") else { return nil }
        var size = 0, alignment = 1
        var declaration: [String] = []
        var depth = 0
        for token in body {
            if token == "{" { depth += 1 }
            if token == "}" { depth -= 1 }
            guard token == ";", depth == 0 else {
                declaration.append(token)
                continue
            }
            guard let members = memberLayouts(declaration, known: known) else { return nil }
            for member in members {
                size = (size + member.alignment - 1) / member.alignment * member.alignment + member.size
                alignment = max(alignment, member.alignment)
            }
            declaration = []
        }
        guard declaration.isEmpty, size > 0 else { return nil }
        return Layout(size: (size + alignment - 1) / alignment * alignment, alignment: alignment)
    }

    /// The members one declaration (`float a, b[3]`) adds, or nil.
    private static func memberLayouts(_ tokens: [String], known: [String: Layout?]) -> [Layout]? {
        let words = tokens.filter { $0 != "const" && $0 != "volatile" }
        var typeWords: [String] = []
        var cursor = 0
        if words.first == "struct" {
            guard words.count >= 2 else { return nil }
            typeWords = ["struct", words[1]]
            cursor = 2
        } else if words.first == "unsigned" || words.first == "signed" {
            guard words.count >= 2 else { return nil }
            typeWords = [words[0], words[1]]
            cursor = 2
        } else if let first = words.first {
            typeWords = [first]
            cursor = 1
        }
        guard let type = layout(ofType: typeWords, known: known) else { return nil }
        var members: [Layout] = []
        for declarator in split(Array(words[cursor...])) {
            guard let name = declarator.first, isIdentifier(name) else { return nil }
            var count = 1
            var rest = declarator.dropFirst()
            while !rest.isEmpty {
                guard rest.count >= 3, rest[rest.startIndex] == "[", let length = Int(rest[rest.startIndex + 1]), length > 0,
                      rest[rest.startIndex + 2] == "]" else { return nil }
                let (product, overflow) = count.multipliedReportingOverflow(by: length)
                guard !overflow, product <= 1 << 30 else { return nil }
                count = product
                rest = rest.dropFirst(3)
            }
            members.append(Layout(size: type.size * count, alignment: type.alignment))
        }
        return members.isEmpty ? nil : members
    }

    /// A built-in scalar or vector, a known struct or typedef; nil for anything else.
    private static func layout(ofType words: [String], known: [String: Layout?]) -> Layout? {
        var name = words.joined(separator: " ")
        if words.count == 2, words[0] == "unsigned" || words[0] == "signed" {
            guard ["char", "short", "int", "long"].contains(words[1]) else { return nil }
            name = words[0] == "unsigned" ? "u" + words[1] : words[1]
        }
        if let type = OpenCLType(name: name) { return Layout(size: type.byteSize, alignment: type.byteSize) }
        return known[name] ?? nil
    }

    /// Declarators separated by top-level commas.
    private static func split(_ tokens: [String]) -> [[String]] {
        var groups: [[String]] = [[]]
        for token in tokens {
            if token == "," { groups.append([]) } else { groups[groups.count - 1].append(token) }
        }
        return groups
    }

    /// The index of the `}` closing the `{` at `start` (or the end of the tokens).
    private static func closingBrace(_ tokens: [String], from start: Int) -> Int {
        var depth = 0
        for index in start..<tokens.count {
            if tokens[index] == "{" { depth += 1 }
            if tokens[index] == "}" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return tokens.count
    }

    private static func isIdentifier(_ token: String) -> Bool {
        guard let first = token.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return token.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
