@testable import SwiftCLBenchmarkHarness
import SwiftCL
import SwiftCLValidation
import Testing

/// N-D kernels from the command line: global sizes per dimension, `reqd_work_group_size` shaping the range, and host
/// references that index (`out[x*h + y] = in[y*w + x]`).
@Suite("N-D kernel specs (--kernel NAME:EXPRxEXPR, OUT[INDEX] = EXPR, reqd_work_group_size)")
struct NDKernelSpecTests {
    @Test("global sizes per dimension: rounded up, at least 1, the problem's extents for dimensions not given")
    func globalSizes() throws {
        let image = ProblemSize(width: 37, height: 19)
        #expect(try GlobalSizeExpression("w/4").extents(for: image) == [10, 19])
        #expect(try GlobalSizeExpression("w/4xh").extents(for: image) == [10, 19])
        #expect(try GlobalSizeExpression("(w+15)/16 × h/2").extents(for: image) == [4, 10])
        #expect(try GlobalSizeExpression(" w x h x 2 ").extents(for: image) == [37, 19, 2])
        #expect(try GlobalSizeExpression("n/1000").extents(for: ProblemSize(7)) == [1])
        #expect(try GlobalSizeExpression("w x h").extents(for: ProblemSize(5)) == [5, 1])
        #expect(try GlobalSizeExpression("w/4 x h").description == "w/4 x h")
        for bad in ["", "w x", "x h", "1x2x3x4", "w * q", "w/0"] {
            #expect(throws: KernelSpecError.self, "\(bad)") { _ = try GlobalSizeExpression(bad).extents(for: image) }
        }
    }

    @Test("a kernel's reqd_work_group_size shapes the range: as many dimensions as it needs, each rounded up to it")
    func requiredShape() throws {
        func range(_ extents: [Int], local: WorkGroupShape? = nil, required: [Int]?) throws -> (global: [Int], local: [Int]?) {
            let range = try UserKernel.range(extents, local: local, required: required)
            return (range.global, range.local)
        }
        #expect(try range([37, 19], required: [16, 16, 1]) == ([48, 32], [16, 16]))
        #expect(try range([1, 1], required: [16, 16, 1]) == ([16, 16], [16, 16]))
        #expect(try range([5], required: [16, 16, 1]) == ([16, 16], [16, 16]))
        #expect(try range([5], required: [64, 1, 1]) == ([64], [64]))
        #expect(try range([5, 3], required: [4, 1, 2]) == ([8, 3, 2], [4, 1, 2]))
        #expect(try range([37, 19], required: nil) == ([37, 19], nil))
        #expect(try range([37, 19], local: WorkGroupShape(8), required: nil) == ([40, 19], [8, 1]))
    }

    @Test("work-group shapes: N, NxM, NxMxK; the global size rounded up in every dimension; more dimensions than the problem")
    func shapes() throws {
        #expect(try WorkGroupShape(parsing: "16").extents == [16])
        #expect(try WorkGroupShape(parsing: "16x8").extents == [16, 8])
        #expect(try WorkGroupShape(parsing: "8 × 4 x 2").extents == [8, 4, 2])
        #expect(try WorkGroupShape(parsing: "16x1").oneDimensional == 16)
        #expect(try WorkGroupShape(parsing: "16x2").oneDimensional == nil)
        #expect(try WorkGroupShape(parsing: "4x4x2").description == "4x4x2")
        for bad in ["", "0", "-4", "16x", "x16", "1x2x3x4", "a", "16x0", "1.5"] {
            #expect(throws: WorkGroupShape.Invalid.self, "\(bad)") { _ = try WorkGroupShape(parsing: bad) }
        }
        func range(_ extents: [Int], _ shape: String, required: [Int]? = nil) throws -> (global: [Int], local: [Int]?) {
            let range = try UserKernel.range(extents, local: try WorkGroupShape(parsing: shape), required: required)
            return (range.global, range.local)
        }
        #expect(try range([37, 19], "8x8") == ([40, 24], [8, 8]))
        #expect(try range([37, 19], "16x4") == ([48, 20], [16, 4]))
        #expect(try range([37, 19, 3], "4x4x2") == ([40, 20, 4], [4, 4, 2]))
        #expect(try range([37, 19, 3], "4x4") == ([40, 20, 3], [4, 4, 1]))
        #expect(try range([37], "8x8") == ([40, 8], [8, 8]))
        #expect(try range([1, 1], "16x16", required: [16, 16, 1]) == ([16, 16], [16, 16]))
    }

