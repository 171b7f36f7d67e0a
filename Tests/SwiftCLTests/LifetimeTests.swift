import Foundation
import SwiftCL
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

@Suite("Object lifetimes and leaks")
struct LifetimeTests {
    @Test("context, program, kernel, buffer, image, sampler and queue are freed when their scope ends", arguments: TestDevices.all)
    func droppedObjectsAreFreed(device: Device) throws {
        weak var context: Context?, program: Program?, kernel: Kernel?, sharedKernel: Kernel?
        weak var buffer: Buffer<Float>?, image: Image?, sampler: Sampler?, queue: ComputeQueue?
        do {
            let c = try Context(devices: [device])
            let p = try c.program(SquareCL.source)
            let k = try p.kernel(named: "square"), shared = try p.sharedKernel(named: "square")
            let a = try Buffer(copying: ramp(64), context: c), b = try Buffer<Float>(count: 64, context: c)
            let q = try ComputeQueue(device: device, context: c)
            let output = try q.sync { cl in
                try cl.launch(k, NDRange(64), a, b)
                try cl.launch(shared, NDRange(64), a, b)
                return try cl.read(b)
            }
            #expect(output == SquareCL.Square.reference(ramp(64)))
            if device.supportsImages {
                let i = try Image(.image2D(width: 4, height: 4), format: ImageFormat(.rgba, .unormInt8), context: c)
                let s = try Sampler(context: c)
                (image, sampler) = (i, s)
                #expect(image != nil && sampler != nil)
            }
            (context, program, kernel, sharedKernel, buffer, queue) = (c, p, k, shared, a, q)
            #expect(context != nil && program != nil && kernel != nil && buffer != nil && queue != nil)
        }
        #expect(context == nil, "the context's program cache must not keep the context alive")
        #expect(program == nil)
        #expect(kernel == nil)
        #expect(sharedKernel == nil, "a program's shared kernels must not keep the program alive")
        #expect(buffer == nil)
        #expect(image == nil)
        #expect(sampler == nil)
        #expect(queue == nil)
    }

    @Test("the program cache is bounded: least recently used first, evict and removeAll", arguments: TestDevices.all)
    func boundedProgramCache(device: Device) throws {
        let context = try Context(devices: [device], programCacheCapacity: 3)
        #expect(context.programCache.capacity == 3)
        func source(_ n: Int) -> String { "kernel void k(global int *a) { a[0] = \(n); }" }
        for n in 0..<3 { _ = try context.program(source: source(n)) }
        _ = try context.program(source: source(0))   // 0 is now the most recently used
        _ = try context.program(source: source(3))   // evicts 1
        #expect(context.programCache.count == 3)
        #expect(context.programBuildCount == 4)
        _ = try context.program(source: source(0))
        _ = try context.program(source: source(2))
        #expect(context.programBuildCount == 4, "0 and 2 were kept")
        _ = try context.program(source: source(1))
        #expect(context.programBuildCount == 5, "1 was evicted and builds again")
        #expect(context.programCache.evict(source: source(1)))
        #expect(!context.programCache.evict(source: source(1)))
        #expect(context.programCache.count == 2)
        context.programCache.removeAll()
        #expect(context.programCache.count == 0)
        // A program handed out before eviction keeps working.
        let kept = try context.program(source: source(9))
        context.programCache.removeAll()
        let queue = try ComputeQueue(device: device, context: context)
        let data = try Buffer<Int32>(count: 1, context: context)
        let value = try queue.sync { cl in
            try cl.launch(kept.kernel(named: "k"), NDRange(1), data)
            return try cl.read(data)
        }
        #expect(value == [9])
        #expect(ProgramCache.defaultCapacity == 64)
    }

