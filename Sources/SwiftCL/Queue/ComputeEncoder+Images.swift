/// Image transfers. Regions are an ``Origin3D`` and an ``Extent3D`` in pixels (nil extent: from the
/// origin to the far corner); a buffer's element offset is `at:`, as for buffer transfers.
extension ComputeEncoder {
    /// Copies tightly packed host pixels into the region of `image` at `origin` (the guide's
    /// `gcl_copy_ptr_to_image`); `pixels` must hold at least the region's bytes.
    /// - Throws: ``SwiftCLError/regionOutsideImage(operation:origin:region:extent:)``,
    ///   ``SwiftCLError/hostDataSize(operation:givenBytes:requiredBytes:)``, ``SwiftCLError/hostAccessDenied(operation:object:access:)``,
    ///   ``SwiftCLError/contextMismatch(object:belongsTo:expected:)``, ``OpenCLError``.
    public func write<T: BitwiseCopyable>(_ image: Image, from pixels: [T], origin: Origin3D = .zero, extent: Extent3D? = nil) throws {
        try prepare(image, hostAccess: .write, operation: "image write")
        let region = try image.checkedRegion(origin: origin, extent: extent, "image write")
        try checkHostBytes(pixels.count * MemoryLayout<T>.stride, for: region, of: image, "image write")
        try pixels.withUnsafeBytes { raw in
            record(try CL.enqueueWriteImage(queue.id, image.id, origin: origin, region: region, from: raw.baseAddress,
                                            options: enqueueOptions), label: "write image")
        }
    }

    /// Reads the region of `image` at `origin` into tightly packed host pixels of type `T` (the guide's
    /// `gcl_copy_image_to_ptr`); the region's bytes must be a whole number of `T`.
    /// - Throws: as ``write(_:from:origin:extent:)``, and ``SwiftCLError/notWholeElements(operation:byteCount:elementType:elementBytes:)``.
    public func read<T: BitwiseCopyable>(_ image: Image, as _: T.Type = T.self, origin: Origin3D = .zero,
                                         extent: Extent3D? = nil) throws -> [T] {
        try checkUsable(operation: "image read")
        let region = try image.checkedRegion(origin: origin, extent: extent, "image read")
        let bytes = try regionBytes(region, of: image, "image read")
        guard bytes % MemoryLayout<T>.stride == 0 else {
            throw SwiftCLError.notWholeElements(operation: "image read", byteCount: bytes, elementType: "\(T.self)",
                                                elementBytes: MemoryLayout<T>.stride)
        }
        let count = bytes / MemoryLayout<T>.stride
        return try [T](unsafeUninitializedCapacity: count) { storage, initialized in
            try read(image, into: UnsafeMutableRawBufferPointer(storage), origin: origin, extent: region)
            initialized = count
        }
    }

    /// Reads the region of `image` into `pixels`, which must hold at least the region's bytes.
    /// - Throws: as ``write(_:from:origin:extent:)``.
    public func read<T: BitwiseCopyable>(_ image: Image, into pixels: inout [T], origin: Origin3D = .zero, extent: Extent3D? = nil) throws {
        try pixels.withUnsafeMutableBytes { raw in try read(image, into: raw, origin: origin, extent: extent) }
    }

    private func read(_ image: Image, into destination: UnsafeMutableRawBufferPointer, origin: Origin3D, extent: Extent3D?) throws {
        try prepare(image, hostAccess: .read, operation: "image read")
        let region = try image.checkedRegion(origin: origin, extent: extent, "image read")
        try checkHostBytes(destination.count, for: region, of: image, "image read")
        record(try CL.enqueueReadImage(queue.id, image.id, origin: origin, region: region, into: destination.baseAddress,
                                       options: enqueueOptions), label: "read image")
    }

