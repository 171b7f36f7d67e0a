/// The channels of an image pixel and their order (`cl_channel_order`).
public enum ChannelOrder: UInt32, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case r = 0x10B0, a = 0x10B1, rg = 0x10B2, ra = 0x10B3, rgb = 0x10B4, rgba = 0x10B5, bgra = 0x10B6, argb = 0x10B7
    case intensity = 0x10B8, luminance = 0x10B9, rx = 0x10BA, rgx = 0x10BB, rgbx = 0x10BC, depth = 0x10BD
    case sRGB = 0x10BF, sRGBx = 0x10C0, sRGBA = 0x10C1, sBGRA = 0x10C2, abgr = 0x10C3

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
public enum ChannelType: UInt32, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case snormInt8 = 0x10D0, snormInt16 = 0x10D1, unormInt8 = 0x10D2, unormInt16 = 0x10D3
    case unormShort565 = 0x10D4, unormShort555 = 0x10D5, unormInt101010 = 0x10D6, unormInt101010_2 = 0x10E0
    case signedInt8 = 0x10D7, signedInt16 = 0x10D8, signedInt32 = 0x10D9
    case unsignedInt8 = 0x10DA, unsignedInt16 = 0x10DB, unsignedInt32 = 0x10DC
    case halfFloat = 0x10DD, float = 0x10DE

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
