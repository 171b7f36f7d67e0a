extension CommandRecording {
    /// Calls `body` with the recording's `cl_command_buffer_khr` (as an `OpaquePointer`), or nil when it replays one by
    /// one. C code may query it or enqueue it onto the recording's queue (`clEnqueueCommandBufferKHR`); keep the
    /// recording alive until such a replay completes, and do not release the handle.
    public func withUnsafeHandle<R, E: Error>(_ body: (OpaquePointer?) throws(E) -> R) throws(E) -> R {
        defer { withExtendedLifetime(self) {} }
        if case let .commandBuffer(handle, _, _) = storage.recorder.target { return try body(handle.pointer) }
        return try body(nil)
    }
}
