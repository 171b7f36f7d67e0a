import SwiftCL

/// Builds SwiftCLArrays' generated programs through the context's program cache (each distinct source once per
/// context), and turns a build failure inside a piece of user code into an ``ArrayError`` that points into that
/// piece: generated sources put each piece after a `#line 1 "<part>"` directive, so the compiler reports positions
/// in the user's own text.
enum ProgramCompiler {
    static func kernel(source: String, name: String, kernel kernelName: String, context: Context,
                       userParts: [String: String] = [:]) throws -> Kernel {
        do {
            return try context.program(source: source, name: name).sharedKernel(named: kernelName)
        } catch let error as BuildError {
            let diagnostics = error.diagnostics.filter { $0.severity == .error }
            for diagnostic in diagnostics {
                guard let (part, line) = userPosition(of: diagnostic, in: source, parts: userParts), let text = userParts[part] else { continue }
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                let shown = line >= 1 && line <= lines.count ? String(lines[line - 1]) : ""
                let caret = String(repeating: " ", count: max(0, diagnostic.column - 1)) + "^"
                throw ArrayError(.userCode, """
                    \(name): the \(part) does not compile: \(part):\(line):\(diagnostic.column): \(diagnostic.message)
                      \(shown)
                      \(caret)
                    """, userLocation: ArrayError.UserCodeLocation(part: part, line: line, column: diagnostic.column,
                                                                    message: diagnostic.message))
            }
            throw error
        }
    }

    /// Which user part a diagnostic points into, and the line within it. Compilers that honour `#line` (clang, so
    /// PoCL) name the part themselves; NVIDIA's ignores the directive and counts lines of the whole generated source,
    /// so a position inside a part's lines there is mapped back (columns agree: each part starts its own line).
    static func userPosition(of diagnostic: Diagnostic, in source: String, parts: [String: String]) -> (part: String, line: Int)? {
        if parts[diagnostic.file] != nil { return (diagnostic.file, diagnostic.line) }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        for (part, text) in parts where !text.isEmpty {
            guard let marker = lines.firstIndex(where: { $0 == "#line 1 \"\(part)\"" }) else { continue }
            let first = marker + 2   // the 1-based number of the part's first line
            let count = text.split(separator: "\n", omittingEmptySubsequences: false).count
            if (first..<(first + count)).contains(diagnostic.line) { return (part, diagnostic.line - first + 1) }
        }
        return nil
    }

    /// `text` placed so the compiler counts its lines and columns from 1 under the file name `part`, followed by a
    /// directive that returns to the generated file.
    static func userPart(_ text: String, named part: String, resumeAt line: Int, in file: String) -> String {
        "\n#line 1 \"\(part)\"\n\(text)\n#line \(line) \"\(file)\"\n"
    }
}
