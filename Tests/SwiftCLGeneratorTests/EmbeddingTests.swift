import Foundation
@testable import SwiftCLGenerator
import SwiftCLTestSupport
import Testing

/// The `.cl` text embedded in generated Swift: byte for byte, and never Swift code.
@Suite("Embedding .cl sources in generated Swift")
struct EmbeddingTests {
    /// Texts that broke or hijacked the old raw-string embedding, and their relatives.
    static let adversarial: [(name: String, text: String)] = [
        ("raw interpolation", "// \\#(fatalError(\"injected\"))\nkernel void k() {}"),
        ("double-hash interpolation", "// \\##(fatalError(\"injected\")) \"##\n"),
        ("plain interpolation", "// \\(fatalError(\"injected\"))\n"),
        ("raw delimiters", "// \"\"\"# \"# #\"\"\" \"\"\"\n"),
        ("escape sequences as text", "// \\n \\t \\u{41} \\0 \\\\ \\\"\n"),
        ("backslash at line end", "#define A 1 \\\n  + 2\n"),
        ("CRLF", "kernel void k(global int *a)\r\n{\r\n  a[0] = 1;\r\n}\r\n"),
        ("lone CR", "// a\rb\r"),
        ("control characters", "// form feed \u{0C} vt \u{0B} esc \u{1B} del \u{7F} bell \u{07}\n"),
        ("tabs", "\tkernel\tvoid k() {}\n"),
        ("non-ASCII", "// é ü 漢字 🚀 \u{2028} \u{2029} \u{202E}reversed\u{202C} \u{FEFF}\n"),
        ("empty", ""),
        ("only newlines", "\n\n\n"),
    ]

    @Test("every character outside printable ASCII, and every backslash and quote, is escaped")
    func literalShape() {
        for (name, text) in Self.adversarial {
            for line in SwiftGenerator.embeddedLines(text).split(separator: "\n") {
                #expect(line.unicodeScalars.allSatisfy { (" " ... "~").contains($0) }, "\(name): \(line)")
                #expect(line.hasPrefix("        \"") && line.hasSuffix("\","), "\(name): \(line)")
                #expect(Self.onlyPlainEscapes(line.dropFirst(9).dropLast(2)), "\(name): no interpolation can form: \(line)")
            }
        }
        #expect(SwiftGenerator.literal("a\"b\\c\r\u{7F}é") == "\"a\\\"b\\\\c\\r\\u{7F}\\u{E9}\"")
        #expect(SwiftGenerator.commentSafe("x.cl\n*/ evil()") == "x.cl?*/ evil()")
    }

    @Test("the Swift compiler reads every adversarial text back byte for byte, and nothing in it runs")
    func compiledRoundTrip() throws {
        var program = "var failures = 0\n"
        for (index, (name, text)) in Self.adversarial.enumerated() {
            program += "let lines\(index): [String] = [\n\(SwiftGenerator.embeddedLines(text))\n]\n"
            program += "if Array(lines\(index).joined(separator: \"\\n\").utf8) != \(Array(text.utf8)) as [UInt8] "
            program += "{ print(\"mismatch: \(name)\"); failures += 1 }\n"
        }
        program += "print(\"checked \\(\(Self.adversarial.count)) texts, \\(failures) mismatches\")\n"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-embedding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("main.swift")
        try program.write(to: file, atomically: true, encoding: .utf8)
        let output = try runProcess(["swiftc", file.path, "-o", folder.appendingPathComponent("check").path])
        #expect(output.status == 0, "the embedded literals compile: \(output.output)")
        let result = try runProcess([folder.appendingPathComponent("check").path])
        #expect(result.status == 0 && result.output.contains("checked \(Self.adversarial.count) texts, 0 mismatches"), "\(result.output)")
    }

    @Test("a NUL byte is refused at its line and column")
    func nulRefused() {
        let (kernels, diagnostics) = KernelParser(fileName: "n.cl").parse("kernel void a() {}\n// x\u{0}\nkernel void b() {}\n")
        #expect(kernels.isEmpty)
        #expect(diagnostics.map(\.description) == ["n.cl:2:5: error: the file contains a NUL byte; OpenCL would ignore everything after it"])
    }

    /// Whether a literal's body has no bare quote and every backslash starts `\\\\`, `\\"`, `\\t`, `\\r` or `\\u{hex}`:
    /// then nothing in it can end the literal or interpolate.
    private static func onlyPlainEscapes(_ body: Substring) -> Bool {
        var characters = body.makeIterator()
        while let character = characters.next() {
            if character == "\"" { return false }
            guard character == "\\" else { continue }
            switch characters.next() {
            case "\\", "\"", "t", "r": continue
            case "u":
                guard characters.next() == "{" else { return false }
                var digits = 0
                while let digit = characters.next(), digit != "}" {
                    guard digit.isHexDigit else { return false }
                    digits += 1
                }
                if digits == 0 { return false }
            default: return false
            }
        }
        return true
    }
}
