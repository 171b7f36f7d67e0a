internal import COpenCL

/// An OpenCL platform (one installed driver behind the ICD loader, such as PoCL).
public struct Platform: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Platform ids are process-wide, immutable and never released, so sharing them is safe.
    let id: OpaquePointer

    /// Every platform the ICD loader knows; empty when none is installed.
    public static var all: [Platform] {
        get throws {
            var count: cl_uint = 0
            let status = clGetPlatformIDs(0, nil, &count)
            // The ICD loader answers CL_PLATFORM_NOT_FOUND_KHR when no vendor file is installed.
            if status == CLStatus.platformNotFoundKhr.rawValue || count == 0 { return [] }
            try check(status, "clGetPlatformIDs")
            var ids = [cl_platform_id?](repeating: nil, count: Int(count))
            try check(clGetPlatformIDs(count, &ids, nil), "clGetPlatformIDs")
            return ids.compactMap { $0 }.map(Platform.init(id:))
        }
    }

    private func info(_ parameter: Int32, _ name: String) -> InfoQuery {
        InfoQuery("clGetPlatformInfo(\(name))") { [id] size, value, sizeRet in
            clGetPlatformInfo(id, cl_platform_info(parameter), size, value, sizeRet)
        }
    }

    /// `CL_PLATFORM_NAME`.
    public var name: String { get throws { try info(CL_PLATFORM_NAME, "CL_PLATFORM_NAME").string() } }
    /// `CL_PLATFORM_VENDOR`.
    public var vendor: String { get throws { try info(CL_PLATFORM_VENDOR, "CL_PLATFORM_VENDOR").string() } }
    /// `CL_PLATFORM_VERSION`, e.g. "OpenCL 3.0 PoCL 3.1".
    public var version: String { get throws { try info(CL_PLATFORM_VERSION, "CL_PLATFORM_VERSION").string() } }
    /// `CL_PLATFORM_PROFILE`.
    public var profile: String { get throws { try info(CL_PLATFORM_PROFILE, "CL_PLATFORM_PROFILE").string() } }
    /// `CL_PLATFORM_EXTENSIONS`, split.
    public var extensions: [String] {
        get throws {
            try info(CL_PLATFORM_EXTENSIONS, "CL_PLATFORM_EXTENSIONS").string().split(separator: " ").map(String.init)
        }
    }

    /// The platform's devices of the given types (all by default); empty when it has none.
    public func devices(ofType type: DeviceType = .all) throws -> [Device] {
        var count: cl_uint = 0
        let status = clGetDeviceIDs(id, cl_device_type(type.rawValue), 0, nil, &count)
        if status == CL_DEVICE_NOT_FOUND || count == 0 { return [] }
        try check(status, "clGetDeviceIDs")
        var ids = [cl_device_id?](repeating: nil, count: Int(count))
        try check(clGetDeviceIDs(id, cl_device_type(type.rawValue), count, &ids, nil), "clGetDeviceIDs")
        return try ids.compactMap { $0 }.map { try Device(id: $0, platform: self, parent: nil) }
    }

    public var description: String { (try? name) ?? "OpenCL platform" }
}
