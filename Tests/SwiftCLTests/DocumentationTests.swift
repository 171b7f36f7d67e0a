import Foundation
import Testing

@Suite("Documentation")
struct DocumentationTests {
    @Test("every library product has a DocC catalogue, the docc plugin is a dependency, and CHANGELOG.md names the renames")
    func catalogues() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("https://github.com/swiftlang/swift-docc-plugin"))
        let products = ReadmeTests.declarations(in: manifest, kinds: ["library"]).map(\.name)
        let targets = ReadmeTests.declarations(in: manifest, kinds: ["target"])
        #expect(products.count >= 9)
        for product in products {
            let folder = targets.first { $0.name == product }?.path ?? "Sources/\(product)"
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            #expect(contents.contains("\(product).docc"), "\(folder) has no \(product).docc catalogue")
        }
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        for renamed in ["BenchmarkVariant", "SwiftCLValidation", "ProgramBinaryCache", "event.status", "await producer.submit"] {
            #expect(changelog.contains(renamed), "CHANGELOG.md does not mention \(renamed)")
        }
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("generate-documentation") && readme.contains("CHANGELOG.md"))
    }
}
