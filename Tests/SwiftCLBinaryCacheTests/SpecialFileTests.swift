import Foundation
import Dispatch
import OpenCLSource
@testable import SwiftCL
@testable import SwiftCLBinaryCache
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

/// No file SwiftCL reads can block or redirect it: a FIFO, a directory or an oversized file where a cache entry or
/// an included source is expected is refused at once (the build still succeeds, from source).
@Suite("Special files in cache and include paths")
struct SpecialFileTests {
    /// Runs `body` on its own thread and waits at most `seconds`; a body still blocked then is released by opening
    /// `fifo` for writing (so the reader sees end-of-file) and the test fails instead of hanging the suite.
    static func finishes(within seconds: Double, unblocking fifo: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        if done.wait(timeout: .now() + seconds) == .success { return true }
        let writer = open(fifo, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
        _ = done.wait(timeout: .now() + 10)
        return false
    }

    @Test("a FIFO at a binary-cache entry's path is refused at once and removed; the build goes on from source",
          arguments: TestDevices.all)
    func fifoAsCacheEntry(device: Device) throws {
        let (folder, entry) = try BinaryCacheTests.entry(for: BinaryCacheTests.square.text, device: device)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: entry)
        try #require(mkfifo(entry.path, 0o600) == 0)
        let result = Locked<(fromCache: Bool, correct: Bool)?>(nil)
        let cache = ProgramBinaryCache(directory: folder)
        let finished = Self.finishes(within: 60, unblocking: entry.path) {
            result.withLock { $0 = try? BinaryCacheTests.runSquare(device, cache: cache) }
        }
        #expect(finished, "the build blocked on the FIFO")
        #expect(result.withLock { $0 }.map { !$0.fromCache && $0.correct } == true)
        // The FIFO was discarded and a genuine entry written in its place.
        var info = stat()
        #expect(lstat(entry.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    }

    @Test("an #include naming a FIFO is refused by the include reader at once, naming the file and its includer")
    func fifoAsInclude() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-include-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.h").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let message = Locked<String?>(nil)
        let finished = Self.finishes(within: 30, unblocking: fifo) {
            let error = thrownError { _ = try IncludeResolver(options: "-I \(folder.path)").resolve(source: "#include \"pipe.h\"\n", sourceName: "main.cl") }
            message.withLock { $0 = error.map { "\($0)" } }
        }
        #expect(finished, "reading the include blocked on the FIFO")
        let text = message.withLock { $0 } ?? ""
        #expect(text.contains("pipe.h") && text.contains("main.cl") && text.contains("FIFO"), "\(text)")
    }

