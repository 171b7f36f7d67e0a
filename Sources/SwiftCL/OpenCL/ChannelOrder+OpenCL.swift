internal import COpenCL

// The image channel constants, from the headers: the one table SwiftCL keeps of them.
extension ChannelOrder: RawRepresentable {
    /// The `cl_channel_order` constant.
    public var rawValue: UInt32 {
        let value = switch self {
        case .r: CL_R
        case .a: CL_A
        case .rg: CL_RG
        case .ra: CL_RA
        case .rgb: CL_RGB
        case .rgba: CL_RGBA
        case .bgra: CL_BGRA
        case .argb: CL_ARGB
        case .intensity: CL_INTENSITY
        case .luminance: CL_LUMINANCE
        case .rx: CL_Rx
        case .rgx: CL_RGx
        case .rgbx: CL_RGBx
        case .depth: CL_DEPTH
        case .sRGB: CL_sRGB
        case .sRGBx: CL_sRGBx
        case .sRGBA: CL_sRGBA
        case .sBGRA: CL_sBGRA
        case .abgr: CL_ABGR
        }
        return UInt32(value)
    }

    /// The order a `cl_channel_order` constant names, or nil for one SwiftCL has no case for.
    public init?(rawValue: UInt32) {
        guard let order = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = order
    }
}

extension ChannelType: RawRepresentable {
    /// The `cl_channel_type` constant.
    public var rawValue: UInt32 {
        let value = switch self {
        case .snormInt8: CL_SNORM_INT8
        case .snormInt16: CL_SNORM_INT16
        case .unormInt8: CL_UNORM_INT8
        case .unormInt16: CL_UNORM_INT16
        case .unormShort565: CL_UNORM_SHORT_565
        case .unormShort555: CL_UNORM_SHORT_555
        case .unormInt101010: CL_UNORM_INT_101010
        case .unormInt101010_2: CL_UNORM_INT_101010_2
        case .signedInt8: CL_SIGNED_INT8
        case .signedInt16: CL_SIGNED_INT16
        case .signedInt32: CL_SIGNED_INT32
        case .unsignedInt8: CL_UNSIGNED_INT8
        case .unsignedInt16: CL_UNSIGNED_INT16
        case .unsignedInt32: CL_UNSIGNED_INT32
        case .halfFloat: CL_HALF_FLOAT
        case .float: CL_FLOAT
        }
        return UInt32(value)
    }

    /// The type a `cl_channel_type` constant names, or nil for one SwiftCL has no case for.
    public init?(rawValue: UInt32) {
        guard let type = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = type
    }
}
