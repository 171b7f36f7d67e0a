internal import COpenCL

// Platforms, devices and their information.
extension CL {
    /// Every platform; empty (not an error) when the ICD loader answers `CL_PLATFORM_NOT_FOUND_KHR`,
    /// which it does when no vendor file is installed.
    static func getPlatformIDs() throws(OpenCLError) -> [PlatformHandle] {
        var count: cl_uint = 0
        let status = clGetPlatformIDs(0, nil, &count)
        if status == CLStatus.platformNotFoundKhr.rawValue || (status == CL_SUCCESS && count == 0) { return [] }
        try check(status)
        var ids = [cl_platform_id?](repeating: nil, count: Int(count))
        try check(clGetPlatformIDs(count, &ids, nil))
        return ids.compactMap { $0 }.map(PlatformHandle.init)
    }

    static func getPlatformInfo(_ platform: PlatformHandle, _ parameter: InfoParameter<InfoOf.Platform>) -> InfoQuery {
        InfoQuery(routine(#function, parameter.name)) { size, value, sizeRet in
            clGetPlatformInfo(platform.pointer, parameter.value, size, value, sizeRet)
        }
    }

    /// The platform's devices of `type`; empty (not an error) on `CL_DEVICE_NOT_FOUND`.
    static func getDeviceIDs(_ platform: PlatformHandle, type: UInt64) throws(OpenCLError) -> [DeviceHandle] {
        var count: cl_uint = 0
        let status = clGetDeviceIDs(platform.pointer, cl_device_type(type), 0, nil, &count)
        if status == CL_DEVICE_NOT_FOUND || (status == CL_SUCCESS && count == 0) { return [] }
        try check(status)
        var ids = [cl_device_id?](repeating: nil, count: Int(count))
        try check(clGetDeviceIDs(platform.pointer, cl_device_type(type), count, &ids, nil))
        return ids.compactMap { $0 }.map(DeviceHandle.init)
    }

    static func getDeviceInfo(_ device: DeviceHandle, _ parameter: InfoParameter<InfoOf.Device>) -> InfoQuery {
        InfoQuery(routine(#function, parameter.name)) { size, value, sizeRet in
            clGetDeviceInfo(device.pointer, parameter.value, size, value, sizeRet)
        }
    }

    /// Sub-devices of `device` for a zero-terminated `properties` list.
    static func createSubDevices(_ device: DeviceHandle, properties: [Int]) throws(OpenCLError) -> [DeviceHandle] {
        let list = properties.map { cl_device_partition_property($0) }
        var count: cl_uint = 0
        try check(clCreateSubDevices(device.pointer, list, 0, nil, &count))
        var ids = [cl_device_id?](repeating: nil, count: Int(count))
        try check(clCreateSubDevices(device.pointer, list, count, &ids, nil))
        return ids.compactMap { $0 }.map(DeviceHandle.init)
    }

    static func releaseDevice(_ device: DeviceHandle) {
        logFailure(clReleaseDevice(device.pointer))
    }
}