    @Test("an include of a FIFO (direct, nested, symlinked, in a -I folder, -include) throws unreadableFile within seconds, with and without a binary cache",
          arguments: TestDevices.all)
    func buildIncludingFIFO(device: Device) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-include-build-\(UUID())")
        let headers = folder.appendingPathComponent("headers")
        try FileManager.default.createDirectory(at: headers, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.h").path
        try #require(mkfifo(fifo, 0o600) == 0)
        try #require(symlink(fifo, headers.appendingPathComponent("linked.h").path) == 0)
        try "#include \"pipe.h\"\n".write(to: folder.appendingPathComponent("nested.h"), atomically: true, encoding: .utf8)
        let kernel = "kernel void k(global int *a) { a[0] = 1; }\n"
        let cases: [(file: String, text: String, options: BuildOptions)] = [
            ("direct.cl", "#include \"pipe.h\"\n" + kernel, BuildOptions()),
            ("nested.cl", "#  include \"nested.h\"\n" + kernel, BuildOptions()),
            ("angled.cl", "#include <linked.h>\n" + kernel, BuildOptions()),
            ("next.cl", "#include_next \"pipe.h\"\n" + kernel, BuildOptions()),
            ("forced.cl", kernel, { var options = BuildOptions(); options.raw = ["-include", fifo]; return options }()),
        ]
        let context = try Context(devices: [device])
        let cache = ProgramBinaryCache(directory: folder.appendingPathComponent("cache"))
        for (file, text, options) in cases {
            let path = folder.appendingPathComponent(file).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            for store in [nil, cache] as [ProgramBinaryCache?] {
                let error = Locked<(any Error)?>(nil)
                let finished = Self.finishes(within: 60, unblocking: fifo) {
                    let thrown = thrownError {
                        if let store {
                            var withFolders = options
                            withFolders.raw += ["-I", folder.path, "-I", headers.path]
                            _ = try Program(context: context, source: text, name: path, options: withFolders, binaryStore: store)
                        } else {
                            _ = try context.program(contentsOf: path, includeFolders: [headers.path], options: options)
                        }
                    }
                    error.withLock { $0 = thrown }
                }
                #expect(finished, "\(file) (cache: \(store != nil)): the build blocked on the FIFO")
                let caught = error.withLock { $0 }
                #expect((caught as? SwiftCLError)?.code == .unreadableFile, "\(file): \(String(describing: caught))")
                #expect("\(caught.map { "\($0)" } ?? "")".contains("FIFO"), "\(file): \(String(describing: caught))")
            }
        }
        // A macro-named include cannot be followed, so it is refused before the build, naming the line.
        let macro = folder.appendingPathComponent("macro.cl").path
        try "#define H \"pipe.h\"\n#include H\n\(kernel)".write(toFile: macro, atomically: true, encoding: .utf8)
        let macroError = thrownError { _ = try context.program(contentsOf: macro) }
        #expect((macroError as? SwiftCLError)?.code == .unreadableFile && "\(macroError!)".contains("line 2"), "\(String(describing: macroError))")
        // A header that is a regular file builds, and the context is still usable.
        try "#define ONE 1\n".write(to: headers.appendingPathComponent("one.h"), atomically: true, encoding: .utf8)
        let good = folder.appendingPathComponent("good.cl").path
        try "#include <one.h>\nkernel void k(global int *a) { a[0] = ONE; }\n".write(toFile: good, atomically: true, encoding: .utf8)
        let queue = try ComputeQueue(device: device, context: context)
        let out = try Buffer<Int32>(count: 1, context: context)
        let k = try context.program(contentsOf: good, includeFolders: [headers.path]).kernel(named: "k")
        #expect(try queue.sync { cl in try cl.launch(k, NDRange(1), out); return try cl.read(out) } == [Int32(1)])
    }
}

/// Every public entry point that opens a file, handed special and adversarial paths in a child process: each must
/// return or throw a typed error within seconds; a hang or crash fails the test.
@Suite("Public file entry points under adversarial paths")
struct AdversarialPathTests {
    @Test("Program(contentsOf:), binary caches, the include resolver: FIFOs, folders, devices, symlinks, huge and missing files")
    func adversarialPaths() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let device = try #require(Device.all.first)
            let context = try Context(devices: [device])
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-paths-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let fifo = folder.appendingPathComponent("fifo.cl").path
            _ = mkfifo(fifo, 0o600)
            let valid = folder.appendingPathComponent("valid.cl")
            try "kernel void k(global int *a) { a[0] = 1; }".write(to: valid, atomically: true, encoding: .utf8)
            let loop = folder.appendingPathComponent("loop.cl").path
            _ = symlink(loop, loop)
            let toFifo = folder.appendingPathComponent("to-fifo.cl").path
            _ = symlink(fifo, toFifo)
            let binary = folder.appendingPathComponent("binary.cl")
            try Data([0xff, 0xfe, 0x00, 0x80]).write(to: binary)
            let paths = [fifo, toFifo, loop, folder.path, "/dev/zero", "/dev/null", "/dev/tty", "/proc/self/mem", binary.path,
                         valid.path, folder.appendingPathComponent("missing.cl").path, "", "/", String(repeating: "a/", count: 3000)]
            var outcomes: [String: Int] = [:]
            for path in paths {
                let started = DispatchTime.now()
                do {
                    _ = try Program(context: context, contentsOf: URL(fileURLWithPath: path))
                    outcomes["built", default: 0] += 1
                } catch is SwiftCLError {
                    outcomes["SwiftCLError", default: 0] += 1
                } catch is BuildError {
                    outcomes["BuildError", default: 0] += 1
                } catch {
                    outcomes["other: \(type(of: error))", default: 0] += 1
                }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
                if seconds > 10 { print("slow: \(path.prefix(80)) took \(seconds) s") }
                // A special path as a binary-cache folder (folders that exist and are trusted would be written to),
                // and every path as an #include of a cached build.
                if ![valid.path, folder.path, "", "/"].contains(path) {
                    let cache = ProgramBinaryCache(directory: URL(fileURLWithPath: path))
                    _ = try? Program(context: context, source: "kernel void c(global int *a) { a[0] = 2; }", binaryStore: cache)
                }
                _ = try? IncludeResolver(options: "-I \(folder.path)").resolve(source: "#include \"\(path)\"\n", sourceName: "main.cl")
            }
            print("paths: \(paths.count) outcomes: \(outcomes.sorted { $0.key < $1.key })")
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output.contains("paths:"), "the child finished: \(output.suffix(600))")
        #expect(!output.contains("other:") && !output.contains("slow:"), "\(output)")
        print(output.split(separator: "\n").filter { $0.hasPrefix("paths") }.joined())
    }
}

