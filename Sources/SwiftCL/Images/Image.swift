/// An OpenCL image (the guide's `gcl_create_image`): 1D, 2D or 3D, or an array of 1D or 2D layers,
/// in one ``ImageFormat``, freed by ARC.
///
/// Sizes are in pixels; pitches are in bytes and say so. Everything about an image is checked before
/// the C call: device image support, the format against ``Context/supportedImageFormats(for:access:)``,
/// every dimension against the device's `CL_DEVICE_IMAGE*` limits, host data against the image size.
public final class Image: MemoryObject, KernelArgument, @unchecked Sendable {
    // `@unchecked` restates MemoryObject's (an open class); every stored property is a constant of a Sendable type.
    /// The kind and extents.
    public let shape: ImageShape
    public let format: ImageFormat
    public let kernelAccess: KernelAccess
    public let hostAccess: HostAccess
    /// `CL_IMAGE_ROW_PITCH`: bytes from one row to the next in the runtime's storage.
    public let rowPitchBytes: Int
    /// `CL_IMAGE_SLICE_PITCH`: bytes from one slice (or layer) to the next.
    public let slicePitchBytes: Int

    /// An uninitialised image.
    /// - Throws: ``SwiftCLError/noImageSupport(device:)``, ``SwiftCLError/invalidImageExtent(dimension:value:)``,
    ///   ``SwiftCLError/imageLimitExceeded(dimension:value:limit:maximum:device:)``,
    ///   ``SwiftCLError/unsupportedImageFormat(_:kind:supported:)`` (listing the supported formats),
    ///   ``SwiftCLError/allocationTooLarge(byteCount:limit:device:)``, ``OpenCLError``.
    public convenience init(_ shape: ImageShape, format: ImageFormat, context: Context, access: KernelAccess = .readWrite,
                            hostAccess: HostAccess = .readWrite) throws {
        try self.init(shape, format: format, context: context, access: access, hostAccess: hostAccess, hostPixels: nil as [UInt8]?)
    }

    /// An image initialised from tightly packed host pixels (`CL_MEM_COPY_HOST_PTR`); `pixels` must hold
    /// exactly the image's bytes.
    /// - Throws: as ``init(_:format:context:access:hostAccess:)``, and ``SwiftCLError/hostDataSize(operation:givenBytes:requiredBytes:)``.
    public convenience init<T: BitwiseCopyable>(_ shape: ImageShape, format: ImageFormat, copying pixels: [T], context: Context,
                                                access: KernelAccess = .readWrite, hostAccess: HostAccess = .readWrite) throws {
        try self.init(shape, format: format, context: context, access: access, hostAccess: hostAccess, hostPixels: pixels)
    }

    /// A 2-D image, uninitialised (the common case: `Image(.image2D(width:height:), …)`).
    /// - Throws: as ``init(_:format:context:access:hostAccess:)``.
    public convenience init(format: ImageFormat, width: Int, height: Int, context: Context, access: KernelAccess = .readWrite,
                            hostAccess: HostAccess = .readWrite) throws {
        try self.init(.image2D(width: width, height: height), format: format, context: context, access: access, hostAccess: hostAccess)
    }

    /// A 2-D image from tightly packed host pixels.
    /// - Throws: as ``init(_:format:copying:context:access:hostAccess:)``.
    public convenience init<T: BitwiseCopyable>(format: ImageFormat, width: Int, height: Int, copying pixels: [T], context: Context,
                                                access: KernelAccess = .readWrite, hostAccess: HostAccess = .readWrite) throws {
        try self.init(.image2D(width: width, height: height), format: format, copying: pixels, context: context, access: access,
                      hostAccess: hostAccess)
    }

