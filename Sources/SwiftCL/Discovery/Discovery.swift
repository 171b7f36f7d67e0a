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
            let platforms = try CL.getPlatformIDs().map { try Platform(id: $0) }
            state.platforms = platforms
            return platforms
        }
    }

    static func devices(of platform: Platform, type: DeviceType) throws -> [Device] {
        try state.withLock { state in
            if let devices = state.devices[platform]?[type.rawValue] { return devices }
            let ids = try CL.getDeviceIDs(platform.id, type: type.rawValue)
            var devices: [Device] = []
            for id in ids {
                if let known = state.known[id.address] {
                    devices.append(known)
                } else {
                    let device = try Device(id: id, platform: platform, parent: nil)
                    state.known[id.address] = device
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
}
