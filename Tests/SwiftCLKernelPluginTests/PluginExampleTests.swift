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
            try SaxpyCL.scale4(cl, NDRange(16), data: data, factor: SIMD4(1, 2, 3, 4), scratch: LocalMemory(count: 8), count: 16)
            return try cl.read(data)
        }
        #expect(scaled == (0..<16).map { SIMD4<Float>(repeating: Float($0)) * SIMD4(1, 2, 3, 4) })
        #expect(throws: SwiftCLError.invalidNDRange(.requiredWorkGroupSize(required: [8, 1, 1], given: [4]))) {
            try queue.sync { cl in try SaxpyCL.scale4(cl, NDRange(16, local: 4), data: data, factor: SIMD4(1, 1, 1, 1), scratch: LocalMemory(count: 4), count: UInt32(16)) }
        }
    }

    @Test("integer parameters take any Swift integer, converted with a check that names the parameter", arguments: TestDevices.all)
    func integerParameters(device: Device) throws {
        let queue = try makeQueue(device)
        let scale4 = try SaxpyCL.Scale4(context: queue.context)
        let data = try Buffer(copying: (0..<8).map { SIMD4<Float>(repeating: Float($0)) }, context: queue.context)
        let scratch = LocalMemory<SIMD4<Float>>(count: 8)
        let count: Int = 8, narrow: UInt8 = 4, wide: Int64 = 8
        try queue.sync { cl in
            try scale4(cl, NDRange(8), data: data, factor: SIMD4(repeating: 2), scratch: scratch, count: count)
            try scale4(cl, NDRange(8), data: data, factor: SIMD4(repeating: 2), scratch: scratch, count: narrow)
            try scale4(cl, NDRange(8), data: data, factor: SIMD4(repeating: 2), scratch: scratch, count: wide)
        }
        // Elements below `narrow` were scaled three times, the rest twice.
        let expected = (0..<8).map { SIMD4<Float>(repeating: Float($0) * ($0 < 4 ? 8 : 4)) }
        #expect(try queue.sync { cl in try cl.read(data) } == expected)
        for value in [-1, 1 << 32] {
            #expect(throws: SwiftCLError.integerOutOfRange(kernel: "scale4", index: 3, parameter: "count", value: "\(value)",
                                                          type: "uint", range: "0...4294967295")) {
                try queue.sync { cl in try scale4(cl, NDRange(8), data: data, factor: SIMD4(repeating: 1), scratch: scratch, count: value) }
            }
        }
        // The refused launches changed nothing, and the kernel still runs.
        #expect(try queue.sync { cl in try cl.read(data) } == expected)
        try queue.sync { cl in try SaxpyCL.scale4(cl, NDRange(8), data: data, factor: SIMD4(repeating: 0.5), scratch: scratch, count: UInt64(8)) }
        #expect(try queue.sync { cl in try cl.read(data) } == expected.map { $0 * 0.5 })
    }
}
