import SwiftCLGenerator
import SwiftCLTestSupport
import Testing

@Suite("Typed kernels from .cl files")
struct GeneratorTests {
    /// Every mapping row of the generator: declaration → Swift parameter type.
    static let corpus: [(String, String)] = [
        ("global float *p", "Buffer<Float>"),
        ("__global const float *p", "Buffer<Float>"),
        ("constant int *p", "Buffer<Int32>"),
        ("__constant uchar4 *p", "Buffer<SIMD4<UInt8>>"),
        ("global float2 *p", "Buffer<SIMD2<Float>>"),
        ("global float3 *p", "Buffer<SIMD3<Float>>"),
        ("global float8 *p", "Buffer<SIMD8<Float>>"),
        ("global float16 *p", "Buffer<SIMD16<Float>>"),
        ("global int4 *p", "Buffer<SIMD4<Int32>>"),
        ("global double *p", "Buffer<Double>"),
        ("global const half *p", "Buffer<Float16>"),
        ("local half4 *p", "LocalMemory<SIMD4<Float16>>"),
        ("global unsigned int *p", "Buffer<UInt32>"),
        ("global ulong *restrict p", "Buffer<UInt64>"),
        ("local float *p", "LocalMemory<Float>"),
        ("__local int4 *p", "LocalMemory<SIMD4<Int32>>"),
        ("char c", "Int8"), ("uchar c", "UInt8"), ("short c", "Int16"), ("ushort c", "UInt16"),
        ("int c", "Int32"), ("uint c", "UInt32"), ("long c", "Int64"), ("ulong c", "UInt64"),
        ("float c", "Float"), ("double c", "Double"), ("const float c", "Float"),
        ("float4 c", "SIMD4<Float>"), ("int2 c", "SIMD2<Int32>"), ("uchar16 c", "SIMD16<UInt8>"),
        ("read_only image2d_t i", "Image"), ("__write_only image3d_t i", "Image"), ("image2d_array_t i", "Image"),
        ("sampler_t s", "Sampler"),
    ]

    @Test("each parameter declaration maps to its Swift type", arguments: corpus.indices)
    func mapping(index: Int) throws {
        let (declaration, swiftType) = Self.corpus[index]
        let (kernels, diagnostics) = KernelParser(fileName: "t.cl").parse("kernel void k(\(declaration)) {}")
        #expect(diagnostics.isEmpty, "\(declaration): \(diagnostics)")
        #expect(kernels.first?.parameters.first?.swiftType == swiftType, "\(declaration)")
    }

