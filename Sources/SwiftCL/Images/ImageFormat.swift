/// The channels of an image pixel and their order (`cl_channel_order`).
/// Its raw value is the C constant (`CL_RGBA`), taken from the headers in `ChannelOrder+OpenCL.swift`.
public enum ChannelOrder: CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case r, a, rg, ra, rgb, rgba, bgra, argb
    case intensity, luminance, rx, rgx, rgbx, depth
    case sRGB, sRGBx, sRGBA, sBGRA, abgr

    /// How many channels a pixel stores.
    public var channelCount: Int {
        switch self {
        case .r, .a, .intensity, .luminance, .rx, .depth: 1
        case .rg, .ra, .rgx: 2
        case .rgb, .rgbx, .sRGB, .sRGBx: 3
        case .rgba, .bgra, .argb, .sRGBA, .sBGRA, .abgr: 4
        }
    }

    public var description: String {
        switch self {
        case .r: "R"
        case .a: "A"
        case .rg: "RG"
        case .ra: "RA"
        case .rgb: "RGB"
        case .rgba: "RGBA"
        case .bgra: "BGRA"
        case .argb: "ARGB"
        case .intensity: "INTENSITY"
        case .luminance: "LUMINANCE"
        case .rx: "Rx"
        case .rgx: "RGx"
        case .rgbx: "RGBx"
        case .depth: "DEPTH"
        case .sRGB: "sRGB"
        case .sRGBx: "sRGBx"
        case .sRGBA: "sRGBA"
        case .sBGRA: "sBGRA"
        case .abgr: "ABGR"
        }
    }
}

/// How each channel is stored (`cl_channel_type`).
/// Its raw value is the C constant (`CL_FLOAT`), taken from the headers in `ChannelOrder+OpenCL.swift`.
public enum ChannelType: CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case snormInt8, snormInt16, unormInt8, unormInt16
    case unormShort565, unormShort555, unormInt101010, unormInt101010_2
    case signedInt8, signedInt16, signedInt32
    case unsignedInt8, unsignedInt16, unsignedInt32
    case halfFloat, float

    /// Bytes per channel, or nil for the packed types that store a whole pixel in one word.
    var bytesPerChannel: Int? {
        switch self {
        case .snormInt8, .unormInt8, .signedInt8, .unsignedInt8: 1
        case .snormInt16, .unormInt16, .signedInt16, .unsignedInt16, .halfFloat: 2
        case .signedInt32, .unsignedInt32, .float: 4
        case .unormShort565, .unormShort555, .unormInt101010, .unormInt101010_2: nil
        }
    }

    /// Which `read_image*`/`write_image*` family a kernel uses, and which fill colour type applies.
    public var sampledAs: SampledType {
        switch self {
        case .signedInt8, .signedInt16, .signedInt32: .signedInteger
        case .unsignedInt8, .unsignedInt16, .unsignedInt32: .unsignedInteger
        default: .float
        }
    }

    /// The value type kernels see for a channel type.
    public enum SampledType: Hashable, Sendable { case float, signedInteger, unsignedInteger }

    public var description: String {
        switch self {
        case .snormInt8: "SNORM_INT8"
        case .snormInt16: "SNORM_INT16"
        case .unormInt8: "UNORM_INT8"
        case .unormInt16: "UNORM_INT16"
        case .unormShort565: "UNORM_SHORT_565"
        case .unormShort555: "UNORM_SHORT_555"
        case .unormInt101010: "UNORM_INT_101010"
        case .unormInt101010_2: "UNORM_INT_101010_2"
        case .signedInt8: "SIGNED_INT8"
        case .signedInt16: "SIGNED_INT16"
        case .signedInt32: "SIGNED_INT32"
        case .unsignedInt8: "UNSIGNED_INT8"
        case .unsignedInt16: "UNSIGNED_INT16"
        case .unsignedInt32: "UNSIGNED_INT32"
        case .halfFloat: "HALF_FLOAT"
        case .float: "FLOAT"
        }
    }
}

/// An image pixel format: channel order × channel data type (`cl_image_format`).
public struct ImageFormat: Hashable, Sendable, CustomStringConvertible {
    public let order: ChannelOrder
    public let type: ChannelType

    public init(_ order: ChannelOrder, _ type: ChannelType) {
        self.order = order
        self.type = type
    }

    /// Bytes per pixel.
    public var bytesPerPixel: Int {
        if let bytes = type.bytesPerChannel { return bytes * order.channelCount }
        switch type {
        case .unormShort565, .unormShort555: return 2
        default: return 4
        }
    }

    public var description: String { "\(order)/\(type)" }

    /// 8-bit RGBA with integer channels, as Listing 6-5 uses.
    public static let rgbaUInt8 = ImageFormat(.rgba, .unsignedInt8)
    /// One 32-bit float channel, as the image box filter uses.
    public static let rFloat = ImageFormat(.r, .float)
}
