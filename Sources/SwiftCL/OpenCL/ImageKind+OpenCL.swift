internal import COpenCL

extension ImageKind {
    /// The `cl_mem_object_type` (`CL_MEM_OBJECT_IMAGE2D`, …).
    var memObjectType: UInt32 {
        switch self {
        case .image1D: cl_mem_object_type(CL_MEM_OBJECT_IMAGE1D)
        case .image1DArray: cl_mem_object_type(CL_MEM_OBJECT_IMAGE1D_ARRAY)
        case .image2D: cl_mem_object_type(CL_MEM_OBJECT_IMAGE2D)
        case .image2DArray: cl_mem_object_type(CL_MEM_OBJECT_IMAGE2D_ARRAY)
        case .image3D: cl_mem_object_type(CL_MEM_OBJECT_IMAGE3D)
        }
    }
}