    @Test("what cannot be mapped is reported at its file:line:column")
    func unmappable() {
        let cases: [(String, Int, Int, String)] = [
            ("kernel void k(global MyStruct *s) {}", 1, 22, "cannot map type 'MyStruct'"),
            ("kernel void k(bool flag) {}", 1, 15, "bool is not allowed"),
            ("kernel void k(size_t n) {}", 1, 15, "size_t is not allowed"),
            ("\n\n  kernel void k(float *p) {}", 3, 24, "needs an address space"),
            ("kernel void k(global float **p) {}", 1, 30, "pointer-to-pointer"),
            ("kernel void k(half h) {}", 1, 15, "half is not allowed as a by-value kernel argument"),
            ("kernel int k() {}", 1, 8, "must return void"),
            ("kernel void k(global float p[4]) {}", 1, 29, "array parameters"),
            ("kernel void k(RANGE_TYPE x) {}", 1, 15, "cannot map type 'RANGE_TYPE'"),
            ("kernel void k(global float *p) {}\nkernel void k(global int *q) {}", 2, 13, "declared twice"),
            ("__attribute__((reqd_work_group_size(8, 0, 1))) kernel void k() {}", 1, 16, "three positive integers"),
        ]
        for (source, line, column, message) in cases {
            let (_, diagnostics) = KernelParser(fileName: "bad.cl").parse(source)
            let first = diagnostics.first
            #expect(first?.line == line && first?.column == column && first?.message.contains(message) == true,
                    "\(source) → \(diagnostics.map(\.description))")
            #expect(first?.description.hasPrefix("bad.cl:\(line):\(column): error: ") == true)
        }
    }

    @Test("spellings, comments, helpers, #defines, attributes and several kernels in one file")
    func wholeFile() {
        let source = """
        #define N 4 /* a macro */
        // kernel void commented_out(global float *p) {}
        /* kernel void also_commented(int x) {} */
        inline float helper(float x) { return x * 2.0f; }
        __kernel void a(__global float *p) { p[0] = helper(1.0f); }
        __attribute__((reqd_work_group_size(16, 2, 1)))
        kernel void
            b(global const int4 *in,   // a comment inside
              /* another */ local float *scratch, uint n) { }
        kernel __attribute__((reqd_work_group_size(4,1,1))) void c(void) { }
        """
        let (kernels, diagnostics) = KernelParser(fileName: "f.cl").parse(source)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(kernels.map(\.name) == ["a", "b", "c"])
        #expect(kernels[1].requiredWorkGroupSize == [16, 2, 1] && kernels[2].requiredWorkGroupSize == [4, 1, 1])
        #expect(kernels[0].requiredWorkGroupSize == nil)
        #expect(kernels[1].parameters.map(\.swiftType) == ["Buffer<SIMD4<Int32>>", "LocalMemory<Float>", "UInt32"])
        #expect(kernels[1].parameters[0].isReadOnly && !kernels[1].parameters[1].isReadOnly)
        #expect(kernels[1].line == 8 && kernels[1].column == 5)
        #expect(kernels[2].parameters.isEmpty)
    }

    @Test("the generated Swift for a small file (golden)")
    func golden() {
        let source = "// swiftcl-options: -D K=2\nkernel void scale(global float *in, float k) { in[get_global_id(0)] *= k; }\n"
        let (kernels, _) = KernelParser(fileName: "my-scale.cl").parse(source)
        let generated = SwiftGenerator().generate(fileName: "my-scale.cl", source: source, kernels: kernels)
        #expect(SwiftGenerator.namespace(for: "my-scale.cl") == "MyScaleCL" && SwiftGenerator.namespace(for: "3d.cl") == "K3dCL")
        let expectedLines = [
            "public enum MyScaleCL {",
            "    public static let source = SwiftCL.ProgramSource(name: \"my-scale.cl\", text: sourceLines.joined(separator: \"\\n\"))",
            "        \"// swiftcl-options: -D K=2\",",
            "        \"kernel void scale(global float *in, float k) { in[get_global_id(0)] *= k; }\",",
            "        \"\",",
            "        options.raw = [\"-D\", \"K=2\"]",
            "    /// `kernel void scale(global float *in, float k)` (my-scale.cl:2:13), bound to a context.",
            "    public struct `Scale`: Swift.Sendable {",
            "            kernel = try `MyScaleCL`.program(in: context, options: options).sharedKernel(named: \"scale\")",
            "        public func callAsFunction(",
            "            _ cl: SwiftCL.ComputeEncoder, _ range: SwiftCL.NDRange, `in`: SwiftCL.Buffer<Swift.Float>, `k`: Swift.Float",
            "            try cl.launch(self.kernel, range, `in`, `k`)",
            "    public static func `scale`(",
            "        _ cl: SwiftCL.ComputeEncoder, _ range: SwiftCL.NDRange, `in`: SwiftCL.Buffer<Swift.Float>, `k`: Swift.Float, options: SwiftCL.BuildOptions? = nil",
            "        try `MyScaleCL`.`Scale`(context: cl.context, options: options)(cl, range, in: `in`, k: `k`)",
            "    public static let kernelNames: [Swift.String] = [\"scale\"]",
        ]
        for line in expectedLines {
            #expect(generated.contains(line + "\n"), "generated code has: \(line)")
        }
    }

    @Test("random and mutated inputs never crash the parser and always yield kernels or diagnostics")
    func fuzz() {
        var generator = SplitMix(seed: 0x5EED)
        let seeds = [
            "kernel void k(global float *p, int n) { p[0] = n; }",
            "__attribute__((reqd_work_group_size(8,1,1))) __kernel void k(__local float4 *s, read_only image2d_t i, sampler_t t) {}",
            "/* c */ kernel void a(void) {} // x\n#define X 1\nkernel void b(constant uchar16 *p) {}",
        ]
        let alphabet = Array("kernel void global local constant const float int4 uint * ( ) , { } ; / * # \n __attribute__ (( reqd_work_group_size 8 x y z _ 0 9 \" \\ é".unicodeScalars)
        let iterations = 20_000
        var withKernels = 0
        for iteration in 0..<iterations {
            var text = Array(seeds[iteration % seeds.count].unicodeScalars)
            for _ in 0..<(1 + Int(generator.next() % 6)) {
                let position = text.isEmpty ? 0 : Int(generator.next() % UInt64(text.count + 1))
                switch generator.next() % 3 {
                case 0 where !text.isEmpty && position < text.count: text.remove(at: position)
                case 1: text.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
                default:
                    if !text.isEmpty, position < text.count { text[position] = alphabet[Int(generator.next() % UInt64(alphabet.count))] }
                }
            }
            if iteration % 10 == 9 {
                text = (0..<Int(generator.next() % 80)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            }
            var source = ""
            source.unicodeScalars.append(contentsOf: text)
            let (kernels, diagnostics) = KernelParser(fileName: "fuzz.cl").parse(source)
            if !kernels.isEmpty { withKernels += 1 }
            for diagnostic in diagnostics {
                #expect(diagnostic.line >= 1 && diagnostic.column >= 1)
            }
            if diagnostics.isEmpty {
                _ = SwiftGenerator().generate(fileName: "fuzz.cl", source: source, kernels: kernels)
            }
        }
        #expect(withKernels > iterations / 10, "mutations keep many inputs valid: \(withKernels) of \(iterations)")
    }
}

