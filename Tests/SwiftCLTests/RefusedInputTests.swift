import Foundation
import SwiftCL
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

/// Inputs that used to kill the process (traps, driver crashes) or were accepted silently: each now
/// throws a typed error naming the limit, and a good launch right after still works.
@Suite("Refused inputs that used to trap")
struct RefusedInputTests {
    /// Runs the shipped square kernel once, to show the process and queue stay usable.
    static func goodLaunch(_ queue: ComputeQueue) throws -> Bool {
        let input = ramp(16)
        let a = try Buffer(copying: input, context: queue.context), b = try Buffer<Float>(count: 16, context: queue.context)
        let output = try queue.sync { cl in
            try SquareCL.square(cl, NDRange(16), input: a, output: b)
            return try cl.read(b)
        }
        return output == SquareCL.Square.reference(input)
    }

    /// The `SwiftCLError` `body` throws; records an issue when it throws nothing or something else.
    static func refusal(_ what: String, _ body: () throws -> Void) -> SwiftCLError? {
        let error = thrownError(body)
        guard let typed = error as? SwiftCLError else {
            Issue.record("\(what): expected a SwiftCLError, got \(String(describing: error))")
            return nil
        }
        return typed
    }

    @Test("rect transfers with pitches whose byte size overflows throw sizeOverflow", arguments: TestDevices.all)
    func rectPitchOverflow(device: Device) throws {
        let queue = try makeQueue(device)
        let buffer = try Buffer<Float>(count: 64, context: queue.context)
        var host = [Float](repeating: 0, count: 64)
        let huge = RectLayout(rowPitch: Int.max / 4 + 1), plain = RectLayout(rowPitch: 8)
        let region = Extent3D(width: 4)
        let attempts: [(String, (ComputeEncoder) throws -> Void)] = [
            ("readRect buffer pitch", { cl in try cl.readRect(buffer, huge, into: &host, plain, extent: region) }),
            ("readRect host pitch", { cl in try cl.readRect(buffer, plain, into: &host, huge, extent: region) }),
            ("writeRect", { cl in try cl.writeRect(buffer, huge, from: host, plain, extent: region) }),
            ("copyRect", { cl in try cl.copyRect(from: buffer, huge, to: buffer, RectLayout(x: 8, y: 0, rowPitch: 16), extent: region) }),
        ]
        for (name, attempt) in attempts {
            let error = Self.refusal(name) { try queue.sync { cl in try attempt(cl) } }
            guard error?.code == .sizeOverflow else {
                Issue.record("\(name): expected sizeOverflow, got \(String(describing: error))")
                continue
            }
        }
        #expect(try Self.goodLaunch(queue))
    }