    /// One request of a service that makes a context per request: context, program, kernel, two
    /// buffers, queue, launch, read, then drop everything.
    static func request(_ device: Device, _ iteration: Int) throws -> Bool {
        let context = try Context(devices: [device])
        let program = try context.program(source: "kernel void scale(global const float *a, global float *b) "
                                          + "{ size_t i = get_global_id(0); b[i] = a[i] * 3.0f; }", name: "scale.cl")
        let kernel = try program.kernel(named: "scale")
        let input = [Float](repeating: Float(iteration % 7), count: 256)
        let a = try Buffer(copying: input, context: context), b = try Buffer<Float>(count: 256, context: context)
        let output = try ComputeQueue(device: device, context: context).sync { cl in
            try cl.launch(kernel, NDRange(256), a, b)
            return try cl.read(b)
        }
        return output == input.map { $0 * 3 }
    }

    /// Memory this process holds, for leak checks: its resident set size (from /proc/self/statm) in a plain run.
    /// Under a sanitizer RSS is no measure of leaks (AddressSanitizer keeps freed blocks in a quarantine of up to 256 MB,
    /// so RSS grows with every free until it is full; ThreadSanitizer adds shadow memory), so there it is the heap's
    /// live bytes as the sanitizer's allocator counts them (`__sanitizer_get_current_allocated_bytes`), quarantine
    /// excluded.
    static func memoryInUse() -> Int {
        if let liveHeapBytes { return liveHeapBytes() }
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    /// The sanitizer allocator's count of live heap bytes, where a sanitizer's runtime is in the process.
    static let liveHeapBytes: (@convention(c) () -> Int)? = {
        guard TestScale.sanitized,
              let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__sanitizer_get_current_allocated_bytes") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> Int).self)
    }()

    /// What ``memoryInUse()`` measures, for messages.
    static var memoryMeasure: String { liveHeapBytes == nil ? "RSS" : "live heap (sanitizer's allocator)" }

    @Test("1,000 explicit-context requests: memory grows under 4 KB per request and every object is released")
    func contextPerRequestDoesNotLeak() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let device = try #require(Device.all.first)
            // Warm up: the allocator, PoCL's kernel cache and the ICD settle in the first requests.
            for iteration in 0..<100 { #expect(try LifetimeTests.request(device, iteration)) }
            let before = LifetimeTests.memoryInUse()
            let iterations = 1_000
            for iteration in 0..<iterations {
                if try !LifetimeTests.request(device, iteration) { Issue.record("request \(iteration) computed a wrong result") }
            }
            let after = LifetimeTests.memoryInUse()
            let perIteration = Double(after - before) / Double(iterations)
            let live = LiveObjectCounts.current
            print("\(LifetimeTests.memoryMeasure) before \(before) after \(after) bytes: \(perIteration) bytes per request; live: \(live)")
            #expect(perIteration < 4096, "\(LifetimeTests.memoryMeasure) grew \(perIteration) bytes per request")
            for kind in [LiveObjectCounts.Kind.context, .program, .kernel, .queue, .memoryObject, .sampler] {
                #expect(live[kind] == 0, "\(kind.rawValue) objects left alive: \(live)")
            }
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output.contains("bytes per request"), "the child reported its figures: \(output)")
        print(output.split(separator: "\n").filter { $0.contains("bytes per request") }.joined(separator: "\n"))
    }

    @Test("a shared-style context building many distinct programs keeps only its capacity", arguments: TestDevices.all)
    func distinctProgramsAreBounded(device: Device) throws {
        let context = try Context(devices: [device], programCacheCapacity: 4)
        weak var firstBuilt: Program?
        for n in 0..<12 {
            let program = try context.program(source: "kernel void k(global int *a) { a[0] = \(n); }")
            if n == 0 { firstBuilt = program }
        }
        #expect(context.programCache.count == 4)
        #expect(firstBuilt == nil)
        #expect(context.programBuildCount == 12)
    }

