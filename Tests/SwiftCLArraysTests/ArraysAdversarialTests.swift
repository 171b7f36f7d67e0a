import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// Issue 40: every SwiftCLArrays entry point that takes a count, shape, index, axis, bin count or bit count, at every
/// integer boundary: a typed error (``ArrayError`` or SwiftCL's), or a result; never a trap.
@Suite("Arrays under extreme integers")
struct ArraysAdversarialTests {
    static let extremes = [Int.min, Int.min + 1, -(1 << 32), -1, 0, 1, 2, 3, 7, 1 << 31, 1 << 32, 1 << 62, Int.max / 2, Int.max - 1, Int.max]

    @Test("creation, views, reductions along axes, sorting, histograms, draws and user kernels at extreme integers",
          arguments: TestDevices.all)
    func extremes(device: Device) throws {
        let queue = try makeQueue(device)
        let matrix = try DeviceArray<Float>((0..<12).map(Float.init), shape: [3, 4], on: queue)
        let keys = try DeviceArray<Int32>([3, 1, 2, 0], on: queue)
        let copy = try ElementwiseKernel(context: queue.context, arguments: "global const float *x, global float *y", operation: "y[i] = x[i]")
        let ones = try DeviceArray<Float>.filled(with: 1, shape: [4], on: queue)
        let target = try DeviceArray<Float>.zeros(count: 4, on: queue)
        var (results, refusals) = (0, 0)
        func attempt(_ body: () throws -> Void) {
            do {
                try body()
                results += 1
            } catch is ArrayError {
                refusals += 1
            } catch is SwiftCLError {
                refusals += 1
            } catch {
                Issue.record("untyped error: \(error)")
            }
        }
        for n in Self.extremes {
            attempt { _ = try DeviceArray<Float>.zeros(count: n, on: queue) }
            attempt { _ = try DeviceArray<Float>.arange(count: n, on: queue) }
            attempt { _ = try DeviceArray<Float>.linspace(from: 0, to: 1, count: n, on: queue) }
            attempt { _ = try DeviceArray<Float>(uninitializedShape: [n, 2], on: queue) }
            attempt { _ = try DeviceArray<Float>(uninitializedShape: [n, n], on: queue) }
            attempt { _ = try matrix.reshaped([n, 12 / Swift.max(1, abs(n % 12))]) }
            attempt { _ = try matrix.reshaped([n, -1]) }
            attempt { _ = try matrix.row(n) }
            attempt { _ = try matrix.sum(axis: n) }
            attempt { _ = try matrix.argmax(axis: n) }
            attempt { _ = try keys.sorted(significantBits: n) }
            attempt { _ = try keys.histogram(bins: n) }
            attempt { var generator = Philox(seed: 1); let _: DeviceArray<Float> = try generator.uniform(shape: [n], on: queue) }
            attempt { var generator = ChaCha8(seed: 1); let _: DeviceArray<Float> = try generator.uniform(shape: [n], on: queue) }
            attempt { try copy(count: n, on: queue, ones, target) }
            for m in Self.extremes where m >= n && m >= 0 && n >= 0 {
                attempt { _ = try matrix[n..<m] }
            }
        }
        print("Arrays: \(results + refusals) inputs, \(results) results, \(refusals) typed refusals")
        #expect(results > 0 && refusals > 0)
        // The queue still works, and nothing above changed the arrays it was handed.
        // (The copy ran for counts 1, 2 and 3; 7 and above were refused, so the last element was never written.)
        #expect(try matrix.toArray() == (0..<12).map(Float.init))
        #expect(try target.toArray() == [1, 1, 1, 0])
    }
}
