internal import COpenCL

/// An event an enqueue handed back, owned: released when the last reference goes away.
final class CLEvent: Sendable {
    let handle: EventHandle

    /// Takes over the reference the creating call returned.
    init(adopting handle: EventHandle) { self.handle = handle }

    deinit { CL.releaseEvent(handle) }

    /// `CL_PROFILING_COMMAND_START`, in device nanoseconds.
    func profilingStart() throws -> UInt64 {
        try CL.getEventProfilingInfo(handle, .CL_PROFILING_COMMAND_START).value(UInt64.self)
    }

    /// `CL_PROFILING_COMMAND_END`, in device nanoseconds.
    func profilingEnd() throws -> UInt64 {
        try CL.getEventProfilingInfo(handle, .CL_PROFILING_COMMAND_END).value(UInt64.self)
    }
}