    @Test("a context building many distinct sources keeps at most its capacity alive; memory levels off after it")
    func distinctSourcesRetention() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let device = try #require(Device.all.first)
            let sources = Int(ProcessInfo.processInfo.environment["SWIFTCL_RETENTION_SOURCES"] ?? "") ?? 300
            let context = try Context(devices: [device])
            let capacity = context.programCache.capacity
            var samples: [(sources: Int, rss: Int, live: Int)] = []
            for n in 0..<sources {
                let program = try context.program(source: "kernel void k(global int *a) { a[get_global_id(0)] = \(n); }")
                _ = try program.kernel(named: "k")
                if [0, capacity / 2, capacity - 1, 2 * capacity, sources / 2, sources - 1].contains(n) || n % 100 == 99 {
                    samples.append((n + 1, LifetimeTests.memoryInUse(), LiveObjectCounts.current[.program]))
                }
            }
            for sample in samples {
                print("retention: \(sample.sources) sources \(LifetimeTests.memoryMeasure) \(sample.rss / 1024) KiB, live programs \(sample.live)")
            }
            #expect(samples.allSatisfy { $0.live <= capacity }, "live programs stay within the cache's capacity")
            // While the cache fills, each kept program costs RSS; past twice the capacity every new source evicts
            // one, so RSS must level off: growth per source under a tenth of what a kept program costs (allocator
            // noise stays well under that; a program kept forever would cost all of it).
            if let first = samples.first, let full = samples.first(where: { $0.sources == capacity }),
               let settled = samples.first(where: { $0.sources > 2 * capacity }), let last = samples.last, last.sources > settled.sources {
                let perProgram = Double(full.rss - first.rss) / Double(full.sources - first.sources)
                let perSource = Double(last.rss - settled.rss) / Double(last.sources - settled.sources)
                print("retention: \(Int(perProgram)) bytes per kept program while filling; \(Int(perSource)) bytes per source "
                      + "from \(settled.sources) to \(last.sources) sources")
                #expect(perSource < perProgram / 10, "\(LifetimeTests.memoryMeasure) still grows \(perSource) bytes per distinct source past the capacity")
            }
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output.contains("retention:"), "the child reported its figures: \(output)")
        print(output.split(separator: "\n").filter { $0.contains("retention:") }.joined(separator: "\n"))
    }

    @Test("a launch keeps its buffer alive until its commands complete: the first, the remembered batch, and after finish()",
          arguments: TestDevices.all)
    func launchesKeepObjectsAlive(device: Device) async throws {
        let queue = try makeQueue(device)
        let program = try queue.context.program(source: """
            kernel void inc(global float *a) { a[get_global_id(0)] += 1; }
            kernel void spin(global float *x, int n) { float v = x[0]; for (int i = 0; i < n; i++) v = v * 0.999f + 1.0f; x[0] = v; }
            """, name: "inc.cl")
        let inc = try program.kernel(named: "inc"), spin = try program.kernel(named: "spin")
        let slow = try Buffer<Float>(count: 1, context: queue.context)
        let box = WeakBuffer()
        // An asynchronous closure ends (and its encoder with what it remembers) before its commands complete: only what
        // the launches kept alive holds the buffer until the completion handler has run.
        let aliveAtCompletion = try await withCheckedThrowingContinuation { (done: CheckedContinuation<Bool, any Error>) in
            queue.async({ cl in
                var buffer: Buffer<Float>? = try Buffer(copying: ramp(16), context: queue.context)
                // The first launch, then the remembered batch (the second remembers, the third repeats it).
                for _ in 0..<3 { try cl.launch(inc, NDRange(16), buffer!) }
                try cl.finish()
                // After finish() the encoder keeps nothing; the repeated launch must keep its buffer again.
                try cl.launch(inc, NDRange(16), buffer!)
                // Milliseconds of work after it, so the closure has long ended when the commands complete.
                try cl.launch(spin, NDRange(1), slow, Int32(20_000_000))
                box.buffer = buffer
                buffer = nil
            }, completion: { result in
                done.resume(with: result.map { box.buffer != nil })
            })
        }
        #expect(aliveAtCompletion, "the repeated launch after finish() kept its buffer until its commands completed")
    }

    /// A weak reference the test's closures share.
    private final class WeakBuffer: @unchecked Sendable {
        weak var buffer: Buffer<Float>?
    }
}
