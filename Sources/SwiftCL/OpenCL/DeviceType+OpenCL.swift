internal import COpenCL

// The device-type bits, from the headers.
extension DeviceType {
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
}
