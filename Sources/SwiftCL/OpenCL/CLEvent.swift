internal import COpenCL

/// An event an enqueue handed back, owned: released when the last reference goes away.
final class CLEvent: Sendable {
    let handle: EventHandle

    /// Takes over the reference the creating call returned.
    init(adopting handle: EventHandle) { self.handle = handle }

    deinit { CL.releaseEvent(handle) }

    /// `CL_PROFILING_COMMAND_QUEUED`, `_SUBMIT`, `_START` and `_END`, on the device's nanosecond clock.
    func profilingTimes() throws -> CommandTimes {
        func time(_ parameter: InfoParameter<InfoOf.EventProfiling>) throws -> Duration {
            .nanoseconds(Int64(clamping: try CL.getEventProfilingInfo(handle, parameter).value(UInt64.self)))
        }
        return CommandTimes(queued: try time(.CL_PROFILING_COMMAND_QUEUED), submitted: try time(.CL_PROFILING_COMMAND_SUBMIT),
                            started: try time(.CL_PROFILING_COMMAND_START), ended: try time(.CL_PROFILING_COMMAND_END))
    }

    /// `CL_EVENT_COMMAND_EXECUTION_STATUS`: `CL_QUEUED` (3) … `CL_COMPLETE` (0), or a negative error status.
    func executionStatus() throws -> Int32 {
        try CL.getEventInfo(handle, .CL_EVENT_COMMAND_EXECUTION_STATUS).value(Int32.self)
    }
}
