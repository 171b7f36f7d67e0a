/// What a device's `cl_khr_command_buffer` offers (`CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR`): see
/// ``Device/commandBufferCapabilities`` (nil on a device without the extension).
public struct CommandBufferCapabilities: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Recorded kernels may call `printf`.
    public static let kernelPrintf = CommandBufferCapabilities(rawValue: 1 << 0)
    /// Recorded kernels may enqueue kernels on the device.
    public static let deviceSideEnqueue = CommandBufferCapabilities(rawValue: 1 << 1)
    /// A recording may be enqueued again while an earlier replay of it is still pending.
    public static let simultaneousUse = CommandBufferCapabilities(rawValue: 1 << 2)
    /// Recordings may be made for out-of-order queues.
    public static let outOfOrder = CommandBufferCapabilities(rawValue: 1 << 3)

    public var description: String {
        let names: [(CommandBufferCapabilities, String)] = [(.kernelPrintf, "kernel printf"), (.deviceSideEnqueue, "device-side enqueue"),
                                                            (.simultaneousUse, "simultaneous use"), (.outOfOrder, "out of order")]
        let present = names.filter { contains($0.0) }.map(\.1)
        return present.isEmpty ? "none" : present.joined(separator: ", ")
    }
}
