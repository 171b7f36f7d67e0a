internal import COpenCL

// Contexts, their image formats, and command queues.
extension CL {
    static func createContext(platform: PlatformHandle, devices: [DeviceHandle]) throws(OpenCLError) -> ContextHandle {
        var ids: [cl_device_id?] = devices.map(\.pointer)
        let properties: [cl_context_properties] = [
            cl_context_properties(CL_CONTEXT_PLATFORM), cl_context_properties(Int(bitPattern: UnsafeRawPointer(platform.pointer))), 0,
        ]
        return try create { status in clCreateContext(properties, cl_uint(ids.count), &ids, nil, nil, status) }
    }

    static func releaseContext(_ context: ContextHandle) {
        logFailure(clReleaseContext(context.pointer))
    }

    /// The (order, data type) pairs the context supports for images of `imageType` with `flags`.
    static func getSupportedImageFormats(_ context: ContextHandle, flags: UInt64,
                                         imageType: UInt32) throws(OpenCLError) -> [(order: UInt32, type: UInt32)] {
        var count: cl_uint = 0
        try check(clGetSupportedImageFormats(context.pointer, flags, imageType, 0, nil, &count))
        guard count > 0 else { return [] }
        var formats = [cl_image_format](repeating: cl_image_format(), count: Int(count))
        try check(clGetSupportedImageFormats(context.pointer, flags, imageType, count, &formats, nil))
        return formats.map { ($0.image_channel_order, $0.image_channel_data_type) }
    }

    /// The queue properties for profiling, and out-of-order execution when asked.
    private static func queueProperties(outOfOrder: Bool) -> cl_command_queue_properties {
        cl_command_queue_properties(CL_QUEUE_PROFILING_ENABLE)
            | (outOfOrder ? cl_command_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) : 0)
    }

    /// Whether the device's host queues can run commands out of order.
    static func supportsOutOfOrderQueues(_ device: DeviceHandle) throws -> Bool {
        let properties = try getDeviceInfo(device, .CL_DEVICE_QUEUE_ON_HOST_PROPERTIES).value(UInt64.self)
        return properties & cl_command_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0
    }

    /// An OpenCL 1.x queue with profiling on.
    static func createCommandQueue(_ context: ContextHandle, _ device: DeviceHandle, outOfOrder: Bool) throws(OpenCLError) -> QueueHandle {
        try create { status in
            clCreateCommandQueue(context.pointer, device.pointer, queueProperties(outOfOrder: outOfOrder), status)
        }
    }

    /// An OpenCL 2.0+ queue with profiling on.
    static func createCommandQueueWithProperties(_ context: ContextHandle, _ device: DeviceHandle,
                                                 outOfOrder: Bool) throws(OpenCLError) -> QueueHandle {
        let properties: [cl_queue_properties] = [
            cl_queue_properties(CL_QUEUE_PROPERTIES), queueProperties(outOfOrder: outOfOrder), 0,
        ]
        return try create { status in clCreateCommandQueueWithProperties(context.pointer, device.pointer, properties, status) }
    }

    static func releaseCommandQueue(_ queue: QueueHandle) {
        logFailure(clReleaseCommandQueue(queue.pointer))
    }

    static func flush(_ queue: QueueHandle) throws(OpenCLError) {
        try check(clFlush(queue.pointer))
    }

    static func finish(_ queue: QueueHandle) throws(OpenCLError) {
        try check(clFinish(queue.pointer))
    }

    /// `clFinish` where throwing is not possible (a `deinit`, an encoder's end): a failure is logged.
    static func finishLoggingFailure(_ queue: QueueHandle) {
        let status = clFinish(queue.pointer)
        if status != CL_SUCCESS {
            swiftCLLogger.error("clFinish failed with \(CLStatus(rawValue: status).name)")
        }
    }
}
