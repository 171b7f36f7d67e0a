extension Buffer {
    /// Copies `elements` into the start of the buffer's memory from the host, through a map on the context's staging
    /// queue for `device`, in parallel chunks (``HostCopy``). Only for memory no command uses — a new buffer, or one
    /// from a ``MemoryPool`` — since nothing orders this copy with any queue, and only for a buffer the host may read
    /// and write (the map is for both); the copy has completed when this returns.
    /// - Throws: ``SwiftCLError/rangeOutOfBounds(operation:requested:bound:)`` when the elements do not fit, ``OpenCLError``.
    package func copyIntoUnusedMemory(_ elements: UnsafeBufferPointer<Element>, device: Device) throws {
        guard elements.count <= count else {
            throw SwiftCLError.rangeOutOfBounds(operation: "copy into new memory", requested: 0..<elements.count, bound: count)
        }
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        let byteCount = elements.count * MemoryLayout<Element>.stride
        try withStagingMap(device: device, byteCount: byteCount) { base in
            HostCopy.copy(from: UnsafeRawPointer(source), to: base, byteCount: byteCount)
        }
    }

    /// Readies a new buffer's memory on a context of CPU devices that share the host's memory (PoCL's): through a map on
    /// the staging queue, its pages are made present by the host's cores before any command runs
    /// (``HostCopy/prepareNewMemory(_:byteCount:)``), so that the first kernel writing it, or the upload filling it,
    /// does not take a fault per page. Elsewhere, and below ``HostCopy/hugePageBytes``, it does nothing.
    func prepareNewMemory() throws {
        guard byteCount >= HostCopy.hugePageBytes, let device = context.devices.first,
              context.devices.allSatisfy({ HostCopy.isParallel(byteCount: byteCount, device: $0) }) else { return }
        try withStagingMap(device: device, byteCount: byteCount) { base in HostCopy.prepareNewMemory(base, byteCount: byteCount) }
    }

    /// Maps the buffer's first `byteCount` bytes on the context's staging queue for `device`, hands `body` the host
    /// address, then unmaps and waits for the unmap: `body`'s writes are the buffer's when this returns.
    private func withStagingMap(device: Device, byteCount: Int, _ body: (UnsafeMutableRawPointer) -> Void) throws {
        let queue = try context.stagingQueues.queue(for: device)
        let options = EnqueueOptions(wantEvent: false)
        let (base, _) = try CL.enqueueMapBuffer(queue, id, write: true, offset: 0, byteCount: byteCount, options: options)
        body(base)
        _ = try CL.enqueueUnmapMemObject(queue, id, base, options: options)
        try CL.finish(queue)
    }
}
