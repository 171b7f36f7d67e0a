import SwiftCL
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

/// A 12-byte element: its stride is not a power of two, so clEnqueueFillBuffer cannot fill it.
struct Triple: BitwiseCopyable, Equatable {
    var a: Float, b: Float, c: Float
}

/// A 3-byte element.
struct Bytes3: BitwiseCopyable, Equatable {
    var a: UInt8, b: UInt8, c: UInt8
}

@Suite("Buffers")
struct BufferTests {
    static let cases: [(Device, Int)] = TestDevices.all.flatMap { device in awkwardSizes.map { (device, $0) } }

    @Test("write, read, copy and fill round-trip at awkward sizes", arguments: cases)
    func roundTrip(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let data = ramp(count)
        let a = try Buffer(copying: data, context: queue.context)
        let b = try Buffer<Float>(count: count, context: queue.context)
        #expect(a.count == count && a.byteCount == count * 4)
        try queue.sync { cl in
            #expect(try cl.read(a) == data, "copy-host-ptr contents")
            try cl.copy(from: a, to: b)
            #expect(try cl.read(b) == data, "device copy")
            try cl.fill(b, with: 3.5)
            #expect(try cl.read(b) == [Float](repeating: 3.5, count: count), "fill")
            try cl.write(b, from: data.reversed())
            #expect(try cl.read(b) == Array(data.reversed()), "write from a non-array collection")
            if count > 2 {
                try cl.fill(b, with: 0, range: 1..<(count - 1))
                let filled = try cl.read(b)
                #expect(filled.first == data.last && filled.last == data.first && filled.dropFirst().dropLast().allSatisfy { $0 == 0 })
                try cl.write(b, from: [42, 43], at: count - 2)
                #expect(try cl.read(b, range: (count - 2)..<count) == [42, 43])
                var partial = [Float](repeating: 0, count: 2)
                try cl.read(a, into: &partial, at: 1)
                #expect(partial == Array(data[1...2]))
                try cl.copy(from: a, at: 0, to: b, at: count - 2, count: 2)
                #expect(try cl.read(b, range: (count - 2)..<count) == Array(data[0..<2]))
            }
        }
    }

    @Test("fill with an element whose size is not a power of two, on the device, also without host access",
          arguments: TestDevices.all, [1, 7, 33, 1000])
    func fillOddStride(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        let buffer = try Buffer<Triple>(count: count, context: queue.context)
        let value = Triple(a: 1, b: -2, c: 3)
        let small = try Buffer<Bytes3>(count: count + 2, context: queue.context, hostAccess: .none)
        let copy = try Buffer<Bytes3>(count: count + 2, context: queue.context)
        let read = try queue.sync { cl in
            try cl.fill(buffer, with: value)
            try cl.fill(small, with: Bytes3(a: 0, b: 0, c: 0))
            try cl.fill(small, with: Bytes3(a: 1, b: 2, c: 3), range: 1..<(count + 1))  // a device-only buffer: no host round-trip
            try cl.copy(from: small, to: copy)
            return (try cl.read(buffer), try cl.read(copy))
        }
        #expect(read.0 == Array(repeating: value, count: count))
        let zero = Bytes3(a: 0, b: 0, c: 0)
        #expect(read.1 == [zero] + Array(repeating: Bytes3(a: 1, b: 2, c: 3), count: count) + [zero])
    }

