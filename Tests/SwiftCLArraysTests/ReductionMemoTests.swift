import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// Generated reductions are remembered per context by recipe: a repeated `x.sum()` builds nothing and generates no
/// source again, and a different element type or operation is a recipe of its own.
@Suite("Reduction kernels remembered by recipe")
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
