import Foundation
import SwiftCL
import SwiftCLKernels
import Testing

@Suite("Program binary cache")
struct BinaryCacheTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-binaries-\(UUID())")
    }

    @Test("a second build loads the binary, keys separate sources and options, and the result still computes", arguments: TestDevices.all)
    func roundTrip(device: Device) throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ProgramBinaryCache(directory: folder)
        let source = ShippedSources.square
        let first = try Program(context: Context(devices: [device]), source: source.text, name: source.name, binaryCache: cache)
        #expect(!first.loadedFromBinaryCache)
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(entries.count == 1)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        let context = try Context(devices: [device], binaryCache: cache)
        let second = try context.program(source)
        #expect(second.loadedFromBinaryCache && second.kernelNames == ["square"])
        _ = try context.program(source, options: BuildOptions().defining("UNUSED"))
        _ = try context.program(ShippedSources.copy)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 3, "options and sources key separately")
        let queue = try ComputeQueue(device: device, context: context)
        let input = ramp(100)
        let a = try Buffer(copying: input, context: context), b = try Buffer<Float>(count: 100, context: context)
        let output = try queue.sync { cl in
            try cl.launch(second.kernel(named: "square"), NDRange(100), a, b)
            return try cl.read(b)
        }
        #expect(output == SquareKernel.reference(input))
    }

    @Test("a corrupt entry is discarded and the program rebuilt from source", arguments: TestDevices.all)
    func corruptEntry(device: Device) throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ProgramBinaryCache(directory: folder)
        let source = ShippedSources.addArrays
        _ = try Program(context: Context(devices: [device]), source: source.text, name: source.name, binaryCache: cache)
        let entry = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        try Data("not a program binary".utf8).write(to: folder.appendingPathComponent(entry))
        let rebuilt = try Program(context: Context(devices: [device]), source: source.text, name: source.name, binaryCache: cache)
        #expect(!rebuilt.loadedFromBinaryCache, "the corrupt entry was not used")
        #expect(rebuilt.kernelNames == ["add_arrays"])
        let reloaded = try Program(context: Context(devices: [device]), source: source.text, name: source.name, binaryCache: cache)
        #expect(reloaded.loadedFromBinaryCache, "the rebuild stored a good entry again")
    }
}

