extension Device {
    /// Every device of every platform.
    public static var all: [Device] {
        get throws { try Platform.all.flatMap { try $0.devices() } }
    }

    /// Every device of the given type, across platforms.
    public static func all(ofType type: DeviceType) throws -> [Device] {
        try Platform.all.flatMap { try $0.devices(ofType: type) }
    }

    /// The most capable device of a type: the one with the most compute units (the guide's
    /// "most capable GPU"). Throws ``SwiftCLError/noDevice(requested:available:platforms:)`` listing what exists.
    public static func `default`(for type: DeviceType) throws -> Device {
        let candidates = try all(ofType: type).filter(\.isAvailable)
        guard let best = candidates.max(by: { $0.computeUnits < $1.computeUnits }) else {
            throw SwiftCLError.noDevice(requested: type, available: try all.map(\.summary),
                                        platforms: try Platform.all.map { (try? $0.name) ?? "?" })
        }
        return best
    }
}
