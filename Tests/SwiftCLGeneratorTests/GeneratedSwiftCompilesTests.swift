import Foundation
import SwiftCLGenerator
import SwiftCLTestSupport
import Testing

/// The generated Swift, type-checked by the Swift compiler against the real SwiftCL module.
@Suite("Generated Swift compiles")
struct GeneratedSwiftCompilesTests {
    /// Kernel and parameter names that shadowed SwiftCL or Swift types, or the generated code's own names.
    static let adversarialNames = """
    kernel void context(global float *range, global int *cl, float options, int kernel) { }
    kernel void image(read_only image2d_t self, sampler_t Self) { }
    kernel void buffer(global const float *in, global float *out) { }
    kernel void program(global float *_) { }
    kernel void Kernel(local float *Float, uint type) { }
    kernel void program_source(global float2 *p) { }
    kernel void build_options(constant int *protocol) { }
    kernel void local_memory(global half *h) { }
    kernel void Float(float x) { }
    kernel void type(int Type) { }
    kernel void protocol(int any) { }
    kernel void any(int cl_, int cl) { }
    kernel void source(int x) { }
    kernel void options(int x) { }
    kernel void kernelNames(int x) { }
    kernel void swift(int x) { }
    kernel void swift_c_l(int x) { }
    __attribute__((reqd_work_group_size(8,1,1))) kernel void self(global float *p) { }
    kernel void Sendable(int x) { }
    kernel void String(int x) { }
    kernel void sourceLines(int inout, int var, float let, int Swift, global float *SwiftCL) { }
    kernel void labels(int options, float self, int _, global int *source) { }
    """

    @Test("kernels and parameters named like SwiftCL, Swift or generated names compile")
    func adversarialNamesCompile() throws {
        let files = [("swift.cl", Self.adversarialNames), ("under.cl", "kernel void _(int x) { }\nkernel void a_(int _) { }\n"),
                     ("swift_c_l.cl", "kernel void k(int x) { }\n"), ("crlf.cl", "kernel void k(global int *a)\r\n{\r\n}\r\n"),
                     ("upper.cl", "kernel void Type(int t) { }\nkernel void Self(int x) { }\nkernel void Protocol(int p) { }\n")]
        var generated: [(String, String)] = []
        for (name, source) in files {
            let (kernels, diagnostics) = KernelParser(fileName: name).parse(source)
            #expect(diagnostics.isEmpty, "\(name): \(diagnostics)")
            generated.append((name, SwiftGenerator().generate(fileName: name, source: source, kernels: kernels)))
            generated.append((name + ".calls", Self.callSites(fileName: name, kernels: kernels)))
        }
        let result = try Self.typecheck(generated)
        #expect(result.clean, "\(result.output)")
    }

