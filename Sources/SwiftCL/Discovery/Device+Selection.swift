extension Device {
    /// Every device of every platform.
    /// - Throws: ``OpenCLError`` when discovery fails (no platform at all is an empty list, not an error).
    public static var all: [Device] {
        get throws { try Platform.all.flatMap { try $0.devices() } }
    }

    /// Every device of the given type, across platforms.
    /// - Throws: ``OpenCLError`` when discovery fails.
    public static func all(ofType type: DeviceType) throws -> [Device] {
        try Platform.all.flatMap { try $0.devices(ofType: type) }
    }

    /// The most capable available device of a type: the one with the most compute units (the guide's
    /// "most capable GPU").
    /// - Throws: ``SwiftCLError/noDevice(requested:available:platforms:)`` listing what exists, ``OpenCLError``.
    public static func `default`(ofType type: DeviceType) throws -> Device {
        let candidates = try all(ofType: type).filter(\.isAvailable)
        guard let best = candidates.max(by: { $0.computeUnits < $1.computeUnits }) else {
            throw SwiftCLError.noDevice(requested: type, available: try all.map(\.summary),
                                        platforms: try Platform.all.map(\.name))
        }
        return best
    }

    /// The most capable device of the first type in `types` that has one, e.g. `[.gpu, .cpu]` for the
    /// guide's "a GPU, else the CPU".
    /// - Throws: ``SwiftCLError/noDevice(requested:available:platforms:)`` for the last type when none has a
    ///   device, ``OpenCLError``.
    public static func `default`(preferring types: [DeviceType]) throws -> Device {
        for type in types.dropLast() {
            if let device = try? Device.default(ofType: type) { return device }
        }
        return try Device.default(ofType: types.last ?? .all)
    }
}
