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

    /// `CL_PLATFORM_NAME` (read once, at discovery, like every property below).
    public let name: String
    /// `CL_PLATFORM_VENDOR`.
    public let vendor: String
    /// `CL_PLATFORM_VERSION`, e.g. "OpenCL 3.0 PoCL 3.1".
    public let version: String
    /// `CL_PLATFORM_PROFILE`.
    public let profile: String
    /// `CL_PLATFORM_EXTENSIONS`, split.
    public let extensions: [String]

    /// Reads the platform's facts once, as ``Device`` does (they cannot change while the process runs).
    /// - Throws: ``OpenCLError`` when the ICD loader fails.
    init(id: PlatformHandle) throws {
        self.id = id
        func string(_ parameter: InfoParameter<InfoOf.Platform>) throws -> String {
            try CL.getPlatformInfo(id, parameter).string()
        }
        name = try string(.CL_PLATFORM_NAME)
        vendor = try string(.CL_PLATFORM_VENDOR)
        version = try string(.CL_PLATFORM_VERSION)
        profile = try string(.CL_PLATFORM_PROFILE)
        extensions = try string(.CL_PLATFORM_EXTENSIONS).split(separator: " ").map(String.init)
    }

    /// Platforms are the same when their ids are (the properties are facts of the id).
    public static func == (lhs: Platform, rhs: Platform) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The platform's devices of the given types (all by default); empty when it has none. Cached like
    /// ``all``: the same device is always the same ``Device`` object.
    /// - Throws: ``OpenCLError`` when the ICD loader fails (no device of a type is an empty list, not an error).
    public func devices(ofType type: DeviceType = .all) throws -> [Device] {
        try Discovery.devices(of: self, type: type)
    }

    public var description: String { name }
}