    /// Copies a region between images of the same format on the device.
    /// - Throws: ``SwiftCLError/imageFormatMismatch(expected:given:)``, ``SwiftCLError/regionOutsideImage(operation:origin:region:extent:)``,
    ///   ``SwiftCLError/contextMismatch(object:belongsTo:expected:)``, ``OpenCLError``.
    public func copy(from source: Image, origin sourceOrigin: Origin3D = .zero, to destination: Image,
                     origin destinationOrigin: Origin3D = .zero, extent: Extent3D? = nil) throws {
        try prepare(source, destination, recordable: true, operation: "image copy")
        guard source.format == destination.format else {
            throw SwiftCLError.imageFormatMismatch(expected: source.format, given: destination.format)
        }
        let region = try source.checkedRegion(origin: sourceOrigin, extent: extent, "image copy source")
        _ = try destination.checkedRegion(origin: destinationOrigin, extent: region, "image copy destination")
        if let recorder {
            try recorder.copyImage(from: source.id, origin: sourceOrigin, to: destination.id, origin: destinationOrigin, region: region)
        } else {
            record(try CL.enqueueCopyImage(queue.id, from: source.id, origin: sourceOrigin, to: destination.id, origin: destinationOrigin,
                                           region: region, options: enqueueOptions), label: "copy image")
        }
        keepAlive(source, destination)
    }

    /// Copies a region of an image into a buffer, tightly packed from element `offset`.
    /// - Throws: ``SwiftCLError/regionOutsideImage(operation:origin:region:extent:)``,
    ///   ``SwiftCLError/rangeOutOfBounds(operation:requested:bound:)``, ``SwiftCLError/contextMismatch(object:belongsTo:expected:)``, ``OpenCLError``.
    public func copy<T>(from image: Image, origin: Origin3D = .zero, extent: Extent3D? = nil, to buffer: Buffer<T>,
                        at offset: Int = 0) throws {
        try copyBetween(image, origin: origin, extent: extent, buffer, at: offset, toImage: false)
    }

    /// Copies tightly packed pixels from a buffer, starting at element `offset`, into a region of an image.
    /// - Throws: as ``copy(from:origin:extent:to:at:)``.
    public func copy<T>(from buffer: Buffer<T>, at offset: Int = 0, to image: Image, origin: Origin3D = .zero,
                        extent: Extent3D? = nil) throws {
        try copyBetween(image, origin: origin, extent: extent, buffer, at: offset, toImage: true)
    }

    /// The checked image↔buffer copy both directions share.
    private func copyBetween<T>(_ image: Image, origin: Origin3D, extent: Extent3D?, _ buffer: Buffer<T>, at offset: Int,
                                toImage: Bool) throws {
        let operation = toImage ? "buffer to image copy" : "image to buffer copy"
        try prepare(image, buffer, recordable: true, operation: operation)
        let region = try image.checkedRegion(origin: origin, extent: extent, operation)
        let bytes = try regionBytes(region, of: image, operation)
        let stride = MemoryLayout<T>.stride
        let elements = bytes / stride + (bytes % stride == 0 ? 0 : 1)  // no overflow: a remainder means stride > 1
        let range = try buffer.checkedRange(offset: offset, count: elements, operation)
        let byteOffset = range.lowerBound * stride
        if let recorder {
            try recorder.copy(image: image.id, origin: origin, region: region, buffer: buffer.id, offset: byteOffset, toImage: toImage)
        } else if toImage {
            record(try CL.enqueueCopyBufferToImage(queue.id, from: buffer.id, offset: byteOffset, to: image.id, origin: origin,
                                                   region: region, options: enqueueOptions), label: "copy buffer to image")
        } else {
            record(try CL.enqueueCopyImageToBuffer(queue.id, from: image.id, origin: origin, region: region, to: buffer.id,
                                                   offset: byteOffset, options: enqueueOptions), label: "copy image to buffer")
        }
        keepAlive(image, buffer)
    }

