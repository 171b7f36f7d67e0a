import PropertyBased
import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

@Suite("Reductions")
struct ReductionTests {
    @Test("sum, product, min, max, dot, counts match the host for Float, Int32, UInt8, Int64", arguments: TestDevices.all, arraySizes)
    func builtIns(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let f = (0..<count).map { Float(($0 * 7919) % 2001) * 0.001 - 1 }
        let df = try DeviceArray(f, on: queue)
        let exact = f.reduce(0.0) { $0 + Double($1) }, magnitude = f.reduce(0.0) { $0 + Double(abs($1)) }
        #expect(abs(Double(try df.sum()) - exact) <= 32 * Double(Float.ulpOfOne) * magnitude + 1e-30, "sum of \(count)")
        let dotExact = f.reduce(0.0) { $0 + Double($1) * Double($1) }
        #expect(abs(Double(try df.dot(df)) - dotExact) <= 32 * Double(Float.ulpOfOne) * dotExact + 1e-30)
        if count > 0 {
            #expect(try df.min() == f.min())
            #expect(try df.max() == f.max())
        }
        #expect(try (df .> 0).nonzeroCount() == f.filter { $0 > 0 }.count)
        #expect(try (df .> 10).any() == false)
        #expect(try (df .<= 1).all() == true)

        let ints = (0..<count).map { Int32(truncatingIfNeeded: $0 &* 2_654_435_761) }
        let di = try DeviceArray(ints, on: queue)
        #expect(try di.sum() == ints.reduce(0, &+), "Int32 sums wrap like &+")
        if count > 0 { #expect(try di.min() == ints.min() && di.max() == ints.max()) }
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 31) }
        let db = try DeviceArray(bytes, on: queue)
        #expect(try db.sum() == bytes.reduce(0, &+))
        if count > 0 { #expect(try db.max() == bytes.max()) }
        let longs = (0..<count).map { Int64($0) * 1_000_003 - 5 }
        #expect(try DeviceArray(longs, on: queue).sum() == longs.reduce(0, &+))
        let small = (0..<Swift.min(count, 20)).map { Int64($0 % 3 + 1) }
        #expect(try DeviceArray(small, on: queue).product() == small.reduce(1, &*))
        if device.supportsDoublePrecision {
            let d = f.map(Double.init)
            #expect(abs(try DeviceArray(d, on: queue).sum() - exact) <= 32 * Double.ulpOfOne * magnitude + 1e-300)
        }
    }

    @Test("2^26 Float values (2^22 under a sanitizer) sum within the stated bound of the Double sum", arguments: TestDevices.all)
    func accurateLargeSum(device: Device) throws {
        let queue = try makeQueue(device)
        let count = TestScale.size(1 << 26, sanitized: 1 << 22)
        // Values that a serial Float chain sums badly: many small terms after a large one.
        let array = try DeviceArray<Float>.arange(count: count, start: 0, step: 1, on: queue)
        let scaled = try (ArrayMath.sin(array) * 0.5 + 0.75).evaluated()
        let host = try scaled.toArray()
        let exact = host.reduce(0.0) { $0 + Double($1) }, magnitude = host.reduce(0.0) { $0 + Double(abs($1)) }
        let sum = Double(try scaled.sum())
        #expect(abs(sum - exact) <= 32 * Double(Float.ulpOfOne) * magnitude, "error \(abs(sum - exact)) for Σ|x| \(magnitude)")
        let naive = host.reduce(Float(0), +)
        print("2^\(count.trailingZeroBitCount) sum: device \(sum), exact \(exact), relative error \(abs(sum - exact) / exact); serial Float chain \(abs(Double(naive) - exact) / exact)")
    }

    @Test("a user ReductionKernel: sum of squares, max |x|; results on the device; errors point into map/reduce",
          arguments: TestDevices.all)
    func userKernel(device: Device) throws {
        let queue = try makeQueue(device)
        let values = (0..<10_001).map { Float($0 % 13) - 6 }
        let x = try DeviceArray(values, on: queue)
        let squares = try ReductionKernel<Float>(context: queue.context, neutral: "0", reduce: "a + b", map: "x[i] * x[i]",
                                                 arguments: "global const float *x", name: "sum_of_squares")
        #expect(try squares(count: values.count, on: queue, x) == values.reduce(0) { $0 + $1 * $1 })
        let largest = try ReductionKernel<Float>(context: queue.context, neutral: "0", reduce: "fmax(a, b)", map: "fabs(x[i])",
                                                 arguments: "global const float *x", name: "max_abs")
        let onDevice = try largest.onDevice(count: values.count, on: queue, x)
        #expect(try (onDevice * 2).evaluated().toArray() == [12], "the result stays on the device for more work")
        #expect(try squares(count: 0, on: queue, x) == 0, "an empty reduction gives the neutral element")
        let broken = thrownError {
            _ = try ReductionKernel<Float>(context: queue.context, neutral: "0", reduce: "a + b", map: "x[i] * nope",
                                           arguments: "global const float *x", name: "broken_map")
        } as? ArrayError
        #expect(broken?.code == .userCode && broken?.userLocation?.part == "map" && broken?.userLocation?.column == 8,
                "\(String(describing: broken))")
    }

    @Test("properties: sum of a concatenation is the sum of the sums; min ≤ every element; fused = unfused")
    func properties() async throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        await propertyCheck(count: 20, input: Gen.int(in: -1000...1000).array(of: 0...300), Gen.int(in: -1000...1000).array(of: 0...300)) { a, b in
            let fa = a.map { Float($0) * 0.125 }, fb = b.map { Float($0) * 0.125 }
            let whole = try DeviceArray(fa + fb, on: queue).sum()
            let parts = try DeviceArray(fa, on: queue).sum() + DeviceArray(fb, on: queue).sum()
            // Multiples of 1/8 below 2^24/8 add exactly in Float: the equality is exact.
            #expect(whole == parts)
            if !fa.isEmpty {
                let minimum = try DeviceArray(fa, on: queue).min()
                #expect(fa.allSatisfy { minimum <= $0 })
                let x = try DeviceArray(fa, on: queue)
                let fused = try (x * 3 + x).evaluated().toArray()
                let unfused = try (try (x * 3).evaluated() + x).evaluated().toArray()
                #expect(fused == unfused)
            }
        }
    }
}
