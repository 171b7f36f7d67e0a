/// The event of an enqueued command (or of a marker): its status, its profiling times, and its completion,
/// which a host can wait for or await and another queue can wait for on the device (``ComputeEncoder/wait(for:)``).
///
/// Get one from ``ComputeEncoder/commandEvent(_:)`` (any commands), ``ComputeEncoder/launch(_:_:_:waitingFor:)``,
/// ``ComputeEncoder/marker()``, ``ComputeEncoder/enqueueWrite(_:from:at:)`` or ``ComputeQueue/submit(_:)`` (sync or
/// async). It is `Sendable`: hand it to another queue's closure, or to ``ComputeEncoder/waiting(for:_:)``.
public final class CommandEvent: Sendable, CustomStringConvertible {
    let event: CLEvent
    /// The context of the command's queue (events order commands within one context).
    public let context: Context
    /// What the command was ("launch square", "write", "marker").
    public let label: String

    init(_ event: CLEvent, context: Context, label: String) {
        self.event = event
        self.context = context
        self.label = label
    }

    /// Where a command is (`CL_EVENT_COMMAND_EXECUTION_STATUS`).
    public enum Status: Hashable, Sendable {
        case queued, submitted, running, complete
        /// The command failed with this status.
        case failed(CLStatus)
    }

    /// The command's status now. Reading it cannot fail for an event SwiftCL holds; should the runtime refuse the
    /// query anyway, the status is `.failed` with the runtime's code.
    public var status: Status {
        let code: Int32
        do {
            code = try event.executionStatus()
        } catch let error as OpenCLError {
            return .failed(error.status)
        } catch {
            return .failed(.invalidEvent)
        }
        return switch code {
        case 0: .complete
        case 1: .running
        case 2: .submitted
        case 3: .queued
        default: .failed(CLStatus(rawValue: code))
        }
    }

    /// Whether the command has completed successfully.
    public var isComplete: Bool { status == .complete }

    /// The command's profiling times on the device's clock (every ``ComputeQueue`` profiles).
    /// - Throws: ``OpenCLError`` with ``CLStatus/profilingInfoNotAvailable`` until the command has completed.
    public var times: CommandTimes {
        get throws { try event.profilingTimes() }
    }

    /// Blocks the calling thread until the command has completed.
    /// - Throws: ``OpenCLError`` when the command failed.
    @available(*, noasync, message: "blocks the calling thread; use `try await event.completed`")
    public func wait() throws {
        try CL.waitForEvents([event])
    }

    /// Suspends until the command has completed (an OpenCL callback resumes the task; no thread blocks).
    /// - Throws: ``OpenCLError`` when the command failed.
    public var completed: Void {
        get async throws {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                do {
                    try onCompletion { error in
                        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                    }
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Calls `handler` once the command has ended (PyOpenCL's `set_callback`): with nil when it completed, with the
    /// ``OpenCLError`` it failed with otherwise. The handler runs on a Dispatch global queue (never inside one of
    /// SwiftCL's queues, nor on the runtime's threads), possibly before this returns when the command has already
    /// ended; it may use queues. The event (and what the handler captures) stays alive until the handler has run.
    /// - Throws: ``OpenCLError`` when the runtime refuses the callback (the handler is then never called).
    public func onCompletion(_ handler: @escaping @Sendable ((any Error)?) -> Void) throws {
        let label = label
        try CL.setEventCallback(event, keepingAlive: [self], runsUserCode: true) { status in
            handler(status.rawValue < 0 ? OpenCLError(status: status, routine: "command completion (\(label))") : nil)
        }
    }

    public var description: String { "CommandEvent(\(label))" }
}

/// When a command was queued, submitted, started and ended, on the device's profiling clock.
public struct CommandTimes: Hashable, Sendable {
    public let queued: Duration
    public let submitted: Duration
    public let started: Duration
    public let ended: Duration

    /// How long the command ran on the device.
    public var duration: Duration { ended - started }
    /// How long it waited between being queued and starting.
    public var waited: Duration { started - queued }
}

/// One command of a measured closure and its times (``Timing/commands``).
public struct CommandTiming: Hashable, Sendable {
    /// What the command was ("launch square", "write").
    public let label: String
    public let times: CommandTimes
}
