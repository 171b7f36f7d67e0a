internal import COpenCL

/// The shape of an image (`cl_mem_object_type`).
public enum ImageKind: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case image1D, image1DArray, image2D, image2DArray, image3D

    var memObjectType: cl_mem_object_type {
        switch self {
        case .image1D: cl_mem_object_type(CL_MEM_OBJECT_IMAGE1D)
        case .image1DArray: cl_mem_object_type(CL_MEM_OBJECT_IMAGE1D_ARRAY)
        case .image2D: cl_mem_object_type(CL_MEM_OBJECT_IMAGE2D)
        case .image2DArray: cl_mem_object_type(CL_MEM_OBJECT_IMAGE2D_ARRAY)
        case .image3D: cl_mem_object_type(CL_MEM_OBJECT_IMAGE3D)
        }
    }

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
