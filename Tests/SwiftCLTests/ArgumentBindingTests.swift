import SwiftCL
import SwiftCLTestSupport
import Testing

/// One row of the binding table in the DocC article "Kernel arguments": a parameter declaration, an
/// argument, and whether a launch accepts it.
struct BindingCase: Sendable, CustomTestStringConvertible {
    let declaration: String
    let argumentName: String
    let accepted: Bool
    let make: @Sendable (Context) throws -> any KernelArgument

    init(_ declaration: String, _ argumentName: String, _ accepted: Bool, _ make: @escaping @Sendable (Context) throws -> any KernelArgument) {
        self.declaration = declaration
        self.argumentName = argumentName
        self.accepted = accepted
        self.make = make
    }

    var testDescription: String { "\(declaration) ← \(argumentName): \(accepted ? "accepted" : "refused")" }

    static let table: [BindingCase] = [
        // Pointers: the element shares the pointee's scalar (kind and size), any vector width, either signedness.
        BindingCase("global float *p", "Buffer<Float>", true) { try Buffer<Float>(count: 4, context: $0) },
        BindingCase("global ulong *p", "Buffer<SIMD4<UInt64>>", true) { try Buffer<SIMD4<UInt64>>(count: 2, context: $0) },
        BindingCase("global float2 *p", "Buffer<Float> (8)", true) { try Buffer<Float>(count: 8, context: $0) },
        BindingCase("global float4 *p", "Buffer<SIMD2<Float>>", true) { try Buffer<SIMD2<Float>>(count: 4, context: $0) },
        BindingCase("global uint *p", "Buffer<Int32>", true) { try Buffer<Int32>(count: 4, context: $0) },
        BindingCase("global int *p", "Buffer<UInt32>", true) { try Buffer<UInt32>(count: 4, context: $0) },
        BindingCase("global long *p", "Buffer<UInt64>", true) { try Buffer<UInt64>(count: 4, context: $0) },
        BindingCase("global const uchar *p", "Buffer<Int8>", true) { try Buffer<Int8>(count: 4, context: $0) },
        BindingCase("global half *p", "Buffer<Float16>", true) { try Buffer<Float16>(count: 4, context: $0) },
        BindingCase("constant int *p", "Buffer<UInt32>", true) { try Buffer<UInt32>(count: 4, context: $0) },
        BindingCase("global int *p", "Buffer<Float>", false) { try Buffer<Float>(count: 4, context: $0) },
        BindingCase("global float *p", "Buffer<Int32>", false) { try Buffer<Int32>(count: 4, context: $0) },
        BindingCase("global int *p", "Buffer<Int16>", false) { try Buffer<Int16>(count: 8, context: $0) },
        BindingCase("global long *p", "Buffer<Double>", false) { try Buffer<Double>(count: 4, context: $0) },
        BindingCase("global int2 *p", "Buffer<Float16>", false) { try Buffer<Float16>(count: 8, context: $0) },
        BindingCase("global int2 *p", "Buffer<Int32> (1)", false) { try Buffer<Int32>(count: 1, context: $0) },
        BindingCase("global float4 *p", "Buffer<Float> (3)", false) { try Buffer<Float>(count: 3, context: $0) },
        // The explicit escape for other data, and NULL pointers.
        BindingCase("global int *p", "Buffer<Float>.reinterpreted(as: Int32)", true) {
            try Buffer<Float>(count: 4, context: $0).reinterpreted(as: Int32.self)
        },
        BindingCase("global float *p", "nil Buffer<Float>?", true) { _ in Buffer<Float>?.none },
        BindingCase("constant float *p", "KernelArgumentValue.null", true) { _ in KernelArgumentValue.null },
        BindingCase("local float *p", "KernelArgumentValue.null", false) { _ in KernelArgumentValue.null },
        BindingCase("int p", "nil Int32?", false) { _ in Int32?.none },
        BindingCase("global float *p", "Int32(1)", false) { _ in Int32(1) },
        // Local memory follows the pointer rule.
        BindingCase("local int *p", "LocalMemory<UInt32>", true) { _ in LocalMemory<UInt32>(count: 4) },
        BindingCase("local float4 *p", "LocalMemory<Float>", true) { _ in LocalMemory<Float>(count: 8) },
        BindingCase("local float *p", "LocalMemory<Int32>", false) { _ in LocalMemory<Int32>(count: 4) },
        BindingCase("local int4 *p", "LocalMemory<Int32> (2)", false) { _ in LocalMemory<Int32>(count: 2) },
        // By value: the same size and lanes, the same scalar kind, either signedness.
        BindingCase("int p", "Int32", true) { _ in Int32(1) },
        BindingCase("int p", "UInt32", true) { _ in UInt32(1) },
        BindingCase("uint p", "Int32", true) { _ in Int32(-1) },
        BindingCase("ulong p", "Int64", true) { _ in Int64(1) },
        BindingCase("int4 p", "SIMD4<UInt32>", true) { _ in SIMD4<UInt32>(1, 2, 3, 4) },
        BindingCase("float3 p", "SIMD3<Float>", true) { _ in SIMD3<Float>(1, 2, 3) },
        BindingCase("int p", "Float", false) { _ in Float(1) },
        BindingCase("float p", "Int32", false) { _ in Int32(1) },
        BindingCase("long p", "Int32", false) { _ in Int32(1) },
        BindingCase("int p", "Int16", false) { _ in Int16(1) },
        BindingCase("int4 p", "SIMD3<Int32>", false) { _ in SIMD3<Int32>(1, 2, 3) },
        BindingCase("int2 p", "Int64", false) { _ in Int64(1) },
        BindingCase("int p", "KernelArgumentValue.unchecked(Float)", true) { _ in KernelArgumentValue.unchecked(Float(1)) },
        BindingCase("int p", "KernelArgumentValue.unchecked(Int16)", false) { _ in KernelArgumentValue.unchecked(Int16(1)) },
        // Int converts, checked, to the parameter's integer type.
        BindingCase("int p", "Int 5", true) { _ in 5 },
        BindingCase("uchar p", "Int 255", true) { _ in 255 },
        BindingCase("ulong p", "Int.max", true) { _ in Int.max },
        BindingCase("char p", "Int -128", true) { _ in -128 },
        BindingCase("uchar p", "Int 256", false) { _ in 256 },
        BindingCase("uint p", "Int -1", false) { _ in -1 },
        BindingCase("ulong p", "Int -1", false) { _ in -1 },
        BindingCase("int p", "Int 2^31", false) { _ in 1 << 31 },
        BindingCase("float p", "Int 1", false) { _ in 1 },
        BindingCase("global int *p", "Int 1", false) { _ in 1 },
        // KernelArgumentValue.integer: any Swift integer, the same checked conversion (typed kernels use it).
        BindingCase("ulong p", "integer UInt64.max", true) { _ in KernelArgumentValue.integer(UInt64.max) },
        BindingCase("long p", "integer UInt64.max", false) { _ in KernelArgumentValue.integer(UInt64.max) },
        BindingCase("uint p", "integer Int8 -1", false) { _ in KernelArgumentValue.integer(Int8(-1)) },
        BindingCase("short p", "integer UInt8 200", true) { _ in KernelArgumentValue.integer(UInt8(200)) },
    ]
}

