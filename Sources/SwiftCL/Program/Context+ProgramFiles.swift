/// Programs from `.cl` files read at run time.
extension Context {
    /// The program in the `.cl` file at `path`, built for this context's devices and cached like any other
    /// (``program(_:options:)``). `#include "…"` finds headers beside the file first, then in `includeFolders` in
    /// order (each passed as `-I`; the binary cache keys on every header the source includes, so editing a header
    /// rebuilds). Build errors name the file as given: `kernels/blur.cl:12:5: error: …`.
    ///
    /// ```swift
    /// let program = try queue.context.program(contentsOf: "kernels/blur.cl", includeFolders: ["kernels/common"])
    /// ```
    /// - Throws: ``SwiftCLError/unreadableFile(path:reason:)`` naming the file or include folder and why (missing,
    ///   not a regular file, not UTF-8, over 64 MiB, a folder path with blanks that build options cannot carry), before
    ///   anything is built; ``BuildError`` with the build log and file:line:column diagnostics.
    public func program(contentsOf path: String, includeFolders: [String] = [], options: BuildOptions = BuildOptions()) throws -> Program {
        let text = try FileSystem.textOfUserFile(path)
        var options = options
        // clBuildProgram splits its options at blanks; quoting is not portable across runtimes.
        func fitsOptions(_ folder: String) -> Bool { !folder.contains { $0.isWhitespace || $0 == "\"" || $0 == "'" } }
        // The file's own folder first, as a C compiler searches for quoted includes (left out when options cannot
        // carry its path; a header beside the file is then reported as not found, at its #include line).
        let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        let own = folder.isEmpty ? "/" : folder
        if fitsOptions(own) {
            options.raw += ["-I", own]
        }
        for include in includeFolders {
            if let problem = FileSystem.problemWithFolder(include) {
                throw SwiftCLError.unreadableFile(path: include, reason: "include folder: \(problem)")
            }
            if !fitsOptions(include) {
                throw SwiftCLError.unreadableFile(path: include, reason: "include folder: a path with blanks or quotes cannot be passed as -I")
            }
            options.raw += ["-I", include]
        }
        return try program(ProgramSource(name: path, text: text), options: options)
    }
}
