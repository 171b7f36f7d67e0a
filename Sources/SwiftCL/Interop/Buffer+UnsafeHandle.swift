/// Handing buffers to C OpenCL libraries and adopting the ones they made. The ownership rule is
/// ``Context``'s: lent for the closure, adopted with SwiftCL's own `clRetainMemObject`.
extension MemoryObject {
    /// Calls `body` with the `cl_mem` (as an `OpaquePointer`). Commands C code enqueues on it must complete before
    /// the object can go away: enqueue them through ``ComputeEncoder/withUnsafeQueueHandle(keepingAlive:_:)``, which
    /// keeps the objects alive until they do.
    public func withUnsafeHandle<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
        defer { withExtendedLifetime(self) {} }
        return try body(id.pointer)
    }
}

extension Buffer {
    /// A buffer over a `cl_mem` buffer C code created in `context`, retained; its element count is the memory's size
    /// over `Element`'s stride, and its kernel and host access are those of its `CL_MEM_FLAGS`.
    /// - Throws: ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` when the memory belongs to another context or is not a buffer,
    ///   ``SwiftCLError/notWholeElements(operation:byteCount:elementType:elementBytes:)``, ``OpenCLError`` for an
    ///   invalid handle.
    public convenience init(unsafeRetaining handle: OpaquePointer, context: Context) throws {
        let id = MemoryHandle(handle)
        guard try CL.getMemObjectInfo(id, .CL_MEM_TYPE).value(UInt32.self) == CL.bufferMemoryType else {
            throw SwiftCLError.contextMismatch(object: "the adopted cl_mem (an image or a pipe, not a buffer)", belongsTo: nil,
                                                expected: "the buffers of \(context)")
        }
        guard try CL.getMemObjectInfo(id, .CL_MEM_CONTEXT).value(OpaquePointer.self) == context.id.pointer else {
            throw SwiftCLError.contextMismatch(object: "the adopted cl_mem", belongsTo: "another context", expected: "\(context)")
        }
        let byteCount = try CL.getMemObjectInfo(id, .CL_MEM_SIZE).value(Int.self)
        let stride = MemoryLayout<Element>.stride
        guard byteCount % stride == 0, byteCount > 0 else {
            throw SwiftCLError.notWholeElements(operation: "Buffer(unsafeRetaining:)", byteCount: byteCount,
                                                elementType: "\(Element.self)", elementBytes: stride)
        }
        let access = CL.access(fromFlags: try CL.getMemObjectInfo(id, .CL_MEM_FLAGS).value(UInt64.self))
        self.init(owning: try CL.retainMemObject(id), count: byteCount / stride, byteCount: byteCount, context: context,
                  access: access.kernel, hostAccess: access.host)
    }
}
