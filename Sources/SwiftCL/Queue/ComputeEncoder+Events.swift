/// Events: the command events a closure can hand out, device-side waits, and non-blocking transfers.
extension ComputeEncoder {
    /// Runs `body` and returns the event of the last command it enqueued (a marker when it enqueued none):
    /// `let launched = try cl.commandEvent { try cl.launch(kernel, range, a, b) }`. Commands ask OpenCL for events
    /// only inside `body`, so the rest of the closure keeps the fast path.
    /// - Throws: what `body` throws, ``OpenCLError``.
    public func commandEvent(_ body: () throws -> Void) throws -> CommandEvent {
        try checkUsable()
        let wasCapturing = capturingEvent
        capturingEvent = true
        capturedEvent = nil
        defer { capturingEvent = wasCapturing }
        try body()
        guard let (label, event) = capturedEvent else { return try marker() }
        return CommandEvent(event, context: context, label: label)
    }

    /// ``commandEvent(_:)`` whose commands each wait, on the device, for `events` first (``waiting(for:_:)``):
    /// `let blurred = try cl.commandEvent(waitingFor: [uploaded]) { try cl.launch(blur, range, a, b) }`.
    /// - Throws: ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` for an event of another context, what `body` throws, ``OpenCLError``.
    public func commandEvent(waitingFor events: [CommandEvent], _ body: () throws -> Void) throws -> CommandEvent {
        try waiting(for: events) { try commandEvent(body) }
    }

    /// Runs `body` with every command it enqueues waiting, on the device, for `events` first: each command carries
    /// them in its own wait list (PyOpenCL's `wait_for=`), so nothing else on the queue is held back and no host
    /// thread blocks. The events may come from other queues and devices of the same context; scopes nest (the lists
    /// add up), and the events are kept alive until the commands have completed.
    /// - Throws: ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` for an event of another context (nothing runs then), what
    ///   `body` throws, ``OpenCLError``.
    public func waiting<T>(for events: [CommandEvent], _ body: () throws -> T) throws -> T {
        try checkUsable()
        try checkContext(of: events)
        if events.isEmpty { return try body() }
        let outer = pendingWaits
        pendingWaits = outer + events.map(\.event)
        defer { pendingWaits = outer }
        keepAlive(contentsOf: events)
        return try body()
    }

    /// Whether commands enqueued now wait for events of an enclosing ``waiting(for:_:)`` (libraries that enqueue
    /// through a handle, without a wait list, gate themselves behind a marker then).
    package var hasPendingWaits: Bool { !pendingWaits.isEmpty }

    /// A marker: an event that completes when every command enqueued on this queue before it has (and, inside
    /// ``waiting(for:_:)``, the events it waits for).
    /// - Throws: ``SwiftCLError/encoderExpired``, ``OpenCLError``.
    public func marker() throws -> CommandEvent {
        try checkUsable()
        return CommandEvent(try CL.enqueueMarkerWithWaitList(queue.id, waitingFor: pendingWaits), context: context, label: "marker")
    }

    /// Makes every command enqueued after this wait, on the device, until `events` have completed; no host thread
    /// blocks. The events may come from other queues of the same context. (A barrier: on an out-of-order queue it
    /// holds back every later command; ``waiting(for:_:)`` holds back only the commands inside it.)
    /// - Throws: ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` for an event of another context, ``OpenCLError``.
    public func wait(for events: [CommandEvent]) throws {
        try checkUsable()
        try checkContext(of: events)
        if events.isEmpty { return }
        try CL.enqueueBarrierWithWaitList(queue.id, waitingFor: events.map(\.event))
        keepAlive(contentsOf: events)
    }

    /// Refuses events of another context (OpenCL orders commands by events only within one).
    private func checkContext(of events: [CommandEvent]) throws {
        for event in events where event.context !== context {
            throw SwiftCLError.contextMismatch(object: "\(event)", belongsTo: "\(event.context)", expected: "the queue's \(context)")
        }
    }

    /// A barrier: commands enqueued after it start once every command before it has completed (it matters on
    /// out-of-order queues; an in-order queue already runs in order).
    /// - Throws: ``SwiftCLError/encoderExpired``, ``OpenCLError``.
    public func barrier() throws {
        try checkUsable(recordable: true)
        if let recorder { return try recorder.barrier() }
        try CL.enqueueBarrierWithWaitList(queue.id, waitingFor: [])
    }

    /// Writes `elements` into `buffer` from element `offset` without waiting. The array is kept until the write
    /// completes; since arrays are values, mutating your copy meanwhile copies it first, so the device always
    /// reads what you passed.
    /// - Throws: as ``write(_:from:at:)``.
    public func enqueueWrite<E>(_ buffer: Buffer<E>, from elements: [E], at offset: Int = 0) throws -> CommandEvent {
        try prepare(buffer, hostAccess: .write, blocking: false, operation: "enqueueWrite")
        let range = try buffer.checkedRange(offset: offset, count: elements.count, "enqueueWrite")
        guard !range.isEmpty else { throw SwiftCLError.invalidCount(operation: "enqueueWrite", count: 0, minimum: 1) }
        let held = HeldArray(elements)
        let event = try held.elements.withUnsafeBufferPointer { pointer in
            try CL.enqueueWriteBuffer(queue.id, buffer.id, blocking: false, offset: range.lowerBound * MemoryLayout<E>.stride,
                                      byteCount: range.count * MemoryLayout<E>.stride, from: pointer.baseAddress, options: enqueueOptions(wantEvent: true))
        }
        return try keepingEvent(event, label: "enqueueWrite", alive: buffer, held)
    }

    /// Reads `range` of `buffer` (all of it by default) without waiting; the result's ``PendingRead/value`` hands
    /// the elements over once the read has completed.
    /// - Throws: as ``read(_:range:)``.
    public func enqueueRead<E>(_ buffer: Buffer<E>, range: Range<Int>? = nil) throws -> PendingRead<E> {
        try prepare(buffer, hostAccess: .read, blocking: false, operation: "enqueueRead")
        let range = try buffer.checkedRange(range, "enqueueRead")
        guard !range.isEmpty else { throw SwiftCLError.invalidCount(operation: "enqueueRead", count: 0, minimum: 1) }
        let storage = UnsafeMutableBufferPointer<E>.allocate(capacity: range.count)
        let event: CLEvent?
        do {
            event = try CL.enqueueReadBuffer(queue.id, buffer.id, blocking: false, offset: range.lowerBound * MemoryLayout<E>.stride,
                                             byteCount: range.count * MemoryLayout<E>.stride, into: storage.baseAddress, options: enqueueOptions(wantEvent: true))
        } catch {
            storage.deallocate()
            throw error
        }
        let pending = PendingRead(storage: storage, event: try keepingEvent(event, label: "enqueueRead", alive: buffer))
        keepAlive(pending)
        return pending
    }

    /// The command event of a non-blocking command, recorded (for measured closures) with what it uses kept alive.
    private func keepingEvent(_ event: CLEvent?, label: String, alive objects: AnyObject...) throws -> CommandEvent {
        guard let event else { throw OpenCLError(status: .invalidEvent, routine: "\(label) returned no event") }
        record(event, label: label)
        inFlight.append(contentsOf: objects)
        return CommandEvent(event, context: context, label: label)
    }

    func keepAlive(contentsOf objects: [AnyObject]) {
        inFlight.append(contentsOf: objects)
    }
}

/// An array held for a non-blocking write, so its storage outlives the command.
private final class HeldArray<Element> {
    let elements: [Element]
    init(_ elements: [Element]) { self.elements = elements }
}
