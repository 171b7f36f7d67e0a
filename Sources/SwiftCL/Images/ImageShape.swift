/// The kind of an image together with exactly the extents that kind has, so no extent can be given
/// that the image would ignore. Sizes are in pixels; `layers` counts the images of an array.
public enum ImageShape: Hashable, Sendable, CustomStringConvertible {
    case image1D(width: Int)
    case image1DArray(width: Int, layers: Int)
    case image2D(width: Int, height: Int)
    case image2DArray(width: Int, height: Int, layers: Int)
    case image3D(width: Int, height: Int, depth: Int)

    /// The kind (`cl_mem_object_type`) of the shape.
    public var kind: ImageKind {
        switch self {
        case .image1D: .image1D
        case .image1DArray: .image1DArray
        case .image2D: .image2D
        case .image2DArray: .image2DArray
        case .image3D: .image3D
        }
    }

    /// The extent in pixels along x, y and z as image commands address it: an array's layers are its
    /// last dimension (y for 1-D arrays, z for 2-D arrays).
    public var extent: Extent3D {
        switch self {
        case let .image1D(width): Extent3D(width: width)
        case let .image1DArray(width, layers): Extent3D(width: width, height: layers)
        case let .image2D(width, height): Extent3D(width: width, height: height)
        case let .image2DArray(width, height, layers): Extent3D(width: width, height: height, depth: layers)
        case let .image3D(width, height, depth): Extent3D(width: width, height: height, depth: depth)
        }
    }

    /// Width in pixels.
    public var width: Int { extent.width }
    /// Height in pixels (1 for 1-D images and arrays).
    public var height: Int {
        switch self {
        case .image1D, .image1DArray: 1
        case let .image2D(_, height), let .image2DArray(_, height, _), let .image3D(_, height, _): height
        }
    }
    /// Depth in pixels (1 unless 3-D).
    public var depth: Int {
        if case let .image3D(_, _, depth) = self { depth } else { 1 }
    }
    /// Layers of an image array (1 otherwise).
    public var layers: Int {
        switch self {
        case let .image1DArray(_, layers), let .image2DArray(_, _, layers): layers
        default: 1
        }
    }

    /// Each extent the shape has, named as errors name it, with the device limit that bounds it.
    func namedExtents(_ limits: Device.ImageLimits) -> [(name: String, value: Int, limit: String, maximum: Int)] {
        let w2 = ("width", width, "CL_DEVICE_IMAGE2D_MAX_WIDTH", limits.max2DWidth)
        let layers = ("layers", layers, "CL_DEVICE_IMAGE_MAX_ARRAY_SIZE", limits.maxArraySize)
        switch self {
        case .image1D: return [w2]
        case .image1DArray: return [w2, layers]
        case .image2D: return [w2, ("height", height, "CL_DEVICE_IMAGE2D_MAX_HEIGHT", limits.max2DHeight)]
        case .image2DArray: return [w2, ("height", height, "CL_DEVICE_IMAGE2D_MAX_HEIGHT", limits.max2DHeight), layers]
        case .image3D:
            return [("width", width, "CL_DEVICE_IMAGE3D_MAX_WIDTH", limits.max3DWidth),
                    ("height", height, "CL_DEVICE_IMAGE3D_MAX_HEIGHT", limits.max3DHeight),
                    ("depth", depth, "CL_DEVICE_IMAGE3D_MAX_DEPTH", limits.max3DDepth)]
        }
    }

    public var description: String { "\(kind) \(extent)" }
}
