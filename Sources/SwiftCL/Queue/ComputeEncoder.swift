/// The handle a ``ComputeQueue`` closure receives: everything it enqueues goes onto that queue, in
/// order. Valid only inside the closure (using it afterwards throws ``SwiftCLError/encoderExpired``)
/// and not `Sendable`, so it cannot be handed to another thread.
///
/// Host transfers (`read`, `write`, mapping) return when the host memory has been read or written;
/// launches, device copies and fills are asynchronous and keep every object they use alive until
/// they complete.
public final class ComputeEncoder {
    // The mutable state below is `@exclusivity(unchecked)`: an encoder never leaves the thread running its closure
    // (it is not `Sendable`), and no access to one of these properties overlaps another to the same property, so the
    // run-time exclusivity check (a thread-local access set, ~10 % of a launch round trip's own instructions) guards nothing.

    /// The queue this encoder enqueues onto.
    public let queue: ComputeQueue
    let measuring: Bool
    @exclusivity(unchecked) private(set) var isExpired = false
    /// Objects used by commands that may still be running, released once they complete.
    @exclusivity(unchecked) var inFlight: [AnyObject] = []
    @exclusivity(unchecked) var mapped: Set<ObjectIdentifier> = []
    /// What the launch path remembers within this closure (its rules and the two outer memos: ``LaunchMemo``).
    @exclusivity(unchecked) var launchMemo: LaunchMemo
    /// Every command's event in a measured closure, with what the command was.
    @exclusivity(unchecked) private(set) var measuredEvents: [(label: String, event: CLEvent)] = []
    /// Set while ``commandEvent(_:)`` runs its body: commands then ask for events, and the last one is kept.
    @exclusivity(unchecked) var capturingEvent = false
    @exclusivity(unchecked) var capturedEvent: (label: String, event: CLEvent)?
    /// Set while ``waiting(for:_:)`` runs its body: the events every command then waits for (its own wait list).
    @exclusivity(unchecked) var pendingWaits: [CLEvent] = []
    /// Set while ``launch(_:_:arguments:reaching:)`` runs: the SVM addresses the kernel reaches through data.
    @exclusivity(unchecked) var svmReach: [UnsafeMutableRawPointer?]?
    /// Set for the closure of ``ComputeQueue/record(engine:_:)``: launches, copies and fills go into it instead of
    /// onto the queue, and every other command is refused.
    let recorder: CommandRecorder?

    /// An encoder for one closure of `queue`, filling `lists`' storage (taken until ``end(keepingListsIn:)``); with
    /// `recorder`, one that records instead of enqueueing.
    init(queue: ComputeQueue, measuring: Bool, reusing lists: inout EncoderLists, recorder: CommandRecorder? = nil) {
        self.queue = queue
        self.measuring = measuring
        self.recorder = recorder
        let taken = lists.take()
        inFlight = taken.inFlight
        launchMemo = LaunchMemo(scratch: taken.launchScratch)
    }

    /// The device of the queue.
    public var device: Device { queue.device }
    /// The context of the queue.
    public var context: Context { queue.context }

    /// Throws unless the encoder is live; while recording, also unless the command is `recordable` (a launch, device
    /// copy or fill), naming `operation`.
    func checkUsable(recordable: Bool = false, operation: @autoclosure () -> String = #function) throws {
        if isExpired { throw SwiftCLError.encoderExpired }
        if recorder != nil, !recordable { throw SwiftCLError.notRecordable(operation: operation()) }
    }

    /// Checks that a command may use `object`: it belongs to the queue's context and this encoder does
    /// not have it mapped (OpenCL leaves commands on a mapped region undefined; use the mapped span).
    func checkContext(_ object: MemoryObject, operation: @autoclosure () -> String = #function) throws {
        if object.context !== queue.context {
            throw SwiftCLError.contextMismatch(object: object.kindDescription, belongsTo: "\(object.context)",
                                                expected: "the queue's \(queue.context)")
        }
        try checkNotMapped(object, operation())
    }

    /// Which host access a command needs of the objects it transfers.
    enum HostDirection { case read, write, readWrite }

