internal import COpenCL

/// An OpenCL image (the guide's `gcl_create_image`): 1D, 2D or 3D, or an array of 1D or 2D layers,
/// in one ``ImageFormat``, freed by ARC.
///
/// Sizes are in pixels; pitches are in bytes and say so. Everything about an image is checked before
/// the C call: device image support, the format against ``Context/supportedImageFormats(for:access:)``,
/// every dimension against the device's `CL_DEVICE_IMAGE*` limits, host data against the image size.
public final class Image: MemoryObject, KernelArgument, @unchecked Sendable {
    public let kind: ImageKind
    public let format: ImageFormat
    /// Width in pixels.
    public let width: Int
    /// Height in pixels (1 for 1D images).
    public let height: Int
    /// Depth in pixels (1 unless 3D).
    public let depth: Int
    /// Layers of an image array (1 otherwise).
    public let arraySize: Int
    public let kernelAccess: KernelAccess
    public let hostAccess: HostAccess
    /// `CL_IMAGE_ROW_PITCH`: bytes from one row to the next in the runtime's storage.
    public let rowPitchBytes: Int
    /// `CL_IMAGE_SLICE_PITCH`: bytes from one slice (or layer) to the next.
    public let slicePitchBytes: Int

    /// An uninitialised image.
    public convenience init(_ kind: ImageKind = .image2D, format: ImageFormat, width: Int, height: Int = 1, depth: Int = 1,
                            arraySize: Int = 1, context: Context, access: KernelAccess = .readWrite,
                            hostAccess: HostAccess = .readWrite) throws {
        try self.init(kind, format: format, width: width, height: height, depth: depth, arraySize: arraySize,
                      context: context, access: access, hostAccess: hostAccess, hostPixels: nil as [UInt8]?)
    }

    /// An image initialised from tightly packed host pixels (`CL_MEM_COPY_HOST_PTR`). `pixels` must hold
    /// exactly `width × height × depth × arraySize × bytesPerPixel` bytes.
    public convenience init<T: BitwiseCopyable>(_ kind: ImageKind = .image2D, format: ImageFormat, width: Int, height: Int = 1,
                                                depth: Int = 1, arraySize: Int = 1, copying pixels: [T], context: Context,
                                                access: KernelAccess = .readWrite, hostAccess: HostAccess = .readWrite) throws {
        try self.init(kind, format: format, width: width, height: height, depth: depth, arraySize: arraySize,
                      context: context, access: access, hostAccess: hostAccess, hostPixels: pixels)
    }

    private init<T: BitwiseCopyable>(_ kind: ImageKind, format: ImageFormat, width: Int, height: Int, depth: Int, arraySize: Int,
                                     context: Context, access: KernelAccess, hostAccess: HostAccess, hostPixels: [T]?) throws {
        let byteCount = try Image.validate(kind, format: format, width: width, height: height, depth: depth,
                                           arraySize: arraySize, context: context, access: access)
        if let hostPixels {
            let given = hostPixels.count * MemoryLayout<T>.stride
            guard given == byteCount else {
                throw SwiftCLError.invalidArgument(
                    "image \(width)×\(height)×\(depth)×\(arraySize) \(format) needs \(byteCount) bytes of host pixels, \(given) given")
            }
        }
        var imageFormat = cl_image_format(image_channel_order: format.order.rawValue, image_channel_data_type: format.type.rawValue)
        var descriptor = cl_image_desc()
        descriptor.image_type = kind.memObjectType
        descriptor.image_width = width
        descriptor.image_height = kind == .image1D || kind == .image1DArray ? 0 : height
        descriptor.image_depth = kind == .image3D ? depth : 0
        descriptor.image_array_size = kind == .image1DArray || kind == .image2DArray ? arraySize : 0
        var flags = access.flags | hostAccess.flags
        if hostPixels != nil { flags |= cl_mem_flags(CL_MEM_COPY_HOST_PTR) }
        let handle: OpaquePointer
        if let hostPixels {
            handle = try hostPixels.withUnsafeBytes { raw in
                try create("clCreateImage") { status in
                    clCreateImage(context.id, flags, &imageFormat, &descriptor, UnsafeMutableRawPointer(mutating: raw.baseAddress), status)
                }
            }
        } else {
            handle = try create("clCreateImage") { status in
                clCreateImage(context.id, flags, &imageFormat, &descriptor, nil, status)
            }
        }
        func info(_ parameter: Int32, _ label: String) throws -> Int {
            try InfoQuery("clGetImageInfo(\(label))") { size, value, sizeRet in
                clGetImageInfo(handle, cl_image_info(parameter), size, value, sizeRet)
            }.value(Int.self)
        }
        let pitches: (Int, Int)
        do {
            pitches = (try info(CL_IMAGE_ROW_PITCH, "CL_IMAGE_ROW_PITCH"), try info(CL_IMAGE_SLICE_PITCH, "CL_IMAGE_SLICE_PITCH"))
        } catch {
            release(clReleaseMemObject(handle), "clReleaseMemObject")
            throw error
        }
        self.kind = kind
        self.format = format
        self.width = width
        self.height = kind == .image1D || kind == .image1DArray ? 1 : height
        self.depth = kind == .image3D ? depth : 1
        self.arraySize = kind == .image1DArray || kind == .image2DArray ? arraySize : 1
        self.kernelAccess = access
        self.hostAccess = hostAccess
        self.rowPitchBytes = pitches.0
        self.slicePitchBytes = pitches.1
        super.init(id: handle, context: context, byteCount: byteCount)
    }

