@testable import SwiftCLGenerator
import Testing

@Suite("Preprocessor conditions and the compiled-kernel cross-check")
struct ConditionalDirectivesTests {
    static func kernelNames(_ source: String) -> [String] {
        KernelParser(fileName: "p.cl").parse(source).kernels.map(\.name)
    }

    @Test("kernels in #if branches the compiler skips are not typed")
    func skippedBranches() {
        #expect(Self.kernelNames("#if 0\nkernel void hidden() {}\n#endif\nkernel void shown() {}\n") == ["shown"])
        #expect(Self.kernelNames("#if 1\nkernel void a() {}\n#else\nkernel void b() {}\n#endif\n") == ["a"])
        #expect(Self.kernelNames("#ifdef FAST\nkernel void fast() {}\n#else\nkernel void slow() {}\n#endif\n") == ["slow"])
        #expect(Self.kernelNames("// swiftcl-options: -D FAST\n#ifdef FAST\nkernel void fast() {}\n#else\nkernel void slow() {}\n#endif\n")
            == ["fast"])
        #expect(Self.kernelNames("#ifndef FAST\nkernel void slow() {}\n#endif\n") == ["slow"])
        let chain = "#if RANGE == 2\nkernel void two() {}\n#elif RANGE == 3\nkernel void three() {}\n#else\nkernel void other() {}\n#endif\n"
        #expect(Self.kernelNames("// swiftcl-options: -D RANGE=3\n" + chain) == ["three"])
        #expect(Self.kernelNames("// swiftcl-options: -DRANGE=2\n" + chain) == ["two"])
        #expect(Self.kernelNames(chain) == ["other"])
        #expect(Self.kernelNames("#define MODE 2\n#if MODE > 1 && defined(MODE) && !defined NOPE\nkernel void on() {}\n#endif\n") == ["on"])
        #expect(Self.kernelNames("#define MODE 1\n#undef MODE\n#if defined(MODE) || (MODE != 0)\nkernel void off() {}\n#endif\nkernel void k() {}\n")
            == ["k"])
        #expect(Self.kernelNames("#if 0\n#if 1\nkernel void inner() {}\n#endif\n#else\nkernel void outer() {}\n#endif\n") == ["outer"])
        #expect(Self.kernelNames("#if 0 /* x */ \\\n  || 0\nkernel void continued() {}\n#endif\nkernel void after() {}\n") == ["after"])
        // The same continuation with CRLF line ends (one splice rule for directives, names and comments).
        #expect(Self.kernelNames("#if 0 \\\r\n  || 0\r\nkernel void continued() {}\r\n#endif\r\nkernel void after() {}\r\n") == ["after"])
        // A condition it cannot evaluate leaves the kernel untyped, named in a warning (the compiler may go either way).
        #expect(Self.kernelNames("#if FOO(1)\nkernel void maybe() {}\n#endif\n") == [])
        let (_, warnings) = KernelParser(fileName: "c.cl").parse("#if FOO(1)\nkernel void maybe() {}\n#endif\n")
        #expect(warnings.map(\.description) == ["c.cl:2:13: warning: kernel maybe is not typed: `#if FOO(1)` (line 1) "
            + "cannot be evaluated by the generator; launch it by name (program.kernel(named: \"maybe\"))"])
    }

    @Test("the cross-check reports typed kernels the compiler did not build, and the reverse")
    func crossCheck() {
        let typed = KernelParser(fileName: "x.cl").parse("kernel void a(int x) {}\n kernel void b() {}\n").kernels
        #expect(CompiledKernelCheck.mismatches(typed: typed, compiled: [.init(name: "a", argumentCount: 1), .init(name: "b", argumentCount: 0)],
                                               fileName: "x.cl", device: "cpu").isEmpty)
        #expect(CompiledKernelCheck.mismatches(typed: typed, compiled: [.init(name: "a", argumentCount: 2), .init(name: "c", argumentCount: 0)],
                                               fileName: "x.cl", device: "cpu") == [
            "x.cl:1:13: error: kernel a is typed with 1 parameters but cpu built it with 2 (a macro in its signature?)",
            "x.cl:2:14: error: kernel b is typed but cpu did not build it (excluded by #if or the file's -D options?)",
            "x.cl:1:1: error: cpu built kernel c, which the generator did not find (declared through a macro?); it would have no typed function",
        ])
    }
}