@Suite("Kernel argument binding")
struct ArgumentBindingTests {
    @Test("every row of the binding table is accepted or refused as documented",
          arguments: TestDevices.all, BindingCase.table)
    func bindingTable(device: Device, row: BindingCase) throws {
        let queue = try makeQueue(device)
        let source = "kernel void probe(\(row.declaration)) { }"
        let kernel = try queue.context.program(source: source, name: "probe.cl").kernel(named: "probe")
        let argument = try row.make(queue.context)
        let error = thrownError { try queue.sync { cl in try cl.launch(kernel, NDRange(1), argument) } }
        if row.accepted {
            #expect(error == nil, "\(row.testDescription): \(String(describing: error))")
        } else {
            switch (error as? SwiftCLError)?.code {
            case .argumentType?, .integerOutOfRange?: break
            default: Issue.record("\(row.testDescription): expected a typed refusal, got \(String(describing: error))")
            }
        }
    }

    @Test("accepted reinterpretations compute what OpenCL says they do", arguments: TestDevices.all)
    func acceptedBindingsCompute(device: Device) throws {
        let queue = try makeQueue(device)
        let source = """
        kernel void fill4(global ulong *out) { size_t i = get_global_id(0); vstore4((ulong4)(i, i + 1, i + 2, i + 3), i, out); }
        kernel void pairs(global float2 *v) { size_t i = get_global_id(0); v[i] = v[i].yx; }
        kernel void negate(global uint *v, int k) { size_t i = get_global_id(0); v[i] = (uint)(-(int)v[i] * k); }
        kernel void widen(global const half *in, global float *out) { size_t i = get_global_id(0); out[i] = vload_half(i, in) * 2; }
        kernel void bits(global const int *in, global int *out, int count) { size_t i = get_global_id(0); if (i < (size_t)count) out[i] = in[i] >> 23; }
        kernel void maybe(global float *out, global const float *bias) { size_t i = get_global_id(0); out[i] = bias ? bias[i] : -1.0f; }
        """
        let program = try queue.context.program(source: source, name: "bindings.cl")
        let vectors = try Buffer<SIMD4<UInt64>>(count: 3, context: queue.context)
        let scalars = try Buffer<Float>(copying: [1, 2, 3, 4, 5, 6], context: queue.context)
        let signed = try Buffer<Int32>(copying: [1, -2, 3], context: queue.context)
        let halves = try Buffer<Float16>(copying: [0.5, 1.5, -2], context: queue.context)
        let widened = try Buffer<Float>(count: 3, context: queue.context)
        let floats = try Buffer<Float>(copying: [1, 2, 4], context: queue.context)
        let exponents = try Buffer<Int32>(count: 3, context: queue.context)
        let out = try Buffer<Float>(count: 3, context: queue.context)
        let bias = try Buffer<Float>(copying: [7, 8, 9], context: queue.context)
        let results = try queue.sync { cl in
            try cl.launch(program.kernel(named: "fill4"), NDRange(3), vectors)
            try cl.launch(program.kernel(named: "pairs"), NDRange(3), scalars)
            try cl.launch(program.kernel(named: "negate"), NDRange(3), signed, UInt32(1))
            try cl.launch(program.kernel(named: "widen"), NDRange(3), halves, widened)
            try cl.launch(program.kernel(named: "bits"), NDRange(3), floats.reinterpreted(as: Int32.self), exponents, 3)
            try cl.launch(program.kernel(named: "maybe"), NDRange(3), out, Buffer<Float>?.none)
            let withoutBias = try cl.read(out)
            try cl.launch(program.kernel(named: "maybe"), NDRange(3), out, Optional(bias))
            return (try cl.read(vectors), try cl.read(scalars), try cl.read(signed), try cl.read(widened), try cl.read(exponents),
                    withoutBias, try cl.read(out))
        }
        #expect(results.0 == [SIMD4(0, 1, 2, 3), SIMD4(1, 2, 3, 4), SIMD4(2, 3, 4, 5)])
        #expect(results.1 == [2, 1, 4, 3, 6, 5])
        #expect(results.2 == [-1, 2, -3])
        #expect(results.3 == [1, 3, -4])
        #expect(results.4 == [127, 128, 129])  // the biased exponents of 1, 2 and 4
        #expect(results.5 == [-1, -1, -1])
        #expect(results.6 == [7, 8, 9])
    }

