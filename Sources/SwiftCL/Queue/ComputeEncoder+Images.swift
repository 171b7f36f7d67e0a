internal import COpenCL

/// A colour to fill an image with, in the value type its channels are sampled as.
public enum ImageFillColor: Hashable, Sendable {
    /// For normalised and floating-point channel types.
    case float(SIMD4<Float>)
    /// For signed integer channel types.
    case signedInteger(SIMD4<Int32>)
    /// For unsigned integer channel types.
    case unsignedInteger(SIMD4<UInt32>)

    var sampledAs: ChannelType.SampledType {
        switch self {
        case .float: .float
        case .signedInteger: .signedInteger
        case .unsignedInteger: .unsignedInteger
        }
    }
}

/// Where a mapped image region lies in the mapped bytes.
public struct MappedImageLayout: Hashable, Sendable {
    /// The mapped region in pixels (x, y, z).
    public let region: SIMD3<Int>
    /// Bytes from one row to the next.
    public let rowPitchBytes: Int
    /// Bytes from one slice (or layer) to the next (0 for a single slice).
    public let slicePitchBytes: Int
    public let bytesPerPixel: Int

    /// Byte offset of pixel (x, y, z) of the region.
    public func offset(x: Int, y: Int, z: Int = 0) -> Int {
        z * slicePitchBytes + y * rowPitchBytes + x * bytesPerPixel
    }
}

extension ComputeEncoder {
    /// Copies tightly packed host pixels into `region` of `image` at `origin` (the guide's
    /// `gcl_copy_ptr_to_image`); `pixels` must hold at least the region's bytes.
    public func write<T: BitwiseCopyable>(_ image: Image, from pixels: [T], origin: SIMD3<Int> = .zero, region: SIMD3<Int>? = nil) throws {
        try checkUsable()
        try checkContext(image)
        try checkHostAccess(image, write: true, "image write")
        let region = try image.checkedRegion(origin: origin, region: region, "image write")
        try checkHostBytes(pixels.count * MemoryLayout<T>.stride, for: region, of: image, "image write")
        try pixels.withUnsafeBytes { raw in
            try withEvent { event in
                try check(clEnqueueWriteImage(queue.id, image.id, cl_bool(CL_TRUE), origin.triple, region.triple, 0, 0,
                                              raw.baseAddress, 0, nil, event), "clEnqueueWriteImage")
            }
        }
    }

    /// Reads `region` of `image` at `origin` into tightly packed host pixels of type `T` (the guide's
    /// `gcl_copy_image_to_ptr`); the region's bytes must be a whole number of `T`.
    public func read<T: BitwiseCopyable>(_ image: Image, as _: T.Type = T.self, origin: SIMD3<Int> = .zero,
                                         region: SIMD3<Int>? = nil) throws -> [T] {
        try checkUsable()
        let region = try image.checkedRegion(origin: origin, region: region, "image read")
        let bytes = region.x * region.y * region.z * image.format.bytesPerPixel
        guard bytes % MemoryLayout<T>.stride == 0 else {
            throw SwiftCLError.invalidArgument("image read: \(bytes) bytes are not a whole number of \(T.self) (\(MemoryLayout<T>.stride) bytes)")
        }
        let count = bytes / MemoryLayout<T>.stride
        return try [T](unsafeUninitializedCapacity: count) { storage, initialized in
            try read(image, into: UnsafeMutableRawBufferPointer(storage), origin: origin, region: region)
            initialized = count
        }
    }

    /// Reads `region` of `image` into `pixels`, which must hold at least the region's bytes.
    public func read<T: BitwiseCopyable>(_ image: Image, into pixels: inout [T], origin: SIMD3<Int> = .zero, region: SIMD3<Int>? = nil) throws {
        try pixels.withUnsafeMutableBytes { raw in try read(image, into: raw, origin: origin, region: region) }
    }

    private func read(_ image: Image, into destination: UnsafeMutableRawBufferPointer, origin: SIMD3<Int>, region: SIMD3<Int>?) throws {
        try checkUsable()
        try checkContext(image)
        try checkHostAccess(image, write: false, "image read")
        let region = try image.checkedRegion(origin: origin, region: region, "image read")
        try checkHostBytes(destination.count, for: region, of: image, "image read")
        try withEvent { event in
            try check(clEnqueueReadImage(queue.id, image.id, cl_bool(CL_TRUE), origin.triple, region.triple, 0, 0,
                                         destination.baseAddress, 0, nil, event), "clEnqueueReadImage")
        }
    }

    /// Copies a region between images of the same format on the device.
    public func copy(from source: Image, to destination: Image, sourceOrigin: SIMD3<Int> = .zero,
                     destinationOrigin: SIMD3<Int> = .zero, region: SIMD3<Int>? = nil) throws {
        try checkUsable()
        try checkContext(source)
        try checkContext(destination)
        guard source.format == destination.format else {
            throw SwiftCLError.imageFormatMismatch(expected: source.format, given: destination.format)
        }
        let region = try source.checkedRegion(origin: sourceOrigin, region: region, "image copy source")
        _ = try destination.checkedRegion(origin: destinationOrigin, region: region, "image copy destination")
        try withEvent { event in
            try check(clEnqueueCopyImage(queue.id, source.id, destination.id, sourceOrigin.triple, destinationOrigin.triple, region.triple,
                                         0, nil, event), "clEnqueueCopyImage")
        }
        inFlight.append(source)
        inFlight.append(destination)
    }