    @Test("local memory: overflowing LocalMemory sums, and a kernel's own local arrays count toward the limit", arguments: TestDevices.all)
    func localMemoryLimits(device: Device) throws {
        let queue = try makeQueue(device)
        let source = """
            kernel void two_locals(global float *out, local float *a, local float *b)
            { a[0] = 1.0f; b[0] = 2.0f; out[0] = a[0] + b[0]; }
            kernel void big_static(global float *out, local float *extra)
            { local float table[\(device.localMemoryBytes / 4 / 4 * 3)]; table[get_local_id(0)] = 1.0f; extra[0] = 1.0f;
              barrier(CLK_LOCAL_MEM_FENCE); out[0] = table[0] + extra[0]; }
            """
        let program = try queue.context.program(source: source, name: "locals.cl")
        let out = try Buffer<Float>(count: 1, context: queue.context)
        let half = LocalMemory<Float>(count: Int.max / 4)
        var error = Self.refusal("two LocalMemory summing past Int.max") {
            try queue.sync { cl in try cl.launch(program.kernel(named: "two_locals"), NDRange(1), out, half, half) }
        }
        guard let saturated = error, saturated.code == .localMemoryExceeded else {
            Issue.record("expected localMemoryExceeded, got \(String(describing: error))")
            return
        }
        #expect(saturated.description.contains("plus more than Int.max bytes of LocalMemory"),
                "the sum saturates instead of wrapping: \(saturated)")
        // The static table takes three quarters of local memory: half more in an argument is too much.
        let kernel = try program.kernel(named: "big_static")
        #expect(try kernel.workGroupInfo(on: device).localMemoryBytes >= device.localMemoryBytes / 4 * 3)
        error = Self.refusal("static local arrays plus LocalMemory over the device limit") {
            try queue.sync { cl in try cl.launch(kernel, NDRange(1), out, LocalMemory<Float>(count: device.localMemoryBytes / 8)) }
        }
        guard error?.code == .localMemoryExceeded else {
            Issue.record("expected localMemoryExceeded, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("CL_KERNEL_LOCAL_MEM_SIZE") == true)
        // What fits still runs.
        let fitted = try queue.sync { cl in
            try cl.launch(kernel, NDRange(1), out, LocalMemory<Float>(count: 16))
            return try cl.read(out)
        }
        #expect(fitted == [2])
        #expect(try Self.goodLaunch(queue))
    }

    @Test("ND-ranges whose work-item count overflows, or exceeds size_t, are refused", arguments: TestDevices.all)
    func hugeRanges(device: Device) throws {
        #expect(throws: SwiftCLError.invalidNDRange(.workItemCountOverflow(global: [Int.max, 2]))) {
            _ = try NDRange(global: [Int.max, 2])
        }
        #expect(throws: SwiftCLError.invalidNDRange(.workItemCountOverflow(global: [1 << 32, 1 << 32, 1 << 32]))) {
            _ = try NDRange(global: [1 << 32, 1 << 32, 1 << 32])
        }
        #expect(try NDRange(global: [Int.max]).workItemCount == Int.max)
        #expect(try NDRange(global: [3, 5, 7]).workItemCount == 105)
        let queue = try makeQueue(device)
        if device.addressBits < 64 {
            let buffer = try Buffer<Float>(count: 1, context: queue.context)
            let error = Self.refusal("a range past a 32-bit size_t") {
                try queue.sync { cl in try SquareCL.square(cl, NDRange(1 << device.addressBits), input: buffer, output: buffer) }
            }
            #expect(error != nil)
        }
        #expect(try Self.goodLaunch(queue))
    }

    @Test("partitioning by counts that overflow Int is refused", arguments: TestDevices.all)
    func partitionOverflow(device: Device) throws {
        for counts in [[Int.max, 1], [Int.max, Int.max], [1, Int.min], [device.computeUnits + 1]] {
            _ = Self.refusal("partition \(counts)") { _ = try device.partition(.counts(counts)) }
        }
        _ = Self.refusal("partition equally by Int.max") { _ = try device.partition(.equally(computeUnits: Int.max)) }
        #expect(try Self.goodLaunch(try makeQueue(device)))
    }

    @Test("a sync cycle across queues (A → B → A) throws reentrantSync instead of trapping", arguments: TestDevices.all)
    func syncCycle(device: Device) throws {
        let a = try makeQueue(device), b = try makeQueue(device), c = try makeQueue(device)
        let direct = Self.refusal("A.sync { B.sync { A.sync } }") {
            try a.sync { _ in try b.sync { _ in try a.sync { _ in } } }
        }
        #expect(direct == .reentrantSync(queue: a.description))
        let deeper = Self.refusal("A.sync { B.sync { C.measure { A.sync } } }") {
            try a.sync { _ in try b.sync { _ in _ = try c.measure { _ in try a.sync { _ in } } } }
        }
        #expect(deeper == .reentrantSync(queue: a.description))
        // From an async closure of A too.
        let outcome = Locked<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        a.async({ _ in
            outcome.withLock { $0 = thrownError { try b.sync { _ in try a.sync { _ in } } } }
        }, completion: { _ in done.signal() })
        done.wait()
        #expect(outcome.withLock { $0 as? SwiftCLError } == .reentrantSync(queue: a.description))
        // Nesting different queues without a cycle is fine.
        try a.sync { _ in try b.sync { _ in try c.sync { _ in } } }
        #expect(try Self.goodLaunch(a) && Self.goodLaunch(b))
    }

    @Test("without the runtime's argument information, a scalar for a buffer is still refused", arguments: TestDevices.all)
    func noArgumentInfo(device: Device) throws {
        let queue = try makeQueue(device)
        var options = BuildOptions()
        options.kernelArgumentInfo = false
        let source = """
            typedef struct { float scale; int count; } Params;
            kernel void scaled(global float *data, const Params params, local float *scratch, float bias)
            { scratch[0] = bias; data[get_global_id(0)] *= params.scale + scratch[0]; }
            """
        let program = try queue.context.program(source: source, name: "noinfo.cl", options: options)
        let kernel = try program.kernel(named: "scaled")
        let parameters = try #require(kernel.parameters, "read from the source when the runtime gives none")
        #expect(parameters.map(\.addressSpace) == [.global, .private, .local, .private])
        #expect(parameters.map(\.typeName) == ["float*", "Params", "float*", "float"])
        let data = try Buffer(copying: [Float](repeating: 2, count: 4), context: queue.context)
        struct Params: BitwiseCopyable { var scale: Float; var count: Int32 }
        let error = Self.refusal("an 8-byte scalar for a buffer parameter") {
            try queue.sync { cl in
                try cl.launch(kernel, NDRange(4), UInt64(0xdead_beef), KernelArgumentValue.value(Params(scale: 1, count: 4)),
                              LocalMemory<Float>(count: 1), Float(0))
            }
        }
        guard error?.code == .argumentType, error?.argumentIndex == 0 else {
            Issue.record("expected argumentType at 0, got \(String(describing: error))")
            return
        }
        _ = Self.refusal("a buffer for a by-value float") {
            try queue.sync { cl in
                try cl.launch(kernel, NDRange(4), data, KernelArgumentValue.value(Params(scale: 1, count: 4)), LocalMemory<Float>(count: 1), data)
            }
        }
        let output = try queue.sync { cl in
            try cl.launch(kernel, NDRange(4), data, KernelArgumentValue.value(Params(scale: 3, count: 4)), LocalMemory<Float>(count: 1), Float(1))
            return try cl.read(data)
        }
        #expect(output == [8, 8, 8, 8])
    }

    @Test("NUL bytes in program source, options and kernel names are refused, not truncated", arguments: TestDevices.all)
    func nulBytes(device: Device) throws {
        let context = try makeQueue(device).context
        let error = Self.refusal("NUL in source") {
            _ = try context.program(source: "kernel void a(global int *x) { x[0] = 1; }\0kernel void b(global int *x) { x[0] = 2; }")
        }
        #expect(error == .embeddedNUL(what: "program source <source>", byteOffset: 42))
        var options = BuildOptions()
        options.raw = ["-w\0-DHIDDEN"]
        _ = Self.refusal("NUL in a raw option") { _ = try context.program(source: "kernel void k() {}", options: options) }
        _ = Self.refusal("NUL in a definition") {
            _ = try context.program(source: "kernel void k() {}", options: BuildOptions().defining("A", "1\0-DB"))
        }
        let program = try context.program(source: "kernel void k() {}")
        _ = Self.refusal("NUL in a kernel name") { _ = try program.kernel(named: "k\0tail") }
        #expect(try Self.goodLaunch(try makeQueue(device)))
    }

    @Test("a .readOnly buffer for a non-const pointer, and commands on a mapped buffer, are refused", arguments: TestDevices.all)
    func accessRules(device: Device) throws {
        let queue = try makeQueue(device)
        let readOnly = try Buffer(copying: ramp(16), context: queue.context, access: .readOnly)
        let output = try Buffer<Float>(count: 16, context: queue.context)
        let other = try Buffer<Float>(count: 16, context: queue.context)
        let error = Self.refusal(".readOnly buffer as square's output") {
            try queue.sync { cl in try SquareCL.square(cl, NDRange(16), input: readOnly, output: readOnly) }
        }
        #expect(error?.description.contains("readOnly") == true)
        // As the input (a const pointer) it is fine.
        try queue.sync { cl in try SquareCL.square(cl, NDRange(16), input: readOnly, output: output) }
        let whileMapped: [(String, (ComputeEncoder) throws -> Void)] = [
            ("launch", { cl in try SquareCL.square(cl, NDRange(16), input: readOnly, output: output) }),
            ("write", { cl in try cl.write(output, from: ramp(4)) }),
            ("copy into", { cl in try cl.copy(from: other, to: output) }),
            ("copy from", { cl in try cl.copy(from: output, to: other) }),
            ("fill", { cl in try cl.fill(output, with: 0) }),
            ("read", { cl in _ = try cl.read(output) }),
        ]
        for (name, attempt) in whileMapped {
            let refused = Self.refusal("\(name) while mapped") {
                try queue.sync { cl in try cl.withMapped(output) { _ in try attempt(cl) } }
            }
            #expect(refused?.description.contains("mapped") == true, "\(name): \(String(describing: refused))")
        }
        #expect(try Self.goodLaunch(queue))
    }

    @Test("a repeated launch skips the checks that passed only for the same kernel, range and arguments, nothing mapped",
          arguments: TestDevices.all)
    func rememberedChecks(device: Device) throws {
        let queue = try makeQueue(device)
        let program = try queue.context.program(source: "kernel void add(global float *a, float v) { a[get_global_id(0)] += v; }",
                                                name: "add.cl")
        let add = try program.kernel(named: "add")
        let data = try Buffer(copying: ramp(16), context: queue.context)
        let readOnly = try Buffer(copying: ramp(16), context: queue.context, access: .readOnly)
        let foreign = try Buffer<Float>(count: 16, context: Context(devices: [device]))
        try queue.sync { cl in
            // Three identical launches (the second remembers the check, the third uses it), then each way the
            // remembered check must not apply: a mapped argument, another buffer, another scalar, another range.
            for _ in 0..<3 { try cl.launch(add, NDRange(16), data, Float(1)) }
            let mapped = Self.refusal("remembered launch while mapped") {
                try cl.withMapped(data) { _ in try cl.launch(add, NDRange(16), data, Float(1)) }
            }
            #expect(mapped?.description.contains("mapped") == true)
            #expect(Self.refusal("a .readOnly buffer after remembered launches") { try cl.launch(add, NDRange(16), readOnly, Float(1)) } != nil)
            #expect(Self.refusal("a buffer of another context after remembered launches") { try cl.launch(add, NDRange(16), foreign, Float(1)) } != nil)
            #expect(Self.refusal("a Double for a float after remembered launches") { try cl.launch(add, NDRange(16), data, Double(1)) } != nil)
            try cl.launch(add, NDRange(16), data, Float(10))
            try cl.launch(add, NDRange(8), data, Float(10))
            #expect(Self.refusal("a range over the device's limits after remembered launches") {
                let tooWide = 2 * device.maxWorkGroupSize  // refused before anything runs (the buffer holds 16)
                try cl.launch(add, NDRange(tooWide, local: tooWide), data, Float(10))
            } != nil)
        }
        let expected = ramp(16).enumerated().map { $1 + 3 + ($0 < 8 ? 20 : 10) }
        #expect(try queue.sync { cl in try cl.read(data) } == expected)
        #expect(add.launchCount == 5)
    }

    @Test("a launch in a new closure skips the checks of its kernel's last launch only when everything they read is the same",
          arguments: TestDevices.all)
    func rememberedChecksAcrossClosures(device: Device) throws {
        let queue = try makeQueue(device)
        let program = try queue.context.program(
            source: "kernel void add(global float *a, float v, uint n) { if (get_global_id(0) < n) a[get_global_id(0)] += v; }",
            name: "add-n.cl")
        let add = try program.kernel(named: "add")
        let data = try Buffer(copying: ramp(16), context: queue.context)
        let readOnly = try Buffer(copying: ramp(16), context: queue.context, access: .readOnly)
        let foreign = try Buffer<Float>(count: 16, context: Context(devices: [device]))
        // One launch per closure, so only the kernel's memory of its last checked launch can skip a check.
        func once(_ body: (ComputeEncoder) throws -> Void) throws { try queue.sync(body) }
        for _ in 0..<3 { try once { cl in try cl.launch(add, NDRange(16), data, Float(1), 16) } }
        // Integers are converted on every launch: the same arguments with n out of uint's range are refused.
        let outOfRange = Self.refusal("an integer out of range after remembered launches") {
            try once { cl in try cl.launch(add, NDRange(16), data, Float(1), -1) }
        }
        #expect(outOfRange?.description.contains("uint") == true, "\(String(describing: outOfRange))")
        let mapped = Self.refusal("a remembered launch while mapped") {
            try once { cl in try cl.withMapped(data) { _ in try cl.launch(add, NDRange(16), data, Float(1), 16) } }
        }
        #expect(mapped?.description.contains("mapped") == true)
        #expect(Self.refusal("a .readOnly buffer after remembered launches") {
            try once { cl in try cl.launch(add, NDRange(16), readOnly, Float(1), 16) }
        } != nil)
        #expect(Self.refusal("a buffer of another context after remembered launches") {
            try once { cl in try cl.launch(add, NDRange(16), foreign, Float(1), 16) }
        } != nil)
        #expect(Self.refusal("a Double for a float after remembered launches") {
            try once { cl in try cl.launch(add, NDRange(16), data, Double(1), 16) }
        } != nil)
        #expect(Self.refusal("a range over the device's limits after remembered launches") {
            let tooWide = 2 * device.maxWorkGroupSize
            try once { cl in try cl.launch(add, NDRange(tooWide, local: tooWide), data, Float(1), 16) }
        } != nil)
        try once { cl in try cl.launch(add, NDRange(16), data, Float(10), 8) }
        // A buffer made after a remembered one was freed may sit at its address (glibc hands the same block back; ASan
        // does not): serial numbers tell them apart, so a .readOnly one for the non-const parameter is still refused.
        let host = ramp(16)
        for round in 0..<8 {
            do {
                let scratch = try Buffer(copying: host, context: queue.context)
                try once { cl in try cl.launch(add, NDRange(16), scratch, Float(1), 16) }
            }
            let late = try Buffer(copying: host, context: queue.context, access: .readOnly)
            #expect(Self.refusal("a new .readOnly buffer, round \(round)") {
                try once { cl in try cl.launch(add, NDRange(16), late, Float(1), 16) }
            } != nil)
        }
        let expected = ramp(16).enumerated().map { $1 + 3 + ($0 < 8 ? 10 : 0) }
        #expect(try queue.sync { cl in try cl.read(data) } == expected)
    }
}