    /// The preamble every command shares: the encoder is live, every object belongs to the queue's
    /// context and is not mapped by this encoder, and, for host transfers, each object's ``HostAccess``
    /// allows the direction. On an out-of-order queue a blocking host transfer is ordered after every earlier
    /// command (a barrier), so it sees their results.
    func prepare(_ objects: MemoryObject..., hostAccess direction: HostDirection? = nil, blocking: Bool = true,
                 recordable: Bool = false, operation: String = #function) throws {
        try checkUsable(recordable: recordable, operation: operation)
        for object in objects {
            try checkContext(object, operation: operation)
            if direction == .read || direction == .readWrite { try ReplayPending.check(object, operation: operation) }
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
        if direction != nil, blocking, queue.isOutOfOrder {
            try CL.enqueueBarrierWithWaitList(queue.id, waitingFor: [])
        }
    }

    /// Keeps `objects` alive until the commands using them complete.
    func keepAlive(_ objects: AnyObject...) {
        inFlight.append(contentsOf: objects)
    }

    /// Whether commands should ask OpenCL for their events: when measuring or capturing one (no event is created on
    /// the fast path).
    var wantsEvents: Bool { measuring || capturingEvent }

    /// What each command asks of OpenCL: its event when ``wantsEvents``, and the events of an enclosing
    /// ``waiting(for:_:)``.
    var enqueueOptions: EnqueueOptions { enqueueOptions(wantEvent: wantsEvents) }

    /// ``enqueueOptions`` for a command that always hands its event back.
    func enqueueOptions(wantEvent: Bool) -> EnqueueOptions { EnqueueOptions(wantEvent: wantEvent, waitList: pendingWaits) }

    /// Keeps a command's event: every one of a measured closure (for per-command times), the last one while
    /// capturing. `label` says what the command was.
    /// `label` is evaluated only when the event is kept (no string is built on the fast path).
    func record(_ event: CLEvent?, label: @autoclosure () -> String) {
        guard let event else { return }
        if measuring { measuredEvents.append((label(), event)) }
        if capturingEvent { capturedEvent = (label(), event) }
    }

    /// Submits everything enqueued so far to the device without waiting (`clFlush`).
    /// - Throws: ``SwiftCLError/encoderExpired``, ``OpenCLError``.
    public func flush() throws {
        try checkUsable()
        try CL.flush(queue.id)
    }

    /// Waits until everything enqueued so far has completed (`clFinish`).
    /// - Throws: ``SwiftCLError/encoderExpired``, ``OpenCLError`` (including a failure of a command that was enqueued earlier).
    public func finish() throws {
        try checkUsable()
        try CL.finish(queue.id)
        inFlight.emptyInPlace()
        launchMemo.forgetRetained()
    }

    /// Ends the encoder's life: waits for outstanding commands so nothing it kept alive is released
    /// early, then refuses further use.
    func expire() {
        if isExpired { return }
        if !inFlight.isEmpty {
            CL.finishLoggingFailure(queue.id)
            inFlight.removeAll()
            launchMemo.forgetRetained()
        }
        isExpired = true
    }

    /// Ends a recording encoder's life: hands over what its recorded commands keep alive, then refuses further use.
    func endRecording() -> [AnyObject] {
        let kept = inFlight
        inFlight = []
        launchMemo.forgetRetained()
        isExpired = true
        return kept
    }

    /// Expires the encoder (if it has not) and gives its lists' storage back for the queue's next closure.
    func end(keepingListsIn lists: inout EncoderLists) {
        expire()
        var own = EncoderLists(inFlight: inFlight, launchScratch: launchMemo.scratch)
        inFlight = []
        launchMemo.scratch = []
        lists.keep(&own)
    }

    /// Enqueues a marker after the closure's commands and calls `handler` when it completes (on a Dispatch queue when
    /// it `runsUserCode`, see `CL.setEventCallback`), then releases what the commands used.
    func notifyWhenComplete(runsUserCode: Bool = false, _ handler: @escaping @Sendable (Result<Void, any Error>) -> Void) throws {
        _ = try completionMarker(runsUserCode: runsUserCode, handler)
    }

    /// Ends the encoder with a marker after its commands, whose completion releases what they used and calls
    /// `handler`; returns the marker.
    func completionMarker(runsUserCode: Bool = false, _ handler: @escaping @Sendable (Result<Void, any Error>) -> Void) throws -> CLEvent {
        let marker = try CL.enqueueMarkerWithWaitList(queue.id)
        let keepAlive = inFlight
        inFlight.removeAll()
        launchMemo.forgetRetained()
        isExpired = true
        try CL.setEventCallback(marker, keepingAlive: keepAlive, runsUserCode: runsUserCode) { status in
            if status.rawValue < 0 {
                handler(.failure(OpenCLError(status: status, routine: "command completion")))
            } else {
                handler(.success(()))
            }
        }
        try CL.flush(queue.id)
        return marker
    }

    /// Device time between the first command's start and the last command's end, and each command's times.
    static func deviceTimes(of events: [(label: String, event: CLEvent)]) throws -> (total: Duration, commands: [CommandTiming]) {
        // The queue has finished, but NVIDIA's driver can still answer CL_PROFILING_INFO_NOT_AVAILABLE for an event
        // it has not yet seen complete itself (seen on an H100, driver 580); waiting on the events settles that.
        if !events.isEmpty { try CL.waitForEvents(events.map(\.event)) }
        let commands = try events.map { CommandTiming(label: $0.label, times: try $0.event.profilingTimes()) }
        guard let first = commands.first, let last = commands.last else { return (.zero, []) }
        let total = last.times.ended - first.times.started
        return (total < .zero ? .zero : total, commands)
    }
}

@available(*, unavailable, message: "a ComputeEncoder belongs to the closure it was handed to")
extension ComputeEncoder: Sendable {}
