import Dispatch
import SwiftCL
import SwiftCLKernels
import SwiftCLTestSupport
import Testing

@Suite("Images and samplers")
struct ImageTests {
    static let imageDevices = TestDevices.all.filter(\.supportsImages)

    @Test("PoCL's device supports images (so the image tests below run on CI)")
    func imagesSupported() {
        #expect(!Self.imageDevices.isEmpty, "no device with image support")
    }

    @Test("the context lists supported formats per kind and access, including Listing 6-5's", arguments: imageDevices)
    func supportedFormats(device: Device) throws {
        let context = try Context(devices: [device])
        for kind in ImageKind.allCases {
            let formats = try context.supportedImageFormats(for: kind, access: .readWrite)
            #expect(!formats.isEmpty, "\(kind) has formats")
        }
        let readOnly = try context.supportedImageFormats(for: .image2D, access: .readOnly)
        #expect(readOnly.contains(.rgbaUInt8) && readOnly.contains(.rFloat))
        #expect(ImageFormat.rgbaUInt8.bytesPerPixel == 4 && ImageFormat(.rgba, .float).bytesPerPixel == 16)
        #expect(ImageFormat(.rgb, .unormShort565).bytesPerPixel == 2 && ImageFormat.rgbaUInt8.description == "RGBA/UNSIGNED_INT8")
    }

