import SwiftCL
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

@Suite("Concurrency stress")
struct StressTests {
    /// Several queues × tasks × iterations building programs, launching, copying and reading at once.
    /// Run under `swift test --sanitize=thread` too (the README says how).
    @Test("queues × tasks × iterations mixing builds, launches, copies and reads", arguments: TestDevices.all)
    func stress(device: Device) async throws {
        let queueCount = 3, tasksPerQueue = 4, iterations = 12
        let queues = try (0..<queueCount).map { _ in try makeQueue(device) }
        let context = queues[0].context
        try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<(queueCount * tasksPerQueue) {
                let queue = queues[task % queueCount]
                group.addTask {
                    var checked = 0
                    for iteration in 0..<iterations {
                        // Build (the cache serves most; one new program per task and iteration parity).
                        let source = "kernel void scaled(global const float *a, global float *b) "
                            + "{ size_t i = get_global_id(0); b[i] = a[i] * SCALE; }"
                        let scale = (task + iteration) % 3 + 1
                        let program = try context.program(source: source, name: "scaled.cl",
                                                          options: BuildOptions().defining("SCALE", "\(scale).0f"))
                        let kernel = try program.kernel(named: "scaled")
                        let count = 1 + (task * 37 + iteration * 101) % 3000
                        let input = ramp(count)
                        let a = try Buffer(copying: input, context: context)
                        let b = try Buffer<Float>(count: count, context: context)
                        let c = try Buffer<Float>(count: count, context: context)
                        let output = try await queue.run { cl in
                            try cl.launch(kernel, NDRange(count), a, b)
                            try cl.copy(from: b, to: c)
                            return try cl.read(c)
                        }
                        #expect(output == input.map { $0 * Float(scale) }, "task \(task) iteration \(iteration)")
                        checked += 1
                    }
                    return checked
                }
            }
            var total = 0
            for try await checked in group { total += checked }
            #expect(total == queueCount * tasksPerQueue * iterations)
        }
    }

    @Test("buffers dropped while their commands are queued stay alive until the commands complete", arguments: TestDevices.all)
    func lifetimes(device: Device) async throws {
        let queue = try makeQueue(device)
        let square = try SquareCL.Square(context: queue.context)
        let result = try Buffer<Float>(count: 1 << 18, context: queue.context)
        for round in 0..<8 {
            let input = ramp(1 << 18, scale: Float(round + 1))
            do {
                // The only references to these buffers are handed to the queue, then dropped here.
                let a = try Buffer(copying: input, context: queue.context)
                let b = try Buffer<Float>(count: input.count, context: queue.context)
                queue.async({ cl in
                    try square(cl, NDRange(input.count), input: a, output: b)
                    try cl.copy(from: b, to: result)
                }, completion: { _ in })
            }
            let read = try await queue.run { cl in try cl.read(result) }
            #expect(read == SquareCL.Square.reference(input), "round \(round)")
        }
    }
}
