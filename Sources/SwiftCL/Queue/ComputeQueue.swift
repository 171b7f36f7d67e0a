import Dispatch

/// One device, one in-order OpenCL command queue with profiling on, and one serial Dispatch queue —
/// the guide's `gcl_create_dispatch_queue`. Closures run one at a time in the order they were submitted; a `sync`
/// closure runs on the caller's thread when no asynchronous one is pending (see `SerialExecution`).
///
/// Work is submitted as a closure that receives a ``ComputeEncoder`` bound to this queue:
/// ``sync(_:)`` returns when the work has completed, ``async(_:completion:)`` calls back,
/// ``run(_:)`` is awaited (an OpenCL event callback resumes the task; no thread is blocked), and
/// ``measure(_:)`` also returns device and host time.
public final class ComputeQueue: Sendable, CustomStringConvertible {
    // Commands are only enqueued from closures `execution` runs, one at a time.
    let id: QueueHandle
    /// The device commands run on (the guide's `gcl_get_device_id_with_dispatch_queue`).
    public let device: Device
    /// The context buffers and programs used on this queue must belong to.
    public let context: Context
    let execution: SerialExecution
    /// Whether the OpenCL queue may run commands out of order (see ``init(device:context:outOfOrder:)``).
    public let isOutOfOrder: Bool

    /// A queue on the most capable device of `type` (most compute units) in its platform's shared
    /// context. Throws ``SwiftCLError/noDevice(requested:available:platforms:)`` when there is none.
    public convenience init(_ type: DeviceType) throws {
        try self.init(device: Device.default(ofType: type))
    }

    /// A queue on the most capable device of the first type in `types` that has one: `[.gpu, .cpu]` runs on a GPU
    /// where there is one and on the CPU elsewhere. Throws ``SwiftCLError/noDevice(requested:available:platforms:)``
    /// when no type has a device.
    public convenience init(preferring types: [DeviceType]) throws {
        try self.init(device: Device.default(preferring: types))
    }

    /// A queue on a specific device (the guide's `CL_DEVICE_TYPE_USE_ID`), in `context` or, by
    /// default, the device's shared context.
    ///
    /// With `outOfOrder`, the device may run launches, copies and fills in any order unless
    /// ``ComputeEncoder/wait(for:)`` or ``ComputeEncoder/barrier()`` orders them; blocking host transfers and maps
    /// still see every command enqueued before them (each is preceded by a barrier).
    /// - Throws: ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` when `context` lacks the device,
    ///   ``SwiftCLError/outOfOrderUnsupported(device:)``, ``OpenCLError``.
    public init(device: Device, context: Context? = nil, outOfOrder: Bool = false) throws {
        let context = try context ?? Context.shared(for: device)
        guard context.contains(device) else {
            throw SwiftCLError.contextMismatch(object: "device \(device.name)", belongsTo: nil, expected: "\(context)")
        }
        self.device = device
        self.context = context
        if outOfOrder, !(try CL.supportsOutOfOrderQueues(device.id)) {
            throw SwiftCLError.outOfOrderUnsupported(device: device.name)
        }
        isOutOfOrder = outOfOrder
        if device.version.hasPrefix("OpenCL 1.") {
            id = try CL.createCommandQueue(context.id, device.id, outOfOrder: outOfOrder)
        } else {
            id = try CL.createCommandQueueWithProperties(context.id, device.id, outOfOrder: outOfOrder)
        }
        execution = SerialExecution(label: "SwiftCL.ComputeQueue(\(device.name))")
        LiveObjectCounts.track(.queue, +1)
    }

    /// A queue over `id` (already retained by the caller) on `device` of `context`.
    init(adopting id: QueueHandle, device: Device, context: Context, outOfOrder: Bool) {
        self.id = id
        self.device = device
        self.context = context
        isOutOfOrder = outOfOrder
        execution = SerialExecution(label: "SwiftCL.ComputeQueue(\(device.name))")
        LiveObjectCounts.track(.queue, +1)
    }

    deinit {
        CL.finishLoggingFailure(id)
        CL.releaseCommandQueue(id)
        LiveObjectCounts.track(.queue, -1)
    }

