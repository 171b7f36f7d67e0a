internal import COpenCL
import Dispatch

// Commands: launches, transfers, maps, markers and event callbacks. Every enqueue takes ``EnqueueOptions``: it
// returns the command's event, owned, when asked for one, and nil otherwise, and waits for the options' events.
extension CL {
    /// Launches `kernel` over the first `dimensions` axes of `offset`/`global`/`local` (`local` nil: the
    /// runtime chooses). `kernelName` only labels the error. No allocation: the sizes are passed in place.
    static func enqueueNDRangeKernel(_ queue: QueueHandle, _ kernel: KernelHandle, dimensions: Int, offset: SIMD3<Int>,
                                     global: SIMD3<Int>, local: SIMD3<Int>?, options: EnqueueOptions,
                                     kernelName: String) throws -> CLEvent? {
        func first(_ lanes: UnsafePointer<SIMD3<Int>>) -> UnsafePointer<Int> {
            UnsafeRawPointer(lanes).assumingMemoryBound(to: Int.self)
        }
        return try withUnsafePointer(to: offset) { o in
            try withUnsafePointer(to: global) { g in
                try withUnsafePointer(to: local ?? .zero) { l in
                    try enqueue(options, detail: kernelName) { waits, event in
                        // A zero offset goes as NULL, as C callers pass it (NVIDIA's driver takes a slower path for a
                        // non-NULL offset).
                        clEnqueueNDRangeKernel(queue.pointer, kernel.pointer, cl_uint(dimensions), offset == .zero ? nil : first(o), first(g),
                                               local == nil ? nil : first(l), waits.count, waits.events, event)
                    }
                }
            }
        }
    }

