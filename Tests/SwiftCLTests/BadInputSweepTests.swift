import SwiftCL
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

/// Every kind of bad input the API can receive, each answered with a typed error, and the process
/// still usable afterwards: a good launch after each one succeeds.
@Suite("Bad-input sweep")
struct BadInputSweepTests {
    @Test("each bad input throws a typed error and a good launch right after still works", arguments: TestDevices.all)
    func sweep(device: Device) throws {
        let queue = try makeQueue(device)
        let context = queue.context
        let square = try SquareCL.Square(context: context)
        let input = try Buffer(copying: ramp(64), context: context)
        let output = try Buffer<Float>(count: 64, context: context)
        let otherContext = try Context(devices: [device])
        let foreign = try Buffer<Float>(count: 64, context: otherContext)
        let scale = try context.program(source: "kernel void scale(global float *x, float k, local float *t) { x[get_global_id(0)] *= k; }",
                                        name: "scale.cl").kernel(named: "scale")
        let image = try Image(format: .rFloat, width: 8, height: 8, context: context)
        let rgba = try Image(format: .rgbaUInt8, width: 8, height: 8, context: context)
        let itemLimit = device.maxWorkItemSizes[0]

        // Inputs refused outside a queue closure.
        let outside: [(String, () throws -> Void)] = [
            ("broken source", { _ = try Program(context: context, source: "kernel void k( { }", name: "bad.cl") }),
            ("unknown kernel name", { _ = try context.program(SquareCL.source).kernel(named: "nope") }),
            ("injected build option", { _ = try Program(context: context, source: "kernel void k() {}", options: BuildOptions().defining("A -w")) }),
            ("zero-dimension range", { _ = try NDRange(global: []) }),
            ("four-dimension range", { _ = try NDRange(global: [1, 1, 1, 1]) }),
            ("zero global size", { _ = try NDRange(0) }),
            ("negative global size", { _ = try NDRange(-4) }),
            ("zero local size", { _ = try NDRange(8, local: 0) }),
            ("negative offset", { _ = try NDRange(8, offset: -1) }),
            ("overflowing offset", { _ = try NDRange(8, offset: Int.max) }),
            ("local rank mismatch", { _ = try NDRange(global: [8, 8], local: [8]) }),
            ("empty buffer", { _ = try Buffer<Float>(count: 0, context: context) }),
            ("negative buffer count", { _ = try Buffer<Float>(count: -1, context: context) }),
            ("allocation over CL_DEVICE_MAX_MEM_ALLOC_SIZE", { _ = try Buffer<Float>(count: device.maxMemoryAllocationBytes / 4 + 1, context: context) }),
            ("byte count overflow", { _ = try Buffer<Double>(count: Int.max / 4, context: context) }),
            ("no device of a type", { _ = try ComputeQueue(DeviceType.custom) }),
            ("queue device outside its context", { _ = try ComputeQueue(device: device, context: Context(devices: device.partition(.equally(computeUnits: 1)))) }),
            ("partition into zero units", { _ = try device.partition(.equally(computeUnits: 0)) }),
            ("unsupported image format", { _ = try Image(format: ImageFormat(.rgb, .float), width: 4, height: 4, context: context) }),
            ("image wider than the device allows", { _ = try Image(format: .rFloat, width: device.imageLimits.max2DWidth + 1, height: 1, context: context) }),
            ("image pixels of the wrong size", { _ = try Image(format: .rFloat, width: 4, height: 4, copying: [Float](repeating: 0, count: 3), context: context) }),
            ("sampler repeat without normalised coordinates", { _ = try Sampler(context: context, addressing: .repeat) }),
            ("box filter RANGE out of range", { _ = try BoxFilter(variant: .naive, context: context, range: 99) }),
        ]
        // Inputs refused inside a queue closure.
        let inside: [(String, (ComputeEncoder) throws -> Void)] = [
            ("too few arguments", { cl in try cl.launch(square.kernel, NDRange(64), input) }),
            ("too many arguments", { cl in try cl.launch(square.kernel, NDRange(64), input, output, output) }),
            ("scalar where a buffer is declared", { cl in try cl.launch(square.kernel, NDRange(64), Float(1), output) }),
            ("buffer of the wrong element type", { cl in try cl.launch(square.kernel, NDRange(64), Buffer<Int32>(count: 64, context: context), output) }),
            ("int where a float is declared", { cl in try cl.launch(scale, NDRange(64), input, Int32(2), LocalMemory<Float>(count: 4)) }),
            ("buffer where local memory is declared", { cl in try cl.launch(scale, NDRange(64), input, Float(2), output) }),
            ("image where a buffer is declared", { cl in try cl.launch(square.kernel, NDRange(64), image, output) }),
            ("buffer from another context", { cl in try cl.launch(square.kernel, NDRange(64), foreign, output) }),
            ("local size over CL_DEVICE_MAX_WORK_ITEM_SIZES", { cl in try square(cl, NDRange(itemLimit * 2, local: itemLimit + 1), input: input, output: output) }),
            ("local size not dividing global", { cl in try square(cl, NDRange(10, local: 4), input: input, output: output) }),
            ("read past the end", { cl in _ = try cl.read(input, range: 60..<65) }),
            ("read into a host array past the end", { cl in var host = [Float](repeating: 0, count: 8); try cl.read(input, into: &host, at: 60) }),
            ("write past the end", { cl in try cl.write(output, from: ramp(65)) }),
            ("write at a negative offset", { cl in try cl.write(output, from: ramp(2), at: -2) }),
            ("write at an overflowing offset", { cl in try cl.write(output, from: ramp(2), at: Int.max - 1) }),
            ("copy past the end", { cl in try cl.copy(from: input, to: output, count: 65) }),
            ("overlapping copy in one buffer", { cl in try cl.copy(from: input, at: 0, to: input, at: 4, count: 8) }),
            ("fill past the end", { cl in try cl.fill(output, with: 1, range: 0..<65) }),
            ("rectangle outside the buffer", { cl in try cl.copyRect(from: input, RectLayout(x: 0, y: 7, rowPitch: 8), to: output, RectLayout(rowPitch: 8), extent: Extent3D(width: 8, height: 2)) }),
            ("map past the end", { cl in try cl.withMapped(input, range: 60..<70) { _ in } }),
            ("mapping twice", { cl in try cl.withMapped(input) { _ in try cl.withMapped(input) { _ in } } }),
            ("image region outside the image", { cl in _ = try cl.read(image, as: Float.self, origin: Origin3D(x: 4, y: 4, z: 0), extent: Extent3D(width: 5, height: 5, depth: 1)) }),
            ("host data smaller than the image region", { cl in try cl.write(image, from: ramp(63)) }),
            ("mismatched image formats", { cl in try cl.copy(from: image, to: rgba) }),
            ("fill colour of the wrong type", { cl in try cl.fill(rgba, with: .float(SIMD4(1, 0, 0, 1))) }),
            ("sync inside the same queue", { _ in try queue.sync { _ in } }),
        ]
        var tried = 0
        func goodLaunchStillWorks(after name: String) throws {
            let result = try queue.sync { cl in
                try square(cl, NDRange(64), input: input, output: output)
                return try cl.read(output)
            }
            #expect(result == SquareCL.Square.reference(ramp(64)), "a good launch after: \(name)")
        }
        for (name, attempt) in outside {
            let error = thrownError(attempt)
            // The kernel library refuses its own bad input with its own type (BoxFilterError).
            #expect(error is SwiftCLError || error is BuildError || error is OpenCLError || error is BoxFilterError,
                    "\(name) → \(String(describing: error))")
            #expect(error.map { "\($0)" }?.isEmpty == false, "\(name) explains itself")
            tried += 1
            try goodLaunchStillWorks(after: name)
        }
        for (name, attempt) in inside {
            let error = thrownError { try queue.sync { cl in try attempt(cl) } }
            #expect(error is SwiftCLError, "\(name) → \(String(describing: error))")
            tried += 1
            try goodLaunchStillWorks(after: name)
        }
        // Using an encoder after its closure returned.
        var escaped: ComputeEncoder?
        try queue.sync { cl in escaped = cl }
        #expect(throws: SwiftCLError.encoderExpired) { try escaped?.flush() }
        tried += 1
        #expect(tried == outside.count + inside.count + 1)
        #expect(tried >= 50, "the sweep tries \(tried) bad inputs")
    }

    @Test("objects keep what they depend on alive: a kernel its program and context, a buffer its context")
    func dependenciesStayAlive() throws {
        let device = try #require(TestDevices.all.first)
        var kernel: Kernel?
        var buffers: (Buffer<Float>, Buffer<Float>)?
        do {
            let context = try Context(devices: [device])
            let program = try context.program(SquareCL.source)
            kernel = try program.kernel(named: "square")
            buffers = (try Buffer(copying: ramp(32), context: context), try Buffer<Float>(count: 32, context: context))
        }
        // Context and program references are gone here; the kernel and buffers still hold them.
        let square = try #require(kernel)
        let (a, b) = try #require(buffers)
        let queue = try ComputeQueue(device: device, context: a.context)
        let result = try queue.sync { cl in
            try cl.launch(square, NDRange(32), a, b)
            return try cl.read(b)
        }
        #expect(result == SquareCL.Square.reference(ramp(32)))
    }
}