    @Test("host ranges past the buffer are refused before the C call", arguments: TestDevices.all)
    func bounds(device: Device) throws {
        let queue = try makeQueue(device)
        let buffer = try Buffer(copying: ramp(10), context: queue.context)
        let other = try Buffer<Float>(count: 4, context: queue.context)
        try queue.sync { cl in
            #expect(throws: SwiftCLError.rangeOutOfBounds(operation: "read", requested: 5..<15, bound: 10)) {
                var host = [Float](repeating: 0, count: 10)
                try cl.read(buffer, into: &host, at: 5)
            }
            #expect(throws: SwiftCLError.rangeOutOfBounds(operation: "write", requested: 0..<11, bound: 10)) {
                try cl.write(buffer, from: ramp(11))
            }
            #expect(throws: SwiftCLError.rangeOutOfBounds(operation: "write", requested: -1..<1, bound: 10)) {
                try cl.write(buffer, from: ramp(2), at: -1)
            }
            #expect(throws: SwiftCLError.self, "an offset that overflows") {
                try cl.write(buffer, from: ramp(2), at: Int.max)
            }
            #expect(throws: SwiftCLError.rangeOutOfBounds(operation: "read", requested: 8..<12, bound: 10)) {
                _ = try cl.read(buffer, range: 8..<12)
            }
            #expect(throws: SwiftCLError.rangeOutOfBounds(operation: "fill", requested: 0..<11, bound: 10)) {
                try cl.fill(buffer, with: 1, range: 0..<11)
            }
            #expect(throws: SwiftCLError.rangeOutOfBounds(operation: "copy destination", requested: 0..<10, bound: 4)) {
                try cl.copy(from: buffer, to: other, count: 10)
            }
            #expect(throws: SwiftCLError.self, "negative offsets") {
                try cl.copy(from: buffer, at: -1, to: other, count: 1)
            }
            #expect(throws: SwiftCLError.self, "overlapping copy within one buffer") {
                try cl.copy(from: buffer, at: 0, to: buffer, at: 3, count: 5)
            }
            // Nothing was lost: the data is intact and the queue still works.
            #expect(try cl.read(buffer) == ramp(10))
            try cl.copy(from: buffer, at: 0, to: buffer, at: 5, count: 5)
            #expect(try cl.read(buffer, range: 5..<10) == Array(ramp(10)[0..<5]))
        }
    }

    @Test("allocation limits and empty buffers are refused with a clear error", arguments: TestDevices.all)
    func allocationErrors(device: Device) throws {
        let context = try Context(devices: [device])
        let tooMany = device.maxMemoryAllocationBytes / 4 + 1
        #expect(throws: SwiftCLError.allocationTooLarge(byteCount: tooMany * 4, limit: device.maxMemoryAllocationBytes, device: device.name)) {
            _ = try Buffer<Float>(count: tooMany, context: context)
        }
        #expect(throws: SwiftCLError.sizeOverflow(operation: "Buffer<Float>(count: \(Int.max / 2))")) {
            _ = try Buffer<Float>(count: Int.max / 2, context: context)
        }
        #expect(throws: SwiftCLError.self) { _ = try Buffer<Float>(count: 0, context: context) }
        #expect(throws: SwiftCLError.self) { _ = try Buffer<Float>(copying: [], context: context) }
        #expect(try Buffer<Float>(count: 1, context: context).count == 1, "still usable")
    }

    @Test("host-access promises and contexts are enforced", arguments: TestDevices.all)
    func accessAndContext(device: Device) throws {
        let queue = try makeQueue(device)
        let hidden = try Buffer<Float>(count: 4, context: queue.context, hostAccess: .none)
        let writeOnly = try Buffer<Float>(count: 4, context: queue.context, hostAccess: .writeOnly)
        let foreign = try Buffer<Float>(count: 4, context: Context(devices: [device]))
        try queue.sync { cl in
            #expect(throws: SwiftCLError.self) { _ = try cl.read(hidden) }
            #expect(throws: SwiftCLError.self) { try cl.write(hidden, from: ramp(4)) }
            try cl.write(writeOnly, from: ramp(4))
            #expect(throws: SwiftCLError.self) { _ = try cl.read(writeOnly) }
            #expect(throws: SwiftCLError.self) { _ = try cl.read(foreign) }
            try cl.fill(hidden, with: 1)
        }
    }

    @Test("rectangle copies move sub-blocks between buffers and host", arguments: TestDevices.all)
    func rectangles(device: Device) throws {
        let queue = try makeQueue(device)
        let width = 7, height = 5
        let image = (0..<(width * height)).map { Float($0) }
        let source = try Buffer(copying: image, context: queue.context)
        let destination = try Buffer(copying: [Float](repeating: -1, count: 4 * 3), context: queue.context)
        try queue.sync { cl in
            // The 3×2 block at (2, 1) of a 7-wide image into (1, 1) of a 4-wide one.
            try cl.copyRect(from: source, RectLayout(x: 2, y: 1, rowPitch: width), to: destination,
                            RectLayout(x: 1, y: 1, rowPitch: 4), extent: Extent3D(width: 3, height: 2))
            let copied = try cl.read(destination)
            #expect(copied == [-1, -1, -1, -1,
                               -1, 9, 10, 11,
                               -1, 16, 17, 18])
            var host = [Float](repeating: 0, count: 6)
            try cl.readRect(source, RectLayout(x: 4, y: 3, rowPitch: width), into: &host, RectLayout(rowPitch: 3),
                            extent: Extent3D(width: 3, height: 2))
            #expect(host == [25, 26, 27, 32, 33, 34])
            try cl.writeRect(destination, RectLayout(x: 0, y: 0, rowPitch: 4), from: [100, 101, 102, 103],
                             RectLayout(rowPitch: 2), extent: Extent3D(width: 2, height: 2))
            #expect(try cl.read(destination, range: 0..<6) == [100, 101, -1, -1, 102, 103])
            // Out of bounds and malformed layouts.
            #expect(throws: SwiftCLError.self, "a block past the last row") {
                try cl.copyRect(from: source, RectLayout(x: 0, y: 4, rowPitch: width), to: destination,
                                RectLayout(rowPitch: 4), extent: Extent3D(width: 2, height: 2))
            }
            #expect(throws: SwiftCLError.self, "a row wider than its pitch") {
                try cl.readRect(source, RectLayout(x: 6, y: 0, rowPitch: width), into: &host, RectLayout(rowPitch: 3),
                                extent: Extent3D(width: 2, height: 1))
            }
            #expect(throws: SwiftCLError.self, "a host array too small") {
                var small = [Float](repeating: 0, count: 5)
                try cl.readRect(source, RectLayout(rowPitch: width), into: &small, RectLayout(rowPitch: 3),
                                extent: Extent3D(width: 3, height: 2))
            }
            #expect(throws: SwiftCLError.self, "an empty region") {
                try cl.copyRect(from: source, RectLayout(rowPitch: width), to: destination, RectLayout(rowPitch: 4),
                                extent: Extent3D(width: 0, height: 1))
            }
        }
    }

    @Test("scoped maps read and write through spans and refuse nesting", arguments: TestDevices.all)
    func mapping(device: Device) throws {
        let queue = try makeQueue(device)
        let buffer = try Buffer(copying: ramp(33), context: queue.context)
        try queue.sync { cl in
            try cl.withMapped(buffer, range: 3..<10) { span in
                #expect(span.count == 7)
                for index in span.indices { span[index] = Float(index) * 10 }
            }
            let sum = try cl.withMappedForReading(buffer) { span in
                var total: Float = 0
                for index in span.indices { total += span[index] }
                return total
            }
            var expected = ramp(33)
            for index in 0..<7 { expected[3 + index] = Float(index) * 10 }
            #expect(try cl.read(buffer) == expected)
            #expect(sum == expected.reduce(0, +))
            #expect(throws: SwiftCLError.self, "mapping the same buffer twice") {
                try cl.withMapped(buffer) { _ in
                    try cl.withMapped(buffer) { _ in }
                }
            }
            #expect(throws: SwiftCLError.rangeOutOfBounds(operation: "map", requested: 30..<40, bound: 33)) {
                try cl.withMapped(buffer, range: 30..<40) { _ in }
            }
            try cl.withMapped(buffer) { span in span[0] = 1 }
            #expect(try cl.read(buffer, range: 0..<1) == [1], "the buffer maps again after the refused attempts")
        }
    }
}
