import Foundation
import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLTestSupport
import SwiftCLValidation
import Testing

// DOCC-SAXPY-BEGIN
/// saxpy (y = a·x + y, in place) in three variants, one of them wrong, with a copy kernel as the bound.
func saxpyBenchmark() -> KernelBenchmark {
    let source = """
        kernel void saxpy(float a, global const float *x, global float *y, uint n) {
            size_t i = get_global_id(0);
            if (i < n) y[i] = a * x[i] + y[i];
        }
        kernel void saxpy4(float a, global const float *x, global float *y, uint n) {
            for (size_t i = get_global_id(0) * 4; i < min((size_t)n, get_global_id(0) * 4 + 4); i++) y[i] = a * x[i] + y[i];
        }
        kernel void saxpyForgetsY(float a, global const float *x, global float *y, uint n) {
            size_t i = get_global_id(0);
            if (i < n) y[i] = a * x[i];
        }
        kernel void copy(global const float *x, global float *y, uint n) {
            size_t i = get_global_id(0);
            if (i < n) y[i] = x[i];
        }
        """
    /// A variant launching `kernel` over `elements(n)` work-items; 12 bytes and 2 FLOPs per element.
    func variant(_ kernel: String, workItems: @escaping @Sendable (Int) -> Int = { $0 }) -> KernelBenchmark.Variant {
        KernelBenchmark.Variant(name: kernel, traffic: { .perElement($0.elements, read: 8, written: 4, flops: 2) }) { queue, size in
            let saxpy = try queue.context.program(source: source, name: "saxpy.cl").kernel(named: kernel)
            return { cl, buffers in
                try cl.launch(saxpy, NDRange(workItems(size.elements)), Float(2), try buffers.buffer("x", as: Float.self),
                              try buffers.buffer("y", as: Float.self), size.elements)
            }
        }
    }
    var benchmark = KernelBenchmark(
        name: "saxpy",
        arrays: { size in
            var arrays = HostArrays()
            arrays.set("x", DeterministicInput.unitInterval(size.elements, seed: 1))
            arrays.set("y", DeterministicInput.unitInterval(size.elements, seed: 2))
            return arrays
        },
        outputs: ["y"],
        reference: { arrays, _ in
            var expected = HostArrays()
            let x = try arrays.values("x", as: Float.self), y = try arrays.values("y", as: Float.self)
            expected.set("y", zip(x, y).map { 2 * $0 + $1 })
            return expected
        },
        tolerance: .allClose(atol: 1e-6, rtol: 1e-6),
        variants: [variant("saxpy"), variant("saxpy4", workItems: { ($0 + 3) / 4 }), variant("saxpyForgetsY")],
        bound: KernelBenchmark.Variant(name: "copy", traffic: { .perElement($0.elements, read: 4, written: 4) }) { queue, size in
            let copy = try queue.context.program(source: source, name: "saxpy.cl").kernel(named: "copy")
            return { cl, buffers in
                try cl.launch(copy, NDRange(size.elements), try buffers.buffer("x", as: Float.self),
                              try buffers.buffer("y", as: Float.self), size.elements)
            }
        })
    benchmark.inPlace = ["y"]   // each run starts from the same y
    return benchmark
}
// DOCC-SAXPY-END

@Suite("Kernel benchmarks of any kernel")
struct KernelBenchmarkTests {
    static let quick: KernelBenchmark.Settings = {
        var settings = KernelBenchmark.Settings()
        settings.sampleBudget = 0.002
        settings.samples = 3
        return settings
    }()

