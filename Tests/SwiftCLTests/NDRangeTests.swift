import SwiftCL
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

@Suite("ND-ranges")
struct NDRangeTests {
    @Test("shape errors throw at construction, naming what is wrong")
    func shapeErrors() {
        #expect(throws: SwiftCLError.invalidNDRange(.dimensionCount(0))) { _ = try NDRange(global: []) }
        #expect(throws: SwiftCLError.invalidNDRange(.dimensionCount(4))) { _ = try NDRange(global: [1, 1, 1, 1]) }
        #expect(throws: SwiftCLError.invalidNDRange(.zeroGlobalSize(dimension: 1))) { _ = try NDRange(global: [4, 0]) }
        #expect(throws: SwiftCLError.invalidNDRange(.zeroLocalSize(dimension: 0))) { _ = try NDRange(4, local: 0) }
        #expect(throws: SwiftCLError.invalidNDRange(.negativeValue(dimension: 0, what: "global size"))) { _ = try NDRange(-3) }
        #expect(throws: SwiftCLError.invalidNDRange(.negativeValue(dimension: 0, what: "offset"))) { _ = try NDRange(3, offset: -1) }
        #expect(throws: SwiftCLError.invalidNDRange(.offsetOverflow(dimension: 0))) { _ = try NDRange(8, offset: Int.max - 2) }
        #expect(throws: SwiftCLError.invalidNDRange(.rankMismatch(global: 2, other: 1, what: "local"))) {
            _ = try NDRange(global: [4, 4], local: [2])
        }
        #expect(throws: SwiftCLError.invalidNDRange(.rankMismatch(global: 1, other: 3, what: "offset"))) {
            _ = try NDRange(global: [4], offset: [0, 0, 0])
        }
    }

    @Test("a valid range reports what it was given")
    func accessors() throws {
        let range = try NDRange(global: [64, 32], local: [8, 4], offset: [2, 0])
        #expect(range.dimensions == 2)
        #expect(range.global == [64, 32])
        #expect(range.local == [8, 4])
        #expect(range.offset == [2, 0])
        #expect(range.workItemCount == 2048)
        #expect(try NDRange(width: 5, height: 3).local == nil)
    }

    @Test("device and kernel limits are checked before the launch, naming the limit", arguments: TestDevices.all)
    func limitErrors(device: Device) throws {
        let queue = try makeQueue(device)
        let square = try SquareCL.Square(context: queue.context)
        let kernelLimit = try square.kernel.workGroupInfo(on: device).maxWorkGroupSize
        let count = 4096 * 8
        let input = try Buffer(copying: ramp(count), context: queue.context)
        let output = try Buffer<Float>(count: count, context: queue.context)
        let itemLimit = device.maxWorkItemSizes[0]
        let tooWide = itemLimit + 1
        let wideRange = try NDRange(tooWide * 2, local: tooWide)
        let wide = thrownError { try queue.sync { cl in try square(cl, wideRange, input: input, output: output) } }
        #expect(wide as? SwiftCLError == .invalidNDRange(.localSizeExceedsWorkItemLimit(dimension: 0, local: tooWide, limit: itemLimit)))
        if device.maxWorkItemSizes.count >= 2 {
            // Within each dimension's limit but too many items in total.
            let side = Int(Double(device.maxWorkGroupSize).squareRoot()) + 1
            if side <= device.maxWorkItemSizes[1] {
                let squareRange = try NDRange(global: [side, side], local: [side, side])
                let violation = thrownError { try queue.sync { cl in try square(cl, squareRange, input: input, output: output) } } as? SwiftCLError
                let allowed: [SwiftCLError] = [
                    .invalidNDRange(.workGroupExceedsDeviceLimit(total: side * side, limit: device.maxWorkGroupSize)),
                    .invalidNDRange(.workGroupExceedsKernelLimit(total: side * side, limit: kernelLimit)),
                ]
                #expect(violation.map(allowed.contains) == true, "got \(String(describing: violation))")
            }
        }
        let unevenRange = try NDRange(10, local: 4)
        let uneven = thrownError { try queue.sync { cl in try square(cl, unevenRange, input: input, output: output) } }
        #expect(uneven as? SwiftCLError == .invalidNDRange(.localSizeDoesNotDivideGlobal(dimension: 0, global: 10, local: 4)))
        // A good launch right after works.
        let result = try queue.sync { cl in
            try square(cl, NDRange(count), input: input, output: output)
            return try cl.read(output)
        }
        #expect(result == SquareCL.Square.reference(ramp(count)))
    }

    @Test("reqd_work_group_size is read from the kernel and enforced", arguments: TestDevices.all)
    func requiredWorkGroupSize(device: Device) throws {
        let queue = try makeQueue(device)
        let source = """
        __attribute__((reqd_work_group_size(8, 1, 1)))
        kernel void fixed(global int *out) { out[get_global_id(0)] = (int)get_local_size(0); }
        """
        let kernel = try queue.context.program(source: source, name: "fixed.cl").kernel(named: "fixed")
        #expect(try kernel.workGroupInfo(on: device).requiredWorkGroupSize == [8, 1, 1])
        let out = try Buffer<Int32>(count: 32, context: queue.context)
        try queue.sync { cl in
            #expect(throws: SwiftCLError.invalidNDRange(.requiredWorkGroupSize(required: [8, 1, 1], given: [4]))) {
                try cl.launch(kernel, NDRange(32, local: 4), out)
            }
            #expect(throws: SwiftCLError.invalidNDRange(.localSizeDoesNotDivideGlobal(dimension: 0, global: 30, local: 8))) {
                try cl.launch(kernel, NDRange(30), out)
            }
            try cl.launch(kernel, NDRange(32), out)
            #expect(try cl.read(out) == Array(repeating: 8, count: 32), "no local size given: the required one is used")
        }
    }

    @Test("offsets shift global ids", arguments: TestDevices.all)
    func offsets(device: Device) throws {
        let queue = try makeQueue(device)
        let count = 101
        let input = ramp(count)
        let square = try SquareCL.Square(context: queue.context)
        let inputBuffer = try Buffer(copying: input, context: queue.context)
        let outputBuffer = try Buffer(copying: [Float](repeating: -1, count: count), context: queue.context)
        let output = try queue.sync { cl in
            try square(cl, NDRange(51, offset: 50), input: inputBuffer, output: outputBuffer)
            return try cl.read(outputBuffer)
        }
        #expect(Array(output[..<50]) == [Float](repeating: -1, count: 50))
        #expect(Array(output[50...]) == SquareCL.Square.reference(Array(input[50...])))
    }
}