    static func enqueueWriteBuffer(_ queue: QueueHandle, _ buffer: MemoryHandle, blocking: Bool, offset: Int, byteCount: Int,
                                   from host: UnsafeRawPointer?, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueWriteBuffer(queue.pointer, buffer.pointer, bool(blocking), offset, byteCount, host, waits.count, waits.events, event)
        }
    }

    static func enqueueReadBuffer(_ queue: QueueHandle, _ buffer: MemoryHandle, blocking: Bool, offset: Int, byteCount: Int,
                                  into host: UnsafeMutableRawPointer?, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueReadBuffer(queue.pointer, buffer.pointer, bool(blocking), offset, byteCount, host, waits.count, waits.events, event)
        }
    }

    static func enqueueCopyBuffer(_ queue: QueueHandle, from source: MemoryHandle, to destination: MemoryHandle, sourceOffset: Int,
                                  destinationOffset: Int, byteCount: Int, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueCopyBuffer(queue.pointer, source.pointer, destination.pointer, sourceOffset, destinationOffset, byteCount,
                                waits.count, waits.events, event)
        }
    }

    static func enqueueFillBuffer(_ queue: QueueHandle, _ buffer: MemoryHandle, pattern: UnsafeRawPointer?, patternBytes: Int,
                                  offset: Int, byteCount: Int, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueFillBuffer(queue.pointer, buffer.pointer, pattern, patternBytes, offset, byteCount, waits.count, waits.events, event)
        }
    }

    static func enqueueCopyBufferRect(_ queue: QueueHandle, from source: MemoryHandle, to destination: MemoryHandle,
                                      _ rect: RectGeometry, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueCopyBufferRect(queue.pointer, source.pointer, destination.pointer, rect.sourceOrigin, rect.destinationOrigin,
                                    rect.region, rect.sourceRowPitch, rect.sourceSlicePitch, rect.destinationRowPitch,
                                    rect.destinationSlicePitch, waits.count, waits.events, event)
        }
    }

    /// A blocking rectangle read; the rectangle's source side is the buffer, its destination side the host.
    static func enqueueReadBufferRect(_ queue: QueueHandle, _ buffer: MemoryHandle, _ rect: RectGeometry,
                                      into host: UnsafeMutableRawPointer?, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueReadBufferRect(queue.pointer, buffer.pointer, bool(true), rect.sourceOrigin, rect.destinationOrigin, rect.region,
                                    rect.sourceRowPitch, rect.sourceSlicePitch, rect.destinationRowPitch, rect.destinationSlicePitch,
                                    host, waits.count, waits.events, event)
        }
    }

    /// A blocking rectangle write; the rectangle's source side is the buffer, its destination side the host.
    static func enqueueWriteBufferRect(_ queue: QueueHandle, _ buffer: MemoryHandle, _ rect: RectGeometry,
                                       from host: UnsafeRawPointer?, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueWriteBufferRect(queue.pointer, buffer.pointer, bool(true), rect.sourceOrigin, rect.destinationOrigin, rect.region,
                                     rect.sourceRowPitch, rect.sourceSlicePitch, rect.destinationRowPitch, rect.destinationSlicePitch,
                                     host, waits.count, waits.events, event)
        }
    }

    /// A blocking write of tightly packed pixels into a region of an image.
    static func enqueueWriteImage(_ queue: QueueHandle, _ image: MemoryHandle, origin: Origin3D, region: Extent3D,
                                  from host: UnsafeRawPointer?, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueWriteImage(queue.pointer, image.pointer, bool(true), origin.values, region.values, 0, 0, host, waits.count, waits.events, event)
        }
    }

    /// A blocking read of a region of an image into tightly packed pixels.
    static func enqueueReadImage(_ queue: QueueHandle, _ image: MemoryHandle, origin: Origin3D, region: Extent3D,
                                 into host: UnsafeMutableRawPointer?, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueReadImage(queue.pointer, image.pointer, bool(true), origin.values, region.values, 0, 0, host, waits.count, waits.events, event)
        }
    }

    static func enqueueCopyImage(_ queue: QueueHandle, from source: MemoryHandle, origin sourceOrigin: Origin3D, to destination: MemoryHandle,
                                 origin destinationOrigin: Origin3D, region: Extent3D, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueCopyImage(queue.pointer, source.pointer, destination.pointer, sourceOrigin.values, destinationOrigin.values,
                               region.values, waits.count, waits.events, event)
        }
    }

    static func enqueueCopyBufferToImage(_ queue: QueueHandle, from buffer: MemoryHandle, offset: Int, to image: MemoryHandle,
                                         origin: Origin3D, region: Extent3D, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueCopyBufferToImage(queue.pointer, buffer.pointer, image.pointer, offset, origin.values, region.values, waits.count, waits.events, event)
        }
    }

    static func enqueueCopyImageToBuffer(_ queue: QueueHandle, from image: MemoryHandle, origin: Origin3D, region: Extent3D,
                                         to buffer: MemoryHandle, offset: Int, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueCopyImageToBuffer(queue.pointer, image.pointer, buffer.pointer, origin.values, region.values, offset, waits.count, waits.events, event)
        }
    }

    /// Fills a region of an image with the colour at `color` (four channels of the image's sampled type).
    static func enqueueFillImage(_ queue: QueueHandle, _ image: MemoryHandle, color: UnsafeRawPointer?, origin: Origin3D,
                                 region: Extent3D, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueFillImage(queue.pointer, image.pointer, color, origin.values, region.values, waits.count, waits.events, event)
        }
    }

    /// A blocking map of `byteCount` bytes from `offset`, for reading, or reading and writing.
    static func enqueueMapBuffer(_ queue: QueueHandle, _ buffer: MemoryHandle, write: Bool, offset: Int, byteCount: Int,
                                 options: EnqueueOptions) throws(OpenCLError) -> (base: UnsafeMutableRawPointer, event: CLEvent?) {
        try mapped(options) { waits, event, status in
            clEnqueueMapBuffer(queue.pointer, buffer.pointer, bool(true), mapFlags(write: write), offset, byteCount, waits.count, waits.events, event, status)
        }
    }

    /// A blocking read-write map of a region of an image; also returns its row and slice pitch in bytes.
    static func enqueueMapImage(_ queue: QueueHandle, _ image: MemoryHandle, origin: Origin3D, region: Extent3D, options: EnqueueOptions)
        throws(OpenCLError) -> (base: UnsafeMutableRawPointer, rowPitch: Int, slicePitch: Int, event: CLEvent?) {
        var rowPitch = 0, slicePitch = 0
        let (base, event) = try mapped(options) { waits, event, status in
            clEnqueueMapImage(queue.pointer, image.pointer, bool(true), mapFlags(write: true), origin.values, region.values,
                              &rowPitch, &slicePitch, waits.count, waits.events, event, status)
        }
        return (base, rowPitch, slicePitch, event)
    }

    private static func mapFlags(write: Bool) -> cl_map_flags {
        write ? cl_map_flags(CL_MAP_READ | CL_MAP_WRITE) : cl_map_flags(CL_MAP_READ)
    }

    /// The status and NULL checks both maps share; the routine is the calling map's.
    private static func mapped(_ options: EnqueueOptions, function: StaticString = #function,
                               _ map: (WaitList, UnsafeMutablePointer<cl_event?>?, UnsafeMutablePointer<cl_int>) -> UnsafeMutableRawPointer?) throws(OpenCLError) -> (base: UnsafeMutableRawPointer, event: CLEvent?) {
        var base: UnsafeMutableRawPointer?
        let event = try enqueue(options, function: function) { waits, event in
            var status: cl_int = CL_SUCCESS
            base = map(waits, event, &status)
            return status
        }
        guard let base else { throw OpenCLError(status: .mapFailure, routine: routine(function) + " returned NULL") }
        return (base, event)
    }

    static func enqueueUnmapMemObject(_ queue: QueueHandle, _ memory: MemoryHandle, _ base: UnsafeMutableRawPointer,
                                      options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueUnmapMemObject(queue.pointer, memory.pointer, base, waits.count, waits.events, event)
        }
    }

    /// A marker that completes when every command enqueued before it has (and, with `events`, those too).
    /// Runs `function` as a command (`clEnqueueNativeKernel`): OpenCL copies the argument block and, in its copy,
    /// writes the address of each of `memory`'s storage into the pointer-sized slot at the matching byte offset of
    /// `memoryOffsets`, then calls `function` with the copy on one of the device's threads.
    static func enqueueNativeKernel(_ queue: QueueHandle, function: @convention(c) (UnsafeMutableRawPointer?) -> Void,
                                    arguments: UnsafeMutableRawBufferPointer, memory: [MemoryHandle], memoryOffsets: [Int],
                                    options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        let handles: [cl_mem?] = memory.map { $0.pointer }
        var locations: [UnsafeRawPointer?] = memoryOffsets.map { UnsafeRawPointer(arguments.baseAddress! + $0) }
        return try enqueue(options) { waits, event in
            // No memory objects: both lists must be NULL.
            handles.withUnsafeBufferPointer { list in
                locations.withUnsafeMutableBufferPointer { slots in
                    clEnqueueNativeKernel(queue.pointer, function, arguments.baseAddress, arguments.count, cl_uint(list.count),
                                          list.isEmpty ? nil : list.baseAddress, list.isEmpty ? nil : slots.baseAddress,
                                          waits.count, waits.events, event)
                }
            }
        }
    }

    static func enqueueMarkerWithWaitList(_ queue: QueueHandle, waitingFor events: [CLEvent] = []) throws(OpenCLError) -> CLEvent {
        let options = EnqueueOptions(wantEvent: true, waitList: events)
        guard let marker = try enqueue(options, { waits, event in clEnqueueMarkerWithWaitList(queue.pointer, waits.count, waits.events, event) }) else {
            throw OpenCLError(status: .invalidEvent, routine: routine(#function) + " returned no event")
        }
        return marker
    }

    /// A barrier: commands enqueued after it start only once `events` (none: every earlier command of this
    /// queue) have completed. The wait happens on the device; no host thread blocks.
    static func enqueueBarrierWithWaitList(_ queue: QueueHandle, waitingFor events: [CLEvent]) throws(OpenCLError) {
        _ = try enqueue(EnqueueOptions(wantEvent: false, waitList: events)) { waits, event in
            clEnqueueBarrierWithWaitList(queue.pointer, waits.count, waits.events, event)
        }
    }

    /// A barrier with `options`' wait list, and its event when asked for (a recorded barrier replayed one by one).
    static func enqueueBarrierWithWaitList(_ queue: QueueHandle, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in clEnqueueBarrierWithWaitList(queue.pointer, waits.count, waits.events, event) }
    }

    /// Blocks the calling thread until `events` have completed; throws when one of them failed.
    static func waitForEvents(_ events: [CLEvent]) throws(OpenCLError) {
        var list: [cl_event?] = events.map { $0.handle.pointer }
        try check(clWaitForEvents(cl_uint(list.count), &list))
    }

    static func getEventInfo(_ event: EventHandle, _ parameter: InfoParameter<InfoOf.Event>) -> InfoQuery {
        InfoQuery(routine(#function, parameter.name)) { size, value, sizeRet in
            clGetEventInfo(event.pointer, parameter.value, size, value, sizeRet)
        }
    }

    /// Calls `handler` once `event` completes with the event's final execution status (negative: the command
    /// failed). `payload` stays alive until then.
    ///
    /// With `runsUserCode` (an `async` completion, an ``CommandEvent/onCompletion(_:)`` handler) the handler runs on a
    /// Dispatch global queue, never on the runtime's thread: a runtime may call back inline on the registering thread
    /// when the event has already completed (PoCL does), possibly inside a ``ComputeQueue`` closure where a
    /// `queue.sync` would be refused as re-entrant; and a handler that waits for more OpenCL work on the runtime's own
    /// thread can deadlock it (PoCL completes commands and calls back on its worker threads). SwiftCL's own handlers
    /// (resuming a task, releasing objects) run where the runtime calls them.
    static func setEventCallback(_ event: CLEvent, keepingAlive payload: [AnyObject], runsUserCode: Bool = false,
                                 _ handler: @escaping @Sendable (CLStatus) -> Void) throws(OpenCLError) {
        let box = Unmanaged.passRetained(EventCallbackBox(event: event, payload: payload, handler: handler,
                                                          runsUserCode: runsUserCode)).toOpaque()
        let status = clSetEventCallback(event.handle.pointer, CL_COMPLETE, { _, status, userData in
            guard let userData else { return }
            let box = Unmanaged<EventCallbackBox>.fromOpaque(userData).takeRetainedValue()
            let status = CLStatus(rawValue: status)
            if box.runsUserCode || QueueNesting.isInsideAnyQueue {
                DispatchQueue.global().async { box.handler(status) }
            } else {
                box.handler(status)
            }
        }, box)
        if status != CL_SUCCESS {
            Unmanaged<EventCallbackBox>.fromOpaque(box).release()
            try check(status)
        }
    }

    static func getEventProfilingInfo(_ event: EventHandle, _ parameter: InfoParameter<InfoOf.EventProfiling>) -> InfoQuery {
        InfoQuery(routine(#function, parameter.name)) { size, value, sizeRet in
            clGetEventProfilingInfo(event.pointer, parameter.value, size, value, sizeRet)
        }
    }

    static func releaseEvent(_ event: EventHandle) {
        logFailure(clReleaseEvent(event.pointer))
    }
}

/// What an event callback carries across the C boundary: the event (kept until the callback has run),
/// the objects the commands used, and whom to tell. `@unchecked Sendable`: every property is a constant, and the
/// payload is only held (never used), so handing the box to the thread that calls the handler shares nothing mutable.
private final class EventCallbackBox: @unchecked Sendable {
    let event: CLEvent
    let payload: [AnyObject]
    let handler: @Sendable (CLStatus) -> Void
    let runsUserCode: Bool

    init(event: CLEvent, payload: [AnyObject], handler: @escaping @Sendable (CLStatus) -> Void, runsUserCode: Bool) {
        self.event = event
        self.payload = payload
        self.handler = handler
        self.runsUserCode = runsUserCode
    }
}

extension CL {
    /// A user event of `context`: it stays `CL_SUBMITTED` until ``setUserEventStatus(_:_:)`` settles it.
    static func createUserEvent(_ context: ContextHandle) throws(OpenCLError) -> CLEvent {
        CLEvent(adopting: try create { status in clCreateUserEvent(context.pointer, status) })
    }

    /// Settles a user event: `CL_COMPLETE` (0) or a negative status (the commands waiting for it fail).
    static func setUserEventStatus(_ event: EventHandle, _ status: Int32) throws(OpenCLError) {
        try check(clSetUserEventStatus(event.pointer, status))
    }
}
