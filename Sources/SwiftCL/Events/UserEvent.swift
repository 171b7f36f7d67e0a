/// An event the host completes (`clCreateUserEvent`, PyOpenCL's `UserEvent`): commands made to wait for ``event``
/// (``ComputeEncoder/waiting(for:_:)``, ``ComputeEncoder/wait(for:)``) start once the host calls ``complete()``.
/// It holds device work back until something outside OpenCL is ready, without blocking a host thread.
///
/// One that is let go unsettled fails (status ``CLStatus/invalidOperation``), so the commands waiting for it end
/// as failed instead of waiting forever; ``cancel()`` does so at once.
public final class UserEvent: Sendable {
    /// The event commands wait for.
    public let event: CommandEvent
    private let settled = Locked(false)

    /// A user event of `context`, not yet complete.
    /// - Throws: ``OpenCLError``.
    public init(context: Context) throws {
        event = CommandEvent(try CL.createUserEvent(context.id), context: context, label: "user event")
    }

    /// Completes the event: the commands waiting for it may start.
    /// - Throws: ``OpenCLError`` (``CLStatus/invalidOperation``) when it was already completed or cancelled.
    public func complete() throws { try settle(0) }

    /// Fails the event: the commands waiting for it end as failed, without running.
    /// - Throws: ``OpenCLError`` (``CLStatus/invalidOperation``) when it was already completed or cancelled.
    public func cancel() throws { try settle(CLStatus.invalidOperation.rawValue) }

    private func settle(_ status: Int32) throws {
        try settled.withLock { settled in
            if settled {
                throw OpenCLError(status: .invalidOperation, routine: "clSetUserEventStatus (the user event was already settled)")
            }
            try CL.setUserEventStatus(event.event.handle, status)
            settled = true
        }
    }

    deinit {
        if !settled.withLock({ $0 }) { try? CL.setUserEventStatus(event.event.handle, CLStatus.invalidOperation.rawValue) }
    }
}
