/// Adopting a `cl_command_queue` that C code created (a library that made its own queue, say), with the ownership rule
/// of ``Context``: SwiftCL takes its own reference (`clRetainCommandQueue`), and the C code still releases its own.
extension ComputeQueue {
    /// A queue over a `cl_command_queue` C code created in `context`, retained. Its device and whether it runs
    /// commands out of order are read from the queue. Measured closures need the queue created with
    /// `CL_QUEUE_PROFILING_ENABLE` (queues SwiftCL makes always have it); without it their times throw
    /// `CL_PROFILING_INFO_NOT_AVAILABLE`.
    /// - Throws: ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` when the queue belongs to another context or its device is not one
    ///   of `context`'s, ``OpenCLError`` for an invalid handle.
    public convenience init(unsafeRetaining handle: OpaquePointer, context: Context) throws {
        let id = QueueHandle(handle)
        guard try CL.getCommandQueueInfo(id, .CL_QUEUE_CONTEXT).value(OpaquePointer.self) == context.id.pointer else {
            throw SwiftCLError.contextMismatch(object: "the adopted cl_command_queue", belongsTo: "another context", expected: "\(context)")
        }
        let deviceHandle = try CL.getCommandQueueInfo(id, .CL_QUEUE_DEVICE).value(OpaquePointer.self)
        guard let device = context.devices.first(where: { $0.id.pointer == deviceHandle }) else {
            throw SwiftCLError.contextMismatch(object: "the adopted cl_command_queue's device", belongsTo: nil, expected: "\(context)")
        }
        let modes = CL.queueModes(try CL.getCommandQueueInfo(id, .CL_QUEUE_PROPERTIES).value(UInt64.self))
        self.init(adopting: try CL.retainCommandQueue(id), device: device, context: context, outOfOrder: modes.outOfOrder)
    }
}
