internal import COpenCL

/// An event an enqueue handed back, owned: released when the last reference goes away.
final class CLEvent: Sendable {
    let handle: EventHandle

    /// Takes over the reference the creating call returned.
    init(adopting handle: EventHandle) { self.handle = handle }

    deinit { CL.releaseEvent(handle) }

    /// `CL_PROFILING_COMMAND_QUEUED`, `_SUBMIT`, `_START` and `_END`, in device nanoseconds.
    func profilingTimes() throws -> (queued: UInt64, submitted: UInt64, started: UInt64, ended: UInt64) {
        (try CL.getEventProfilingInfo(handle, .CL_PROFILING_COMMAND_QUEUED).value(UInt64.self),
         try CL.getEventProfilingInfo(handle, .CL_PROFILING_COMMAND_SUBMIT).value(UInt64.self),
         try profilingStart(), try profilingEnd())
    }

    /// `CL_EVENT_COMMAND_EXECUTION_STATUS`: `CL_QUEUED` (3) … `CL_COMPLETE` (0), or a negative error status.
    func executionStatus() throws -> Int32 {
        try CL.getEventInfo(handle, .CL_EVENT_COMMAND_EXECUTION_STATUS).value(Int32.self)
    }

    /// `CL_PROFILING_COMMAND_START`, in device nanoseconds.
    func profilingStart() throws -> UInt64 {
        try CL.getEventProfilingInfo(handle, .CL_PROFILING_COMMAND_START).value(UInt64.self)
    }

    /// `CL_PROFILING_COMMAND_END`, in device nanoseconds.
    func profilingEnd() throws -> UInt64 {
        try CL.getEventProfilingInfo(handle, .CL_PROFILING_COMMAND_END).value(UInt64.self)
    }
}
