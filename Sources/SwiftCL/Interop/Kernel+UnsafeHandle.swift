/// Handing a kernel object to C code (a library that binds arguments and enqueues it itself).
extension Kernel {
    /// Calls `body` with the `cl_kernel` (as an `OpaquePointer`) while holding the kernel's launch lock, so the
    /// arguments C binds and the launches it enqueues cannot interleave with SwiftCL's launches of the same kernel
    /// object from other threads. C's launches are not checked by SwiftCL; enqueue them through
    /// ``ComputeEncoder/withUnsafeQueueHandle(keepingAlive:_:)`` so the buffers they use stay alive. Arguments C binds
    /// stay bound: SwiftCL binds every argument again on its next launch.
    public func withUnsafeHandle<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
        let core = self.core
        return try core.launchLock.withLock { (_) throws(E) -> R in try body(core.id.pointer) }
    }
}
