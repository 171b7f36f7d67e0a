/// The shape of an image (`cl_mem_object_type`).
public enum ImageKind: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case image1D, image1DArray, image2D, image2DArray, image3D


    /// The OpenCL C parameter type that takes this kind ("image2d_t").
    public var openCLTypeName: String {
        switch self {
        case .image1D: "image1d_t"
        case .image1DArray: "image1d_array_t"
        case .image2D: "image2d_t"
        case .image2DArray: "image2d_array_t"
        case .image3D: "image3d_t"
        }
    }

    public var description: String { openCLTypeName }
}
