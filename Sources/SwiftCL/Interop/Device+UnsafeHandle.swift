extension Device {
    /// Calls `body` with the `cl_device_id` (as an `OpaquePointer`). Root devices live as long as the process;
    /// a sub-device stays valid while this `Device` does.
    public func withUnsafeHandle<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
        defer { withExtendedLifetime(self) {} }
        return try body(id.pointer)
    }
}
