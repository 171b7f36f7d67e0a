import SwiftCL
import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// Sizes the array tests sweep: empty, one, odd, around a work-group and a vector width, and past 2^20.
let arraySizes = [0, 1, 7, 17, 1023, 4097, (1 << 20) + 3]

@Suite("Device arrays")
struct DeviceArrayTests {
    @Test("host round trip, zeros, filled, arange, linspace, copy, views and reshape", arguments: TestDevices.all)
    func creation(device: Device) throws {
        let queue = try makeQueue(device)
        for count in arraySizes {
            let host = (0..<count).map { Float($0 % 97) - 40 }
            let array = try DeviceArray(host, on: queue)
            #expect(array.count == count && array.shape == [count])
            #expect(try array.toArray() == host)
            #expect(try DeviceArray<Float>.zeros(count: count, on: queue).toArray() == Array(repeating: 0, count: count))
            #expect(try DeviceArray<Int32>.filled(with: -3, shape: [count], on: queue).toArray() == Array(repeating: -3, count: count))
            #expect(try DeviceArray<Int64>.arange(count: count, start: 5, step: 3, on: queue).toArray() == (0..<count).map { 5 + 3 * Int64($0) })
            #expect(try array.copy().toArray() == host)
        }
        let line = try DeviceArray<Float>.linspace(from: -1, to: 1, count: 5, on: queue).toArray()
        #expect(line == [-1, -0.5, 0, 0.5, 1])
        let matrix = try DeviceArray((0..<12).map { Int32($0) }, shape: [3, 4], on: queue)
        #expect(try matrix.row(1).toArray() == [4, 5, 6, 7])
        #expect(try matrix.reshaped([4, 3]).shape == [4, 3])
        let view = try matrix[3..<9]
        try view.fill(with: 0)
        #expect(try matrix.toArray() == [0, 1, 2, 0, 0, 0, 0, 0, 0, 9, 10, 11], "a view writes through to its array")
    }

    @Test("async read, Buffer interop both ways without copying")
    func interop() async throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let buffer = try Buffer(copying: [Float](repeating: 2, count: 1024), context: queue.context)
        let array = try DeviceArray(buffer: buffer, on: queue)
        try array.assign(array * 3)
        #expect(try await array.toArray() == Array(repeating: 6, count: 1024))
        #expect(try array.buffer() === buffer, "the whole array is its buffer")
        // A view at an aligned start is a sub-buffer over the same memory; a misaligned one says which alignment.
        let alignment = queue.device.memoryBaseAddressAlignmentBits / 8 / MemoryLayout<Float>.stride
        let part = try array[alignment..<(alignment + 4)].buffer()
        #expect(part.count == 4)
        try await queue.run { cl in try cl.fill(part, with: 1) }
        #expect(try await array.toArray()[alignment] == 1)
        let misaligned = thrownError { _ = try array[1..<5].buffer() }
        #expect("\(String(describing: misaligned))".contains("CL_DEVICE_MEM_BASE_ADDR_ALIGN"))
    }

    @Test("bad input: shapes, contexts, element types, empty min — typed errors, nothing changed", arguments: TestDevices.all)
    func refusals(device: Device) throws {
        let queue = try makeQueue(device)
        let a = try DeviceArray([Float](repeating: 1, count: 6), on: queue)
        let b = try DeviceArray([Float](repeating: 2, count: 7), on: queue)
        let mismatch = thrownError { _ = try (a + b).evaluated() } as? ArrayError
        #expect(mismatch?.code == .shapeMismatch)
        #expect(mismatch?.message.contains("[6]") == true && mismatch?.message.contains("[7]") == true, "\(String(describing: mismatch))")
        let other = try ComputeQueue(device: device, context: Context(devices: [device]))
        let foreign = try DeviceArray([Float](repeating: 1, count: 6), on: other)
        #expect((thrownError { _ = try (a + foreign).evaluated() } as? ArrayError)?.code == .contextMismatch)
        #expect((thrownError { _ = try a.dot(foreign) } as? ArrayError)?.code == .contextMismatch)
        #expect((thrownError { _ = try a.reshaped([4]) } as? ArrayError)?.code == .invalidShape)
        #expect((thrownError { _ = try a[3..<9] } as? ArrayError)?.code == .invalidShape)
        let empty = try DeviceArray<Float>([], on: queue)
        #expect((thrownError { _ = try empty.min() } as? ArrayError)?.code == .emptyReduction)
        #expect(try empty.sum() == 0)
        if !device.extensions.contains("cl_khr_fp16") {
            let half = thrownError { _ = try DeviceArray<Float16>([1, 2], on: queue) } as? ArrayError
            #expect(half?.code == .unsupportedElement && half?.message.contains("cl_khr_fp16") == true)
        }
        if !device.supportsDoublePrecision {
            #expect((thrownError { _ = try DeviceArray<Double>([1], on: queue) } as? ArrayError)?.code == .unsupportedElement)
        }
        // Everything still works afterwards, and nothing changed.
        #expect(try a.toArray() == Array(repeating: 1, count: 6))
        #expect(try (a + a).evaluated().toArray() == Array(repeating: 2, count: 6))
    }
}