    private init<T: BitwiseCopyable>(_ shape: ImageShape, format: ImageFormat, context: Context, access: KernelAccess,
                                     hostAccess: HostAccess, hostPixels: [T]?) throws {
        let byteCount = try Image.validate(shape, format: format, context: context, access: access)
        if let hostPixels {
            let given = hostPixels.count * MemoryLayout<T>.stride
            guard given == byteCount else {
                throw SwiftCLError.hostDataSize(operation: "image \(shape) \(format)", givenBytes: given, requiredBytes: byteCount)
            }
        }
        let kind = shape.kind
        func make(_ host: UnsafeRawPointer?) throws -> MemoryHandle {
            try CL.createImage(
                context.id, flags: access.flags | hostAccess.flags, order: format.order.rawValue, dataType: format.type.rawValue,
                imageType: kind.memObjectType, width: shape.width,
                height: kind == .image1D || kind == .image1DArray ? 0 : shape.height, depth: kind == .image3D ? shape.depth : 0,
                arraySize: kind == .image1DArray || kind == .image2DArray ? shape.layers : 0, copying: host)
        }
        let handle = try hostPixels.map { pixels in try pixels.withUnsafeBytes { try make($0.baseAddress) } } ?? make(nil)
        let pitches: (Int, Int)
        do {
            pitches = (try CL.getImageInfo(handle, .CL_IMAGE_ROW_PITCH).value(Int.self),
                       try CL.getImageInfo(handle, .CL_IMAGE_SLICE_PITCH).value(Int.self))
        } catch {
            CL.releaseMemObject(handle)
            throw error
        }
        self.shape = shape
        self.format = format
        self.kernelAccess = access
        self.hostAccess = hostAccess
        self.rowPitchBytes = pitches.0
        self.slicePitchBytes = pitches.1
        super.init(id: handle, context: context, byteCount: byteCount)
    }

    /// Checks support, format and limits; returns the tightly packed byte size.
    static func validate(_ shape: ImageShape, format: ImageFormat, context: Context, access: KernelAccess) throws -> Int {
        if let device = context.devices.first(where: { !$0.supportsImages }) {
            throw SwiftCLError.noImageSupport(device: device.name)
        }
        for (name, value, _, _) in shape.namedExtents(context.devices[0].imageLimits) where value < 1 {
            throw SwiftCLError.invalidImageExtent(dimension: name, value: value)
        }
        for device in context.devices {
            for (dimension, value, limit, maximum) in shape.namedExtents(device.imageLimits) where value > maximum {
                throw SwiftCLError.imageLimitExceeded(dimension: dimension, value: value, limit: limit, maximum: maximum, device: device.name)
            }
        }
        let supported = try context.supportedImageFormats(for: shape.kind, access: access)
        guard supported.contains(format) else {
            throw SwiftCLError.unsupportedImageFormat(format, kind: shape.kind, supported: supported)
        }
        guard let pixels = shape.extent.product,
              case let (bytes, false) = pixels.multipliedReportingOverflow(by: format.bytesPerPixel) else {
            throw SwiftCLError.sizeOverflow(operation: "image \(shape) \(format)")
        }
        for device in context.devices where bytes > device.maxMemoryAllocationBytes {
            throw SwiftCLError.allocationTooLarge(byteCount: bytes, limit: device.maxMemoryAllocationBytes, device: device.name)
        }
        return bytes
    }

    /// The kind of image.
    public var kind: ImageKind { shape.kind }
    /// Width in pixels.
    public var width: Int { shape.width }
    /// Height in pixels (1 for 1-D images and arrays).
    public var height: Int { shape.height }
    /// Depth in pixels (1 unless 3-D).
    public var depth: Int { shape.depth }
    /// Layers of an image array (1 otherwise).
    public var layers: Int { shape.layers }
    /// The extent image commands address: x, y, z (an array's layers are its last dimension).
    public var extent: Extent3D { shape.extent }

    /// Checks `origin` and `extent` (nil: from `origin` to the far corner) against the image.
    func checkedRegion(origin: Origin3D, extent: Extent3D?, _ operation: String) throws -> Extent3D {
        let full = self.extent
        // Wrapping: an extreme origin must reach the check below, not trap here.
        let region = extent ?? Extent3D(width: full.width &- origin.x, height: full.height &- origin.y, depth: full.depth &- origin.z)
        let (start, size, bound) = (origin.values, region.values, full.values)
        for axis in 0..<3 {
            let (end, overflow) = start[axis].addingReportingOverflow(size[axis])
            guard start[axis] >= 0, size[axis] >= 1, !overflow, end <= bound[axis] else {
                throw SwiftCLError.regionOutsideImage(operation: operation, origin: start, region: size, extent: bound)
            }
        }
        return region
    }

    public var kernelArgument: KernelArgumentValue {
        KernelArgumentValue(.memory(self, elementTypeName: kind.openCLTypeName))
    }

    override var kindDescription: String { "Image(\(kind), \(format), \(extent))" }

    override var declaredKernelAccess: KernelAccess { kernelAccess }
}

extension Image: HostAccessible {
    var hostAccessMode: HostAccess { hostAccess }
}
