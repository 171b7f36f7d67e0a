import Dispatch
import Foundation
import SwiftCL
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

@Suite("Programs and kernels")
struct ProgramTests {
    static let broken = """
    kernel void ok(global float *a) { a[get_global_id(0)] = 1.0f; }

    kernel void broken(global float *a)
    {
        a[0] = undefined_thing;
    }
    """

    @Test("kernels without parameters build and launch beside others, whose arguments are still checked",
          arguments: TestDevices.all)
    func parameterlessKernels(device: Device) throws {
        // NVIDIA's compiler fails a parameterless kernel under -cl-kernel-arg-info (ptxas parsing error); SwiftCL
        // builds such a source without it there and reads the parameters from the source instead.
        let queue = try makeQueue(device)
        let program = try queue.context.program(source: """
            kernel void nothing(void) {}
            kernel void seven(global int *x) { x[0] = 7; }
            """, name: "parameterless.cl")
        let nothing = try program.kernel(named: "nothing")
        let seven = try program.kernel(named: "seven")
        #expect(nothing.argumentCount == 0)
        #expect(seven.parameters?.map(\.typeName) == ["int*"])
        let buffer = try Buffer<Int32>(count: 1, context: queue.context)
        let result = try queue.sync { cl in
            try cl.launch(nothing, NDRange(4))
            try cl.launch(seven, NDRange(1), buffer)
            return try cl.read(buffer)
        }
        #expect(result == [7])
        let refused = thrownError { try queue.sync { cl in try cl.launch(seven, NDRange(1), Float(1)) } }
        #expect(refused is SwiftCLError, "a Float for global int* must be refused, got \(String(describing: refused))")
    }

    @Test("a broken build throws the whole log, the options, the device and file:line:column", arguments: TestDevices.all)
    func brokenBuild(device: Device) throws {
        let context = try Context(devices: [device])
        var options = BuildOptions()
        options.define("RANGE", 2)
        let error = thrownError { _ = try Program(context: context, source: Self.broken, name: "broken.cl", options: options) }
        let buildError = try #require(error as? BuildError, "got \(String(describing: error))")
        #expect(buildError.sourceName == "broken.cl")
        #expect(buildError.options.contains("-D RANGE=2"))
        #expect(buildError.status == .buildProgramFailure)
        #expect(buildError.logs.map(\.device) == [device.name])
        #expect(buildError.logs[0].log.contains("undefined_thing"))
        let first = try #require(buildError.diagnostics.first { $0.severity == .error })
        #expect(first.file == "broken.cl")
        #expect(first.line == 5)
        #expect(first.column == 12)
        #expect(first.message.contains("undefined_thing"))
        #expect(buildError.description.contains("broken.cl:5:12: error:"))
        // The context is still usable: a good program builds right after.
        _ = try Program(context: context, source: "kernel void fine(global int *a) { a[0] = 1; }")
    }

    @Test("building from a file URL attributes diagnostics to the file", arguments: TestDevices.all)
    func buildFromFile(device: Device) throws {
        let context = try Context(devices: [device])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-tests-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.cl")
        try SquareCL.source.text.write(to: good, atomically: true, encoding: .utf8)
        let program = try Program(context: context, contentsOf: good)
        #expect(program.kernelNames == ["square"])
        #expect(program.sourceName == "good.cl")
        let bad = directory.appendingPathComponent("bad.cl")
        try Self.broken.write(to: bad, atomically: true, encoding: .utf8)
        let error = thrownError { _ = try Program(context: context, contentsOf: bad) } as? BuildError
        #expect(error?.diagnostics.first?.file == "bad.cl")
        #expect(thrownError { _ = try Program(context: context, contentsOf: directory.appendingPathComponent("missing.cl")) } != nil)
    }

