/// The kinds of OpenCL device (`cl_device_type` bits).
public struct DeviceType: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    // The type bits (.cpu, .gpu, …) come from the headers: DeviceType+OpenCL.swift.

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
