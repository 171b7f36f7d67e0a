import SwiftCL
import SwiftCLArrays
import SwiftCLValidation

/// SwiftCLArrays' generated kernels as checks, so `swiftcl validate` compares them with host references and
/// `swiftcl validate --memcheck` runs them under Oclgrind (out-of-bounds accesses, races in the reductions' local
/// trees). Floating-point sums are held to the documented bound, 32·ε·Σ|xᵢ|, as a relative tolerance of the sum.
extension ShippedChecks {
    static func arrays(_ lengths: [ImageProblem], _ images: [ImageProblem]) -> [KernelCheck] {
        [
            KernelCheck(name: "arrays/axpy", sizes: lengths, tolerance: .ulp(0)) { queue, size, _ in
                let x = values(size.pixels, seed: 11), y = values(size.pixels, seed: 12)
                let result = try (2 * DeviceArray(x, on: queue) + DeviceArray(y, on: queue)).evaluated()
                return KernelCheck.Outcome(actual: try result.toArray(), expected: zip(x, y).map { 2 * $0 + $1 })
            },
            KernelCheck(name: "arrays/vectors", sizes: lengths, tolerance: .ulp(0)) { queue, size, _ in
                // float4 elements: a·x + y with a power-of-two a (exact products, so contraction cannot matter), one
                // lane as a scalar array, and the geometric length (relative 1e-5).
                let pack = { (v: [Float]) in (0..<size.pixels).map { SIMD4(v[4 * $0], v[4 * $0 + 1], v[4 * $0 + 2], v[4 * $0 + 3]) } }
                let x = pack(values(4 * size.pixels, seed: 16)), y = pack(values(4 * size.pixels, seed: 17))
                let a = SIMD4<Float>(2, -1, 0.5, 4), dx = try DeviceArray(x, on: queue)
                let axpy = try (a * dx + DeviceArray(y, on: queue)).evaluated().toArray()
                let flat = { (v: [SIMD4<Float>]) in v.flatMap { [$0.x, $0.y, $0.z, $0.w] } }
                return KernelCheck.Outcome(outputs: [
                    .init("a*x+y", actual: flat(axpy), expected: flat(zip(x, y).map { a * $0 + $1 })),
                    .init("lane 2", actual: try dx.lane(2).evaluated().toArray(), expected: x.map(\.z)),
                    .init("length", actual: try ArrayMath.length(dx).evaluated().toArray(),
                          expected: x.map { ($0 * $0).sum().squareRoot() }, tolerance: .relative(1e-5)),
                ])
            },
            KernelCheck(name: "arrays/sum-dot-max", sizes: lengths, tolerance: .relative(32 * Double(Float.ulpOfOne))) { queue, size, _ in
                // Values in [0, 1): Σ|x| is the sum itself, so the bound is relative.
                let x = values(size.pixels, seed: 13), array = try DeviceArray(x, on: queue)
                let sum = x.reduce(0.0) { $0 + Double($1) }, dot = x.reduce(0.0) { $0 + Double($1) * Double($1) }
                let shorts = x.map { Int16($0 * 200) - 100 }
                return KernelCheck.Outcome(outputs: [
                    .init("sum", actual: [Double(try array.sum())], expected: [sum]),
                    .init("dot", actual: [Double(try array.dot(array))], expected: [dot]),
                    .init("max", actual: [try array.max()], expected: [x.max()!], tolerance: .exact),
                    .init("argmax", actual: [Int32(try array.argmax())], expected: [Int32(x.firstIndex(of: x.max()!)!)], tolerance: .exact),
                    // 2-byte elements take the scalar loop through the pair pick (it once failed to build under Oclgrind).
                    .init("argmin of Int16", actual: [Int32(try DeviceArray(shorts, on: queue).argmin())],
                          expected: [Int32(shorts.firstIndex(of: shorts.min()!)!)], tolerance: .exact),
                ])
            },
            KernelCheck(name: "arrays/reduction-kernel", sizes: lengths, tolerance: .relative(1e-5)) { queue, size, _ in
                let x = values(size.pixels, seed: 14)
                let squares = try ReductionKernel<Float>(context: queue.context, neutral: "0", reduce: "a + b", map: "x[i] * x[i]",
                                                         arguments: "global const float *x", name: "sum_of_squares")
                let value = try squares(count: x.count, on: queue, try DeviceArray(x, on: queue))
                return KernelCheck.Outcome(actual: [Double(value)], expected: [x.reduce(0.0) { $0 + Double($1) * Double($1) }])
            },
            KernelCheck(name: "arrays/sum-axis", sizes: images, tolerance: .relative(32 * Double(Float.ulpOfOne))) { queue, size, _ in
                let x = values(size.pixels, seed: 15)
                let matrix = try DeviceArray(x, shape: [size.height, size.width], on: queue)
                let columns = (0..<size.width).map { c in (0..<size.height).reduce(0.0) { $0 + Double(x[$1 * size.width + c]) } }
                let rows = (0..<size.height).map { r in x[(r * size.width)..<((r + 1) * size.width)].reduce(0.0) { $0 + Double($1) } }
                return KernelCheck.Outcome(outputs: [
                    .init("axis 0", actual: try matrix.sum(axis: 0).toArray().map(Double.init), expected: columns),
                    .init("axis 1", actual: try matrix.sum(axis: 1).toArray().map(Double.init), expected: rows),
                ])
            },
            KernelCheck(name: "arrays/argmax-axis", sizes: images, tolerance: .exact) { queue, size, _ in
                // Small integers: ties everywhere, so the first position of each extreme is what is checked.
                let x = (0..<size.pixels).map { Float(($0 &* 7_919) % 13) }
                let matrix = try DeviceArray(x, shape: [size.height, size.width], on: queue)
                func first(_ line: [Float]) -> Double { Double(line.firstIndex(of: line.max()!)!) }
                let columns = (0..<size.width).map { c in first((0..<size.height).map { x[$0 * size.width + c] }) }
                let rows = (0..<size.height).map { r in first(Array(x[(r * size.width)..<((r + 1) * size.width)])) }
                return KernelCheck.Outcome(outputs: [
                    .init("axis 0", actual: try matrix.argmax(axis: 0).toArray().map(Double.init), expected: columns),
                    .init("axis 1", actual: try matrix.argmax(axis: 1).toArray().map(Double.init), expected: rows),
                ])
            },
        ]
    }
}