    /// Copies a region of an image into a buffer, tightly packed from element `bufferOffset`.
    public func copy<T>(from image: Image, to buffer: Buffer<T>, origin: SIMD3<Int> = .zero, region: SIMD3<Int>? = nil,
                        bufferOffset: Int = 0) throws {
        try checkUsable()
        try checkContext(image)
        try checkContext(buffer)
        let region = try image.checkedRegion(origin: origin, region: region, "image to buffer copy")
        let byteOffset = try bufferByteRange(buffer, offset: bufferOffset, region: region, image: image, "image to buffer copy")
        try withEvent { event in
            try check(clEnqueueCopyImageToBuffer(queue.id, image.id, buffer.id, origin.triple, region.triple, byteOffset,
                                                 0, nil, event), "clEnqueueCopyImageToBuffer")
        }
        inFlight.append(image)
        inFlight.append(buffer)
    }

    /// Copies tightly packed pixels from a buffer, starting at element `bufferOffset`, into a region of an image.
    public func copy<T>(from buffer: Buffer<T>, to image: Image, bufferOffset: Int = 0, origin: SIMD3<Int> = .zero,
                        region: SIMD3<Int>? = nil) throws {
        try checkUsable()
        try checkContext(image)
        try checkContext(buffer)
        let region = try image.checkedRegion(origin: origin, region: region, "buffer to image copy")
        let byteOffset = try bufferByteRange(buffer, offset: bufferOffset, region: region, image: image, "buffer to image copy")
        try withEvent { event in
            try check(clEnqueueCopyBufferToImage(queue.id, buffer.id, image.id, byteOffset, origin.triple, region.triple,
                                                 0, nil, event), "clEnqueueCopyBufferToImage")
        }
        inFlight.append(image)
        inFlight.append(buffer)
    }

    /// Fills a region of an image with one colour, given in the type its channels are sampled as.
    public func fill(_ image: Image, with color: ImageFillColor, origin: SIMD3<Int> = .zero, region: SIMD3<Int>? = nil) throws {
        try checkUsable()
        try checkContext(image)
        guard color.sampledAs == image.format.type.sampledAs else {
            throw SwiftCLError.invalidArgument(
                "image fill: a \(image.format) image is filled with a \(image.format.type.sampledAs) colour, not \(color)")
        }
        let region = try image.checkedRegion(origin: origin, region: region, "image fill")
        func enqueue<C: BitwiseCopyable>(_ value: C) throws {
            var value = value
            try withEvent { event in
                try check(clEnqueueFillImage(queue.id, image.id, &value, origin.triple, region.triple, 0, nil, event),
                          "clEnqueueFillImage")
            }
        }
        switch color {
        case let .float(value): try enqueue(value)
        case let .signedInteger(value): try enqueue(value)
        case let .unsignedInteger(value): try enqueue(value)
        }
        inFlight.append(image)
    }

    /// Maps a region of an image (the guide's `gcl_map_image`) and hands `body` its bytes and their
    /// layout (row and slice pitch, so rows can be walked); unmaps when `body` returns or throws.
    public func withMapped<R>(_ image: Image, origin: SIMD3<Int> = .zero, region: SIMD3<Int>? = nil,
                              _ body: (inout MutableRawSpan, MappedImageLayout) throws -> R) throws -> R {
        try checkUsable()
        try checkContext(image, operation: "image map")
        try checkHostAccess(image, write: false, "image map")
        try checkHostAccess(image, write: true, "image map")
        let region = try image.checkedRegion(origin: origin, region: region, "image map")
        try checkNotMapped(image, "image map")
        var rowPitch = 0, slicePitch = 0
        return try withMapping(image, "clEnqueueMapImage", map: { event, status in
            clEnqueueMapImage(queue.id, image.id, cl_bool(CL_TRUE), cl_map_flags(CL_MAP_READ | CL_MAP_WRITE), origin.triple,
                              region.triple, &rowPitch, &slicePitch, 0, nil, event, status)
        }) { base in
            let layout = MappedImageLayout(region: region, rowPitchBytes: rowPitch, slicePitchBytes: region.z > 1 ? slicePitch : 0,
                                           bytesPerPixel: image.format.bytesPerPixel)
            let byteCount = layout.offset(x: 0, y: region.y - 1, z: region.z - 1) + region.x * layout.bytesPerPixel
            var span = UnsafeMutableRawBufferPointer(start: base, count: byteCount).mutableBytes
            return try body(&span, layout)
        }
    }

    private func checkHostBytes(_ given: Int, for region: SIMD3<Int>, of image: Image, _ operation: String) throws {
        let needed = region.x * region.y * region.z * image.format.bytesPerPixel
        guard given >= needed else {
            throw SwiftCLError.invalidArgument(
                "\(operation): host data holds \(given) bytes, the region \(region.pixelText) of \(image.format) needs \(needed)")
        }
    }

    private func bufferByteRange<T>(_ buffer: Buffer<T>, offset: Int, region: SIMD3<Int>, image: Image, _ operation: String) throws -> Int {
        let bytes = region.x * region.y * region.z * image.format.bytesPerPixel
        let stride = MemoryLayout<T>.stride
        guard offset >= 0, offset <= buffer.count else {
            throw SwiftCLError.rangeOutOfBounds(operation: operation, requested: offset..<max(offset, offset), bound: buffer.count)
        }
        let byteOffset = offset * stride
        guard byteOffset + bytes <= buffer.byteCount else {
            throw SwiftCLError.rangeOutOfBounds(operation: operation, requested: offset..<(offset + (bytes + stride - 1) / stride),
                                                bound: buffer.count)
        }
        return byteOffset
    }
}

extension SIMD3 where Scalar == Int {
    /// The three values as an array, which C routines taking `const size_t[3]` accept for the call.
    var triple: [Int] { [x, y, z] }
}
