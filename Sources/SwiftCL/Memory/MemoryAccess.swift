/// How kernels may access a memory object.
public enum KernelAccess: Hashable, Sendable {
    case readWrite, readOnly, writeOnly

}

/// How the host may access a memory object (OpenCL 1.2 `CL_MEM_HOST_*`); a promise the runtime may
/// use to place memory better, and that SwiftCL enforces before any host transfer.
public enum HostAccess: Hashable, Sendable {
    case readWrite, readOnly, writeOnly, none


    var allowsRead: Bool { self == .readWrite || self == .readOnly }
    var allowsWrite: Bool { self == .readWrite || self == .writeOnly }
}