    /// Evaluates `expectation` for a 3×2 problem over `in` (0…5) and returns `out`.
    func expected(_ expectation: String, spec: String = "in:float[n], out:float[n], uint=w, uint=h",
                  size: ProblemSize = ProblemSize(width: 3, height: 2)) throws -> [Float] {
        let spec = try KernelArgumentSpec(spec)
        var arrays = HostArrays()
        arrays.set("in", HostArray((0..<size.elements).map(Float.init)))
        arrays.set("out", HostArray([Float](repeating: -1, count: size.elements)))
        let outputs = try spec.expectedOutputs([try HostExpression(expectation)], arrays: arrays,
                                               names: ["in", "out", "w", "h"], size: size)
        return try #require(outputs["out"]?.values as? [Float])
    }

    @Test("OUT[INDEX] = EXPR writes per point of the problem; x, y, z are the point; BUF[EXPR] reads any element")
    func indexedExpectations() throws {
        // in is 3 wide, 2 high: rows [0 1 2] [3 4 5]; its transpose is 2 wide, 3 high: [0 3] [1 4] [2 5].
        #expect(try expected("out[x*h + y] = in[y*w + x]") == [0, 3, 1, 4, 2, 5])
        #expect(try expected("out = in[(i % h) * w + floor(i / h)]") == [0, 3, 1, 4, 2, 5])
        #expect(try expected("out = x + 10 * y") == [0, 1, 2, 10, 11, 12])
        // Points that write nothing leave the initial value (here -1) alone; a later point overwrites an earlier one.
        #expect(try expected("out[0] = in[i]") == [5, -1, -1, -1, -1, -1])
        #expect(try expected("out[i] = in[n - 1 - i] * 2") == [10, 8, 6, 4, 2, 0])
        #expect(try HostExpression("out[x*h + y] = in[y*w + x]").names == ["x", "h", "y", "in", "w"] as Set)
        #expect(try HostExpression("out[x*h + y] = in[y*w + x]").isIndexed)
    }

    @Test("an argument named x, y or z is the argument, not the point (saxpy's x)")
    func argumentsShadowPointNames() throws {
        let spec = try KernelArgumentSpec("float=2, in:float[n], inout:float[n]")
        var arrays = HostArrays()
        arrays.set("x", HostArray([Float](arrayLiteral: 1, 2, 3)))
        arrays.set("y", HostArray([Float](arrayLiteral: 10, 20, 30)))
        let outputs = try spec.expectedOutputs([try HostExpression("y = a * x + y")], arrays: arrays, names: ["a", "x", "y"],
                                               size: ProblemSize(3))
        #expect(outputs["y"]?.values as? [Float] == [12, 24, 36])
    }

    @Test("indexes off a buffer, fractional indexes and unknown names are refused, naming the point")
    func indexRefusals() throws {
        for (bad, reason) in [("out[x*h + y + 1] = in[i]", "has elements 0..<6"), ("out = in[i + 1]", "at i = 5"),
                              ("out = in[i / 2]", "in[0.5]"), ("out[i / 2] = in[i]", "out[0.5]"), ("out = q[i]", "only buffer arguments"),
                              ("out = w[0]", "only buffer arguments")] {
            #expect(throws: KernelSpecError.self, "\(bad)") { _ = try expected(bad) }
            do { _ = try expected(bad) } catch { #expect("\(error)".contains(reason), "\(bad): \(error)") }
        }
        // A problem with no points has no x, y or z (the Swift API takes any size; the CLI refuses empty ones).
        let spec = try KernelArgumentSpec("out:float[4], uint=w")
        var arrays = HostArrays()
        arrays.set("out", HostArray([Float](repeating: 0, count: 4)))
        for empty in [ProblemSize(width: 0, height: 3), ProblemSize(width: 3, height: 0), ProblemSize(0)] {
            #expect(throws: KernelSpecError.self, "\(empty)") {
                _ = try spec.expectedOutputs([try HostExpression("out = x + y")], arrays: arrays, names: ["out", "w"], size: empty)
            }
        }
        for bad in ["out[] = in", "out[x = in", "out = in[x", "out = in[]"] {
            #expect(throws: KernelSpecError.self, "\(bad)") { _ = try HostExpression(bad) }
        }
    }
}
