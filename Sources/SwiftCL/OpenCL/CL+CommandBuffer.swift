internal import COpenCL

/// `cl_khr_command_buffer`'s entry points for one platform. An extension's routines are not exported by the ICD
/// loader: they are looked up by name (`clGetExtensionFunctionAddressForPlatform`), once per recording.
///
/// Unchecked `Sendable`: the fields are C function addresses, which never change and may be called from any thread.
struct CommandBufferEntryPoints: @unchecked Sendable {
    let create: clCreateCommandBufferKHR_fn
    let finalize: clFinalizeCommandBufferKHR_fn
    let release: clReleaseCommandBufferKHR_fn
    let enqueue: clEnqueueCommandBufferKHR_fn
    let ndRangeKernel: clCommandNDRangeKernelKHR_fn
    let copyBuffer: clCommandCopyBufferKHR_fn
    let copyBufferRect: clCommandCopyBufferRectKHR_fn
    let fillBuffer: clCommandFillBufferKHR_fn
    let copyImage: clCommandCopyImageKHR_fn
    let copyBufferToImage: clCommandCopyBufferToImageKHR_fn
    let copyImageToBuffer: clCommandCopyImageToBufferKHR_fn
    let fillImage: clCommandFillImageKHR_fn
    let barrier: clCommandBarrierWithWaitListKHR_fn

    /// The platform's entry points, or the name of the first one it does not have.
    static func load(platform: PlatformHandle) -> Result<CommandBufferEntryPoints, MissingEntryPoint> {
        func address<F>(_ name: String, as _: F.Type) throws(MissingEntryPoint) -> F {
            guard let raw = clGetExtensionFunctionAddressForPlatform(platform.pointer, name) else { throw MissingEntryPoint(name: name) }
            return unsafeBitCast(raw, to: F.self)
        }
        do throws(MissingEntryPoint) {
            return .success(CommandBufferEntryPoints(
                create: try address("clCreateCommandBufferKHR", as: clCreateCommandBufferKHR_fn.self),
                finalize: try address("clFinalizeCommandBufferKHR", as: clFinalizeCommandBufferKHR_fn.self),
                release: try address("clReleaseCommandBufferKHR", as: clReleaseCommandBufferKHR_fn.self),
                enqueue: try address("clEnqueueCommandBufferKHR", as: clEnqueueCommandBufferKHR_fn.self),
                ndRangeKernel: try address("clCommandNDRangeKernelKHR", as: clCommandNDRangeKernelKHR_fn.self),
                copyBuffer: try address("clCommandCopyBufferKHR", as: clCommandCopyBufferKHR_fn.self),
                copyBufferRect: try address("clCommandCopyBufferRectKHR", as: clCommandCopyBufferRectKHR_fn.self),
                fillBuffer: try address("clCommandFillBufferKHR", as: clCommandFillBufferKHR_fn.self),
                copyImage: try address("clCommandCopyImageKHR", as: clCommandCopyImageKHR_fn.self),
                copyBufferToImage: try address("clCommandCopyBufferToImageKHR", as: clCommandCopyBufferToImageKHR_fn.self),
                copyImageToBuffer: try address("clCommandCopyImageToBufferKHR", as: clCommandCopyImageToBufferKHR_fn.self),
                fillImage: try address("clCommandFillImageKHR", as: clCommandFillImageKHR_fn.self),
                barrier: try address("clCommandBarrierWithWaitListKHR", as: clCommandBarrierWithWaitListKHR_fn.self)))
        } catch {
            return .failure(error)
        }
    }

    /// An extension routine the platform does not return an address for.
    struct MissingEntryPoint: Error { let name: String }
}

/// `cl_khr_command_buffer`: recording commands into a command buffer and enqueueing it. A command waits for the
/// previous one's sync point (`after`), so a recording runs in the order it was recorded on any queue.
extension CL {
    /// `clCreateCommandBufferKHR` on one queue, with `CL_COMMAND_BUFFER_SIMULTANEOUS_USE_KHR` when `simultaneousUse`.
    static func createCommandBufferKHR(_ entryPoints: CommandBufferEntryPoints, queue: QueueHandle,
                                       simultaneousUse: Bool) throws(OpenCLError) -> CommandBufferHandle {
        let properties: [cl_command_buffer_properties_khr] = simultaneousUse
            ? [cl_command_buffer_properties_khr(CL_COMMAND_BUFFER_FLAGS_KHR),
               cl_command_buffer_properties_khr(CL_COMMAND_BUFFER_SIMULTANEOUS_USE_KHR), 0]
            : []
        var queues: [cl_command_queue?] = [queue.pointer]
        return try create { status in
            properties.withUnsafeBufferPointer { list in
                entryPoints.create(1, &queues, properties.isEmpty ? nil : list.baseAddress, status)
            }
        }
    }

