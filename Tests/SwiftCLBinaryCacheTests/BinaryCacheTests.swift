import Foundation
import Logging
@testable import SwiftCL
@testable import SwiftCLBinaryCache
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

@Suite("Program binary cache")
struct BinaryCacheTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-binaries-\(UUID())")
    }

    static func entries(_ folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".clbin") }.sorted()
            .map { folder.appendingPathComponent($0) }
    }

    /// The shipped square kernel, and a kernel of the same name and signature that computes `x*x + 1000`.
    static let square = SquareCL.source
    static let evilSquare = """
        kernel void square(global const float *input, global float *output)
        { size_t i = get_global_id(0); output[i] = input[i] * input[i] + 1000.0f; }
        """

    /// Builds `source` into a fresh cache folder and returns that folder's only entry.
    static func entry(for source: String, device: Device, options: BuildOptions = BuildOptions()) throws -> (folder: URL, entry: URL) {
        let folder = Self.folder()
        _ = try Program(context: Context(devices: [device]), source: source, name: "square.cl", options: options,
                        binaryStore: ProgramBinaryCache(directory: folder))
        let entries = try Self.entries(folder)
        try #require(entries.count == 1)
        return (folder, entries[0])
    }

    /// Runs `body` with a cache holding the genuine square.cl entry and, in another folder, the entry of
    /// the `x*x + 1000` kernel; both folders are removed afterwards.
    static func withGenuineAndEvilEntries(_ device: Device,
                                          _ body: (_ cache: ProgramBinaryCache, _ genuine: URL, _ evil: URL) throws -> Void) throws {
        let (folder, genuine) = try Self.entry(for: Self.square.text, device: device)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (evilFolder, evil) = try Self.entry(for: Self.evilSquare, device: device)
        defer { try? FileManager.default.removeItem(at: evilFolder) }
        try body(ProgramBinaryCache(directory: folder), genuine, evil)
    }

    /// The raw device binary inside an entry file (header, argument-information length and JSON skipped).
    static func rawBinary(ofEntry url: URL) throws -> Data {
        let bytes = [UInt8](try Data(contentsOf: url))
        let infoLength = (0..<8).reduce(0) { $0 | Int(bytes[88 + $1]) << (8 * $1) }
        return Data(bytes[(96 + infoLength)...])
    }

    /// Builds square.cl through `cache`, runs it on 64 values, and says whether it came from the cache.
    static func runSquare(_ device: Device, cache: ProgramBinaryCache, source: String = square.text) throws -> (fromCache: Bool, correct: Bool) {
        let context = try Context(devices: [device])
        let program = try Program(context: context, source: source, name: "square.cl", binaryStore: cache)
        let input = ramp(64)
        let a = try Buffer(copying: input, context: context), b = try Buffer<Float>(count: 64, context: context)
        let output = try ComputeQueue(device: device, context: context).sync { cl in
            try cl.launch(program.kernel(named: "square"), NDRange(64), a, b)
            return try cl.read(b)
        }
        return (program.isFromBinaryCache, output == SquareCL.Square.reference(input))
    }

    @Test("SHA-256 from the system's libcrypto gives FIPS 180-2's known answers, in one part or several")
    func sha256KnownAnswers() {
        func hex(_ bytes: [UInt8]?) -> String { (bytes ?? []).map { String($0, radix: 16).leftPadded(to: 2) }.joined() }
        #expect(hex(SHA256Digest.of(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256Digest.of([UInt8]())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let message = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(hex(SHA256Digest.of([message[..<5], message[5...]])) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(hex(SHA256Digest.of(million)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("a second build loads the binary, keys separate sources and options, and the result still computes", arguments: TestDevices.all)
    func roundTrip(device: Device) throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ProgramBinaryCache(directory: folder)
        let source = SquareCL.source
        let first = try Program(context: Context(devices: [device]), source: source.text, name: source.name, binaryStore: cache)
        #expect(!first.isFromBinaryCache)
        #expect(try Self.entries(folder).count == 1)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        let context = try Context(devices: [device], binaryStore: cache)
        let second = try context.program(source)
        #expect(second.isFromBinaryCache && second.kernelNames == ["square"])
        _ = try context.program(source, options: BuildOptions().defining("UNUSED"))
        _ = try context.program(CopyCL.source)
        #expect(try Self.entries(folder).count == 3, "options and sources key separately")
        let queue = try ComputeQueue(device: device, context: context)
        let input = ramp(100)
        let a = try Buffer(copying: input, context: context), b = try Buffer<Float>(count: 100, context: context)
        let output = try queue.sync { cl in
            try cl.launch(second.kernel(named: "square"), NDRange(100), a, b)
            return try cl.read(b)
        }
        #expect(output == SquareCL.Square.reference(input))
    }

    @Test("a program loaded from the cache is argument-checked like one built from source", arguments: TestDevices.all)
    func cachedProgramsKeepArgumentChecks(device: Device) throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ProgramBinaryCache(directory: folder)
        _ = try Program(context: Context(devices: [device]), source: Self.square.text, binaryStore: cache)
        let context = try Context(devices: [device])
        let cached = try Program(context: context, source: Self.square.text, binaryStore: cache)
        try #require(cached.isFromBinaryCache)
        let kernel = try cached.kernel(named: "square")
        #expect(kernel.parameters?.map(\.typeName) == ["float*", "float*"], "the entry carries the argument information")
        let ints = try Buffer<Int32>(count: 8, context: context), floats = try Buffer<Float>(count: 8, context: context)
        let error = thrownError {
            try ComputeQueue(device: device, context: context).sync { cl in try cl.launch(kernel, NDRange(8), ints, floats) }
        }
        guard let refusal = error as? SwiftCLError, refusal.code == .argumentType, refusal.argumentIndex == 0 else {
            Issue.record("expected an argument-type error for Int32 data, got \(String(describing: error))")
            return
        }
    }

    @Test("a corrupt entry is discarded and the program rebuilt from source", arguments: TestDevices.all)
    func corruptEntry(device: Device) throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ProgramBinaryCache(directory: folder)
        let source = AddArraysCL.source
        _ = try Program(context: Context(devices: [device]), source: source.text, name: source.name, binaryStore: cache)
        let entry = try #require(try Self.entries(folder).first)
        try Data("not a program binary".utf8).write(to: entry)
        let rebuilt = try Program(context: Context(devices: [device]), source: source.text, name: source.name, binaryStore: cache)
        #expect(!rebuilt.isFromBinaryCache, "the corrupt entry was not used")
        #expect(rebuilt.kernelNames == ["add_arrays"])
        let reloaded = try Program(context: Context(devices: [device]), source: source.text, name: source.name, binaryStore: cache)
        #expect(reloaded.isFromBinaryCache, "the rebuild stored a good entry again")
    }

    @Test("a planted entry of other code under the right name is never run", arguments: TestDevices.all)
    func plantedEntry(device: Device) throws {
        try Self.withGenuineAndEvilEntries(device) { cache, genuine, evil in
            // A whole entry of other code (its header names the other key) copied under the genuine name.
            try FileManager.default.removeItem(at: genuine)
            try FileManager.default.copyItem(at: evil, to: genuine)
            var run = try Self.runSquare(device, cache: cache)
            #expect(!run.fromCache && run.correct, "the planted entry must be refused")
            // The other code's raw binary written over the entry in place.
            try Self.rawBinary(ofEntry: evil).write(to: genuine)
            run = try Self.runSquare(device, cache: cache)
            #expect(!run.fromCache && run.correct, "a raw binary over an entry must be refused")
            // After each refusal the rebuild stored a genuine entry again.
            run = try Self.runSquare(device, cache: cache)
            #expect(run.fromCache && run.correct)
        }
    }

    @Test("a forged header (the other key's hash written in, or the payload swapped) is refused", arguments: TestDevices.all)
    func forgedHeader(device: Device) throws {
        try Self.withGenuineAndEvilEntries(device) { cache, genuine, evil in
            let genuineBytes = [UInt8](try Data(contentsOf: genuine)), evilBytes = [UInt8](try Data(contentsOf: evil))
            // A simulated key collision: the other source's entry with its key hash edited to the genuine one.
            var collision = evilBytes
            collision.replaceSubrange(24..<56, with: genuineBytes[24..<56])
            try Data(collision).write(to: genuine)
            #expect(try Self.runSquare(device, cache: cache) == (false, true), "payload hash and key hash must agree")
            // The genuine header with the other code's payload (the payload hash no longer matches).
            var swapped = Array(genuineBytes[0..<88]) + evilBytes[88...]
            swapped.replaceSubrange(16..<24, with: evilBytes[16..<24])
            try Data(swapped).write(to: genuine)
            let swappedRun = try Self.runSquare(device, cache: cache)
            #expect(swappedRun == (false, true), "\(swappedRun)")
            // One flipped bit in the key hash.
            var flipped = genuineBytes
            flipped[30] ^= 1
            try Data(flipped).write(to: genuine)
            #expect(try Self.runSquare(device, cache: cache) == (false, true))
        }
    }

    @Test("truncated entries (12 lengths) are discarded before the driver sees them, never crashing", arguments: TestDevices.all)
    func truncatedEntries(device: Device) throws {
        let (folder, entry) = try Self.entry(for: Self.square.text, device: device)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ProgramBinaryCache(directory: folder)
        let whole = try Data(contentsOf: entry)
        let size = whole.count
        let lengths = [0, 1, 8, 64, 87, 88, 96, 256, size / 4, size / 2, size * 9 / 10, size - 1]
        for length in lengths {
            try whole.prefix(length).write(to: entry)
            let run = try Self.runSquare(device, cache: cache)
            #expect(!run.fromCache && run.correct, "truncated to \(length) of \(size) bytes")
            // The rebuild wrote a whole, valid entry again: the next build loads it. (Byte equality with the first
            // entry does not hold when PoCL's own kernel cache serves the rebuild while other tests run.)
            let reloaded = try Self.runSquare(device, cache: cache)
            #expect(reloaded.fromCache && reloaded.correct, "the rebuild wrote a whole entry again (after \(length))")
        }
    }

    @Test("a changed #include'd header is noticed; an include that cannot be found is not cached", arguments: TestDevices.all)
    func includes(device: Device) throws {
        let folder = Self.folder(), headers = Self.folder()
        defer { for folder in [folder, headers] { try? FileManager.default.removeItem(at: folder) } }
        try FileManager.default.createDirectory(at: headers.appendingPathComponent("nested"), withIntermediateDirectories: true)
        let header = headers.appendingPathComponent("nested/offset.h")
        try "#define OFFSET 1.0f\n".write(to: header, atomically: true, encoding: .utf8)
        try "#include \"nested/offset.h\"\n".write(to: headers.appendingPathComponent("outer.h"), atomically: true, encoding: .utf8)
        let source = """
            #include "outer.h"
            kernel void shifted(global float *data) { data[get_global_id(0)] += OFFSET; }
            """
        var options = BuildOptions()
        options.raw = ["-I", headers.path]
        let cache = ProgramBinaryCache(directory: folder)
        func run() throws -> (fromCache: Bool, value: Float) {
            let context = try Context(devices: [device])
            let program = try Program(context: context, source: source, options: options, binaryStore: cache)
            let data = try Buffer(copying: [Float](repeating: 0, count: 4), context: context)
            let output = try ComputeQueue(device: device, context: context).sync { cl in
                try cl.launch(program.kernel(named: "shifted"), NDRange(4), data)
                return try cl.read(data)
            }
            return (program.isFromBinaryCache, output[0])
        }
        #expect(try run() == (false, 1))
        #expect(try run() == (true, 1))
        // Same length, different value: only the header's bytes changed (a nested include).
        try "#define OFFSET 7.0f\n".write(to: header, atomically: true, encoding: .utf8)
        #expect(try run() == (false, 7), "the stale binary must not run")
        #expect(try run() == (true, 7))
        // An include the resolver cannot find: the program builds (PoCL may find it elsewhere or fail) but is never cached.
        let before = try Self.entries(folder).count
        _ = try? Program(context: Context(devices: [device]), source: "#include \"missing-\(UUID()).h\"\nkernel void k() {}",
                         options: options, binaryStore: cache)
        #expect(try Self.entries(folder).count == before)
    }

    @Test("a symlinked, foreign-owned or group-writable cache folder is skipped with one warning", arguments: TestDevices.all)
    func untrustedFolders(device: Device) throws {
        let real = Self.folder(), parent = Self.folder()
        defer { for folder in [real, parent] { try? FileManager.default.removeItem(at: folder) } }
        // A folder reached through a symlink (which somebody else could point anywhere).
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let link = parent.appendingPathComponent("programs")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let linked = ProgramBinaryCache(directory: link)
        guard case let .untrusted(reason) = linked.trust() else {
            Issue.record("a symlinked folder must be untrusted")
            return
        }
        #expect(reason.contains("symbolic link"))
        #expect(try Self.runSquare(device, cache: linked) == (false, true))
        #expect(try Self.entries(real).isEmpty, "nothing is written through the link")

        // Owned by another user (simulated by demanding another owner; as root, also a real chown).
        let foreign = ProgramBinaryCache(directory: real, requiredOwner: FileSystem.effectiveUser &+ 1)
        guard case let .untrusted(ownerReason) = foreign.trust() else {
            Issue.record("a folder owned by someone else must be untrusted")
            return
        }
        #expect(ownerReason.contains("owned by uid"))
        #expect(try Self.runSquare(device, cache: foreign) == (false, true))
        if geteuid() == 0 {
            let chowned = Self.folder()
            defer { try? FileManager.default.removeItem(at: chowned) }
            try FileManager.default.createDirectory(at: chowned, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            #expect(chown(chowned.path, 65534, 65534) == 0)
            #expect(ProgramBinaryCache(directory: chowned).trust() != .trusted)
        }

        // Group- or world-writable.
        #expect(chmod(real.path, 0o777) == 0)
        guard case let .untrusted(modeReason) = ProgramBinaryCache(directory: real).trust() else {
            Issue.record("a world-writable folder must be untrusted")
            return
        }
        #expect(modeReason.contains("writable"))
        #expect(chmod(real.path, 0o700) == 0)
        #expect(ProgramBinaryCache(directory: real).trust() == .trusted)
    }

    @Test("an untrusted folder warns once per process, however many programs are built")
    func oneWarning() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(chmod(folder.path, 0o777) == 0)
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) { [path = folder.path as String] in
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = .warning
                return handler
            }
            let cache = ProgramBinaryCache(directory: URL(fileURLWithPath: path))
            let context = try Context(devices: [try #require(Device.all.first)])
            for index in 0..<3 {
                _ = try Program(context: context, source: "kernel void k\(index)() {}", binaryStore: cache)
            }
        }
        let log = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(log.components(separatedBy: "program binary cache skipped").count - 1 == 1, "exactly one warning:\n\(log)")
    }

    @Test("4 concurrent writers of the same and of different programs leave only whole, loadable entries", arguments: TestDevices.all)
    func concurrentWriters(device: Device) throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ProgramBinaryCache(directory: folder)
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { writer in
            do {
                // Writers 0-3 race on one program; 4-7 on one each.
                let source = writer < 4 ? Self.square.text : Self.square.text + "\n// writer \(writer)\n"
                let run = try Self.runSquare(device, cache: cache, source: source)
                if !run.correct { failures.withLock { $0.append("writer \(writer): wrong result") } }
            } catch {
                failures.withLock { $0.append("writer \(writer): \(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.allSatisfy { $0.hasSuffix(".clbin") }, "no temporary files left: \(files)")
        #expect(files.count == 5)
        for writer in [0, 4, 5, 6, 7] {
            let source = writer < 4 ? Self.square.text : Self.square.text + "\n// writer \(writer)\n"
            #expect(try Self.runSquare(device, cache: cache, source: source) == (true, true))
        }
    }
}
