/// An OpenCL platform (one installed driver behind the ICD loader, such as PoCL).
public struct Platform: Hashable, Sendable, CustomStringConvertible {
    // Platform ids are process-wide, immutable and never released.
    let id: PlatformHandle

    /// Every platform the ICD loader knows; empty when none is installed. Discovered once per process
    /// under a lock (the ICD loader is not safe to initialise from several threads) and cached; see
    /// ``rediscover()``.
    public static var all: [Platform] {
        get throws { try Discovery.platforms() }
    }

    /// Forgets what discovery found and asks the ICD loader again on next use (after installing a
    /// driver, say). Devices found before stay valid; the same device is found as the same object.
    public static func rediscover() {
        Discovery.forget()
    }

    /// `CL_PLATFORM_NAME`.
    public var name: String { get throws { try CL.getPlatformInfo(id, .CL_PLATFORM_NAME).string() } }
    /// `CL_PLATFORM_VENDOR`.
    public var vendor: String { get throws { try CL.getPlatformInfo(id, .CL_PLATFORM_VENDOR).string() } }
    /// `CL_PLATFORM_VERSION`, e.g. "OpenCL 3.0 PoCL 3.1".
    public var version: String { get throws { try CL.getPlatformInfo(id, .CL_PLATFORM_VERSION).string() } }
    /// `CL_PLATFORM_PROFILE`.
    public var profile: String { get throws { try CL.getPlatformInfo(id, .CL_PLATFORM_PROFILE).string() } }
    /// `CL_PLATFORM_EXTENSIONS`, split.
    public var extensions: [String] {
        get throws {
            try CL.getPlatformInfo(id, .CL_PLATFORM_EXTENSIONS).string().split(separator: " ").map(String.init)
        }
    }

    /// The platform's devices of the given types (all by default); empty when it has none. Cached like
    /// ``all``: the same device is always the same ``Device`` object.
    /// - Throws: ``OpenCLError`` when the ICD loader fails (no device of a type is an empty list, not an error).
    public func devices(ofType type: DeviceType = .all) throws -> [Device] {
        try Discovery.devices(of: self, type: type)
    }

    public var description: String { (try? name) ?? "OpenCL platform" }
}
