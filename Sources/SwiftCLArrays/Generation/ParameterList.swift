/// A generated kernel's OpenCL C parameter list: user kernels pass theirs through to helper functions (the map of a
/// reduction, the input and output of a scan), which need the declarations and the names that forward them.
enum ParameterList {
    /// The comma-separated declarations of a user's argument list, trimmed, empty ones dropped.
    static func declarations(_ text: String) -> [String] {
        text.split(separator: ",").map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
            .filter { !$0.isEmpty }
    }

    /// The declared names (the last identifier of each declaration), each followed by ", ", to start a call's argument
    /// list before the arguments the generated code adds; empty for no parameters.
    static func forwarding(_ declarations: [String]) -> String {
        declarations.compactMap { $0.split(whereSeparator: { " *".contains($0) }).last.map { "\($0), " } }.joined()
    }
}