    @Test("the article's run of the saxpy benchmark: a table and a JSON file")
    func articleRun() throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let results = try saxpyBenchmark().run(sizes: [ProblemSize(1 << 24)], on: queue)
        print(KernelBenchmarkResult.table(results))
        try KernelBenchmarkResult.json(results).write(to: FileManager.default.temporaryDirectory.appendingPathComponent("saxpy.json"))
        let fair = results.filter { $0.variant == "saxpy" || $0.variant == "saxpy4" }
        #expect(fair.count == 2 && fair.allSatisfy { $0.verified })
        let written = try Data(contentsOf: FileManager.default.temporaryDirectory.appendingPathComponent("saxpy.json"))
        #expect(String(decoding: written, as: UTF8.self).contains("saxpy4"))
    }

    @Test("saxpy: verified variants are timed with GB/s from their declared bytes; the wrong one is refused",
          arguments: TestDevices.all)
    func saxpy(device: Device) throws {
        var benchmark = saxpyBenchmark()
        benchmark.settings = Self.quick
        let queue = try makeQueue(device)
        let sizes = [ProblemSize(1), ProblemSize(7), ProblemSize(100_003)]
        let results = try benchmark.run(sizes: sizes, on: queue)
        #expect(results.count == sizes.count * 4)
        for result in results {
            let n = result.size.elements
            switch result.variant {
            case "saxpy", "saxpy4":
                #expect(result.verified, "\(result.variant) \(result.size): \(result.note ?? "")")
                #expect(result.traffic.bytes == 12 * n && result.traffic.flops == 2 * n)
                let seconds = try #require(result.deviceSeconds?.median)
                #expect(seconds > 0)
                // GB/s is the declared bytes over the median device time, and GFLOP/s likewise.
                #expect(abs(try #require(result.gbPerS) - Double(12 * n) / seconds / 1e9) <= 1e-9 * Double(12 * n) / seconds)
                #expect(abs(try #require(result.gflopPerS) - Double(2 * n) / seconds / 1e9) <= 1e-9 * Double(2 * n) / seconds)
                #expect(result.rateUnit == "Melem/s" && result.percentOfBound != nil)
                #expect((result.hostSeconds?.median ?? 0) >= seconds * 0.5, "host time includes the device time")
            case "saxpyForgetsY":
                #expect(!result.verified && result.deviceSeconds == nil && result.gbPerS == nil)
                #expect(result.note?.contains("y:") == true && result.outputs.first?.output == "y", "\(result.note ?? "")")
            default:
                #expect(result.variant == "copy" && result.isBound && result.traffic.bytes == 8 * n)
            }
        }
        let table = KernelBenchmarkResult.table(results)
        #expect(table.contains("Melem/s") && table.contains("FAILED"))
        let json = String(decoding: try KernelBenchmarkResult.json(results), as: UTF8.self)
        #expect(json.contains("\"rate_unit\" : \"Melem/s\"") && !json.contains("\\/"))
    }

    @Test("a two-output kernel on a 2-D problem and an integer kernel are verified output by output", arguments: TestDevices.all)
    func twoOutputsAndIntegers(device: Device) throws {
        let queue = try makeQueue(device)
        let source = """
            kernel void sumProduct(global const float *a, global const float *b, global float *sum, global float *product, int w) {
                int i = get_global_id(1) * w + get_global_id(0);
                sum[i] = a[i] + b[i];
                product[i] = a[i] * b[i];
            }
            kernel void mixBits(global const uint *a, global const int *b, global uint *c) {
                size_t i = get_global_id(0);
                c[i] = a[i] ^ (uint)(b[i] >> 3);
            }
            """
        var twoOutputs = KernelBenchmark(
            name: "sum-product",
            arrays: { size in
                var arrays = HostArrays()
                arrays.set("a", DeterministicInput.unitInterval(size.elements, seed: 3))
                arrays.set("b", DeterministicInput.unitInterval(size.elements, seed: 4))
                arrays.set("sum", [Float](repeating: 0, count: size.elements))
                arrays.set("product", [Float](repeating: 0, count: size.elements))
                return arrays
            },
            outputs: ["sum", "product"],
            reference: { arrays, _ in
                let a = try arrays.values("a", as: Float.self), b = try arrays.values("b", as: Float.self)
                var expected = HostArrays()
                expected.set("sum", zip(a, b).map(+))
                expected.set("product", zip(a, b).map(*))
                return expected
            },
            tolerance: .ulp(0),
            variants: [KernelBenchmark.Variant(name: "sumProduct", traffic: { .perElement($0.elements, read: 8, written: 8, flops: 2) }) { queue, size in
                let kernel = try queue.context.program(source: source, name: "two.cl").kernel(named: "sumProduct")
                return { cl, buffers in
                    try cl.launch(kernel, NDRange(width: size.width, height: size.height), try buffers.buffer("a", as: Float.self),
                                  try buffers.buffer("b", as: Float.self), try buffers.buffer("sum", as: Float.self),
                                  try buffers.buffer("product", as: Float.self), size.width)
                }
            }])
        twoOutputs.settings = Self.quick
        let image = try #require(try twoOutputs.run(sizes: [ProblemSize(width: 33, height: 17)], on: queue).first)
        #expect(image.verified && image.outputs.map(\.output) == ["sum", "product"] && image.rateUnit == "Mpix/s")
        #expect(image.traffic.bytes == 16 * 33 * 17 && image.percentOfBound == nil)

        var integers = KernelBenchmark(
            name: "mix",
            arrays: { size in
                var arrays = HostArrays()
                arrays.set("a", (0..<size.elements).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) })
                arrays.set("b", (0..<size.elements).map { Int32($0) - 500 })
                arrays.set("c", [UInt32](repeating: 0, count: size.elements))
                return arrays
            },
            outputs: ["c"],
            reference: { arrays, _ in
                let a = try arrays.values("a", as: UInt32.self), b = try arrays.values("b", as: Int32.self)
                var expected = HostArrays()
                expected.set("c", zip(a, b).map { $0 ^ UInt32(bitPattern: $1 >> 3) })
                return expected
            },
            tolerance: .exact,
            variants: [KernelBenchmark.Variant(name: "mix", traffic: { .perElement($0.elements, read: 8, written: 4) }) { queue, size in
                let kernel = try queue.context.program(source: source, name: "two.cl").kernel(named: "mixBits")
                return { cl, buffers in
                    try cl.launch(kernel, NDRange(size.elements), try buffers.buffer("a", as: UInt32.self),
                                  try buffers.buffer("b", as: Int32.self), try buffers.buffer("c", as: UInt32.self))
                }
            }])
        integers.settings = Self.quick
        let mixed = try integers.run(sizes: [ProblemSize(1), ProblemSize(1021)], on: queue)
        #expect(mixed.allSatisfy(\.verified) && mixed.allSatisfy { $0.gflopPerS == nil && $0.gbPerS != nil }, "\(mixed.map { $0.note ?? "" })")
        #expect(mixed.first?.outputs.first?.tolerance == "exact")
    }

    @Test("images as inputs and outputs: an image2d_t kernel benchmarked like any other, odd sizes included",
          arguments: TestDevices.all, [(1, 1), (7, 5), (33, 17)])
    func imageArguments(device: Device, size: (width: Int, height: Int)) throws {
        let queue = try makeQueue(device)
        let source = """
            kernel void twice(read_only image2d_t src, write_only image2d_t dst) {
                int2 p = (int2)(get_global_id(0), get_global_id(1));
                write_imagef(dst, p, 2.0f * read_imagef(src, p));
            }
            kernel void twiceWrong(read_only image2d_t src, write_only image2d_t dst) {
                int2 p = (int2)(get_global_id(0), get_global_id(1));
                write_imagef(dst, p, read_imagef(src, p));
            }
            """
        func variant(_ name: String) -> KernelBenchmark.Variant {
            KernelBenchmark.Variant(name: name, traffic: { .perElement($0.elements, read: 4, written: 4) }) { queue, size in
                let kernel = try queue.context.program(source: source, name: "images.cl").kernel(named: name)
                return { cl, buffers in
                    try cl.launch(kernel, NDRange(width: size.width, height: size.height), try buffers.image("src"), try buffers.image("dst"))
                }
            }
        }
        var benchmark = KernelBenchmark(
            name: "images",
            arrays: { size in
                var arrays = HostArrays()
                arrays.set("src", .image(DeterministicInput.unitInterval(size.elements).map { $0 + 0.25 }, format: .rFloat, width: size.width, height: size.height))
                arrays.set("dst", .image([Float](repeating: 0, count: size.elements), format: .rFloat, width: size.width, height: size.height))
                return arrays
            },
            outputs: ["dst"],
            reference: { arrays, _ in
                var expected = HostArrays()
                expected.set("dst", try arrays.values("src", as: Float.self).map { 2 * $0 })
                return expected
            },
            tolerance: .exact, variants: [variant("twice"), variant("twiceWrong")])
        benchmark.settings = Self.quick
        let results = try benchmark.run(sizes: [ProblemSize(width: size.width, height: size.height)], on: queue)
        #expect(results.map(\.verified) == [true, false], "\(results.map { $0.note ?? "" })")
        #expect(results[0].rate != nil && results[0].gbPerS != nil && results[1].outputs.first?.passed == false)
    }

    @Test("the DocC article shows the saxpy example compiled here, verbatim")
    func documentedExample() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let test = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let article = try String(contentsOf: repository.appendingPathComponent(
            "Sources/SwiftCLBenchmarkHarness/SwiftCLBenchmarkHarness.docc/BenchmarkingAnyKernel.md"), encoding: .utf8)
        let begin = try #require(test.range(of: "// DOCC-SAXPY-BEGIN\n")), end = try #require(test.range(of: "// DOCC-SAXPY-END"))
        #expect(article.contains(String(test[begin.upperBound..<end.lowerBound])))
    }
}
