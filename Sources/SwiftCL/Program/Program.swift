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
    public init(context: Context, source: String, name: String = "<source>", options: BuildOptions = BuildOptions(),
                binaryCache: ProgramBinaryCache? = nil) throws {
        let options = try options.validated()
        self.context = context
        self.sourceName = name
        self.options = options
        let rendered = options.description
        let keys = binaryCache.map { cache in context.devices.map { cache.key(device: $0, source: source, options: rendered) } }
        if let binaryCache, let keys, let built = Program.buildFromBinaries(context: context, cache: binaryCache, keys: keys, options: rendered) {
            id = built
            buildLogs = context.devices.map { BuildError.DeviceLog(device: $0.name, log: Program.buildLog(built, device: $0)) }
            loadedFromBinaryCache = true
        } else {
            let handle = try source.withCString { text in
                var pointer: UnsafePointer<CChar>? = text
                return try create("clCreateProgramWithSource") { status in
                    clCreateProgramWithSource(context.id, 1, &pointer, nil, status)
                }
            }
            var deviceIDs: [cl_device_id?] = context.devices.map { $0.id }
            let status = clBuildProgram(handle, cl_uint(deviceIDs.count), &deviceIDs, rendered, nil, nil)
            let logs = context.devices.map { device in
                BuildError.DeviceLog(device: device.name, log: Program.buildLog(handle, device: device))
            }
            guard status == CL_SUCCESS else {
                release(clReleaseProgram(handle), "clReleaseProgram")
                let diagnostics = logs.flatMap { Diagnostic.parse(log: $0.log, sourceName: name) }
                throw BuildError(sourceName: name, options: rendered, status: CLStatus(rawValue: status),
                                 logs: logs, diagnostics: diagnostics)
            }
            id = handle
            buildLogs = logs
            loadedFromBinaryCache = false
            if let binaryCache, let keys, let binaries = Program.binaries(handle, deviceCount: keys.count) {
                for (key, binary) in zip(keys, binaries) where !binary.isEmpty {
                    try? binaryCache.store(binary, for: key)
                }
            }
        }
        let handle = id
        let names = try InfoQuery("clGetProgramInfo(CL_PROGRAM_KERNEL_NAMES)") { size, value, sizeRet in
            clGetProgramInfo(handle, cl_program_info(CL_PROGRAM_KERNEL_NAMES), size, value, sizeRet)
        }.string()
        kernelNames = names.split(separator: ";").map(String.init)
    }

    /// Whether this program was built from binaries in a ``ProgramBinaryCache`` rather than from source.
    public let loadedFromBinaryCache: Bool

    /// Builds from cached binaries of every device, or returns nil (discarding entries the runtime rejects).
    private static func buildFromBinaries(context: Context, cache: ProgramBinaryCache, keys: [String], options: String) -> OpaquePointer? {
        let binaries = keys.map { cache.load($0) }
        guard binaries.allSatisfy({ $0 != nil }) else { return nil }
        let blobs = binaries.compactMap { $0 }
        var lengths = blobs.map(\.count)
        var deviceIDs: [cl_device_id?] = context.devices.map { $0.id }
        var statuses = [cl_int](repeating: 0, count: blobs.count)
        var status: cl_int = CL_SUCCESS
        let pointers = blobs.map { blob -> UnsafeMutablePointer<UInt8> in
            let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: blob.count)
            pointer.initialize(from: blob, count: blob.count)
            return pointer
        }
        defer { pointers.forEach { $0.deallocate() } }
        var constPointers: [UnsafePointer<UInt8>?] = pointers.map { UnsafePointer($0) }
        let handle = clCreateProgramWithBinary(context.id, cl_uint(deviceIDs.count), &deviceIDs, &lengths, &constPointers, &statuses, &status)
        guard status == CL_SUCCESS, let handle, statuses.allSatisfy({ $0 == CL_SUCCESS }) else {
            if let handle { release(clReleaseProgram(handle), "clReleaseProgram") }
            keys.forEach(cache.discard)
            return nil
        }
        guard clBuildProgram(handle, cl_uint(deviceIDs.count), &deviceIDs, options, nil, nil) == CL_SUCCESS else {
            release(clReleaseProgram(handle), "clReleaseProgram")
            keys.forEach(cache.discard)
            return nil
        }
        return handle
    }

    /// Each device's program binary (`CL_PROGRAM_BINARIES`), or nil when the runtime gives none.
    private static func binaries(_ program: OpaquePointer, deviceCount: Int) -> [[UInt8]]? {
        var sizes = [Int](repeating: 0, count: deviceCount)
        guard clGetProgramInfo(program, cl_program_info(CL_PROGRAM_BINARY_SIZES), deviceCount * MemoryLayout<Int>.stride,
                               &sizes, nil) == CL_SUCCESS else { return nil }
        let buffers = sizes.map { UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, $0)) }
        defer { buffers.forEach { $0.deallocate() } }
        var pointers: [UnsafeMutablePointer<UInt8>?] = buffers
        guard clGetProgramInfo(program, cl_program_info(CL_PROGRAM_BINARIES), deviceCount * MemoryLayout<UnsafeMutablePointer<UInt8>?>.stride,
                               &pointers, nil) == CL_SUCCESS else { return nil }
        return zip(buffers, sizes).map { Array(UnsafeBufferPointer(start: $0, count: $1)) }
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
            try Program(context: self, source: source, name: name, options: options, binaryCache: binaryCache)
        }
    }

    /// How many programs this context's cache has compiled (cache hits excluded).
    public var programBuildCount: Int { programCache.buildCount }
}
