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
