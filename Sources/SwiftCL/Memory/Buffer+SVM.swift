extension Buffer {
    /// A buffer whose bytes are `allocation`'s shared virtual memory (OpenCL 2.0: `CL_MEM_USE_HOST_PTR` with a
    /// `clSVMAlloc` pointer makes the allocation the buffer's storage). Everything that takes a buffer — launches,
    /// copies, typed kernels, `DeviceArray` — works on it, and the host reaches the same bytes through the allocation
    /// (in place for fine grain, once the commands using them have completed). The buffer keeps the allocation alive.
    /// - Throws: ``OpenCLError`` when the runtime refuses the allocation as a buffer's storage.
    public convenience init(sharing allocation: SVMBuffer<Element>, access: KernelAccess = .readWrite) throws {
        let byteCount = allocation.byteCount
        let handle = try CL.createBuffer(allocation.context.id, flags: access.flags | HostAccess.readWrite.flags, byteCount: byteCount,
                                         using: allocation.baseAddress)
        self.init(owning: handle, count: allocation.count, byteCount: byteCount, context: allocation.context, access: access,
                  hostAccess: .readWrite, sharing: allocation)
    }
}