import PropertyBased

/// Random and extreme integers through the public buffer, rect, ND-range, image, local-memory and
/// partition API, in a child process: every call must return or throw; a trap kills the child and
/// fails the test.
@Suite("Public API under random and extreme integers")
struct ExtremeIntegerTests {
    /// Integers that break naive arithmetic, mixed with small ones and uniformly random ones.
    static let interesting = [Int.max, Int.min, Int.max / 4 + 1, Int.max / 16, Int.max / 2 + 1, 1 << 32, 1 << 31,
                              (1 << 31) - 1, -1, 0, 1, 2, 3, 63, 64, 65]

    static func pick(_ selector: Int, _ random: Int) -> Int {
        switch selector {
        case 0..<16: interesting[selector]
        case 16..<28: Int(random.magnitude % 70)
        default: random
        }
    }

    /// One round of calls with ten integers; counts how each call ended.
    static func exercise(_ numbers: [Int], queue: ComputeQueue, program: Program, tally: inout [String: Int]) {
        let context = queue.context, device = queue.device
        func attempt(_ name: String, _ body: () throws -> Void) {
            if ProcessInfo.processInfo.environment["SWIFTCL_TRACE_EXTREMES"] != nil { FileHandle.standardError.write(Data("\(name) \(numbers)\n".utf8)) }
            do {
                try body()
                tally["returned", default: 0] += 1
            } catch is SwiftCLError {
                tally["SwiftCLError", default: 0] += 1
            } catch {
                tally["other error (\(name)): \(type(of: error))", default: 0] += 1
            }
        }
        let n = numbers
        let low = min(n[0], n[1]), high = max(n[0], n[1])
        attempt("buffer") { _ = try Buffer<Float>(count: n[0], context: context) }
        attempt("buffer of SIMD4<Double>") { _ = try Buffer<SIMD4<Double>>(count: n[1], context: context) }
        guard let buffer = try? Buffer<Float>(count: 64, context: context),
              let other = try? Buffer<Float>(count: 64, context: context) else { return }
        var host = [Float](repeating: 0, count: 64)
        let layout = RectLayout(origin: Origin3D(x: n[2], y: n[3], z: n[4]), rowPitch: n[5], slicePitch: n[6])
        let region = Extent3D(width: n[7], height: n[8], depth: n[9])
        let simple = RectLayout(rowPitch: max(1, n[5] % 64))
        attempt("encoder calls") {
            try queue.sync { cl in
                attempt("read range") { _ = try cl.read(buffer, range: low..<high) }
                attempt("read into") { try cl.read(buffer, into: &host, at: n[2]) }
                attempt("write") { try cl.write(buffer, from: [1, 2, 3], at: n[3]) }
                attempt("copy") { try cl.copy(from: buffer, at: n[5], to: other, at: n[6], count: n[4]) }
                attempt("fill") { try cl.fill(buffer, with: 1, range: low..<high) }
                attempt("map") { try cl.withMapped(buffer, range: low..<high) { _ in } }
                attempt("readRect") { try cl.readRect(buffer, layout, into: &host, simple, extent: region) }
                attempt("writeRect") { try cl.writeRect(buffer, simple, from: host, layout, extent: region) }
                attempt("copyRect") { try cl.copyRect(from: buffer, layout, to: other, layout, extent: region) }
                attempt("shipped square over an extreme range") {
                    // The typed wrapper must refuse every range its 64-element buffers cannot serve (before issue 24,
                    // ranges past 64 work-items crashed PoCL).
                    try SquareCL.square(cl, NDRange(Int(n[0].magnitude % (UInt(Int.max) + 1)), offset: Int(n[1].magnitude % 80)),
                                        input: buffer, output: other)
                }
                attempt("shipped boxAvg1 with extreme sizes") {
                    try BoxFilterCL.boxAvg1(cl, NDRange(global: [max(1, n[2] % 100), max(1, n[3] % 100)]),
                                            w: Int32(truncatingIfNeeded: n[4]), h: Int32(truncatingIfNeeded: n[5]), in: buffer, out: other)
                }
                attempt("copyRect within one buffer") {
                    try cl.copyRect(from: buffer, layout, to: buffer, simple, extent: region)
                }
                attempt("local memory") {
                    try cl.launch(program.kernel(named: "with_local"), NDRange(1), buffer, LocalMemory<Float>(count: n[7]),
                                  LocalMemory<Double>(count: n[8]))
                }
                attempt("ND-range") {
                    let dimensions = 1 + Int(n[9].magnitude % 3)
                    let range = try NDRange(global: Array(n[0..<dimensions]), local: n[2] % 2 == 0 ? Array(n[3..<(3 + dimensions)]) : nil,
                                            offset: n[6] % 3 == 0 ? Array(n[6..<(6 + dimensions)]) : nil)
                    _ = range.workItemCount
                    _ = range.description
                    // Launch only ranges small enough to finish, with a kernel that touches no buffer.
                    if range.workItemCount <= 1 << 16, range.offset.allSatisfy({ $0 <= 1 << 16 }) {
                        try cl.launch(program.kernel(named: "touch_nothing"), range, Int32(0))
                    }
                }
            }
        }
        if device.supportsImages {
            attempt("image") {
                _ = try Image(.image2D(width: n[0], height: n[1]), format: ImageFormat(.r, .float), context: context)
            }
            attempt("image region") {
                let image = try Image(.image2D(width: 8, height: 8), format: ImageFormat(.r, .float), context: context)
                _ = try queue.sync { cl in try cl.read(image, as: Float.self, origin: Origin3D(x: n[2], y: n[3], z: n[4]), extent: Extent3D(width: n[5], height: n[6], depth: n[7])) }
            }
            attempt("image region to the far corner") {
                let image = try Image(.image2D(width: 8, height: 8), format: ImageFormat(.r, .float), context: context)
                _ = try queue.sync { cl in try cl.read(image, as: Float.self, origin: Origin3D(x: n[2], y: n[3], z: n[4])) }
            }
        }
        attempt("partition by counts") { _ = try device.partition(.counts([n[0], n[1]])) }
        attempt("partition equally") { _ = try device.partition(.equally(computeUnits: n[2])) }
    }

