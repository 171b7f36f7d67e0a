internal import COpenCL

/// How kernels may access a memory object.
public enum KernelAccess: Hashable, Sendable {
    case readWrite, readOnly, writeOnly

    var flags: cl_mem_flags {
        switch self {
        case .readWrite: cl_mem_flags(CL_MEM_READ_WRITE)
        case .readOnly: cl_mem_flags(CL_MEM_READ_ONLY)
        case .writeOnly: cl_mem_flags(CL_MEM_WRITE_ONLY)
        }
    }
}

/// How the host may access a memory object (OpenCL 1.2 `CL_MEM_HOST_*`); a promise the runtime may
/// use to place memory better, and that SwiftCL enforces before any host transfer.
public enum HostAccess: Hashable, Sendable {
    case readWrite, readOnly, writeOnly, none

    var flags: cl_mem_flags {
        switch self {
        case .readWrite: 0
        case .readOnly: cl_mem_flags(CL_MEM_HOST_READ_ONLY)
        case .writeOnly: cl_mem_flags(CL_MEM_HOST_WRITE_ONLY)
        case .none: cl_mem_flags(CL_MEM_HOST_NO_ACCESS)
        }
    }

    var allowsRead: Bool { self == .readWrite || self == .readOnly }
    var allowsWrite: Bool { self == .readWrite || self == .writeOnly }
}
