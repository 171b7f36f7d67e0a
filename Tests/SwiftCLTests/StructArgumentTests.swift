import OpenCLSource
@testable import SwiftCL
import SwiftCLTestSupport
import Testing

/// By-value struct arguments must have the struct's size by OpenCL C's layout rules: PoCL accepts any size for a
/// struct, so 4 bytes for an 8-byte struct used to bind silently and the kernel read past the value.
@Suite("By-value struct arguments")
struct StructArgumentTests {
    static let source = """
        typedef struct { float x; int y; } Pair;          // 8 bytes
        struct Mixed { char c; double d; short s; };      // 1 + 7 pad + 8 + 2 + 6 pad = 24
        typedef struct Mixed MixedAlias;
        struct Vectors { float3 v; char tail[3]; };       // float3 takes 16, aligned 16 → 32
        kernel void pair(Pair p, global float *out) { out[0] = p.x + (float)p.y; }
        kernel void mixed(struct Mixed m, global double *out) { out[0] = m.d + (double)m.c + (double)m.s; }
        kernel void aliased(MixedAlias m, global double *out) { out[0] = m.d; }
        kernel void vectors(struct Vectors v, global float *out) { out[0] = v.v.z + (float)v.tail[2]; }
        """

    struct Pair: BitwiseCopyable { var x: Float; var y: Int32 }
    struct Mixed: BitwiseCopyable { var c: Int8; var d: Double; var s: Int16 }
    struct Wrong16: BitwiseCopyable { var a: Int64; var b: Int64 }

    @Test("layouts follow OpenCL C's rules (padding, 3-vectors, arrays, typedefs); unknown members give no size")
    func layouts() {
        let sizes = StructLayouts.layouts(in: KernelDeclarations.tokenize(Self.source + """

            struct Packed { char a; int b; } __attribute__((packed));
            struct WithMacro { WIDTH_T w; };
            struct Nested { struct Mixed inner; char last; };
            """, definitions: [:]).map(\.text)).mapValues(\.size)
        #expect(sizes["Pair"] == 8)
        #expect(sizes["struct Mixed"] == 24 && sizes["MixedAlias"] == 24)
        #expect(sizes["struct Vectors"] == 32)
        #expect(sizes["struct Nested"] == 32)
        #expect(sizes["struct WithMacro"] == nil)
        // Swift lays the same members out alike: 18 bytes of data, stride 24 (value(_:) and unchecked(_:) pad to it).
        #expect(MemoryLayout<Mixed>.size == 18 && MemoryLayout<Mixed>.stride == 24)
    }

    @Test("a value of the wrong size is refused naming both sizes; the right size computes",
          arguments: TestDevices.all, [false, true])
    func sizes(device: Device, argumentInfo: Bool) throws {
        let queue = try makeQueue(device)
        var options = BuildOptions()
        options.kernelArgumentInfo = argumentInfo
        let program = try queue.context.program(source: Self.source, name: "structs.cl", options: options)
        let out = try Buffer<Float>(count: 1, context: queue.context)
        let doubles = try Buffer<Double>(count: 1, context: queue.context)
        let refusals: [(String, () throws -> Void)] = [
            ("4 bytes for Pair", { try queue.sync { cl in try cl.launch(program.kernel(named: "pair"), NDRange(1), KernelArgumentValue.unchecked(Float(1)), out) } }),
            ("16 bytes for Pair", { try queue.sync { cl in try cl.launch(program.kernel(named: "pair"), NDRange(1), KernelArgumentValue.unchecked(SIMD4<Float>()), out) } }),
            ("16 bytes for struct Mixed", {
                try queue.sync { cl in try cl.launch(program.kernel(named: "mixed"), NDRange(1), KernelArgumentValue.unchecked(Wrong16(a: 0, b: 0)), doubles) }
            }),
            ("8 bytes for MixedAlias", { try queue.sync { cl in try cl.launch(program.kernel(named: "aliased"), NDRange(1), KernelArgumentValue.unchecked(Double(1)), doubles) } }),
            ("16 bytes for struct Vectors", {
                try queue.sync { cl in try cl.launch(program.kernel(named: "vectors"), NDRange(1), KernelArgumentValue.unchecked(SIMD4<Float>()), out) }
            }),
        ]
        for (name, attempt) in refusals {
            let error = thrownError(attempt)
            guard let refusal = error as? SwiftCLError, refusal.code == .argumentType else {
                Issue.record("\(name): expected a typed refusal, got \(String(describing: error))")
                continue
            }
            // "expected <n bytes …>, given <m bytes …>": both sides name their sizes.
            let sides = refusal.description.split(separator: ": expected ", maxSplits: 1).last?.split(separator: ", given ") ?? []
            #expect(sides.count == 2 && sides.allSatisfy { $0.contains("bytes") }, "\(name): \(refusal)")
        }
        let (sum, mixed) = try queue.sync { cl in
            try cl.launch(program.kernel(named: "pair"), NDRange(1), KernelArgumentValue.unchecked(Pair(x: 1.5, y: 2)), out)
            try cl.launch(program.kernel(named: "mixed"), NDRange(1), KernelArgumentValue.unchecked(Mixed(c: 3, d: 0.25, s: -7)), doubles)
            return (try cl.read(out), try cl.read(doubles))
        }
        #expect(sum == [3.5] && mixed == [-3.75])
    }
}
