/// Handing the `cl_context` to C OpenCL libraries (CLBlast, clFFT, your own C) and adopting one they made.
///
/// Ownership: a lent handle stays valid for the closure only (SwiftCL keeps the context alive during it); C code that
/// keeps it longer calls `clRetainContext` and later `clReleaseContext` itself. An adopted handle gets SwiftCL's own
/// reference (`clRetainContext`); the C code still owns, and releases, the reference it had.
extension Context {
    /// Calls `body` with the `cl_context` (as an `OpaquePointer`, which C's `cl_context` imports as).
    public func withUnsafeHandle<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
        defer { withExtendedLifetime(self) {} }
        return try body(id.pointer)
    }

    /// A context over a `cl_context` C code created, retained (see the ownership rule above). Its programs are cached
    /// like any context's; it has no binary store.
    /// - Throws: ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` when one of its devices is not a root device SwiftCL discovers
    ///   (a sub-device), ``OpenCLError`` for an invalid handle.
    public convenience init(unsafeRetaining handle: OpaquePointer) throws {
        let id = ContextHandle(handle)
        let deviceHandles = try CL.getContextInfo(id, .CL_CONTEXT_DEVICES).array(OpaquePointer.self)
        let known = try Device.all
        let devices = try deviceHandles.map { device in
            guard let match = known.first(where: { $0.id.pointer == device }) else {
                throw SwiftCLError.contextMismatch(object: "a device of the adopted context (a sub-device?)", belongsTo: nil,
                                                    expected: "the root devices SwiftCL discovers")
            }
            return match
        }
        guard let first = devices.first else { throw SwiftCLError.emptyDeviceList }
        self.init(adopting: try CL.retainContext(id), devices: devices, platform: first.platform)
    }
}