@Suite("Launch requirements in .cl files")
struct LaunchRequirementGeneratorTests {
    @Test("requirements attach to the next kernel and generate checks; bad ones are reported at their line")
    func requirements() {
        let source = """
            #define TILE 4
            // swiftcl-requires: input.count >= global.x * TILE
            // swiftcl-requires: (n + 1) / 2 <= output.count
            kernel void k(global const float *input, global float *output, int n) { }
            // swiftcl-requires: scale.count >= 1
            kernel void bad(float scale, global float *out) { }
            // swiftcl-requires: out.count >= UNDEFINED
            kernel void unknownMacro(global float *out) { }
            // swiftcl-requires: out.count >= global.w
            kernel void badAxis(global float *out) { }
            // swiftcl-requires: out.count global.x
            kernel void noComparison(global float *out) { }
            // swiftcl-requires: out.count >= 1
            int helper(void) { return 0; }
            """
        let (kernels, diagnostics) = KernelParser(fileName: "req.cl").parse(source)
        let k = kernels.first { $0.name == "k" }
        #expect(k?.requirements.map(\.text) == ["input.count >= global.x * TILE", "(n + 1) / 2 <= output.count"])
        #expect(diagnostics.map(\.line).sorted() == [5, 7, 9, 11, 13], "\(diagnostics)")
        #expect(diagnostics.contains { $0.line == 5 && $0.message.contains("scale") })
        #expect(diagnostics.contains { $0.line == 13 && $0.message.contains("directly above a kernel") })
        let valid = source.split(separator: "\n").prefix(4).joined(separator: "\n")
        let swift = SwiftGenerator().generate(fileName: "req.cl", source: valid, kernels: KernelParser(fileName: "req.cl").parse(valid).kernels)
        #expect(swift.contains("SwiftCL.LaunchRequirement.check("))
        #expect(swift.contains("SwiftCL.LaunchQuantity.macro(\"TILE\""))
    }
}

@Suite("Generator: inputs it cannot type are named, never skipped")
struct GeneratorSilentGapTests {
    @Test("a repeated parameter name is an error at the second one")
    func duplicateParameter() {
        let (kernels, diagnostics) = KernelParser(fileName: "d.cl").parse("kernel void k(sampler_t sampler,\n  global float *sampler) { }\n")
        #expect(kernels.isEmpty)
        #expect(diagnostics.map(\.description) == ["d.cl:2:17: error: parameter sampler of kernel k is declared twice (first at 1:25)"])
    }

    @Test("kernels under conditions on compiler-predefined macros are named in warnings, not typed")
    func predefinedMacros() {
        let source = """
        #ifdef cl_khr_fp64
        kernel void wide(global double *a) { }
        #else
        kernel void narrow(global float *a) { }
        #endif
        #if __OPENCL_VERSION__ >= 120
        kernel void modern(global float *a) { }
        #endif
        #if 0
        kernel void dead(global float *a) { }
        #endif
        kernel void plain(global float *a) { }
        """
        let (kernels, diagnostics) = KernelParser(fileName: "p.cl").parse(source)
        #expect(kernels.map(\.name) == ["plain"])
        #expect(diagnostics.errors.isEmpty)
        #expect(diagnostics.map(\.description) == [
            "p.cl:4:13: warning: kernel narrow is not typed: `#ifdef cl_khr_fp64` (line 1) depends on cl_khr_fp64, "
                + "which the compiler defines or not per device; launch it by name (program.kernel(named: \"narrow\"))",
            "p.cl:2:13: warning: kernel wide is not typed: `#ifdef cl_khr_fp64` (line 1) depends on cl_khr_fp64, "
                + "which the compiler defines or not per device; launch it by name (program.kernel(named: \"wide\"))",
            "p.cl:7:13: warning: kernel modern is not typed: `#if __OPENCL_VERSION__ >= 120` (line 6) depends on "
                + "__OPENCL_VERSION__, which the compiler defines or not per device; launch it by name (program.kernel(named: \"modern\"))",
        ])
        #expect(diagnostics.explainsUntyped("wide") && !diagnostics.explainsUntyped("dead"))
    }

    @Test("kernels declared through a macro, line splices, form feeds and `void kernel` are handled")
    func unusualForms() {
        let (kernels, diagnostics) = KernelParser(fileName: "u.cl").parse("""
        #define MAKE(n) kernel void n(global float *p) { }
        MAKE(made)
        // a comment that goes on \\
        kernel void commented(global float *a) { }
        void kernel reordered(global float *a) { }
        kernel\u{0C}void fed(global float *a) { }
        kernel void spli\\
        ced(global float *a) { }
        kernel void subscript() { }
        """)
        #expect(kernels.map(\.name) == ["reordered", "fed", "spliced", "subscript"])
        #expect(diagnostics.map(\.description) == [
            "u.cl:2:1: warning: the kernel that macro MAKE declares here is not typed: the generator does not expand macros; "
                + "launch it by name (program.kernel(named:))",
        ])
    }
}
