internal import COpenCL
import Foundation

/// A built OpenCL program: source compiled for every device of a context.
///
/// Make one through ``Context/program(source:name:options:)`` (cached: the same source, name and
/// options build once per context) or directly with ``init(context:source:name:options:)``.
public final class Program: @unchecked Sendable {
    // A built cl_program is immutable and thread-safe; kernels are created per Kernel object.
    let id: OpaquePointer
    /// The context the program was built for.
    public let context: Context
    /// The name diagnostics attribute the source to (a file name for `.cl` files).
    public let sourceName: String
    /// The options it was built with.
    public let options: BuildOptions
    /// The kernels the program defines (`CL_PROGRAM_KERNEL_NAMES`).
    public let kernelNames: [String]
    /// Each device's build log (warnings may appear even when the build succeeds).
    public let buildLogs: [BuildError.DeviceLog]
    private let sharedKernels = Locked<[String: Kernel]>([:])

    /// Compiles `source` for every device in `context`. A failed build throws ``BuildError`` with the
    /// whole log of each device and the diagnostics as file:line:column.
    public init(context: Context, source: String, name: String = "<source>", options: BuildOptions = BuildOptions()) throws {
        let options = try options.validated()
        self.context = context
        self.sourceName = name
        self.options = options
        let handle = try source.withCString { text in
            var pointer: UnsafePointer<CChar>? = text
            return try create("clCreateProgramWithSource") { status in
                clCreateProgramWithSource(context.id, 1, &pointer, nil, status)
            }
        }
        id = handle
        var deviceIDs: [cl_device_id?] = context.devices.map { $0.id }
        let status = clBuildProgram(handle, cl_uint(deviceIDs.count), &deviceIDs, options.description, nil, nil)
        let logs = context.devices.map { device in
            BuildError.DeviceLog(device: device.name, log: Program.buildLog(handle, device: device))
        }
        buildLogs = logs
        guard status == CL_SUCCESS else {
            release(clReleaseProgram(handle), "clReleaseProgram")
            let diagnostics = logs.flatMap { Diagnostic.parse(log: $0.log, sourceName: name) }
            throw BuildError(sourceName: name, options: options.description, status: CLStatus(rawValue: status),
                             logs: logs, diagnostics: diagnostics)
        }
        let names = try InfoQuery("clGetProgramInfo(CL_PROGRAM_KERNEL_NAMES)") { size, value, sizeRet in
            clGetProgramInfo(handle, cl_program_info(CL_PROGRAM_KERNEL_NAMES), size, value, sizeRet)
        }.string()
        kernelNames = names.split(separator: ";").map(String.init)
    }

    /// Reads a `.cl` file and builds it; diagnostics name the file.
    public convenience init(context: Context, contentsOf url: URL, options: BuildOptions = BuildOptions()) throws {
        let source = try String(contentsOf: url, encoding: .utf8)
        try self.init(context: context, source: source, name: url.lastPathComponent, options: options)
    }

    deinit {
        release(clReleaseProgram(id), "clReleaseProgram")
    }

    /// The compiler's diagnostics on success (warnings), parsed from ``buildLogs``.
    public var diagnostics: [Diagnostic] {
        buildLogs.flatMap { Diagnostic.parse(log: $0.log, sourceName: sourceName) }
    }

    /// A new kernel object for the named kernel. Each ``Kernel`` binds arguments under its own lock,
    /// so one kernel object may be launched from several queues at once.
    public func kernel(named name: String) throws -> Kernel {
        guard kernelNames.contains(name) else {
            throw SwiftCLError.kernelNotFound(name: name, available: kernelNames)
        }
        return try Kernel(program: self, name: name)
    }

    /// One kernel object per name, created on first use and shared (a `Kernel` binds and launches under
    /// its own lock, so sharing it between queues is safe). Generated kernel functions use this.
    public func sharedKernel(named name: String) throws -> Kernel {
        try sharedKernels.withLock { kernels in
            if let kernel = kernels[name] { return kernel }
            let kernel = try self.kernel(named: name)
            kernels[name] = kernel
            return kernel
        }
    }

    private static func buildLog(_ program: OpaquePointer, device: Device) -> String {
        (try? InfoQuery("clGetProgramBuildInfo(CL_PROGRAM_BUILD_LOG)") { size, value, sizeRet in
            clGetProgramBuildInfo(program, device.id, cl_program_build_info(CL_PROGRAM_BUILD_LOG), size, value, sizeRet)
        }.string()) ?? ""
    }
}

extension Context {
    /// The program for `source` built with `options`, compiled once per context however many threads
    /// ask at the same time.
    public func program(source: String, name: String = "<source>", options: BuildOptions = BuildOptions()) throws -> Program {
        try programCache.program(for: .init(source: source, name: name, options: options.description)) {
            try Program(context: self, source: source, name: name, options: options)
        }
    }

    /// How many programs this context's cache has compiled (cache hits excluded).
    public var programBuildCount: Int { programCache.buildCount }
}