    @Test("2D, 3D and array images round-trip host pixels at odd sizes", arguments: imageDevices)
    func roundTrips(device: Device) throws {
        let queue = try makeQueue(device)
        let rgba = (0..<(17 * 13)).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) }
        let image2D = try Image(format: .rgbaUInt8, width: 17, height: 13, copying: rgba, context: queue.context)
        #expect(image2D.rowPitchBytes >= 17 * 4 && image2D.extent == Extent3D(width: 17, height: 13, depth: 1))
        let floats = ramp(5 * 3 * 4)
        let image3D = try Image(.image3D(width: 5, height: 3, depth: 4), format: .rFloat, context: queue.context)
        let layers = try Image(.image2DArray(width: 5, height: 3, layers: 4), format: .rFloat, context: queue.context)
        let line = try Image(.image1D(width: 7), format: .rFloat, context: queue.context)
        try queue.sync { cl in
            #expect(try cl.read(image2D, as: UInt32.self) == rgba)
            try cl.write(image3D, from: floats)
            #expect(try cl.read(image3D, as: Float.self) == floats)
            try cl.write(layers, from: floats)
            #expect(try cl.read(layers, as: Float.self, origin: Origin3D(x: 0, y: 0, z: 2), extent: Extent3D(width: 5, height: 3, depth: 1)) == Array(floats[30..<45]))
            try cl.write(line, from: ramp(7))
            #expect(try cl.read(line, as: Float.self) == ramp(7))
            // A sub-region write lands where it should.
            try cl.write(image2D, from: [UInt32](repeating: 7, count: 6), origin: Origin3D(x: 15, y: 11, z: 0), extent: Extent3D(width: 2, height: 2, depth: 1))
            let corner = try cl.read(image2D, as: UInt32.self, origin: Origin3D(x: 14, y: 11, z: 0), extent: Extent3D(width: 3, height: 2, depth: 1))
            #expect(corner == [rgba[11 * 17 + 14], 7, 7, rgba[12 * 17 + 14], 7, 7])
        }
    }

    @Test("image copies, image ↔ buffer, fills and maps with row pitch", arguments: imageDevices)
    func copiesFillsMaps(device: Device) throws {
        let queue = try makeQueue(device)
        let width = 9, height = 6
        let pixels = ramp(width * height)
        let a = try Image(format: .rFloat, width: width, height: height, copying: pixels, context: queue.context)
        let b = try Image(format: .rFloat, width: width, height: height, context: queue.context)
        let buffer = try Buffer<Float>(count: width * height + 3, context: queue.context)
        try queue.sync { cl in
            try cl.copy(from: a, to: b)
            #expect(try cl.read(b, as: Float.self) == pixels)
            try cl.copy(from: a, to: buffer, at: 3)
            #expect(try cl.read(buffer, range: 3..<(width * height + 3)) == pixels)
            try cl.fill(b, with: .float(SIMD4(2.5, 0, 0, 1)), origin: Origin3D(x: 1, y: 1, z: 0), extent: Extent3D(width: 2, height: 2, depth: 1))
            let filled = try cl.read(b, as: Float.self, origin: Origin3D(x: 1, y: 1, z: 0), extent: Extent3D(width: 2, height: 2, depth: 1))
            #expect(filled == [2.5, 2.5, 2.5, 2.5])
            try cl.copy(from: buffer, at: 3, to: b)
            #expect(try cl.read(b, as: Float.self) == pixels)
            let sum = try cl.withMapped(a, origin: Origin3D(x: 2, y: 1, z: 0), extent: Extent3D(width: 3, height: 4, depth: 1)) { bytes, layout -> Float in
                #expect(layout.rowPitchBytes >= 3 * 4 && layout.bytesPerPixel == 4)
                var total: Float = 0
                for y in 0..<layout.extent.height {
                    for x in 0..<layout.extent.width {
                        let offset = layout.offset(x: x, y: y)
                        total += bytes.unsafeLoad(fromByteOffset: offset, as: Float.self)
                        bytes.storeBytes(of: 0, toByteOffset: offset, as: Float.self)
                    }
                }
                return total
            }
            var expectedSum: Float = 0
            var zeroed = pixels
            for y in 1..<5 { for x in 2..<5 { expectedSum += pixels[y * width + x]; zeroed[y * width + x] = 0 } }
            #expect(sum == expectedSum)
            #expect(try cl.read(a, as: Float.self) == zeroed, "writes through the mapping reach the image")
        }
    }

    @Test("bad image requests throw before the C call, naming the problem", arguments: imageDevices)
    func badInput(device: Device) throws {
        let queue = try makeQueue(device)
        let context = queue.context
        let supported = try context.supportedImageFormats(for: .image2D, access: .readWrite)
        let unsupported = ChannelOrder.allCases.lazy.flatMap { order in ChannelType.allCases.map { ImageFormat(order, $0) } }
            .first { !supported.contains($0) }
        let format = try #require(unsupported, "every format is supported; nothing to refuse")
        #expect(throws: SwiftCLError.unsupportedImageFormat(format, kind: .image2D, supported: supported)) {
            _ = try Image(format: format, width: 4, height: 4, context: context)
        }
        let maxWidth = device.imageLimits.max2DWidth
        #expect(throws: SwiftCLError.imageLimitExceeded(dimension: "width", value: maxWidth + 1, limit: "CL_DEVICE_IMAGE2D_MAX_WIDTH",
                                                        maximum: maxWidth, device: device.name)) {
            _ = try Image(format: .rFloat, width: maxWidth + 1, height: 1, context: context)
        }
        #expect(throws: SwiftCLError.self, "zero height") { _ = try Image(format: .rFloat, width: 4, height: 0, context: context) }
        #expect(throws: SwiftCLError.self, "host pixels of the wrong size") {
            _ = try Image(format: .rgbaUInt8, width: 4, height: 4, copying: [UInt32](repeating: 0, count: 15), context: context)
        }
        let image = try Image(format: .rFloat, width: 8, height: 8, context: context)
        let other = try Image(format: .rgbaUInt8, width: 8, height: 8, context: context)
        let buffer = try Buffer<Float>(count: 64, context: context)
        try queue.sync { cl in
            #expect(throws: SwiftCLError.self, "region past the right edge") {
                try cl.write(image, from: ramp(64), origin: Origin3D(x: 4, y: 0, z: 0), extent: Extent3D(width: 5, height: 1, depth: 1))
            }
            #expect(throws: SwiftCLError.self, "negative origin") { _ = try cl.read(image, as: Float.self, origin: Origin3D(x: -1, y: 0, z: 0)) }
            #expect(throws: SwiftCLError.self, "host data smaller than the region") { try cl.write(image, from: ramp(63)) }
            #expect(throws: SwiftCLError.self, "a 2D image has one slice") {
                _ = try cl.read(image, as: Float.self, origin: .zero, extent: Extent3D(width: 8, height: 8, depth: 2))
            }
            #expect(throws: SwiftCLError.imageFormatMismatch(expected: .rFloat, given: .rgbaUInt8)) { try cl.copy(from: image, to: other) }
            #expect(throws: SwiftCLError.self, "an integer colour for a float image") {
                try cl.fill(image, with: .unsignedInteger(SIMD4(1, 2, 3, 4)))
            }
            #expect(throws: SwiftCLError.self, "a buffer too small for the image") {
                try cl.copy(from: image, to: buffer, at: 1)
            }
            try cl.write(image, from: ramp(64))
            #expect(try cl.read(image, as: Float.self) == ramp(64), "usable afterwards")
        }
        #expect(throws: SwiftCLError.self, "repeat addressing needs normalised coordinates") {
            _ = try Sampler(context: context, normalizedCoordinates: false, addressing: .repeat)
        }
        _ = try Sampler(context: context, normalizedCoordinates: true, addressing: .repeat, filter: .linear)
    }

    @Test("images and buffers are not interchangeable as kernel arguments", arguments: imageDevices)
    func argumentKinds(device: Device) throws {
        let queue = try makeQueue(device)
        let swap = try RedToGreenCL.RedToGreen(context: queue.context)
        let square = try SquareCL.Square(context: queue.context)
        let image = try Image(format: .rgbaUInt8, width: 4, height: 4, context: queue.context)
        let buffer = try Buffer<Float>(count: 16, context: queue.context)
        let volume = try Image(.image3D(width: 4, height: 4, depth: 2), format: .rgbaUInt8, context: queue.context)
        try queue.sync { cl in
            let range = try NDRange(width: 4, height: 4)
            #expect(throws: SwiftCLError.self, "a buffer where an image is declared") {
                try cl.launch(swap.kernel, range, buffer, image)
            }
            #expect(throws: SwiftCLError.self, "a 3D image where a 2D one is declared") {
                try cl.launch(swap.kernel, range, volume, image)
            }
            #expect(throws: SwiftCLError.self, "an image where a buffer is declared") {
                try cl.launch(square.kernel, NDRange(16), image, buffer)
            }
            #expect(throws: SwiftCLError.self, "a sampler where a buffer is declared") {
                try cl.launch(square.kernel, NDRange(16), Sampler(context: queue.context), buffer)
            }
            try swap(cl, range, input: image, output: image)
        }
    }
}
