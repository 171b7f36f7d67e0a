import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// Generated reductions and elementwise kernels are remembered per context by recipe: a repeated `x.sum()` or
/// `2 * x + y` builds nothing and generates no source again; a different element type or operation is a recipe of
/// its own.
@Suite("Array kernels remembered by recipe")
struct ReductionMemoTests {
    @Test("a repeated sum reuses its kernels: no new program, no new recipe; another type or operation adds one",
          arguments: TestDevices.all)
    func repeatedSum(device: Device) throws {
        let context = try Context(devices: [device])
        let queue = try ComputeQueue(device: device, context: context)
        let x = try DeviceArray((0..<1000).map { Float($0) }, on: queue)
        #expect(try x.sum() == 499_500)
        let recipes = context.memos.count, builds = context.programBuildCount
        for _ in 0..<5 { #expect(try x.sum() == 499_500) }
        // Another count with the same launch shape is the same recipe (the group count is an argument, not source).
        let y = try DeviceArray((0..<999).map { Float($0) }, on: queue)
        #expect(try y.sum() == 498_501)
        #expect(context.memos.count == recipes && context.programBuildCount == builds)
        let n = try DeviceArray((0..<1000).map { Int32($0) }, on: queue)
        #expect(try n.sum() == 499_500)
        #expect(try x.max() == 999)
        #expect(context.memos.count == recipes + 2)
    }

    @Test("a repeated elementwise expression reuses its kernel; a new shape of expression adds one", arguments: TestDevices.all)
    func repeatedExpression(device: Device) throws {
        let context = try Context(devices: [device])
        let queue = try ComputeQueue(device: device, context: context)
        let x = try DeviceArray((0..<100).map { Float($0) }, on: queue), y = try DeviceArray<Float>.filled(with: 1, shape: [100], on: queue)
        #expect(try (2 * x + y).evaluated().toArray() == (0..<100).map { 2 * Float($0) + 1 })
        let recipes = context.memos.count, builds = context.programBuildCount
        for _ in 0..<3 { #expect(try (2 * x + y).evaluated().toArray()[99] == 199) }
        // The scalar 2 is an argument, not source: another value is the same recipe.
        #expect(try (3 * x + y).evaluated().toArray()[99] == 298)
        #expect(context.memos.count == recipes && context.programBuildCount == builds)
        #expect(try (x * x).evaluated().toArray()[3] == 9)
        #expect(context.memos.count == recipes + 1 && context.programBuildCount == builds + 1)
    }

    @Test("the memo keeps at most its capacity, then starts again; a value is made once per key")
    func capacity() {
        let memos = ContextMemos()
        var made = 0
        for key in 0..<ContextMemos.capacity {
            #expect(memos.value(for: key) { made += 1; return key * 2 } == key * 2)
        }
        #expect(memos.value(for: 3) { made += 1; return -1 } == 6 && made == ContextMemos.capacity)
        #expect(memos.count == ContextMemos.capacity)
        #expect(memos.value(for: "new") { "value" } == "value" && memos.count == 1)
    }
}