    @Test("an Int out of the parameter's range names the value and the range", arguments: TestDevices.all)
    func integerRange(device: Device) throws {
        let queue = try makeQueue(device)
        let kernel = try queue.context.program(source: "kernel void k(uchar v) { }", name: "k.cl").kernel(named: "k")
        let error = thrownError { try queue.sync { cl in try cl.launch(kernel, NDRange(1), 300) } }
        #expect(error as? SwiftCLError == .integerOutOfRange(kernel: "k", index: 0, parameter: "v", value: "300", type: "uchar", range: "0...255"))
        #expect("\(error.map { "\($0)" } ?? "")".contains("0...255"))
    }

    @Test("a refused by-value argument names what differs: the kind of scalar, or only the signedness of integers",
          arguments: TestDevices.all)
    func byValueMessages(device: Device) throws {
        let queue = try makeQueue(device)
        let program = try queue.context.program(source: "kernel void f(float x) { }\nkernel void v(int2 x) { }", name: "m.cl")
        let float = try program.kernel(named: "f"), vector = try program.kernel(named: "v")
        let intForFloat = "\(thrownError { try queue.sync { cl in try cl.launch(float, NDRange(1), Int32(1)) } } ?? SwiftCLError.encoderExpired)"
        #expect(intForFloat.contains("a floating-point value, not an integer") && !intForFloat.contains("signedness"), "\(intForFloat)")
        let narrow = "\(thrownError { try queue.sync { cl in try cl.launch(vector, NDRange(1), SIMD2<Float>(1, 2)) } } ?? SwiftCLError.encoderExpired)"
        #expect(narrow.contains("an integer, not a floating-point value"), "\(narrow)")
        // A UInt32 pair for an int2 is accepted (same size, either signedness).
        try queue.sync { cl in try cl.launch(vector, NDRange(1), SIMD2<UInt32>(1, 2)) }
    }

    @Test("reinterpreted(as:) refuses a byte count that is not a whole number of the new type", arguments: TestDevices.all)
    func reinterpretation(device: Device) throws {
        let context = try Context.shared(for: device)
        let buffer = try Buffer<Float>(count: 3, context: context)
        #expect(throws: SwiftCLError.notWholeElements(operation: "reinterpreted(as: SIMD2<Float>)", byteCount: 12,
                                                      elementType: "SIMD2<Float>", elementBytes: 8)) {
            _ = try buffer.reinterpreted(as: SIMD2<Float>.self)
        }
        let bytes = try buffer.reinterpreted(as: UInt8.self)
        #expect(bytes.count == 12 && bytes.byteCount == buffer.byteCount && bytes.handle == buffer.handle)
    }
}
