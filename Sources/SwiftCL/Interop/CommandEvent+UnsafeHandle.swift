/// Handing events to C OpenCL libraries (as a wait list) and adopting the events they return. The ownership rule is
/// ``Context``'s: lent for the closure, adopted with SwiftCL's own `clRetainEvent`.
extension CommandEvent {
    /// Calls `body` with the `cl_event` (as an `OpaquePointer`).
    public func withUnsafeHandle<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
        defer { withExtendedLifetime(self) {} }
        return try body(event.handle.pointer)
    }

    /// An event over a `cl_event` C code got from an enqueue in `context` (CLBlast's and clFFT's `event` out-parameters),
    /// retained: wait for it, await it, read its times, or make a queue wait for it (``ComputeEncoder/wait(for:)``).
    /// The caller still releases its own reference.
    /// - Throws: ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` when the event belongs to another context, ``OpenCLError`` for an
    ///   invalid handle.
    public convenience init(unsafeRetaining handle: OpaquePointer, context: Context, label: String = "C library command") throws {
        let id = EventHandle(handle)
        try Self.checkAdoptable(id, context: context)
        self.init(CLEvent(adopting: try CL.retainEvent(id)), context: context, label: label)
    }

    /// An event over a `cl_event` whose reference the caller hands over (an enqueue's `event` out-parameter it will
    /// not release itself): SwiftCL releases it when the event goes away. On a refusal the caller keeps the reference.
    /// - Throws: as ``init(unsafeRetaining:context:label:)``.
    public convenience init(unsafeTakingOwnershipOf handle: OpaquePointer, context: Context, label: String = "C library command") throws {
        let id = EventHandle(handle)
        try Self.checkAdoptable(id, context: context)
        self.init(CLEvent(adopting: id), context: context, label: label)
    }

    private static func checkAdoptable(_ id: EventHandle, context: Context) throws {
        guard try CL.getEventInfo(id, .CL_EVENT_CONTEXT).value(OpaquePointer.self) == context.id.pointer else {
            throw SwiftCLError.contextMismatch(object: "the adopted cl_event", belongsTo: "another context", expected: "\(context)")
        }
    }
}
