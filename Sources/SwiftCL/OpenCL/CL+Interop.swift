internal import COpenCL

/// The calls that adopt handles C code made (interop with other OpenCL libraries): queries of what a handle is, and
/// the retains that give Swift its own reference.
extension CL {
    static func getMemObjectInfo(_ memory: MemoryHandle, _ parameter: InfoParameter<InfoOf.Memory>) -> InfoQuery {
        InfoQuery(routine(#function, parameter.name)) { size, value, sizeRet in
            clGetMemObjectInfo(memory.pointer, parameter.value, size, value, sizeRet)
        }
    }

    static func getContextInfo(_ context: ContextHandle, _ parameter: InfoParameter<InfoOf.Context>) -> InfoQuery {
        InfoQuery(routine(#function, parameter.name)) { size, value, sizeRet in
            clGetContextInfo(context.pointer, parameter.value, size, value, sizeRet)
        }
    }

    static func retainContext(_ context: ContextHandle) throws(OpenCLError) -> ContextHandle {
        try check(clRetainContext(context.pointer))
        return context
    }

    static func getCommandQueueInfo(_ queue: QueueHandle, _ parameter: InfoParameter<InfoOf.Queue>) -> InfoQuery {
        InfoQuery(routine(#function, parameter.name)) { size, value, sizeRet in
            clGetCommandQueueInfo(queue.pointer, parameter.value, size, value, sizeRet)
        }
    }

    static func retainCommandQueue(_ queue: QueueHandle) throws(OpenCLError) -> QueueHandle {
        try check(clRetainCommandQueue(queue.pointer))
        return queue
    }

    /// Whether `properties` (`CL_QUEUE_PROPERTIES`) include out-of-order execution, and profiling.
    static func queueModes(_ properties: UInt64) -> (outOfOrder: Bool, profiling: Bool) {
        (properties & UInt64(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0, properties & UInt64(CL_QUEUE_PROFILING_ENABLE) != 0)
    }

    static func retainEvent(_ event: EventHandle) throws(OpenCLError) -> EventHandle {
        try check(clRetainEvent(event.pointer))
        return event
    }

    /// `CL_MEM_OBJECT_BUFFER`, for telling buffers from images and pipes.
    static var bufferMemoryType: UInt32 { UInt32(CL_MEM_OBJECT_BUFFER) }

    /// The kernel and host access that `CL_MEM_FLAGS` grant.
    static func access(fromFlags flags: UInt64) -> (kernel: KernelAccess, host: HostAccess) {
        let kernel: KernelAccess = flags & UInt64(CL_MEM_READ_ONLY) != 0 ? .readOnly
            : flags & UInt64(CL_MEM_WRITE_ONLY) != 0 ? .writeOnly : .readWrite
        let host: HostAccess = flags & UInt64(CL_MEM_HOST_NO_ACCESS) != 0 ? .none
            : flags & UInt64(CL_MEM_HOST_READ_ONLY) != 0 ? .readOnly
            : flags & UInt64(CL_MEM_HOST_WRITE_ONLY) != 0 ? .writeOnly : .readWrite
        return (kernel, host)
    }
}
