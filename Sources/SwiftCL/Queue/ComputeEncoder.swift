internal import COpenCL

/// The handle a ``ComputeQueue`` closure receives: everything it enqueues goes onto that queue, in
/// order. Valid only inside the closure (using it afterwards throws ``SwiftCLError/encoderExpired``)
/// and not `Sendable`, so it cannot be handed to another thread.
///
/// Host transfers (`read`, `write`, mapping) return when the host memory has been read or written;
/// launches, device copies and fills are asynchronous and keep every object they use alive until
/// they complete.
public final class ComputeEncoder {
    /// The queue this encoder enqueues onto.
    public let queue: ComputeQueue
    let measuring: Bool
    private(set) var isExpired = false
    /// Objects used by commands that may still be running, released once they complete.
    var inFlight: [AnyObject] = []
    var mapped: Set<ObjectIdentifier> = []
    /// What the previous launch added to `inFlight`, so a batch of identical launches retains once.
    var lastLaunchRetained: [ObjectIdentifier] = []
    private var firstEvent: cl_event?
    private var lastEvent: cl_event?

    init(queue: ComputeQueue, measuring: Bool) {
        self.queue = queue
        self.measuring = measuring
    }

    deinit {
        if let firstEvent { clReleaseEvent(firstEvent) }
        if let lastEvent { clReleaseEvent(lastEvent) }
    }

    /// The device of the queue.
    public var device: Device { queue.device }
    /// The context of the queue.
    public var context: Context { queue.context }

    func checkUsable() throws {
        if isExpired { throw SwiftCLError.encoderExpired }
    }

    /// Checks that a command may use `object`: it belongs to the queue's context and this encoder does
    /// not have it mapped (OpenCL leaves commands on a mapped region undefined; use the mapped span).
    func checkContext(_ object: MemoryObject, operation: String = #function) throws {
        if object.context !== queue.context {
            throw SwiftCLError.contextMismatch("\(object.kindDescription) belongs to \(object.context), the queue to \(queue.context)")
        }
        try checkNotMapped(object, operation)
    }

    /// Which host access a command needs of the objects it transfers.
    enum HostDirection { case read, write, readWrite }

    /// The preamble every command shares: the encoder is live, every object belongs to the queue's
    /// context and is not mapped by this encoder, and, for host transfers, each object's ``HostAccess``
    /// allows the direction.
    func prepare(_ objects: MemoryObject..., hostAccess direction: HostDirection? = nil, operation: String = #function) throws {
        try checkUsable()
        for object in objects {
            try checkContext(object, operation: operation)
            guard let direction, let access = (object as? any HostAccessible)?.hostAccessMode else { continue }
            let allowed = switch direction {
            case .read: access.allowsRead
            case .write: access.allowsWrite
            case .readWrite: access.allowsRead && access.allowsWrite
            }
            if !allowed {
                throw SwiftCLError.hostAccessDenied(operation: operation, object: object.kindDescription, access: access)
            }
        }
    }

    /// Keeps `objects` alive until the commands using them complete.
    func keepAlive(_ objects: AnyObject...) {
        inFlight.append(contentsOf: objects)
    }

    /// Runs `body` with an event slot when measuring (so the command's profiling times are kept) and
    /// with none otherwise (no event is created on the fast path).
    func withEvent<T>(_ body: (UnsafeMutablePointer<cl_event?>?) throws -> T) throws -> T {
        guard measuring else { return try body(nil) }
        var event: cl_event?
        let value = try body(&event)
        if let event {
            if firstEvent == nil {
                firstEvent = event
            } else {
                if let lastEvent { clReleaseEvent(lastEvent) }
                lastEvent = event
            }
        }
        return value
    }

    /// Submits everything enqueued so far to the device without waiting (`clFlush`).
    public func flush() throws {
        try checkUsable()
        try check(clFlush(queue.id), "clFlush")
    }

    /// Waits until everything enqueued so far has completed (`clFinish`).
    public func finish() throws {
        try checkUsable()
        try check(clFinish(queue.id), "clFinish")
        inFlight.removeAll(keepingCapacity: true)
        lastLaunchRetained.removeAll()
    }

    /// Ends the encoder's life: waits for outstanding commands so nothing it kept alive is released
    /// early, then refuses further use.
    func expire() {
        if isExpired { return }
        if !inFlight.isEmpty {
            release(clFinish(queue.id), "clFinish")
            inFlight.removeAll()
        }
        isExpired = true
    }

    /// Enqueues a marker after the closure's commands and calls `handler` from the OpenCL callback
    /// when it completes, then releases what the commands used.
    func notifyWhenComplete(_ handler: @escaping @Sendable (Result<Void, any Error>) -> Void) throws {
        var marker: cl_event?
        try check(clEnqueueMarkerWithWaitList(queue.id, 0, nil, &marker), "clEnqueueMarkerWithWaitList")
        guard let marker else {
            throw OpenCLError(status: .invalidEvent, routine: "clEnqueueMarkerWithWaitList returned no event")
        }
        let box = CompletionBox(keepAlive: inFlight, handler: handler)
        inFlight.removeAll()
        lastLaunchRetained.removeAll()
        isExpired = true
        let context = Unmanaged.passRetained(box).toOpaque()
        let status = clSetEventCallback(marker, CL_COMPLETE, { event, status, userData in
            guard let userData else { return }
            let box = Unmanaged<CompletionBox>.fromOpaque(userData).takeRetainedValue()
            if let event { clReleaseEvent(event) }
            if status < 0 {
                box.handler(.failure(OpenCLError(status: CLStatus(rawValue: status), routine: "command completion")))
            } else {
                box.handler(.success(()))
            }
        }, context)
        if status != CL_SUCCESS {
            Unmanaged<CompletionBox>.fromOpaque(context).release()
            clReleaseEvent(marker)
            throw OpenCLError(status: CLStatus(rawValue: status), routine: "clSetEventCallback")
        }
        try check(clFlush(queue.id), "clFlush")
    }

    /// Device time between the first command's start and the last command's end.
    func deviceTime() throws -> Duration {
        guard let firstEvent else { return .zero }
        func time(_ event: cl_event, _ parameter: Int32, _ label: String) throws -> UInt64 {
            try InfoQuery("clGetEventProfilingInfo(\(label))") { size, value, sizeRet in
                clGetEventProfilingInfo(event, cl_profiling_info(parameter), size, value, sizeRet)
            }.value(cl_ulong.self)
        }
        let start = try time(firstEvent, CL_PROFILING_COMMAND_START, "CL_PROFILING_COMMAND_START")
        let end = try time(lastEvent ?? firstEvent, CL_PROFILING_COMMAND_END, "CL_PROFILING_COMMAND_END")
        return .nanoseconds(Int64(end >= start ? end - start : 0))
    }
}

@available(*, unavailable, message: "a ComputeEncoder belongs to the closure it was handed to")
extension ComputeEncoder: Sendable {}

/// What an OpenCL completion callback needs: the objects to keep alive until then, and whom to tell.
private final class CompletionBox {
    let keepAlive: [AnyObject]
    let handler: @Sendable (Result<Void, any Error>) -> Void

    init(keepAlive: [AnyObject], handler: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        self.keepAlive = keepAlive
        self.handler = handler
    }
}