@Suite("Kernel sources read at run time")
struct RuntimeSourceTests {
    @Test("ProgramSource(contentsOfFile:) builds through the context's cache; diagnostics name the file; bad paths throw typed errors",
          arguments: TestDevices.all)
    func sourceFromFile(device: Device) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-sources-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("twice.cl"), broken = folder.appendingPathComponent("broken.cl")
        try "kernel void twice(global float *a) { a[get_global_id(0)] *= 2.0f; }\n".write(to: good, atomically: true, encoding: .utf8)
        try "kernel void oops(global float *a) {\n  a[0] = undeclared;\n}\n".write(to: broken, atomically: true, encoding: .utf8)
        let context = try Context(devices: [device])
        let source = try ProgramSource(contentsOfFile: good.path)
        #expect(source.name == "twice.cl")
        let program = try context.program(source)
        #expect(try context.program(ProgramSource(contentsOfFile: good.path)) === program, "cached per context")
        let queue = try ComputeQueue(device: device, context: context)
        let data = try Buffer<Float>(copying: [1, 2, 3], context: context)
        let doubled = try queue.sync { cl in
            try cl.launch(program.kernel(named: "twice"), NDRange(3), data)
            return try cl.read(data)
        }
        #expect(doubled == [2, 4, 6])
        let buildError = thrownError { _ = try context.program(ProgramSource(contentsOfFile: broken.path)) }
        #expect((buildError as? BuildError)?.diagnostics.contains { $0.file == "broken.cl" && $0.line == 2 } == true,
                "\(String(describing: buildError))")
        #expect(throws: SwiftCLError.unreadableFile(path: folder.appendingPathComponent("none.cl").path, reason: "no such file")) {
            _ = try ProgramSource(contentsOfFile: folder.appendingPathComponent("none.cl").path)
        }
    }
}

