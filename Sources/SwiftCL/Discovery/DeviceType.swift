internal import COpenCL

/// The kinds of OpenCL device (`cl_device_type` bits).
public struct DeviceType: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// `CL_DEVICE_TYPE_CPU`: the host processor (PoCL's pthread device).
    public static let cpu = DeviceType(rawValue: UInt64(CL_DEVICE_TYPE_CPU))
    /// `CL_DEVICE_TYPE_GPU`.
    public static let gpu = DeviceType(rawValue: UInt64(CL_DEVICE_TYPE_GPU))
    /// `CL_DEVICE_TYPE_ACCELERATOR`.
    public static let accelerator = DeviceType(rawValue: UInt64(CL_DEVICE_TYPE_ACCELERATOR))
    /// `CL_DEVICE_TYPE_CUSTOM`.
    public static let custom = DeviceType(rawValue: UInt64(CL_DEVICE_TYPE_CUSTOM))
    /// `CL_DEVICE_TYPE_DEFAULT`.
    public static let `default` = DeviceType(rawValue: UInt64(CL_DEVICE_TYPE_DEFAULT))
    /// `CL_DEVICE_TYPE_ALL`.
    public static let all = DeviceType(rawValue: UInt64(CL_DEVICE_TYPE_ALL))

    public var description: String {
        if self == .all { return "all" }
        var names: [String] = []
        if contains(.cpu) { names.append("CPU") }
        if contains(.gpu) { names.append("GPU") }
        if contains(.accelerator) { names.append("accelerator") }
        if contains(.custom) { names.append("custom") }
        if contains(.default) { names.append("default") }
        return names.isEmpty ? "none" : names.joined(separator: "|")
    }
}
