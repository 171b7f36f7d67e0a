import PluginExample
import SwiftCL
import SwiftCLTestSupport
import Testing

@Suite("The plugin in a target of this package")
struct PluginExampleTests {
    @Test("a target that applies the plugin calls its generated kernels (end to end)", arguments: TestDevices.all)
    func endToEnd(device: Device) throws {
        let queue = try makeQueue(device)
        let x = ramp(1001), y = ramp(1001, scale: 0.25)
        let result = try PluginExample.saxpy(on: queue, a: 3, x: x, y: y)
        #expect(result == zip(x, y).map { 3 * $0 + $1 })
        #expect(SaxpyCL.kernelNames == ["saxpy", "scale4"])
        #expect(SaxpyCL.scale4RequiredWorkGroupSize == [8, 1, 1])
        let data = try Buffer(copying: (0..<16).map { SIMD4<Float>(repeating: Float($0)) }, context: queue.context)
        let scaled = try queue.sync { cl in
            try SaxpyCL.scale4(cl, NDRange(16), data, SIMD4(1, 2, 3, 4), LocalMemory(count: 8), UInt32(16))
            return try cl.read(data)
        }
        #expect(scaled == (0..<16).map { SIMD4<Float>(repeating: Float($0)) * SIMD4(1, 2, 3, 4) })
        #expect(throws: SwiftCLError.invalidNDRange(.requiredWorkGroupSize(required: [8, 1, 1], given: [4]))) {
            try queue.sync { cl in try SaxpyCL.scale4(cl, NDRange(16, local: 4), data, SIMD4(1, 1, 1, 1), LocalMemory(count: 4), UInt32(16)) }
        }
    }
}