    public var description: String { "ComputeQueue(\(device.name))" }

    /// Runs `body` on the queue and returns once every command it enqueued has completed.
    ///
    /// Throws what `body` throws, or the error that completing its commands raised. Calling `sync`
    /// from a closure already running on this queue throws ``SwiftCLError/reentrantSync(queue:)``.
    @available(*, noasync, message: "blocks the calling thread; use run(_:) from async code")
    public func sync<T>(_ body: (ComputeEncoder) throws -> T) throws -> T {
        try checkNotNested()
        return try execution.sync { lists in
            try QueueNesting.inside(self) {
                let encoder = ComputeEncoder(queue: self, measuring: false, reusing: &lists)
                defer { encoder.end(keepingListsIn: &lists) }
                let value = try body(encoder)
                try encoder.finish()
                return value
            }
        }
    }

    /// Refuses a blocking call from a thread already inside one of this queue's closures, directly or
    /// through other queues' closures (it would deadlock).
    private func checkNotNested(_ operation: String = #function) throws {
        if QueueNesting.isInside(self) {
            throw SwiftCLError.reentrantSync(queue: description)
        }
        // While the thread records for this queue, a closure that would run now (and wait) is not part of the recording.
        if RecordingScope.encoder(recording: self) != nil {
            throw SwiftCLError.notRecordable(operation: "\(description).\(operation)")
        }
    }

    /// Runs `body` on the queue asynchronously; `completion` receives success once the enqueued
    /// commands have completed, or the first error. It runs on a Dispatch global queue (never inside one of
    /// SwiftCL's queues, nor on the runtime's threads), so it may call ``sync(_:)`` on this or any queue.
    public func async(
        _ body: @escaping @Sendable (ComputeEncoder) throws -> Void,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        execution.async { lists in
            QueueNesting.inside(self) {
                let encoder = ComputeEncoder(queue: self, measuring: false, reusing: &lists)
                defer { encoder.end(keepingListsIn: &lists) }
                do {
                    try body(encoder)
                    try encoder.notifyWhenComplete(runsUserCode: true, completion)
                } catch {
                    encoder.expire()
                    completion(.failure(error))
                }
            }
        }
    }

