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
            if let first = diagnostics.first(where: { userParts[$0.file] != nil }), let text = userParts[first.file] {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                let line = first.line >= 1 && first.line <= lines.count ? String(lines[first.line - 1]) : ""
                let caret = String(repeating: " ", count: max(0, first.column - 1)) + "^"
                throw ArrayError(.userCode, """
                    \(name): the \(first.file) does not compile: \(first.file):\(first.line):\(first.column): \(first.message)
                      \(line)
                      \(caret)
                    """, userLocation: ArrayError.UserCodeLocation(part: first.file, line: first.line, column: first.column,
                                                                    message: first.message))
            }
            throw error
        }
    }

    /// `text` placed so the compiler counts its lines and columns from 1 under the file name `part`, followed by a
    /// directive that returns to the generated file.
    static func userPart(_ text: String, named part: String, resumeAt line: Int, in file: String) -> String {
        "\n#line 1 \"\(part)\"\n\(text)\n#line \(line) \"\(file)\"\n"
    }
}
