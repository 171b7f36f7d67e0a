/// Swift source written line by line at the indentation of the enclosing blocks, so the generator never counts
/// spaces by hand.
struct SwiftWriter {
    /// The text so far.
    private(set) var text = ""
    private var depth = 0

    /// One line at the current indentation (an empty line has no trailing spaces).
    mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: depth) + content + "\n"
    }

    /// A `///` comment, one line per line of `comment`.
    mutating func documentation(_ comment: String) {
        for line in comment.split(separator: "\n", omittingEmptySubsequences: false) { self.line("/// " + line) }
    }

    /// `opening`, then `body` one level deeper, then `closing`.
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout SwiftWriter) -> Void) {
        line(opening)
        indented(body)
        line(closing)
    }

    /// `body` one level deeper.
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }
}
