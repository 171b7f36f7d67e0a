extension ComputeEncoder {
    /// Calls `body` with the queue's `cl_command_queue` (as an `OpaquePointer`) so C code can enqueue onto it in
    /// order with this encoder's commands (commands before the call run before C's, commands after it after), and
    /// keeps `objects` (the buffers, images and kernels C's commands use) alive until those commands complete, as the
    /// encoder does for its own. Wait for C's commands like for the encoder's own: the closure's end (`sync`, `run`)
    /// covers them, and an event C hands back can be adopted (``CommandEvent/init(unsafeRetaining:context:label:)``).
    /// - Throws: ``SwiftCLError/encoderExpired``, ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` for an object of another context;
    ///   what `body` throws.
    public func withUnsafeQueueHandle<R>(keepingAlive objects: [MemoryObject] = [], _ body: (OpaquePointer) throws -> R) throws -> R {
        try checkUsable()
        for object in objects { try checkContext(object, operation: "withUnsafeQueueHandle") }
        inFlight.append(contentsOf: objects as [AnyObject])
        launchMemo.forgetRetained()
        return try body(queue.id.pointer)
    }
}

extension ComputeQueue {
    /// Calls `body` with the `cl_command_queue` outside any closure of this queue: C code may query it or enqueue
    /// onto it, but its commands are not ordered with closures running concurrently on the queue and nothing keeps
    /// their objects alive (prefer ``ComputeEncoder/withUnsafeQueueHandle(keepingAlive:_:)``).
    public func withUnsafeHandle<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
        defer { withExtendedLifetime(self) {} }
        return try body(id.pointer)
    }
}
