internal import COpenCL

/// Platform and device discovery, done once under one lock and cached.
///
/// The ICD loader initialises itself on the first call and is not safe to enter from several threads
/// at that moment (on ocl-icd, eight threads calling `clGetPlatformIDs` at once crash in `strlen` or see
/// no platform at all), so every discovery call goes through this lock; the answers are cached, and
/// each device is made into one ``Device`` object, found again by its id.
enum Discovery {
    private struct State {
        var platforms: [Platform]?
        var devices: [Platform: [UInt64: [Device]]] = [:]
        /// Devices by the address of their `cl_device_id` (an address, so the state stays `Sendable`).
        var known: [UInt: Device] = [:]
    }

    private static let state = Locked(State())

    static func platforms() throws -> [Platform] {
        try state.withLock { state in
            if let platforms = state.platforms { return platforms }
            let platforms = try queryPlatforms()
            state.platforms = platforms
            return platforms
        }
    }

    static func devices(of platform: Platform, type: DeviceType) throws -> [Device] {
        try state.withLock { state in
            if let devices = state.devices[platform]?[type.rawValue] { return devices }
            let ids = try queryDevices(of: platform, type: type)
            var devices: [Device] = []
            for id in ids {
                if let known = state.known[UInt(bitPattern: id)] {
                    devices.append(known)
                } else {
                    let device = try Device(id: id, platform: platform, parent: nil)
                    state.known[UInt(bitPattern: id)] = device
                    devices.append(device)
                }
            }
            state.devices[platform, default: [:]][type.rawValue] = devices
            return devices
        }
    }

    /// Drops the cached lists (the device objects already found are kept, so they stay the same objects).
    static func forget() {
        state.withLock { state in
            state.platforms = nil
            state.devices = [:]
        }
    }

    private static func queryPlatforms() throws -> [Platform] {
        var count: cl_uint = 0
        let status = clGetPlatformIDs(0, nil, &count)
        // The ICD loader answers CL_PLATFORM_NOT_FOUND_KHR when no vendor file is installed.
        if status == CLStatus.platformNotFoundKhr.rawValue || (status == CL_SUCCESS && count == 0) { return [] }
        try check(status, "clGetPlatformIDs")
        var ids = [cl_platform_id?](repeating: nil, count: Int(count))
        try check(clGetPlatformIDs(count, &ids, nil), "clGetPlatformIDs")
        return ids.compactMap { $0 }.map(Platform.init(id:))
    }

    private static func queryDevices(of platform: Platform, type: DeviceType) throws -> [OpaquePointer] {
        var count: cl_uint = 0
        let status = clGetDeviceIDs(platform.id, cl_device_type(type.rawValue), 0, nil, &count)
        if status == CL_DEVICE_NOT_FOUND || (status == CL_SUCCESS && count == 0) { return [] }
        try check(status, "clGetDeviceIDs")
        var ids = [cl_device_id?](repeating: nil, count: Int(count))
        try check(clGetDeviceIDs(platform.id, cl_device_type(type.rawValue), count, &ids, nil), "clGetDeviceIDs")
        return ids.compactMap { $0 }
    }
}