@Suite("Programs from .cl files: context.program(contentsOf:)")
struct ProgramFileTests {
    @Test("headers beside the file and in include folders are found; errors name the file, the header, or the path",
          arguments: TestDevices.all)
    func programFromFile(device: Device) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-programs-\(UUID())")
        let common = root.appendingPathComponent("common"), kernels = root.appendingPathComponent("kernels")
        try FileManager.default.createDirectory(at: common, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: kernels, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "#define SCALE 3.0f\n".write(to: common.appendingPathComponent("scale.h"), atomically: true, encoding: .utf8)
        try "#define OFFSET 1.0f\n".write(to: kernels.appendingPathComponent("offset.h"), atomically: true, encoding: .utf8)
        try "#include \"scale.h\"\n#include \"offset.h\"\nkernel void affine(global float *a) { a[get_global_id(0)] = a[get_global_id(0)] * SCALE + OFFSET; }\n"
            .write(to: kernels.appendingPathComponent("affine.cl"), atomically: true, encoding: .utf8)
        try "kernel void fine(global float *a) { }\n\nkernel void broken(global float *a) {\n    a[0] = nowhere;\n}\n"
            .write(to: kernels.appendingPathComponent("broken.cl"), atomically: true, encoding: .utf8)
        try "#define HALF (1.0f / 2.0f\n".write(to: common.appendingPathComponent("bad.h"), atomically: true, encoding: .utf8)
        try "#include \"bad.h\"\nkernel void k(global float *a) { a[0] = HALF; }\n"
            .write(to: kernels.appendingPathComponent("uses_bad.cl"), atomically: true, encoding: .utf8)
        let context = try Context(devices: [device])
        let affinePath = kernels.appendingPathComponent("affine.cl").path
        let program = try context.program(contentsOf: affinePath, includeFolders: [common.path])
        #expect(try context.program(contentsOf: affinePath, includeFolders: [common.path]) === program, "cached per context")
        let queue = try ComputeQueue(device: device, context: context)
        let data = try Buffer<Float>(copying: [0, 1, 2], context: context)
        let result = try queue.sync { cl in
            try cl.launch(program.kernel(named: "affine"), NDRange(3), data)
            return try cl.read(data)
        }
        #expect(result == [1, 4, 7])

        // Without the include folder, the missing header is a build error at its #include line.
        let missingHeader = thrownError { _ = try context.program(contentsOf: affinePath) } as? BuildError
        #expect(missingHeader?.diagnostics.contains { $0.file == affinePath && $0.line == 1 && $0.severity == .error } == true,
                "\(String(describing: missingHeader))")
        // A build error points at the file as given, line and column.
        let brokenPath = kernels.appendingPathComponent("broken.cl").path
        let broken = thrownError { _ = try context.program(contentsOf: brokenPath) } as? BuildError
        #expect(broken?.diagnostics.contains { $0.file == brokenPath && $0.line == 4 && $0.column == 12 } == true,
                "\(String(describing: broken))")
        #expect(broken.map { String(describing: $0) }?.contains("broken.cl:4:12") == true)
        // An error inside a header names the header.
        let usesBad = thrownError {
            _ = try context.program(contentsOf: kernels.appendingPathComponent("uses_bad.cl").path, includeFolders: [common.path])
        } as? BuildError
        #expect(usesBad?.diagnostics.contains { $0.file.hasSuffix("bad.h") || $0.file.hasSuffix("uses_bad.cl") } == true,
                "\(String(describing: usesBad))")

        // Bad paths: typed errors naming the path, before any build.
        let builds = context.programCache.buildCount
        let none = kernels.appendingPathComponent("none.cl").path
        #expect(throws: SwiftCLError.unreadableFile(path: none, reason: "no such file")) { _ = try context.program(contentsOf: none) }
        #expect(throws: SwiftCLError.unreadableFile(path: kernels.path, reason: "not a regular file (a directory)")) {
            _ = try context.program(contentsOf: kernels.path)
        }
        let nowhere = root.appendingPathComponent("nowhere").path
        #expect(throws: SwiftCLError.unreadableFile(path: nowhere, reason: "include folder: no such folder")) {
            _ = try context.program(contentsOf: affinePath, includeFolders: [nowhere])
        }
        let file = common.appendingPathComponent("scale.h").path
        #expect(throws: SwiftCLError.unreadableFile(path: file, reason: "include folder: not a folder (a regular file)")) {
            _ = try context.program(contentsOf: affinePath, includeFolders: [file])
        }
        let spaced = root.appendingPathComponent("with space")
        try FileManager.default.createDirectory(at: spaced, withIntermediateDirectories: true)
        #expect(throws: SwiftCLError.self) { _ = try context.program(contentsOf: affinePath, includeFolders: [spaced.path]) }
        #expect(context.programCache.buildCount == builds, "nothing was built for a refused path")
        #expect(try context.program(contentsOf: affinePath, includeFolders: [common.path]) === program, "still usable")
    }
}
