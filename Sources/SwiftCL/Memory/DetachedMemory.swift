/// A buffer's memory held without its ``Context``: the `cl_mem` retained on its own, so a cache that outlives the
/// context's Swift object does not keep it alive (a ``Buffer`` holds its context). The OpenCL context stays until the
/// memory is released. Package access: SwiftCLFFT keeps Bluestein's device tables this way, per context, weakly.
package final class DetachedMemory: Sendable {
    private let id: MemoryHandle

    /// The memory of `object`, retained.
    package init(_ object: MemoryObject) throws {
        id = try CL.retainMemObject(object.id)
    }

    /// A buffer over the memory again, in `context` (the memory's own; another is refused).
    /// - Throws: as ``Buffer/init(unsafeRetaining:context:)``.
    package func buffer<Element>(of _: Element.Type, in context: Context) throws -> Buffer<Element> {
        try Buffer(unsafeRetaining: id.pointer, context: context)
    }

    deinit { CL.releaseMemObject(id) }
}
