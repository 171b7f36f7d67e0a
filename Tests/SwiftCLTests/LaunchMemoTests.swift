@testable import SwiftCL
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

/// The launch path's memos (``LaunchMemo``'s rules): what a repeated launch skips, and when it does not.
@Suite("Launch memos")
struct LaunchMemoTests {
    /// A queue, the shipped square kernel and its two 64-float buffers (the input a ramp).
    ///
    /// The queue's context is the test's own: the square kernel is shared per program, and in the device's shared
    /// context other tests running at the same time would launch it too, replacing the launch it remembers.
    static func fixture(_ device: Device) throws -> (ComputeQueue, SquareCL.Square, Buffer<Float>, Buffer<Float>) {
        let queue = try ComputeQueue(device: device, context: Context(devices: [device]))
        let square = try SquareCL.Square(context: queue.context)
        return (queue, square, try Buffer(copying: ramp(64), context: queue.context), try Buffer<Float>(count: 64, context: queue.context))
    }

    @Test("from the second launch of a kernel in a row, a repeat binds what was checked and keeps nothing new",
          arguments: TestDevices.all)
    func batchRemembered(device: Device) throws {
        let (queue, square, a, b) = try Self.fixture(device)
        let range = try NDRange(64)
        let output = try queue.sync { cl in
            try cl.launch(square.kernel, range, a, b)
            #expect(cl.launchMemo.checked == nil, "a single launch remembers nothing")
            let keptAfterFirst = cl.inFlight.count
            #expect(keptAfterFirst == 3, "the kernel and both buffers are kept alive")
            try cl.launch(square.kernel, range, a, b)
            let remembered = try #require(cl.launchMemo.checked)
            #expect(remembered.kernel === square.kernel && cl.inFlight.count == keptAfterFirst, "the same objects are not kept twice")
            #expect(cl.launchMemo.repeated(square.kernel, range, [a, b], nothingMapped: true) === remembered)
            try cl.launch(square.kernel, range, a, b)
            #expect(cl.launchMemo.checked === remembered && cl.inFlight.count == keptAfterFirst)
            #expect(cl.launchMemo.scratch.isEmpty, "the scratch list is empty between launches")
            return try cl.read(b)
        }
        #expect(output == ramp(64).map { $0 * $0 })
    }

    @Test("a repeat is refused while something is mapped, with other objects, another range or another kernel",
          arguments: TestDevices.all)
    func repeatsAreExact(device: Device) throws {
        let (queue, square, a, b) = try Self.fixture(device)
        let c = try Buffer<Float>(count: 64, context: queue.context)
        let other = try queue.context.program(source: "kernel void twice(global const float *x, global float *y) { y[get_global_id(0)] = 2 * x[get_global_id(0)]; }",
                                              name: "twice.cl").kernel(named: "twice")
        let range = try NDRange(64)
        try queue.sync { cl in
            try cl.launch(square.kernel, range, a, b)
            try cl.launch(square.kernel, range, a, b)
            let memo = cl.launchMemo
            #expect(memo.repeated(square.kernel, range, [a, b], nothingMapped: false) == nil, "a map is state the memo does not hold")
            #expect(memo.repeated(square.kernel, range, [a, c], nothingMapped: true) == nil)
            #expect(memo.repeated(square.kernel, try NDRange(32), [a, b], nothingMapped: true) == nil)
            #expect(memo.repeated(other, range, [a, b], nothingMapped: true) == nil)
            // A launch of another kernel keeps the first kernel's memo but starts its own count.
            try cl.launch(other, range, a, c)
            #expect(cl.launchMemo.checked?.kernel === square.kernel && cl.launchMemo.previousKernel == ObjectIdentifier(other))
        }
    }

    @Test("after a finish nothing is kept, so a repeat keeps its objects again; across closures the kernel's key skips the checks",
          arguments: TestDevices.all)
    func finishAndNextClosure(device: Device) throws {
        let (queue, square, a, b) = try Self.fixture(device)
        let range = try NDRange(64)
        try queue.sync { cl in
            try cl.launch(square.kernel, range, a, b)
            try cl.launch(square.kernel, range, a, b)
            try cl.finish()
            #expect(cl.inFlight.isEmpty && cl.launchMemo.retained == nil)
            try cl.launch(square.kernel, range, a, b)
            #expect(cl.inFlight.count == 3, "the repeat after a finish keeps the kernel and buffers alive again")
        }
        // The next closure starts with an empty encoder memo; the kernel remembers the launch (device, range, objects).
        #expect(square.kernel.core.rememberedCheck(device: device, range: range, arguments: [a.kernelArgument, b.kernelArgument]) != nil)
        let d = try Buffer<Float>(count: 64, context: queue.context)
        #expect(square.kernel.core.rememberedCheck(device: device, range: range, arguments: [a.kernelArgument, d.kernelArgument]) == nil)
        try queue.sync { cl in
            #expect(cl.launchMemo.checked == nil && cl.launchMemo.previousKernel == nil)
            try cl.launch(square.kernel, range, a, b)
        }
    }
}