    /// Runs `body` on the queue and suspends until its commands have completed. The wait is an
    /// OpenCL event callback resuming the task, so no thread blocks on the device.
    /// - Throws: what `body` throws, or the ``OpenCLError`` completing its commands raised.
    public func run<T: Sendable>(_ body: @escaping @Sendable (ComputeEncoder) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            execution.async { lists in
                QueueNesting.inside(self) {
                    let encoder = ComputeEncoder(queue: self, measuring: false, reusing: &lists)
                    defer { encoder.end(keepingListsIn: &lists) }
                    do {
                        let value = try body(encoder)
                        try encoder.notifyWhenComplete { result in
                            continuation.resume(with: result.map { value })
                        }
                    } catch {
                        encoder.expire()
                        continuation.resume(throwing: error)
                    }
                }
            }
        }
    }

    /// Like ``sync(_:)``, and also times the work (the guide's `gcl_start_timer`/`gcl_stop_timer`):
    /// device time from the first command's start to the last command's end (profiling events), host
    /// time around the whole closure including the wait.
    /// - Throws: as ``sync(_:)``, and ``OpenCLError`` when profiling information cannot be read.
    @available(*, noasync, message: "blocks the calling thread while the device works")
    public func measure<T>(_ body: (ComputeEncoder) throws -> T) throws -> Timing<T> {
        try checkNotNested()
        return try execution.sync { lists in
            try QueueNesting.inside(self) {
                let encoder = ComputeEncoder(queue: self, measuring: true, reusing: &lists)
                defer { encoder.end(keepingListsIn: &lists) }
                let clock = ContinuousClock()
                let start = clock.now
                let value = try body(encoder)
                try encoder.finish()
                let host = clock.now - start
                let device = try ComputeEncoder.deviceTimes(of: encoder.measuredEvents)
                return Timing(value: value, deviceTime: device.total, hostTime: host, commands: device.commands)
            }
        }
    }

    /// ``measure(_:)`` for async code: suspends (no thread blocks) until the commands have completed, then returns
    /// the value, the device time, each command's times and the host time.
    /// - Throws: what `body` throws, the ``OpenCLError`` completing its commands raised, or one reading their times.
    public func measure<T: Sendable>(_ body: @escaping @Sendable (ComputeEncoder) throws -> T) async throws -> Timing<T> {
        let clock = ContinuousClock()
        let start = clock.now
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Timing<T>, any Error>) in
            execution.async { lists in
                QueueNesting.inside(self) {
                    let encoder = ComputeEncoder(queue: self, measuring: true, reusing: &lists)
                    defer { encoder.end(keepingListsIn: &lists) }
                    do {
                        let value = try body(encoder)
                        let events = encoder.measuredEvents
                        try encoder.notifyWhenComplete { result in
                            continuation.resume(with: result.flatMap {
                                Result {
                                    let device = try ComputeEncoder.deviceTimes(of: events)
                                    return Timing(value: value, deviceTime: device.total, hostTime: clock.now - start,
                                                  commands: device.commands)
                                }
                            })
                        }
                    } catch {
                        encoder.expire()
                        continuation.resume(throwing: error)
                    }
                }
            }
        }
    }

    /// Enqueues `body`'s commands and returns without waiting for them: the closure's value and an event that
    /// completes when they have. Another queue of the context can ``ComputeEncoder/wait(for:)`` the event on the
    /// device (the guide's Listing 8-3 without a blocked thread); what the commands use stays alive until then.
    /// - Throws: what `body` throws (nothing it enqueued is waited for then), ``OpenCLError``.
    @available(*, noasync, message: "briefly blocks the calling thread while the closure enqueues; use the async submit(_:) from async code")
    public func submit<T>(_ body: (ComputeEncoder) throws -> T) throws -> (value: T, completion: CommandEvent) {
        try checkNotNested()
        return try execution.sync { lists in
            try QueueNesting.inside(self) { try enqueueSubmission(body, lists: &lists) }
        }
    }

    /// ``submit(_:)`` for async code: the closure runs on the queue while the task is suspended (no cooperative
    /// thread blocks), and the task resumes once the commands are enqueued — not completed: await
    /// ``CommandEvent/completed`` for that, or hand the event to another queue's ``ComputeEncoder/waiting(for:_:)``.
    /// - Throws: what `body` throws (nothing it enqueued is waited for then), ``OpenCLError``.
    public func submit<T: Sendable>(_ body: @escaping @Sendable (ComputeEncoder) throws -> T) async throws
        -> (value: T, completion: CommandEvent) {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(value: T, completion: CommandEvent), any Error>) in
            execution.async { lists in
                QueueNesting.inside(self) {
                    continuation.resume(with: Result { try self.enqueueSubmission(body, lists: &lists) })
                }
            }
        }
    }

    /// Runs `body` with a fresh encoder and ends it with a completion marker (released commands' objects when it
    /// completes); inside one of the queue's closures.
    private func enqueueSubmission<T>(_ body: (ComputeEncoder) throws -> T, lists: inout EncoderLists) throws
        -> (value: T, completion: CommandEvent) {
        let encoder = ComputeEncoder(queue: self, measuring: false, reusing: &lists)
        defer { encoder.end(keepingListsIn: &lists) }
        let value: T
        do {
            value = try body(encoder)
        } catch {
            encoder.expire()
            throw error
        }
        let marker = try encoder.completionMarker { _ in }
        return (value, CommandEvent(marker, context: context, label: "submit"))
    }
}

/// What ``ComputeQueue/measure(_:)`` returns: the closure's value and how long it took.
public struct Timing<Value> {
    /// What the closure returned.
    public let value: Value
    /// First command start to last command end, from OpenCL profiling; zero when nothing was enqueued.
    public let deviceTime: Duration
    /// Wall time around the closure and the wait for its commands.
    public let hostTime: Duration
    /// Each command's label and profiling times, in the order they were enqueued.
    public let commands: [CommandTiming]
}

extension Timing: Sendable where Value: Sendable {}