    /// Fills a region of an image with one colour, given in the type its channels are sampled as.
    /// - Throws: ``SwiftCLError/fillColorMismatch(format:color:)``, ``SwiftCLError/regionOutsideImage(operation:origin:region:extent:)``,
    ///   ``SwiftCLError/contextMismatch(object:belongsTo:expected:)``, ``OpenCLError``.
    public func fill(_ image: Image, with color: ImageFillColor, origin: Origin3D = .zero, extent: Extent3D? = nil) throws {
        try prepare(image, recordable: true, operation: "image fill")
        guard color.sampledAs == image.format.type.sampledAs else {
            throw SwiftCLError.fillColorMismatch(format: image.format, color: "\(color)")
        }
        let region = try image.checkedRegion(origin: origin, extent: extent, "image fill")
        func enqueue<C: BitwiseCopyable>(_ value: C) throws {
            if let recorder {
                return try recorder.fill(image: image.id, color: withUnsafeBytes(of: value) { Array($0) }, origin: origin, region: region)
            }
            try withUnsafeBytes(of: value) { color in
                record(try CL.enqueueFillImage(queue.id, image.id, color: color.baseAddress, origin: origin, region: region,
                                               options: enqueueOptions), label: "fill image")
            }
        }
        switch color {
        case let .float(value): try enqueue(value)
        case let .signedInteger(value): try enqueue(value)
        case let .unsignedInteger(value): try enqueue(value)
        }
        keepAlive(image)
    }

    /// Maps a region of an image (the guide's `gcl_map_image`) and hands `body` its bytes and their
    /// layout (row and slice pitch, so rows can be walked); unmaps when `body` returns or throws.
    /// - Throws: ``SwiftCLError/alreadyMapped(operation:object:)``, ``SwiftCLError/hostAccessDenied(operation:object:access:)``,
    ///   ``SwiftCLError/regionOutsideImage(operation:origin:region:extent:)``, ``OpenCLError``, or what `body` throws.
    public func withMapped<R>(_ image: Image, origin: Origin3D = .zero, extent: Extent3D? = nil,
                              _ body: (inout MutableRawSpan, MappedImageLayout) throws -> R) throws -> R {
        try prepare(image, hostAccess: .readWrite, operation: "image map")
        let region = try image.checkedRegion(origin: origin, extent: extent, "image map")
        var rowPitch = 0, slicePitch = 0
        return try withMapping(image, map: {
            let mapped = try CL.enqueueMapImage(queue.id, image.id, origin: origin, region: region, options: enqueueOptions)
            (rowPitch, slicePitch) = (mapped.rowPitch, mapped.slicePitch)
            return (mapped.base, mapped.event)
        }) { base in
            let layout = MappedImageLayout(extent: region, rowPitchBytes: rowPitch,
                                           slicePitchBytes: region.depth > 1 ? slicePitch : 0, bytesPerPixel: image.format.bytesPerPixel)
            let byteCount = layout.offset(x: 0, y: region.height - 1, z: region.depth - 1) + region.width * layout.bytesPerPixel
            var span = UnsafeMutableRawBufferPointer(start: base, count: byteCount).mutableBytes
            return try body(&span, layout)
        }
    }

    /// The bytes of `region` of `image` (checked regions are inside the image, so within its byte count).
    private func regionBytes(_ region: Extent3D, of image: Image, _ operation: String) throws -> Int {
        guard let pixels = region.product, case let (bytes, false) = pixels.multipliedReportingOverflow(by: image.format.bytesPerPixel)
        else { throw SwiftCLError.sizeOverflow(operation: operation) }
        return bytes
    }

    private func checkHostBytes(_ given: Int, for region: Extent3D, of image: Image, _ operation: String) throws {
        let needed = try regionBytes(region, of: image, operation)
        guard given >= needed else {
            throw SwiftCLError.hostDataSize(operation: "\(operation) of \(region) \(image.format)", givenBytes: given, requiredBytes: needed)
        }
    }
}