    static func finalizeCommandBufferKHR(_ entryPoints: CommandBufferEntryPoints, _ buffer: CommandBufferHandle) throws(OpenCLError) {
        try check(entryPoints.finalize(buffer.pointer))
    }

    static func releaseCommandBufferKHR(_ entryPoints: CommandBufferEntryPoints, _ buffer: CommandBufferHandle) {
        logFailure(entryPoints.release(buffer.pointer))
    }

    /// `clEnqueueCommandBufferKHR` onto the queue the buffer was recorded for (`num_queues` 0).
    static func enqueueCommandBufferKHR(_ entryPoints: CommandBufferEntryPoints, _ buffer: CommandBufferHandle,
                                        options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            entryPoints.enqueue(0, nil, buffer.pointer, waits.count, waits.events, event)
        }
    }

    /// Where a recorded command waits (the previous command's sync point) and the sync point it returns.
    private static func recorded(after previous: UInt32?,
                                 _ body: (cl_uint, UnsafePointer<cl_sync_point_khr>?, UnsafeMutablePointer<cl_sync_point_khr>) -> cl_int)
        -> (status: cl_int, syncPoint: UInt32) {
        var syncPoint: cl_sync_point_khr = 0
        let status: cl_int
        if var previous {
            status = body(1, &previous, &syncPoint)
        } else {
            status = body(0, nil, &syncPoint)
        }
        return (status, syncPoint)
    }

    /// ``recorded(after:_:)`` with its status checked: the sync point of a command recorded without a kernel name.
    private static func recordedChecked(after previous: UInt32?,
                                        _ body: (cl_uint, UnsafePointer<cl_sync_point_khr>?, UnsafeMutablePointer<cl_sync_point_khr>) -> cl_int)
        throws(OpenCLError) -> UInt32 {
        let result = recorded(after: previous, body)
        try check(result.status)
        return result.syncPoint
    }

    static func commandNDRangeKernelKHR(_ entryPoints: CommandBufferEntryPoints, _ buffer: CommandBufferHandle, _ kernel: KernelHandle,
                                        dimensions: Int, offset: SIMD3<Int>, global: SIMD3<Int>, local: SIMD3<Int>?,
                                        after previous: UInt32?, kernelName: String) throws(OpenCLError) -> UInt32 {
        var offset = offset, global = global, local = local ?? .zero
        let hasOffset = offset != .zero, hasLocal = local != .zero
        let result = withUnsafeBytes(of: &offset) { o in
            withUnsafeBytes(of: &global) { g in
                withUnsafeBytes(of: &local) { l in
                    recorded(after: previous) { count, waits, syncPoint in
                        entryPoints.ndRangeKernel(buffer.pointer, nil, nil, kernel.pointer, cl_uint(dimensions),
                                                  hasOffset ? o.baseAddress?.assumingMemoryBound(to: Int.self) : nil,
                                                  g.baseAddress?.assumingMemoryBound(to: Int.self),
                                                  hasLocal ? l.baseAddress?.assumingMemoryBound(to: Int.self) : nil,
                                                  count, waits, syncPoint, nil)
                    }
                }
            }
        }
        try check(result.status, detail: kernelName)
        return result.syncPoint
    }

    static func commandCopyBufferKHR(_ entryPoints: CommandBufferEntryPoints, _ buffer: CommandBufferHandle, from source: MemoryHandle,
                                     to destination: MemoryHandle, sourceOffset: Int, destinationOffset: Int, byteCount: Int,
                                     after previous: UInt32?) throws(OpenCLError) -> UInt32 {
        try recordedChecked(after: previous) { count, waits, syncPoint in
            entryPoints.copyBuffer(buffer.pointer, nil, source.pointer, destination.pointer, sourceOffset, destinationOffset, byteCount,
                                   count, waits, syncPoint, nil)
        }
    }

    static func commandCopyBufferRectKHR(_ entryPoints: CommandBufferEntryPoints, _ buffer: CommandBufferHandle, from source: MemoryHandle,
                                         to destination: MemoryHandle, _ rect: RectGeometry,
                                         after previous: UInt32?) throws(OpenCLError) -> UInt32 {
        try recordedChecked(after: previous) { count, waits, syncPoint in
            entryPoints.copyBufferRect(buffer.pointer, nil, source.pointer, destination.pointer, rect.sourceOrigin, rect.destinationOrigin,
                                       rect.region, rect.sourceRowPitch, rect.sourceSlicePitch, rect.destinationRowPitch,
                                       rect.destinationSlicePitch, count, waits, syncPoint, nil)
        }
    }

    static func commandFillBufferKHR(_ entryPoints: CommandBufferEntryPoints, _ buffer: CommandBufferHandle, _ target: MemoryHandle,
                                     pattern: [UInt8], offset: Int, byteCount: Int, after previous: UInt32?) throws(OpenCLError) -> UInt32 {
        let result = pattern.withUnsafeBytes { raw in
            recorded(after: previous) { count, waits, syncPoint in
                entryPoints.fillBuffer(buffer.pointer, nil, target.pointer, raw.baseAddress, raw.count, offset, byteCount,
                                       count, waits, syncPoint, nil)
            }
        }
        try check(result.status)
        return result.syncPoint
    }

    static func commandCopyImageKHR(_ entryPoints: CommandBufferEntryPoints, _ buffer: CommandBufferHandle, from source: MemoryHandle,
                                    origin sourceOrigin: Origin3D, to destination: MemoryHandle, origin destinationOrigin: Origin3D,
                                    region: Extent3D, after previous: UInt32?) throws(OpenCLError) -> UInt32 {
        try recordedChecked(after: previous) { count, waits, syncPoint in
            entryPoints.copyImage(buffer.pointer, nil, source.pointer, destination.pointer, sourceOrigin.values, destinationOrigin.values,
                                  region.values, count, waits, syncPoint, nil)
        }
    }

    static func commandCopyBufferToImageKHR(_ entryPoints: CommandBufferEntryPoints, _ buffer: CommandBufferHandle, from source: MemoryHandle,
                                            offset: Int, to image: MemoryHandle, origin: Origin3D, region: Extent3D,
                                            after previous: UInt32?) throws(OpenCLError) -> UInt32 {
        try recordedChecked(after: previous) { count, waits, syncPoint in
            entryPoints.copyBufferToImage(buffer.pointer, nil, source.pointer, image.pointer, offset, origin.values, region.values,
                                          count, waits, syncPoint, nil)
        }
    }

    static func commandCopyImageToBufferKHR(_ entryPoints: CommandBufferEntryPoints, _ buffer: CommandBufferHandle, from image: MemoryHandle,
                                            origin: Origin3D, region: Extent3D, to destination: MemoryHandle, offset: Int,
                                            after previous: UInt32?) throws(OpenCLError) -> UInt32 {
        try recordedChecked(after: previous) { count, waits, syncPoint in
            entryPoints.copyImageToBuffer(buffer.pointer, nil, image.pointer, destination.pointer, origin.values, region.values, offset,
                                          count, waits, syncPoint, nil)
        }
    }

    /// `clCommandFillImageKHR` with `color`'s bytes (four channels of the image's sampled type).
    static func commandFillImageKHR(_ entryPoints: CommandBufferEntryPoints, _ buffer: CommandBufferHandle, _ image: MemoryHandle,
                                    color: [UInt8], origin: Origin3D, region: Extent3D, after previous: UInt32?) throws(OpenCLError) -> UInt32 {
        let result = color.withUnsafeBytes { raw in
            recorded(after: previous) { count, waits, syncPoint in
                entryPoints.fillImage(buffer.pointer, nil, image.pointer, raw.baseAddress, origin.values, region.values, count, waits, syncPoint, nil)
            }
        }
        try check(result.status)
        return result.syncPoint
    }

    static func commandBarrierKHR(_ entryPoints: CommandBufferEntryPoints, _ buffer: CommandBufferHandle,
                                  after previous: UInt32?) throws(OpenCLError) -> UInt32 {
        try recordedChecked(after: previous) { count, waits, syncPoint in
            entryPoints.barrier(buffer.pointer, nil, count, waits, syncPoint, nil)
        }
    }
}
