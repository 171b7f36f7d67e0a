internal import COpenCL

extension KernelAccess {
    /// `CL_MEM_READ_WRITE`, `CL_MEM_READ_ONLY` or `CL_MEM_WRITE_ONLY`.
    var flags: UInt64 {
        switch self {
        case .readWrite: cl_mem_flags(CL_MEM_READ_WRITE)
        case .readOnly: cl_mem_flags(CL_MEM_READ_ONLY)
        case .writeOnly: cl_mem_flags(CL_MEM_WRITE_ONLY)
        }
    }
}

extension HostAccess {
    /// No flag, `CL_MEM_HOST_READ_ONLY`, `CL_MEM_HOST_WRITE_ONLY` or `CL_MEM_HOST_NO_ACCESS`.
    var flags: UInt64 {
        switch self {
        case .readWrite: 0
        case .readOnly: cl_mem_flags(CL_MEM_HOST_READ_ONLY)
        case .writeOnly: cl_mem_flags(CL_MEM_HOST_WRITE_ONLY)
        case .none: cl_mem_flags(CL_MEM_HOST_NO_ACCESS)
        }
    }
}
