import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

@Suite("Elementwise expressions and kernels")
struct ElementwiseTests {
    @Test("a * x + y, fused, matches the host at every size", arguments: TestDevices.all, arraySizes)
    func axpy(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let x = (0..<count).map { Float($0 % 1000) * 0.25 }, y = (0..<count).map { Float($0 % 7) - 3 }
        let dx = try DeviceArray(x, on: queue), dy = try DeviceArray(y, on: queue)
        let result = try (2.5 * dx + dy).evaluated()
        let expected = zip(x, y).map { 2.5 * $0 + $1 }
        #expect(try result.toArray() == expected)
        try dy.assign(dx * 2 - dy)
        #expect(try dy.toArray() == zip(x, y).map { $0 * 2 - $1 }, "in place")
    }

    @Test("operators, masks, where, math and casts for Float, Int32, UInt8, Int64 (and Double where supported)",
          arguments: TestDevices.all)
    func operations(device: Device) throws {
        let queue = try makeQueue(device)
        let f: [Float] = [-2.5, -1, 0, 0.5, 3, 7.25, 100]
        let df = try DeviceArray(f, on: queue)
        #expect(try (-df).evaluated().toArray() == f.map { -$0 })
        #expect(try (df / 2).evaluated().toArray() == f.map { $0 / 2 })
        #expect(try (df % 2).evaluated().toArray() == f.map { $0.truncatingRemainder(dividingBy: 2) })
        #expect(try ArrayMath.where(df .> 0, df, 0 * df).evaluated().toArray() == f.map { $0 > 0 ? $0 : 0 })
        #expect(try (df .>= 0.5).evaluated().toArray() == f.map { $0 >= 0.5 ? 1 : 0 })
        #expect(try ArrayMath.clamp(df, -1, 5).evaluated().toArray() == f.map { Swift.min(Swift.max($0, -1), 5) })
        #expect(try ArrayMath.abs(df).evaluated().toArray() == f.map(\.magnitude))
        #expect(try ArrayMath.max(df, 1).evaluated().toArray() == f.map { Swift.max($0, 1) })
        let positive = try DeviceArray(f.map { Swift.abs($0) + 1 }, on: queue)
        let host = f.map { Swift.abs($0) + 1 }
        for (name, device, reference) in [
            ("sqrt", ArrayMath.sqrt(positive), host.map { $0.squareRoot() }),
            ("exp∘log", ArrayMath.exp(ArrayMath.log(positive)), host),
            ("sin²+cos²", ArrayMath.sin(positive) * ArrayMath.sin(positive) + ArrayMath.cos(positive) * ArrayMath.cos(positive), host.map { _ in 1 }),
            ("pow", ArrayMath.pow(positive, 2), host.map { $0 * $0 }),
            ("fma", ArrayMath.fma(positive, positive, positive), host.map { $0 * $0 + $0 }),
        ] as [(String, ArrayExpression<Float>, [Float])] {
            let got = try device.evaluated().toArray()
            for (g, r) in zip(got, reference) {
                #expect(abs(g - r) <= 4e-6 * Swift.max(1, abs(r)), "\(name): \(g) vs \(r)")
            }
        }
        let ints: [Int32] = [-7, -1, 0, 1, 5, 1 << 20, Int32.max]
        let di = try DeviceArray(ints, on: queue)
        #expect(try (di & 6).evaluated().toArray() == ints.map { $0 & 6 } as [Int32])
        #expect(try (di | di).evaluated().toArray() == ints)
        #expect(try (~di).evaluated().toArray() == ints.map { ~$0 })
        #expect(try (di >> 1).evaluated().toArray() == ints.map { $0 >> 1 })
        #expect(try (di % 3).evaluated().toArray() == ints.map { $0 % 3 })
        #expect(try di.converted(to: Float.self).evaluated().toArray() == ints.map { Float($0) })
        #expect(try df.converted(to: Int32.self).evaluated().toArray() == f.map { Int32($0) })
        let bytes: [UInt8] = [0, 1, 127, 128, 255]
        let db = try DeviceArray(bytes, on: queue)
        #expect(try (db + db).evaluated().toArray() == bytes.map { $0 &+ $0 }, "UInt8 wraps")
        let longs: [Int64] = [Int64.min + 1, -1, 0, 1 << 40]
        #expect(try (try DeviceArray(longs, on: queue) * 2).evaluated().toArray() == longs.map { $0 &* 2 })
        if device.supportsDoublePrecision {
            let d: [Double] = [0.1, 0.2, 1e300]
            #expect(try (try DeviceArray(d, on: queue) * 3).evaluated().toArray() == d.map { $0 * 3 })
        }
    }

    @Test("a user ElementwiseKernel: built once, launched with arrays and scalars; errors point into the user's text",
          arguments: TestDevices.all)
    func userKernel(device: Device) throws {
        let queue = try makeQueue(device)
        let axpy = try ElementwiseKernel(context: queue.context, arguments: "float a, global const float *x, global float *y",
                                         operation: "y[i] = a * x[i] + y[i]", name: "axpy")
        let x = try DeviceArray((0..<1000).map { Float($0) }, on: queue), y = try DeviceArray.filled(with: Float(1), shape: [1000], on: queue)
        try axpy(count: 1000, on: queue, Float(2), x, y)
        #expect(try y.toArray() == (0..<1000).map { 2 * Float($0) + 1 })
        #expect((thrownError { try axpy(count: 1000, on: queue, x, y) } as? ArrayError)?.code == .invalidArgument)

        let broken = thrownError {
            _ = try ElementwiseKernel(context: queue.context, arguments: "global float *y", operation: "y[i] = 2 *\n    undefined_name + 1",
                                      name: "broken")
        } as? ArrayError
        #expect(broken?.code == .userCode)
        #expect(broken?.userLocation?.part == "operation")
        #expect(broken?.userLocation?.line == 2 && broken?.userLocation?.column == 5, "\(String(describing: broken))")
        let badArguments = thrownError {
            _ = try ElementwiseKernel(context: queue.context, arguments: "global flaot *y", operation: "y[i] = 1", name: "typo")
        } as? ArrayError
        #expect(badArguments?.userLocation?.part == "arguments", "\(String(describing: badArguments))")
        // The context still builds and runs.
        try axpy(count: 1000, on: queue, Float(0), x, y)
        #expect(try y.toArray() == (0..<1000).map { 2 * Float($0) + 1 })
    }
}
