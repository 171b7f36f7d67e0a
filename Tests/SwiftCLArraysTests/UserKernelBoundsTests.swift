import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// Issue 40: a user kernel's work size is checked against the arrays its code uses at `[i]`, before anything runs.
@Suite("User kernels' counts against their arrays")
struct UserKernelBoundsTests {
    @Test("ElementwiseKernel: counts past an array used at [i], and negative counts, are refused; arrays unchanged",
          arguments: TestDevices.all)
    func elementwise(device: Device) throws {
        let queue = try makeQueue(device)
        let axpy = try ElementwiseKernel(context: queue.context, arguments: "float a, global const float *x, global float *y",
                                         operation: "y[i] = a * x[i] + y[i]")
        let x = try DeviceArray<Float>([1, 2, 3, 4], on: queue), y = try DeviceArray<Float>([10, 20, 30, 40], on: queue)
        let long = try DeviceArray<Float>([Float](repeating: 1, count: 8), on: queue)
        for count in [5, 1 << 22, Int.max, -5, Int.min] {
            #expect(performing: { try axpy(count: count, on: queue, Float(2), x, y) },
                    throws: { ($0 as? ArrayError)?.code == .invalidArgument && "\($0)".contains("\(count)") })
        }
        // The shorter array decides, whichever position it has; a view counts its own elements.
        #expect(performing: { try axpy(count: 5, on: queue, Float(2), long, y) }, throws: { "\($0)".contains("'y', which has 4 elements") })
        #expect(performing: { try axpy(count: 3, on: queue, Float(2), x, try long[0..<2]) }, throws: { "\($0)".contains("'y', which has 2") })
        #expect(try y.toArray() == [10, 20, 30, 40])
        // Counts up to the shortest array run; 0 does nothing.
        try axpy(count: 4, on: queue, Float(2), x, y)
        try axpy(count: 0, on: queue, Float(2), x, y)
        try axpy(count: 2, on: queue, Float(1), long, y)
        #expect(try y.toArray() == [13, 25, 36, 48])
        // An array reached at another index (a gather table) is the author's: a count past it is not refused.
        let gather = try ElementwiseKernel(context: queue.context, arguments: "global const float *table, global const int *idx, global float *out",
                                           operation: "out[ i ] = table[idx[i]]")
        let table = try DeviceArray<Float>([5, 6], on: queue), index = try DeviceArray<Int32>([1, 0, 1, 1], on: queue)
        let out = try DeviceArray<Float>.zeros(count: 4, on: queue)
        try gather(count: 4, on: queue, table, index, out)
        #expect(try out.toArray() == [6, 5, 6, 6])
        #expect(performing: { try gather(count: 5, on: queue, table, index, out) }, throws: { "\($0)".contains("'idx'") })
    }

    @Test("ReductionKernel and ScanKernel: counts past an array used at [i], and negative counts, are refused",
          arguments: TestDevices.all)
    func reductionAndScan(device: Device) throws {
        let queue = try makeQueue(device)
        let sumOfSquares = try ReductionKernel<Float>(context: queue.context, neutral: "0", reduce: "a + b", map: "x[i] * x[i]",
                                                      arguments: "global const float *x")
        let x = try DeviceArray<Float>([1, 2, 3, 4], on: queue)
        for count in [5, 1 << 22, Int.max, -5] {
            #expect(performing: { _ = try sumOfSquares(count: count, on: queue, x) }, throws: { ($0 as? ArrayError)?.code == .invalidArgument })
        }
        #expect(try sumOfSquares(count: 4, on: queue, x) == 30)
        #expect(try sumOfSquares(count: 3, on: queue, x) == 14)
        #expect(try sumOfSquares(count: 0, on: queue, x) == 0)
        let running = try ScanKernel<Float>(context: queue.context, neutral: "0", scan: "a + b", input: "x[i]", output: "y[i] = item",
                                            arguments: "global const float *x, global float *y")
        let y = try DeviceArray<Float>.zeros(count: 3, on: queue)
        #expect(performing: { try running(count: 4, on: queue, x, y) }, throws: { "\($0)".contains("'y', which has 3") })
        #expect(performing: { try running(count: -1, on: queue, x, y) }, throws: { ($0 as? ArrayError)?.code == .invalidArgument })
        try running(count: 3, on: queue, x, y)
        #expect(try y.toArray() == [1, 3, 6])
    }
}
