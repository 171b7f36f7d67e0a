import Foundation

/// A code example that a test runs and a document shows: the lines of `sourceFile` between `// Begin article code
/// <marker>` and `// End article code <marker>`, less `indent` leading spaces, and the text of `document` (a path
/// from the repository root), so the test can check the document shows the example verbatim.
public func documentedSnippet(in sourceFile: String, marker: String, indent: Int, document: String) throws
    -> (snippet: String, document: String) {
    struct MissingMarkers: Error, CustomStringConvertible {
        let description: String
    }
    let source = URL(fileURLWithPath: sourceFile)
    var root = source.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path), root.path != "/" {
        root = root.deletingLastPathComponent()
    }
    let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
    let lines = try String(contentsOf: source, encoding: .utf8).components(separatedBy: "\n")
    guard let begin = lines.firstIndex(where: { $0.hasSuffix("// Begin article" + " code \(marker)") }),
          let end = lines.firstIndex(where: { $0.hasSuffix("// End article" + " code \(marker)") }), begin < end else {
        throw MissingMarkers(description: "\(sourceFile) has no article-code markers \(marker)")
    }
    let snippet = lines[(begin + 1)..<end].map { String($0.dropFirst(indent)) }.joined(separator: "\n")
    return (snippet, text)
}