    @Test("build options render as clBuildProgram expects and reject injected options")
    func buildOptions() throws {
        var options = BuildOptions()
        options.define("RANGE", 3)
        options.define("USE_FAST")
        options.fastRelaxedMath = true
        options.madEnable = true
        options.denormsAreZero = true
        options.standard = .cl1_2
        options.raw = ["-w"]
        #expect(options.description
            == "-D RANGE=3 -D USE_FAST -cl-fast-relaxed-math -cl-mad-enable -cl-denorms-are-zero -cl-std=CL1.2 -cl-kernel-arg-info -w")
        let device = try #require(TestDevices.all.first)
        let context = try Context(devices: [device])
        let program = try Program(context: context, source: "kernel void k(global int *a) { a[0] = RANGE; }", options: options)
        #expect(program.kernelNames == ["k"])
        for bad in ["A B", "1ABC", "X -cl-opt-disable", ""] {
            #expect(throws: SwiftCLError.self, "define \(bad)") {
                _ = try Program(context: context, source: "kernel void k() {}", options: BuildOptions().defining(bad, 1))
            }
        }
        #expect(throws: SwiftCLError.self) {
            _ = try Program(context: context, source: "kernel void k() {}", options: BuildOptions().defining("X", "1 -cl-opt-disable"))
        }
    }

    @Test("the program cache builds once per context even when many threads ask at once")
    func cacheBuildsOnce() throws {
        let device = try #require(TestDevices.all.first)
        let context = try Context(devices: [device])
        let source = "kernel void cached(global float *a) { a[get_global_id(0)] *= 2.0f; }"
        let before = context.programBuildCount
        let programs = Locked<[Program]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            if let program = try? context.program(source: source, name: "cached.cl") {
                programs.withLock { $0.append(program) }
            }
        }
        let received = programs.withLock { $0 }
        #expect(received.count == 16)
        #expect(received.allSatisfy { $0 == received[0] }, "every caller got the same built program")
        #expect(received.allSatisfy { $0 === received[0] }, "and the same Program object (identity), while any holds it")
        #expect(context.programBuildCount == before + 1)
        _ = try context.program(source: source, name: "cached.cl", options: BuildOptions().defining("OTHER"))
        #expect(context.programBuildCount == before + 2, "different options build again")
    }

    @Test("kernel lookup, argument info and work-group info", arguments: TestDevices.all)
    func kernelInfo(device: Device) throws {
        let context = try Context(devices: [device])
        let program = try context.program(SquareCL.source)
        let kernel = try program.kernel(named: "square")
        #expect(kernel.argumentCount == 2)
        let parameters = try #require(kernel.parameters)
        #expect(parameters.map(\.name) == ["input", "output"])
        #expect(parameters.map(\.addressSpace) == [.global, .global])
        #expect(parameters[0].isConst)
        #expect(parameters[1].pointeeTypeName == "float")
        // Listing 5-2: the kernel's work-group facts on this device.
        let info = try kernel.workGroupInfo(on: device)
        #expect(info.maxWorkGroupSize >= 1 && info.maxWorkGroupSize <= device.maxWorkGroupSize)
        #expect(info.preferredWorkGroupSizeMultiple >= 1)
        #expect(info.localMemoryBytes >= 0 && info.privateMemorySize >= 0)
        #expect(info.requiredWorkGroupSize == nil)
        let error = thrownError { _ = try program.kernel(named: "cube") }
        #expect(error as? SwiftCLError == .kernelNotFound(name: "cube", available: ["square"]))
    }

    @Test("kernels named like OpenCL builtins are found by their source names", arguments: TestDevices.all)
    func kernelsNamedLikeBuiltins(device: Device) throws {
        let queue = try makeQueue(device)
        let source = """
        kernel void mix(global const float *a, global float *b) { size_t i = get_global_id(0); b[i] = a[i] * 2.0f; }
        kernel void clamp(global const float *a, global float *b) { size_t i = get_global_id(0); b[i] = a[i] + 1.0f; }
        """
        let program = try queue.context.program(source: source, name: "builtins.cl")
        // PoCL lists these as _cl_mix and _cl_clamp (so on PoCL this test exercises the mapping); other runtimes keep
        // the names.
        if device.platform.name == "Portable Computing Language" {
            #expect(Set(program.kernelNames) == ["_cl_mix", "_cl_clamp"])
        }
        #expect(Set(try ["mix", "clamp"].map { try program.runtimeKernelName($0) }) == Set(program.kernelNames))
        let input = try Buffer(copying: ramp(33), context: queue.context)
        let output = try Buffer<Float>(count: 33, context: queue.context)
        let range = try NDRange(33)
        try queue.sync { cl in
            try cl.launch(try program.kernel(named: "mix"), range, input, output)
            #expect(try cl.read(output) == ramp(33).map { $0 * 2 })
            try cl.launch(try program.sharedKernel(named: "clamp"), range, input, output)
            #expect(try cl.read(output) == ramp(33).map { $0 + 1 })
        }
        let error = thrownError { _ = try program.kernel(named: "smoothstep") }
        #expect(error as? SwiftCLError == .kernelNotFound(name: "smoothstep", available: program.kernelNames))
    }

    @Test("wrong argument count and types are refused before the launch", arguments: TestDevices.all)
    func argumentChecks(device: Device) throws {
        let queue = try makeQueue(device)
        let source = """
        kernel void scale(global float *data, float factor, int count, local float *scratch)
        {
            size_t i = get_global_id(0);
            scratch[get_local_id(0)] = data[i];
            if (i < (size_t)count) data[i] = scratch[get_local_id(0)] * factor;
        }
        """
        let kernel = try queue.context.program(source: source, name: "scale.cl").kernel(named: "scale")
        let data = try Buffer(copying: ramp(64), context: queue.context)
        let ints = try Buffer<Int32>(count: 64, context: queue.context)
        let range = try NDRange(64, local: 16)
        try queue.sync { cl in
            #expect(throws: SwiftCLError.argumentCount(kernel: "scale", expected: 4, given: 2)) {
                try cl.launch(kernel, range, data, Float(2))
            }
            #expect(throws: SwiftCLError.argumentType(kernel: "scale", index: 0, parameter: "data",
                                                      expected: "a buffer of float (global float* data): floating-point data of "
                                                          + "4-byte scalars, any vector width; reinterpreted(as:) passes other data deliberately",
                                                      given: "Buffer<Int32> of int")) {
                try cl.launch(kernel, range, ints, Float(2), Int32(64), LocalMemory<Float>(count: 16))
            }
            #expect(throws: SwiftCLError.self, "an int where a float is declared") {
                try cl.launch(kernel, range, data, Int32(2), Int32(64), LocalMemory<Float>(count: 16))
            }
            #expect(throws: SwiftCLError.self, "a double where a float is declared") {
                try cl.launch(kernel, range, data, Double(2), Int32(64), LocalMemory<Float>(count: 16))
            }
            #expect(throws: SwiftCLError.self, "a scalar where a buffer is declared") {
                try cl.launch(kernel, range, Float(1), Float(2), Int32(64), LocalMemory<Float>(count: 16))
            }
            #expect(throws: SwiftCLError.self, "a buffer where local memory is declared") {
                try cl.launch(kernel, range, data, Float(2), Int32(64), data)
            }
            #expect(throws: SwiftCLError.self, "empty local memory") {
                try cl.launch(kernel, range, data, Float(2), Int32(64), LocalMemory<Float>(count: 0))
            }
            // After all that, a correct launch works and computes.
            try cl.launch(kernel, range, data, Float(2), Int32(64), LocalMemory<Float>(count: 16))
            let result = try cl.read(data)
            #expect(result == ramp(64).map { $0 * 2 })
        }
    }

    @Test("a kernel object is shared safely by many queues launching at once", arguments: TestDevices.all)
    func sharedKernelAcrossQueues(device: Device) async throws {
        let queues = try (0..<4).map { _ in try makeQueue(device) }
        let add = try AddArraysCL.AddArrays(context: queues[0].context)
        let launchesBefore = add.kernel.launchCount
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, queue) in queues.enumerated() {
                group.addTask {
                    let count = 257 + index * 64
                    let a = (0..<count).map { Float($0) }, b = (0..<count).map { Float(index * 1000 - $0 * 2) }
                    let bufferA = try Buffer(copying: a, context: queue.context)
                    let bufferB = try Buffer(copying: b, context: queue.context)
                    let bufferC = try Buffer<Float>(count: count, context: queue.context)
                    for _ in 0..<20 {
                        let c = try await queue.run { cl in
                            try add(cl, NDRange(count), a: bufferA, b: bufferB, c: bufferC)
                            return try cl.read(bufferC)
                        }
                        #expect(c == AddArraysCL.AddArrays.reference(a, b))
                    }
                }
            }
            try await group.waitForAll()
        }
        // Other tests may launch the same shared kernel object at the same time, so at least ours counted.
        #expect(add.kernel.launchCount - launchesBefore >= 4 * 20, "every launch went through the one kernel object")
    }

    @Test("without argument info, the one source reader takes the #if branch the build's -D options select",
          arguments: TestDevices.all)
    func parametersFollowConditionals(device: Device) throws {
        let queue = try makeQueue(device)
        let source = """
            #if WIDE
            kernel void pick(global float *out, global const float *in) { out[get_global_id(0)] = in[get_global_id(0)]; }
            #else
            kernel void pick(global float *out, float value) { out[get_global_id(0)] = value; }
            #endif
            """
        for wide in [false, true] {
            var options = BuildOptions()
            options.kernelArgumentInfo = false
            if wide { options.define("WIDE") }
            let kernel = try queue.context.program(source: source, name: "pick.cl", options: options).kernel(named: "pick")
            let out = try Buffer<Float>(count: 4, context: queue.context)
            let input = try Buffer<Float>(copying: [1, 2, 3, 4], context: queue.context)
            // The branch the compiler saw decides: a Float where it takes a buffer (or the reverse) is refused.
            let wrong = thrownError {
                try queue.sync { cl in
                    if wide { try cl.launch(kernel, NDRange(4), out, Float(1)) } else { try cl.launch(kernel, NDRange(4), out, input) }
                }
            }
            guard (wrong as? SwiftCLError)?.code == .argumentType else {
                Issue.record("WIDE=\(wide): expected a typed refusal, got \(String(describing: wrong))")
                continue
            }
            let result = try queue.sync { cl in
                if wide { try cl.launch(kernel, NDRange(4), out, input) } else { try cl.launch(kernel, NDRange(4), out, Float(9)) }
                return try cl.read(out)
            }
            #expect(result == (wide ? [1, 2, 3, 4] : [9, 9, 9, 9]))
        }
    }
}
