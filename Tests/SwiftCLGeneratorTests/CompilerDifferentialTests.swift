import Foundation
import SwiftCL
import SwiftCLGenerator
import SwiftCLTestSupport
import Testing

/// The generator against the real OpenCL compiler, on seeded inputs built to trip a hand-written signature reader
/// (blanks of every kind, comments in odd places, line splices, compiler-predefined macros, kernels made by macros,
/// qualifiers in unusual orders). For every input the compiler builds, each kernel it built is either typed (with the
/// same parameter count) or named in a generator diagnostic, and no typed kernel is missing from the build: nothing is
/// skipped silently. `SWIFTCL_DIFF_FUZZ_INPUTS` sets how many inputs (200 by default).
@Suite("Generator against the compiler")
struct CompilerDifferentialTests {
    static let shippedImageFilter: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("Kernels/box_image.cl"), encoding: .utf8)) ?? ""
    }()

    /// One seeded input: a copy of a shipped kernel with a blank or comment spliced in at a random place, or a file
    /// of small kernels in unusual forms.
    static func input(_ random: inout SplitMix) -> String {
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        if random.next() % 3 == 0 {
            var text = Array(shippedImageFilter.unicodeScalars)
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let blanks = text.indices.filter { text[$0] == " " || text[$0] == "\n" }
                guard !blanks.isEmpty else { break }
                let at = blanks[Int(random.next() % UInt64(blanks.count))]
                let insert = pick(["\t", " \t ", "/*\t*/", "/* a\tb */", "\t// c\t\n", "\u{0C}", "\u{0B}", "\\\n", "/* x\n y */",
                                   "// note \\\n", "\r\n", "\t\t"])
                text.insert(contentsOf: insert.unicodeScalars, at: at)
            }
            var result = ""
            result.unicodeScalars.append(contentsOf: text)
            return result
        }
        let names = ["subscript", "k", "init", "deinit", "self", "Type", "sq", "box", "kernel_a", "_", "any", "some", "inout"]
        var source = ""
        var used: Set<String> = []
        for _ in 0..<(1 + Int(random.next() % 3)) {
            let name = pick(names)
            guard used.insert(name).inserted else { continue }
            let parameters = pick(["", "void", "global float *a", "global float *a, int n", "global float\t*a,\tint\tn",
                                   "global float *a /* comment, with comma */, uint n", "global const float *restrict a, global float *b"])
            let body = pick(["{ }", "{}", "{ /* } */ }", "{ // }\n}"])
            let declaration: String = switch random.next() % 10 {
            case 0: "__kernel void \(name)(\(parameters)) \(body)"
            case 1: "kernel\tvoid\t\(name)\t(\(parameters))\(body)"
            case 2: "kernel __attribute__((reqd_work_group_size(1, 1, 1))) void \(name)(\(parameters)) \(body)"
            case 3: "__attribute__((reqd_work_group_size(1,1,1)))\nkernel void \(name)(\(parameters)) \(body)"
            case 4: "kernel /* c */ void /* d */ \(name) /* e */ (\(parameters)) \(body)"
            case 5: "kernel void\n\(name)\n(\n\(parameters)\n)\n\(body)"
            case 6: "void kernel \(name)(\(parameters)) \(body)"
            case 7: "kernel void \(name)(\(parameters)) \(body) // trailing\t\\"
            case 8: "kernel void \u{0C}\(name)(\(parameters)) \(body)"
            default: "kernel void \(name)(\(parameters)) \(body)"
            }
            let wrapped: String = switch random.next() % 12 {
            case 0: "#ifdef __OPENCL_VERSION__\n\(declaration)\n#endif"
            case 1: "#if __OPENCL_C_VERSION__ >= 120\n\(declaration)\n#endif"
            case 2: "#ifndef __IMAGE_SUPPORT__\n#else\n\(declaration)\n#endif"
            case 3: "#if defined(cl_khr_fp64) || defined(__ENDIAN_LITTLE__)\n\(declaration)\n#endif"
            case 4: "#define MAKE(n) kernel void n(global float *p) { }\nMAKE(made_\(name))\n\(declaration)"
            case 5: "#if 0\nkernel void dead_\(name)() { }\n#else\n\(declaration)\n#endif"
            case 6: "// comment \\\nkernel void spliced_\(name)() { }\n\(declaration)"
            default: declaration
            }
            source += wrapped + "\n"
        }
        return source
    }

    @Test("every kernel the compiler builds is typed or named in a diagnostic; no typed kernel is missing", arguments: TestDevices.all.prefix(1))
    func compilerAgreement(device: Device) throws {
        let inputs = Int(ProcessInfo.processInfo.environment["SWIFTCL_DIFF_FUZZ_INPUTS"] ?? "") ?? 200
        var random = SplitMix(seed: 0xD1FF_5EED)
        let context = try Context(devices: [device])
        var built = 0, refusedByCompiler = 0, diagnosed = 0, warned = 0, refusals: [String: Int] = [:], silent: [String] = []
        for index in 0..<inputs {
            let source = Self.input(&random)
            let fileName = "diff\(index).cl"
            let (kernels, diagnostics) = KernelParser(fileName: fileName).parse(source)
            var options = BuildOptions()
            options.raw = SwiftGenerator.declaredOptions(in: source)
            let program: Program
            do {
                program = try Program(context: context, source: source, name: fileName, options: options)
            } catch is BuildError {
                refusedByCompiler += 1
                continue
            }
            built += 1
            // A file with an error generates nothing (the build fails loudly); otherwise every compiled kernel is typed
            // with its parameter count or explained by a warning, and every typed kernel was compiled.
            if !diagnostics.errors.isEmpty {
                diagnosed += 1
                refusals[diagnostics.errors[0].message.prefix { $0 != ":" && $0 != "(" }.description, default: 0] += 1
                continue
            }
            if !diagnostics.isEmpty { warned += 1 }
            // The same cross-check swiftcl-kernelgen runs at build time when a device is present.
            let compiled = try program.kernelNames.map { name in
                CompiledKernelCheck.Compiled(name: name, argumentCount: try program.kernel(named: name).argumentCount)
            }
            let mismatches = CompiledKernelCheck.mismatches(typed: kernels, compiled: compiled, fileName: fileName,
                                                            device: device.name, warnings: diagnostics)
            if !mismatches.isEmpty {
                silent.append("\(mismatches.joined(separator: "\n"))\n\(source)\n\(diagnostics)")
            }
        }
        print("compiler differential: \(inputs) inputs, \(built) built (\(diagnosed) refused by the generator with an error, \(warned) generated with warnings), "
            + "\(refusedByCompiler) refused by the compiler, \(silent.count) silent mismatches")
        print("generator errors on files the compiler built: \(refusals.sorted { $0.value > $1.value })")
        #expect(built > inputs / 3, "most inputs build")
        #expect(silent.isEmpty, "\(silent.prefix(5).joined(separator: "\n---\n"))")
    }
}
