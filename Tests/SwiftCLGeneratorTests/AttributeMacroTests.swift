@testable import SwiftCLGenerator
import Testing

/// `reqd_work_group_size` arguments written with macros, as OpenCL C allows: evaluated with the macros defined where
/// the attribute stands and the build's `-D`s; what the generator cannot evaluate is a warning, never a failed build.
@Suite("Macros in kernel attributes")
struct AttributeMacroTests {
    static func required(_ source: String, extraOptions: [String] = []) -> (size: [Int]?, diagnostics: [GeneratorDiagnostic]) {
        let (kernels, diagnostics) = KernelParser(fileName: "a.cl").parse(source, extraOptions: extraOptions)
        return (kernels.first?.requiredWorkGroupSize, diagnostics)
    }

    static let tiled = "__attribute__((reqd_work_group_size(TILE, TILE, 1)))\nkernel void k(global float *p) {}\n"

    @Test("macros from the file, from // swiftcl-options: -D, from the caller's -D; arithmetic over them")
    func evaluated() {
        #expect(Self.required("#define TILE 16\n" + Self.tiled).size == [16, 16, 1])
        #expect(Self.required("// swiftcl-options: -D TILE=8\n" + Self.tiled).size == [8, 8, 1])
        #expect(Self.required(Self.tiled, extraOptions: ["-DTILE=4"]).size == [4, 4, 1])
        #expect(Self.required("#define TILE 8\n#define ROWS (TILE / 2)\n"
            + "__attribute__((reqd_work_group_size(TILE * 2, ROWS + 1, (1))))\nkernel void k() {}\n").size == [16, 5, 1])
        #expect(Self.required("__attribute__((reqd_work_group_size(64u, 1, 1))) kernel void k() {}").size == [64, 1, 1])
        // The value where the attribute stands, not a later redefinition.
        #expect(Self.required("#define TILE 16\n" + Self.tiled + "#undef TILE\n#define TILE 2\n").size == [16, 16, 1])
        #expect(Self.required("#define TILE 16\n" + Self.tiled).diagnostics.isEmpty)
    }

    @Test("a macro the generator does not see is a warning at the argument, the size unknown, the kernel still typed")
    func unknownIsAWarning() {
        let (size, diagnostics) = Self.required(Self.tiled)
        #expect(size == nil)
        #expect(diagnostics.count == 1 && diagnostics.allSatisfy { $0.severity == .warning }, "\(diagnostics)")
        #expect(diagnostics.first?.description.hasPrefix("a.cl:1:37: warning: reqd_work_group_size(TILE, TILE, 1)") == true,
                "\(diagnostics)")
        #expect(diagnostics.first?.message.contains("TILE is not defined here") == true)
        #expect(KernelParser(fileName: "a.cl").parse(Self.tiled).kernels.map(\.name) == ["k"])
    }

    @Test("values that are not three positive integers stay errors", arguments: [
        "#define Z 0\n__attribute__((reqd_work_group_size(8, Z, 1))) kernel void k() {}",
        "__attribute__((reqd_work_group_size(8, 1 - 2, 1))) kernel void k() {}",
        "__attribute__((reqd_work_group_size(8, 1))) kernel void k() {}",
        "__attribute__((reqd_work_group_size(8, , 1))) kernel void k() {}",
        "__attribute__((reqd_work_group_size(8, 16 / 0, 1))) kernel void k() {}",
    ])
    func refused(source: String) {
        let (size, diagnostics) = Self.required(source)
        #expect(size == nil)
        #expect(diagnostics.contains { $0.message.contains("reqd_work_group_size") }, "\(diagnostics)")
        if !source.contains("16 / 0") {
            #expect(diagnostics.contains { $0.severity == .error }, "\(source) → \(diagnostics)")
        }
    }

    @Test("#if conditions take integer arithmetic too")
    func conditionArithmetic() {
        let source = "#define TILE 16\n#if TILE * 2 == 32 && -TILE < 0 && TILE % 5 == 1\nkernel void yes() {}\n#else\nkernel void no() {}\n#endif\n"
        #expect(KernelParser(fileName: "c.cl").parse(source).kernels.map(\.name) == ["yes"])
    }
}
