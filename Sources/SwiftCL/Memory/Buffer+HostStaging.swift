extension Buffer {
    /// Copies `elements` into the start of the buffer's memory from the host, through a map on the context's staging
    /// queue for `device`, in parallel chunks (``HostCopy``). Only for memory no command uses — a new buffer, or one
    /// from a ``MemoryPool`` — since nothing orders this copy with any queue, and only for a buffer the host may read
    /// and write (the map is for both); the copy has completed when this returns. New memory (not the pool's) has its
    /// pages made present first (``HostCopy/prepareNewMemory(_:byteCount:)``).
    /// - Throws: ``SwiftCLError/rangeOutOfBounds(operation:requested:bound:)`` when the elements do not fit, ``OpenCLError``.
    package func copyIntoUnusedMemory(_ elements: UnsafeBufferPointer<Element>, device: Device) throws {
        guard elements.count <= count else {
            throw SwiftCLError.rangeOutOfBounds(operation: "copy into new memory", requested: 0..<elements.count, bound: count)
        }
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        let byteCount = elements.count * MemoryLayout<Element>.stride
        let queue = try context.stagingQueues.queue(for: device)
        let options = EnqueueOptions(wantEvent: false)
        let (base, _) = try CL.enqueueMapBuffer(queue, id, write: true, offset: 0, byteCount: byteCount, options: options)
        if !reusesPooledMemory { HostCopy.prepareNewMemory(base, byteCount: byteCount) }
        HostCopy.copy(from: UnsafeRawPointer(source), to: base, byteCount: byteCount)
        _ = try CL.enqueueUnmapMemObject(queue, id, base, options: options)
        try CL.finish(queue)
    }
}
