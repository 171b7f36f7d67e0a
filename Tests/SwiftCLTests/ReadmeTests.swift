import Foundation
import SwiftCL
import SwiftCLKernels
import Testing

/// The README's usage snippet, compiled here; the test below checks the README shows exactly this text.
func readmeUsage() throws -> [Float] {
    // README-BEGIN
    let queue = try ComputeQueue(preferring: [.gpu, .cpu]) // a GPU where there is one, else the CPU
    let square = try SquareCL.Square(context: queue.context)
    let input = (0..<1024).map { Float($0) }
    let a = try Buffer(copying: input, context: queue.context, access: .readOnly)
    let b = try Buffer<Float>(count: input.count, context: queue.context)

    // Like the guide's dispatch_sync block: returns when the commands have completed.
    let squares = try queue.sync { cl in
        try square(cl, NDRange(input.count), input: a, output: b)  // typed call, labels from square.cl
        return try cl.read(b)
    }

    // Your own kernel: built once per context, arguments checked against its parameters.
    let program = try queue.context.program(source: """
        kernel void scale(global float *x, float k) { x[get_global_id(0)] *= k; }
        """, name: "scale.cl")
    let scale = try program.kernel(named: "scale")
    let halves = try queue.sync { cl in                // from async code: try await queue.run { cl in … }
        try cl.launch(scale, NDRange(input.count), b, Float(0.5))
        return try cl.read(b)
    }
    // README-END
    #expect(squares == input.map { $0 * $0 })
    return halves
}

@Suite("README")
struct ReadmeTests {
    @Test("the usage snippet runs and gives the documented result")
    func snippetRuns() throws {
        let halves = try readmeUsage()
        let expected: [Float] = (0..<1024).map { index in
            let value = Float(index)
            return value * value * 0.5
        }
        #expect(halves == expected)
    }

    @Test("the README shows the snippet exactly as compiled here")
    func readmeMatchesSnippet() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let begin = try #require(lines.firstIndex { $0.contains("// README-" + "BEGIN") })
        let end = try #require(lines.firstIndex { $0.contains("// README-" + "END") })
        let snippet = lines[(begin + 1)..<end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }.joined(separator: "\n")
        #expect(readme.contains(snippet), "README.md must contain the usage snippet verbatim")
        #expect(readme.contains("scripts/run.sh") && readme.contains("scripts/test.sh"))
        // The plugin snippet, compiled in Examples/PluginExample (a target that applies the plugin).
        let example = try String(contentsOf: root.appendingPathComponent("Examples/PluginExample/PluginExample.swift"), encoding: .utf8)
        let exampleLines = example.components(separatedBy: "\n")
        let pluginBegin = try #require(exampleLines.firstIndex { $0.contains("// README-PLUGIN-" + "BEGIN") })
        let pluginEnd = try #require(exampleLines.firstIndex { $0.contains("// README-PLUGIN-" + "END") })
        let pluginSnippet = exampleLines[(pluginBegin + 1)..<pluginEnd]
            .map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : $0 }.joined(separator: "\n")
        #expect(readme.contains(pluginSnippet), "README.md must contain the plugin snippet verbatim")
    }

    /// Every `.KIND(name: "X"` … `path: "P"` declaration of `Package.swift` in `section` (targets or products).
    static func declarations(in manifest: String, kinds: [String]) -> [(kind: String, name: String, path: String?)] {
        var found: [(String, String, String?)] = []
        let pattern = "\\.(\(kinds.joined(separator: "|")))\\(\\s*name:\\s*\"([^\"]+)\""
        guard let regex = try? Regex(pattern) else { return [] }
        for match in manifest.matches(of: regex) {
            let kind = String(match.output[1].substring ?? ""), name = String(match.output[2].substring ?? "")
            // The path, when the same declaration names one before its closing parenthesis.
            let rest = manifest[match.range.upperBound...]
            let end = rest.firstIndex(of: ")") ?? rest.endIndex
            let path = rest[..<end].firstMatch(of: #/path:\s*"([^"]+)"/#).map { String($0.output.1) }
            found.append((kind, name, path))
        }
        return found
    }

    @Test("the README's module table names every target and product of Package.swift with its folder, and nothing else")
    func moduleTableMatchesPackage() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let productsStart = try #require(manifest.range(of: "products: [")), targetsStart = try #require(manifest.range(of: "\n    targets: ["))
        let productSection = String(manifest[productsStart.upperBound..<targetsStart.lowerBound])
        let targetSection = String(manifest[targetsStart.upperBound...])
        let targets = Self.declarations(in: targetSection, kinds: ["target", "executableTarget", "testTarget", "systemLibrary", "plugin"])
        let products = Set(Self.declarations(in: productSection, kinds: ["library", "executable", "plugin"]).map(\.name))
        // The table: | `Name` | kind | product | `Folder` | job |
        let layout = try #require(readme.range(of: "## Layout"))
        let rows = readme[layout.upperBound...].split(separator: "\n").prefix { !$0.hasPrefix("#") }
            .filter { $0.hasPrefix("| `") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) } }
        let table = Dictionary(rows.map { ($0[0], (product: $0[2] == "yes", folder: $0[3])) }, uniquingKeysWith: { first, _ in first })
        #expect(targets.count > 20 && rows.count == table.count, "targets read: \(targets.count); rows: \(rows.count)")
        #expect(Set(table.keys) == Set(targets.map(\.name)), "README rows vs Package.swift targets: extra \(Set(table.keys).subtracting(targets.map(\.name))), missing \(Set(targets.map(\.name)).subtracting(table.keys))")
        for target in targets {
            let folder = target.path ?? (target.kind == "testTarget" ? "Tests/\(target.name)" : target.kind == "plugin" ? "Plugins/\(target.name)" : "Sources/\(target.name)")
            #expect(table[target.name]?.folder == folder, "\(target.name): README says \(table[target.name]?.folder ?? "nothing"), Package.swift \(folder)")
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path), "\(folder) exists")
            #expect(table[target.name]?.product == products.contains(target.name), "\(target.name): product column")
        }
    }
}