    /// Checks support, format and limits; returns the tightly packed byte size.
    static func validate(_ kind: ImageKind, format: ImageFormat, width: Int, height: Int, depth: Int, arraySize: Int,
                         context: Context, access: KernelAccess) throws -> Int {
        if let device = context.devices.first(where: { !$0.imageSupport }) {
            throw SwiftCLError.invalidArgument("\(device.name) has no image support (CL_DEVICE_IMAGE_SUPPORT is false)")
        }
        let dimensions: [(String, Int)] = [("width", width), ("height", height), ("depth", depth), ("array size", arraySize)]
        for (name, value) in dimensions where value < 1 {
            throw SwiftCLError.invalidArgument("image \(name) must be at least 1, \(value) given")
        }
        for device in context.devices {
            let limits = device.imageLimits
            var checks: [(String, Int, String, Int)] = []
            switch kind {
            case .image1D, .image1DArray:
                checks.append(("width", width, "CL_DEVICE_IMAGE2D_MAX_WIDTH", limits.max2DWidth))
            case .image2D, .image2DArray:
                checks.append(("width", width, "CL_DEVICE_IMAGE2D_MAX_WIDTH", limits.max2DWidth))
                checks.append(("height", height, "CL_DEVICE_IMAGE2D_MAX_HEIGHT", limits.max2DHeight))
            case .image3D:
                checks.append(("width", width, "CL_DEVICE_IMAGE3D_MAX_WIDTH", limits.max3DWidth))
                checks.append(("height", height, "CL_DEVICE_IMAGE3D_MAX_HEIGHT", limits.max3DHeight))
                checks.append(("depth", depth, "CL_DEVICE_IMAGE3D_MAX_DEPTH", limits.max3DDepth))
            }
            if kind == .image1DArray || kind == .image2DArray {
                checks.append(("array size", arraySize, "CL_DEVICE_IMAGE_MAX_ARRAY_SIZE", limits.maxArraySize))
            }
            for (dimension, value, limit, maximum) in checks where value > maximum {
                throw SwiftCLError.imageLimitExceeded(dimension: dimension, value: value, limit: limit, maximum: maximum, device: device.name)
            }
        }
        let supported = try context.supportedImageFormats(for: kind, access: access)
        guard supported.contains(format) else {
            throw SwiftCLError.unsupportedImageFormat(format, kind: kind, supported: supported)
        }
        var pixels = width
        for factor in [kind == .image1D || kind == .image1DArray ? 1 : height, kind == .image3D ? depth : 1,
                       kind == .image1DArray || kind == .image2DArray ? arraySize : 1, format.bytesPerPixel] {
            let (product, overflow) = pixels.multipliedReportingOverflow(by: factor)
            if overflow { throw SwiftCLError.sizeOverflow(operation: "image \(width)×\(height)×\(depth)×\(arraySize)") }
            pixels = product
        }
        for device in context.devices where pixels > device.maxMemoryAllocationSize {
            throw SwiftCLError.allocationTooLarge(byteCount: pixels, limit: device.maxMemoryAllocationSize, device: device.name)
        }
        return pixels
    }

    /// The extent in pixels along x, y and z (z counts slices or array layers).
    public var extent: SIMD3<Int> {
        switch kind {
        case .image1D: SIMD3(width, 1, 1)
        case .image1DArray: SIMD3(width, arraySize, 1)
        case .image2D: SIMD3(width, height, 1)
        case .image2DArray: SIMD3(width, height, arraySize)
        case .image3D: SIMD3(width, height, depth)
        }
    }

    /// Checks `origin` and `region` (nil: from `origin` to the far corner) against the image.
    func checkedRegion(origin: SIMD3<Int>, region: SIMD3<Int>?, _ operation: String) throws -> SIMD3<Int> {
        let extent = self.extent
        let region = region ?? extent &- origin
        for axis in 0..<3 {
            let (end, overflow) = origin[axis].addingReportingOverflow(region[axis])
            guard origin[axis] >= 0, region[axis] >= 1, !overflow, end <= extent[axis] else {
                throw SwiftCLError.invalidArgument(
                    "\(operation): origin \(origin.pixelText) + region \(region.pixelText) is outside the \(kind) image of extent \(extent.pixelText) (axis \(axis))")
            }
        }
        return region
    }

    public var kernelArgument: KernelArgumentValue {
        KernelArgumentValue(.memory(self, elementTypeName: kind.openCLTypeName))
    }

    override var kindDescription: String { "Image(\(kind), \(format), \(width)×\(height)×\(depth))" }

    override var declaredKernelAccess: KernelAccess { kernelAccess }
}

extension Image: HostAccessible {
    var hostAccessMode: HostAccess { hostAccess }
}

extension SIMD3 where Scalar == Int {
    var pixelText: String { "(\(x), \(y), \(z))" }

}

