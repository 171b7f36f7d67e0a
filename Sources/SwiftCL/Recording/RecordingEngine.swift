/// How a ``CommandRecording`` replays its commands.
public enum RecordingEngine: String, Hashable, Sendable, CustomStringConvertible {
    /// One `cl_khr_command_buffer` command buffer, enqueued by one call (`clEnqueueCommandBufferKHR`): the driver holds
    /// the recorded commands and their bound arguments.
    case commandBuffer
    /// The recorded commands enqueued one by one, as checked when they were recorded (no argument is checked again):
    /// the fallback on a device without `cl_khr_command_buffer`, and a baseline to compare a command buffer with.
    case oneByOne

    public var description: String {
        switch self {
        case .commandBuffer: "command buffer (cl_khr_command_buffer)"
        case .oneByOne: "one by one"
        }
    }
}