    @Test("the DocC article Typed kernels shows exactly what the generator writes, and it type-checks")
    func documentedSample() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(contentsOf: repository.appendingPathComponent("Sources/SwiftCL/SwiftCL.docc/TypedKernels.md"), encoding: .utf8)
        let blocks = article.components(separatedBy: "```")
        let source = try #require(blocks.first { $0.hasPrefix("c\n") }).dropFirst(2)
        let usage = try #require(blocks.first { $0.hasPrefix("swift\nlet saxpy") }).dropFirst(6)
        let shown = try #require(blocks.first { $0.hasPrefix("swift\n// Generated") }).dropFirst(6)
        let (kernels, diagnostics) = KernelParser(fileName: "saxpy_sample.cl").parse(String(source))
        #expect(diagnostics.isEmpty)
        let generated = SwiftGenerator().generate(fileName: "saxpy_sample.cl", source: String(source), kernels: kernels)
        #expect(generated == String(shown))
        let snippet = "import SwiftCL\nfunc usage(queue: ComputeQueue, count: Int, x: Buffer<Float>, y: Buffer<Float>) throws {\n\(usage)}\n"
        let result = try Self.typecheck([("saxpy_sample.swift", generated), ("usage.swift", snippet),
                                         ("calls.swift", Self.callSites(fileName: "saxpy_sample.cl", kernels: kernels))])
        #expect(result.clean, "\(result.output)")
    }

    @Test("two kernels that would get one Swift type name are reported at the second; Swift and SwiftCL are refused")
    func typeNameCollision() {
        let (_, diagnostics) = KernelParser(fileName: "c.cl").parse("kernel void box_avg() {}\nkernel void boxAvg() {}\n")
        #expect(diagnostics.map(\.description)
            == ["c.cl:2:13: error: kernels box_avg (line 1) and boxAvg would both be typed as BoxAvg; rename one"])
        let (_, modules) = KernelParser(fileName: "m.cl").parse("kernel void SwiftCL() {}\n  kernel void Swift() {}\n")
        #expect(modules.map(\.description) == [
            "m.cl:1:13: error: a kernel named SwiftCL would hide the SwiftCL module the generated Swift names; rename it",
            "m.cl:2:15: error: a kernel named Swift would hide the Swift module the generated Swift names; rename it",
        ])
    }

    /// Seeded grammar fuzzing: random kernels with every parameter form the generator accepts and names drawn from
    /// SwiftCL's and Swift's types, keywords and the generated code's own names. `SWIFTCL_FUZZ_INPUTS` sets how many
    /// (300 by default; the closing note reports a 5,000-input run).
    @Test("fuzzed signatures: every file the parser accepts generates Swift that type-checks")
    func fuzzedSignaturesCompile() throws {
        let inputs = Int(ProcessInfo.processInfo.environment["SWIFTCL_FUZZ_INPUTS"] ?? "") ?? 300
        var random = SplitMix(seed: 0xC0DE_5EED)
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        let names = ["a", "x", "in", "out", "cl", "range", "options", "kernel", "self", "Self", "Type", "type", "protocol", "any",
                     "Float", "Int", "String", "Buffer", "buffer", "Image", "image", "Kernel", "context", "program", "source",
                     "Sendable", "swift", "SwiftCL", "default", "func", "let", "var", "class", "struct", "import", "_", "_x",
                     "x_", "x1", "box_avg", "boxAvg", "where", "is", "as", "try", "throws", "async", "await", "some", "inout"]
        let scalars = ["char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double"]
        let widths = ["", "2", "3", "4", "8", "16"]
        func parameter(_ name: String) -> String {
            switch random.next() % 6 {
            case 0: return "global \(pick(["", "const "]))\(pick(scalars + ["half"]))\(pick(widths)) *\(name)"
            case 1: return "constant \(pick(scalars))\(pick(widths)) *\(name)"
            case 2: return "local \(pick(scalars))\(pick(widths)) *\(name)"
            case 3: return "\(pick(["read_only ", "write_only ", ""]))\(pick(["image1d_t", "image2d_t", "image3d_t", "image2d_array_t"])) \(name)"
            case 4: return "sampler_t \(name)"
            default: return "\(pick(scalars))\(pick(widths)) \(name)"
            }
        }
        var accepted: [(String, String)] = [], rejected = 0, duplicates = 0
        func parameterListsRepeatAName(_ source: String) -> Bool {
            source.split(separator: "\n").contains { line in
                guard let kernel = line.range(of: "kernel void "), let open = line[kernel.upperBound...].firstIndex(of: "("),
                      let close = line.lastIndex(of: ")") else { return false }
                let names = line[line.index(after: open)..<close].split(separator: ",").compactMap { $0.split(separator: " ").last?.trimmingPrefix("*") }
                return Set(names.map(String.init)).count != names.count
            }
        }
        for index in 0..<inputs {
            var source = ""
            var kernelNames: Set<String> = []
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let name = pick(names)
                guard kernelNames.insert(name).inserted else { continue }
                var parameterNames: [String] = []
                for _ in 0..<Int(random.next() % 5) {
                    let candidate = pick(names)
                    // Now and then a repeated name: the generator must refuse it at the .cl line, not write Swift with
                    // a redeclared parameter.
                    if !parameterNames.contains(candidate) || random.next() % 8 == 0 { parameterNames.append(candidate) }
                }
                let attribute = random.next() % 4 == 0 ? "__attribute__((reqd_work_group_size(4,1,1))) " : ""
                source += "\(attribute)kernel void \(name)(\(parameterNames.map(parameter).joined(separator: ", "))) { }\n"
            }
            let fileName = "\(pick(["fuzz", "swift", "kernel", "a b", "3d"]))\(index).cl"
            let (kernels, diagnostics) = KernelParser(fileName: fileName).parse(source)
            if parameterListsRepeatAName(source) {
                duplicates += 1
                #expect(diagnostics.contains { $0.severity == .error && $0.message.contains("is declared twice") }, "\(source)")
            }
            if !diagnostics.errors.isEmpty { rejected += 1; continue }
            accepted.append((fileName, SwiftGenerator().generate(fileName: fileName, source: source, kernels: kernels)
                + Self.callSites(fileName: fileName, kernels: kernels, imports: false)))
        }
        #expect(accepted.count > inputs / 2, "most fuzzed inputs are valid: \(accepted.count) of \(inputs), \(rejected) rejected")
        var failures = 0
        for start in stride(from: 0, to: accepted.count, by: 150) {
            let result = try Self.typecheck(Array(accepted[start..<min(start + 150, accepted.count)]))
            if !result.clean {
                failures += 1
                Issue.record("a batch of generated files does not type-check: \(result.output.prefix(3000))")
            }
        }
        print("fuzzed \(inputs) inputs: \(accepted.count) accepted and type-checked in batches, \(rejected) rejected (\(duplicates) with a repeated "
            + "parameter name), \(failures) failing batches")
    }

    /// Swift that calls every kernel of a generated file as a user would: the static function and the bound struct,
    /// with the `.cl` parameter names as labels and an `Int` for every integer value (type-checked, never run).
    static func callSites(fileName: String, kernels: [KernelSignature], imports: Bool = true) -> String {
        let namespace = SwiftGenerator.namespace(for: fileName)
        let names = Set(kernels.map(\.name))
        var text = imports ? "import SwiftCL\n" : "\n"
        text += "private func value\(namespace)<T>() -> T { fatalError() }\n"
        text += "func call\(namespace)(_ cl: ComputeEncoder, _ range: NDRange, _ context: Context) throws {\n"
        for kernel in kernels {
            let arguments = kernel.parameters.map { parameter in
                let label = ["inout", "_"].contains(parameter.name) ? "`\(parameter.name)`" : parameter.name
                return ", \(label): " + (parameter.isIntegerValue ? "Int(7)" : "value\(namespace)()")
            }.joined()
            let typeName = SwiftGenerator.typeName(for: kernel.name, namespace: namespace, kernelNames: names)
            if SwiftGenerator.hasStaticFunction(kernel.name) {
                text += "    try \(namespace).`\(kernel.name)`(cl, range\(arguments))\n"
            }
            text += "    try \(namespace).`\(typeName)`(context: context)(cl, range\(arguments))\n"
        }
        return text + "}\n"
    }

    /// `swiftc -typecheck`'s status and output; `clean` when it passed without a warning.
    struct TypecheckResult {
        let status: Int32
        let output: String
        var clean: Bool { status == 0 && !output.contains("warning:") }
    }

    /// Runs `swiftc -typecheck` on the files against the SwiftCL module this test run built.
    static func typecheck(_ files: [(name: String, swift: String)]) throws -> TypecheckResult {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let modules = try #require(moduleFolder(in: repository.appendingPathComponent(".build")),
                                   "no SwiftCL.swiftmodule under .build (the test target depends on SwiftCL, so one is built)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (index, file) in files.enumerated() {
            let url = folder.appendingPathComponent("generated\(index).swift")
            try file.swift.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let (status, output) = try runProcess(["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path,
                                               "-I", repository.appendingPathComponent("Sources/COpenCL").path] + paths)
        return TypecheckResult(status: status, output: output)
    }

    /// The newest debug `Modules` folder holding `SwiftCL.swiftmodule`.
    static func moduleFolder(in build: URL) -> URL? {
        let manager = FileManager.default
        let candidates = ((try? manager.contentsOfDirectory(at: build, includingPropertiesForKeys: nil)) ?? [])
            .map { $0.appendingPathComponent("debug/Modules") }
            .filter { manager.fileExists(atPath: $0.appendingPathComponent("SwiftCL.swiftmodule").path) }
        return candidates.max { lhs, rhs in
            let date = { (url: URL) in
                (try? manager.attributesOfItem(atPath: url.appendingPathComponent("SwiftCL.swiftmodule").path)[.modificationDate] as? Date)
                    ?? .distantPast
            }
            return date(lhs) < date(rhs)
        }
    }
}
