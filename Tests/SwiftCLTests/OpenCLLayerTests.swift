import Foundation
@testable import SwiftCL
import SwiftCLTestSupport
import Testing

/// The C layer (`Sources/SwiftCL/OpenCL`): the only code that touches `COpenCL`, with routine names
/// derived from the wrappers and constants taken from the headers.
@Suite("OpenCL layer")
struct OpenCLLayerTests {
    @Test("a wrapper's routine name is derived from its own name, with the detail in parentheses")
    func routineNames() {
        #expect(CL.routine("enqueueNDRangeKernel(_:_:dimensions:offset:global:local:wantEvent:kernelName:)", "square")
            == "clEnqueueNDRangeKernel(square)")
        #expect(CL.routine("getPlatformIDs()") == "clGetPlatformIDs")
        #expect(CL.routine("finish(_:)") == "clFinish")
    }

    @Test("a failing runtime call reports the C routine and the parameter it queried", arguments: TestDevices.all)
    func failingCallNamesRoutine(device: Device) throws {
        #expect(try CL.getDeviceInfo(device.id, .CL_DEVICE_NAME).string() == device.name)
        let bogus = InfoParameter<InfoOf.Device>(0x7FFF_FFF0, name: "BOGUS_PARAMETER")
        let error = thrownError { _ = try CL.getDeviceInfo(device.id, bogus).string() }
        #expect(error as? OpenCLError == OpenCLError(status: .invalidValue, routine: "clGetDeviceInfo(BOGUS_PARAMETER)"))
        let kernelError = thrownError {
            let program = try Program(context: Context.shared(for: device), source: "kernel void k(global int *a) { a[0] = 1; }")
            _ = try CL.createKernel(program.built.id, name: "missing")
        }
        #expect((kernelError as? OpenCLError)?.routine == "clCreateKernel(missing)")
        #expect((kernelError as? OpenCLError)?.status == .invalidKernelName)
    }

    @Test("image channel constants come from the headers and round-trip")
    func channelConstants() {
        #expect(ChannelOrder.rgba.rawValue == 0x10B5)  // the values the OpenCL specification lists
        #expect(ChannelOrder.abgr.rawValue == 0x10C3)
        #expect(ChannelType.float.rawValue == 0x10DE)
        #expect(ChannelType.unormInt101010_2.rawValue == 0x10E0)
        #expect(Set(ChannelOrder.allCases.map(\.rawValue)).count == ChannelOrder.allCases.count)
        #expect(Set(ChannelType.allCases.map(\.rawValue)).count == ChannelType.allCases.count)
        for order in ChannelOrder.allCases { #expect(ChannelOrder(rawValue: order.rawValue) == order) }
        for type in ChannelType.allCases { #expect(ChannelType(rawValue: type.rawValue) == type) }
        #expect(ChannelOrder(rawValue: 0) == nil)
    }

    @Test("only the OpenCL layer imports COpenCL or calls cl* routines")
    func oneLayerTouchesC() throws {
        let runtime = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/SwiftCL")
        let files = try #require(FileManager.default.enumerator(at: runtime, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 40)
        // No other Swift module imports COpenCL either (the README's module table says so), but the build tool's compile
        // check, which calls the C API so that the tool does not link the runtime (one file, named here).
        let root = runtime.deletingLastPathComponent().deletingLastPathComponent()
        for folder in ["Sources", "Kernels", "Benchmarks", "Examples", "Plugins"] {
            let others = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }
                .filter { $0.pathExtension == "swift" && !$0.path.contains("/Sources/SwiftCL/") && !$0.path.contains("/.build") }
                .filter { !$0.path.hasSuffix("/Sources/swiftcl-kernelgen/BuildTimeCompiler.swift") } ?? []
            for file in others where try String(contentsOf: file, encoding: .utf8).contains("import COpenCL") {
                Issue.record("\(file.path) imports COpenCL outside the runtime's OpenCL layer")
            }
        }
        let callPattern = try Regex(#"(^|[^.\w])cl[A-Z]\w*\("#)
        for file in files where !file.path.contains("/Sources/SwiftCL/OpenCL/") {
            let text = try String(contentsOf: file, encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            #expect(!text.contains("import COpenCL"), "\(file.lastPathComponent) imports COpenCL")
            for line in code where line.contains(callPattern) {
                Issue.record("\(file.lastPathComponent) calls C directly: \(line)")
            }
        }
    }
}