    @Test("300 rounds of ten random or extreme integers: every call returns or throws (run in a child process)")
    func randomAndExtremeIntegers() async {
        // PropertyBased generates the rounds here; one child process runs them all, so a trap in any
        // call fails this test instead of killing the test run.
        let rounds = Locked<[[Int]]>([])
        await propertyCheck(count: 300, input: Gen.int(in: 0...40).array(of: 10), Gen.int().array(of: 10)) { selectors, values in
            rounds.withLock { $0.append(zip(selectors, values).map { ExtremeIntegerTests.pick($0, $1) }) }
        }
        let inputs = rounds.withLock { $0 }
        #expect(inputs.count == 300)
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]) {
            [inputs = inputs as [[Int]]] in
            let device = try #require(Device.all.first)
            let queue = try ComputeQueue(device: device)
            let program = try queue.context.program(source: """
                kernel void with_local(global float *out, local float *a, local double *b) { a[0] = 1.0f; out[0] = a[0]; }
                kernel void touch_nothing(int unused) { }
                """, name: "extremes.cl")
            var tally: [String: Int] = [:]
            for numbers in inputs {
                ExtremeIntegerTests.exercise(numbers, queue: queue, program: program, tally: &tally)
            }
            print("outcomes: \(tally.sorted { $0.key < $1.key })")
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("outcomes:"), "the child finished its rounds: \(output.suffix(500))\n\(errors.suffix(1500))")
        #expect(!output.contains("other error"), "only typed SwiftCL errors: \(output)")
        print(output.split(separator: "\n").filter { $0.hasPrefix("outcomes") }.joined())
    }
}
