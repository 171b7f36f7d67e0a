import Foundation

/// A built OpenCL program: source compiled for every device of a context.
///
/// Make one through ``Context/program(source:name:options:)`` (cached: the same source, name and
/// options build once per context while the entry stays in the context's ``ProgramCache``) or directly
/// with ``init(context:source:name:options:binaryStore:)``. A program keeps its context alive; the
/// context's cache holds only the built program, never the `Program`, so dropping the context and its
/// programs frees them all.
public final class Program: Sendable, Equatable {
    let built: BuiltProgram
    /// The context the program was built for.
    public let context: Context

    /// Compiles `source` for every device in `context`. A failed build throws ``BuildError`` with the
    /// whole log of each device and the diagnostics as file:line:column. With `binaryStore`, a verified
    /// binary from an earlier build is loaded instead when there is one, and a new build is stored.
    ///
    /// Throws ``SwiftCLError/embeddedNUL(what:byteOffset:)`` for a NUL byte in the source or an option,
    /// ``SwiftCLError/invalidDefinition(name:value:)`` for a malformed definition, ``BuildError`` for a failed build
    /// and ``OpenCLError`` when the runtime fails.
    public convenience init(context: Context, source: String, name: String = "<source>", options: BuildOptions = BuildOptions(),
                            binaryStore: (any ProgramBinaryStore)? = nil) throws {
        self.init(built: try BuiltProgram(context: context, source: source, name: name, options: options, binaryStore: binaryStore),
                  context: context)
    }

    init(built: BuiltProgram, context: Context) {
        self.built = built
        self.context = context
    }

    /// Reads a `.cl` file and builds it; diagnostics name the file. The file is opened so that a FIFO or device
    /// cannot block it, and must be a regular UTF-8 file of at most 64 MiB.
    /// - Throws: ``SwiftCLError/unreadableFile(path:reason:)`` when the file cannot be read, then as
    ///   ``init(context:source:name:options:binaryStore:)``.
    public convenience init(context: Context, contentsOf url: URL, options: BuildOptions = BuildOptions()) throws {
        let source = try FileSystem.textOfUserFile(url.path)
        try self.init(context: context, source: source, name: url.lastPathComponent, options: options)
    }

    /// Loads a program from binaries (`clCreateProgramWithBinary`), one for each device of `context`, as
    /// ``binaries()`` returns them, and builds it. Binaries carry no source: argument checks rely on the runtime's
    /// argument information (PoCL keeps it in its binaries; other runtimes may not, and launches are then unchecked).
    /// - Throws: ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` unless there is exactly one binary per device of the context;
    ///   ``OpenCLError`` with ``CLStatus/invalidBinary`` (or another status) when the runtime refuses a binary;
    ///   ``BuildError`` when building it fails.
    public convenience init(context: Context, binaries: [Device: [UInt8]], name: String = "<binary>",
                            options: BuildOptions = BuildOptions()) throws {
        guard Set(binaries.keys) == Set(context.devices) else {
            throw SwiftCLError.contextMismatch(object: "binaries for \(binaries.keys.map(\.name).sorted())", belongsTo: nil,
                                               expected: "one binary per device of \(context)")
        }
        let ordered = context.devices.map { binaries[$0] ?? [] }
        self.init(built: try BuiltProgram(context: context, binaries: ordered, name: name, options: options), context: context)
    }

    /// Each device's program binary (`CL_PROGRAM_BINARIES`), to store and load later with
    /// ``init(context:binaries:name:options:)``.
    /// - Throws: ``OpenCLError`` when the runtime gives none.
    public func binaries() throws -> [Device: [UInt8]] {
        let all = try built.binaries(deviceCount: context.devices.count)
        return Dictionary(uniqueKeysWithValues: zip(context.devices, all))
    }

    /// One device's program binary, as ``binaries()`` gives it.
    /// - Throws: ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` for a device outside the program's context, ``OpenCLError``.
    public func binaries(for device: Device) throws -> [UInt8] {
        guard let binary = try binaries()[device] else {
            throw SwiftCLError.contextMismatch(object: "device \(device.name)", belongsTo: nil, expected: "\(context)")
        }
        return binary
    }

    /// The name diagnostics attribute the source to (a file name for `.cl` files).
    public var sourceName: String { built.sourceName }
    /// The options it was built with.
    public var options: BuildOptions { built.options }
    /// The kernels the program defines (`CL_PROGRAM_KERNEL_NAMES`).
    public var kernelNames: [String] { built.kernelNames }
    /// Each device's build log (warnings may appear even when the build succeeds).
    public var buildLogs: [BuildError.DeviceLog] { built.buildLogs }
    /// Whether this program was built from binaries in a ``ProgramBinaryStore`` rather than from source.
    public var isFromBinaryCache: Bool { built.isFromBinaryCache }

    /// The compiler's diagnostics on success (warnings), parsed from ``buildLogs``.
    public var diagnostics: [Diagnostic] {
        buildLogs.flatMap { Diagnostic.parse(log: $0.log, sourceName: sourceName) }
    }

    /// A new kernel object for the named kernel. Each ``Kernel`` binds arguments under its own lock,
    /// so one kernel object may be launched from several queues at once.
    ///
    /// `name` is the name in the source. PoCL renames a kernel named like an OpenCL builtin (`kernel void
    /// mix(…)` is listed as `_cl_mix`); such a kernel is found by its source name too.
    /// - Throws: ``SwiftCLError/kernelNotFound(name:available:)`` (listing the kernels), ``OpenCLError``.
    public func kernel(named name: String) throws -> Kernel {
        let runtimeName = try runtimeKernelName(name)
        return Kernel(core: try KernelCore(program: built, name: runtimeName, devices: context.devices), program: self)
    }

    /// One kernel object per name and built program, created on first use and shared (a kernel object
    /// binds and launches under its own lock, so sharing it between queues is safe). Generated kernel
    /// functions use this.
    /// - Throws: as ``kernel(named:)``.
    public func sharedKernel(named name: String) throws -> Kernel {
        let runtimeName = try runtimeKernelName(name)
        return Kernel(core: try built.sharedKernel(named: runtimeName, devices: context.devices), program: self)
    }

    /// The name the runtime lists the kernel `name` under: `name` itself, or PoCL's `_cl_` + `name` for a kernel
    /// named like an OpenCL builtin.
    /// - Throws: ``SwiftCLError/kernelNotFound(name:available:)`` when neither is listed.
    public func runtimeKernelName(_ name: String) throws -> String {
        if kernelNames.contains(name) { return name }
        let renamed = "_cl_" + name
        if kernelNames.contains(renamed) { return renamed }
        throw SwiftCLError.kernelNotFound(name: name, available: kernelNames)
    }

    /// Two programs are equal when they share one built program (as every program the context's cache
    /// returns for the same source, name and options does while the entry is cached).
    public static func == (lhs: Program, rhs: Program) -> Bool { lhs.built === rhs.built }
}
