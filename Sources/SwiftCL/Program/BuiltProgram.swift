import OpenCLSource

/// A built `cl_program` and what was learned building it. It holds no Swift parent: the `cl_program`
/// retains its `cl_context` inside OpenCL, so a context's program cache can hold built programs without
/// the program holding the context (no retain cycle). ``Program`` pairs one with its ``Context``.
final class BuiltProgram: Sendable {
    let id: ProgramHandle
    let sourceName: String
    let options: BuildOptions
    let kernelNames: [String]
    let buildLogs: [BuildError.DeviceLog]
    let isFromBinaryCache: Bool
    /// Kernel parameters known without the runtime's argument information: from a binary-cache entry, or
    /// read from the source's kernel signatures. Used when the runtime reports none.
    let recordedParameters: [String: [KernelParameter]]
    /// The byte sizes of the structs the source defines (by `struct Tag` and typedef name), for checking by-value
    /// struct arguments; empty for programs built from binaries alone.
    let structSizes: [String: Int]
    private let sharedKernels = Locked<[String: KernelCore]>([:])
    /// The ``Program`` handed out for this built program while any caller still holds it (weak: the façade holds
    /// the context, which holds the cache, which holds this).
    private let liveFacade = Locked(WeakProgram())

    private struct WeakProgram: Sendable {
        weak var program: Program?
    }

    init(context: Context, source: String, name: String, options: BuildOptions, binaryStore: (any ProgramBinaryStore)?) throws {
        let options = try options.validated()
        try source.refusingNUL("program source \(name)")
        var rendered = options.description
        // Every file the compiler may open for an include is read here first: one naming a FIFO or a device would
        // block clBuildProgram forever (an OpenCL build cannot be cancelled).
        let includes: IncludeResolver.Resolution
        do {
            includes = try IncludeResolver(options: rendered).resolve(source: source, sourceName: name)
        } catch let unreadable as UnreadableFile {
            throw SwiftCLError.unreadableFile(path: unreadable.path, reason: unreadable.reason)
        }
        // NVIDIA's compiler (driver 580) emits PTX that ptxas cannot parse for a kernel without parameters when
        // -cl-kernel-arg-info is on; such a source is built without it and its parameters are read from the source.
        var parsed: KernelDeclarations?
        if options.kernelArgumentInfo, context.devices.contains(where: \.failsParameterlessKernelsWithArgumentInfo) {
            let declarations = KernelDeclarations(source: source, definitions: KernelParameter.preprocessorDefinitions(of: options))
            if declarations.kernels.contains(where: \.parameters.isEmpty) {
                rendered = rendered.split(separator: " ").filter { $0 != "-cl-kernel-arg-info" }.joined(separator: " ")
            }
            parsed = declarations
        }
        var slots: [any ProgramBinarySlot]?
        if let binaryStore {
            let computed = includes.isComplete ? context.devices.compactMap { binaryStore.slot(device: $0, source: source, options: options) } : []
            slots = computed.count == context.devices.count ? computed : nil
        }
        let fromCache = slots.flatMap { Self.buildFromBinaries(context: context, slots: $0, options: rendered) }
        let handle: ProgramHandle
        let logs: [BuildError.DeviceLog]
        if let fromCache {
            handle = fromCache.handle
            logs = context.devices.map { BuildError.DeviceLog(device: $0.name, log: Self.buildLog(fromCache.handle, device: $0)) }
        } else {
            (handle, logs) = try Self.buildFromSource(context: context, source: source, name: name, options: rendered)
        }
        id = handle
        sourceName = name
        self.options = options
        buildLogs = logs
        isFromBinaryCache = fromCache != nil
        LiveObjectCounts.track(.program, +1)
        let names: [String]
        if let fromCache {
            names = fromCache.kernelNames
        } else {
            do {
                names = try Self.kernelNames(handle)
            } catch {
                kernelNames = []
                recordedParameters = [:]
                structSizes = [:]
                throw error
            }
        }
        kernelNames = names
        var recorded = fromCache?.stored.parameters ?? [:]
        // The runtime reports parameters only for source builds with -cl-kernel-arg-info; otherwise read
        // the kernels the cache entry does not cover from the source.
        let runtimeReportsParameters = fromCache == nil && rendered.split(separator: " ").contains("-cl-kernel-arg-info")
        let unrecorded = names.filter { recorded[$0] == nil }
        // One reading of the source serves both uses: parameters the runtime does not report, and the sizes of the
        // structs by-value arguments are checked against.
        let readsParameters = !runtimeReportsParameters && !unrecorded.isEmpty
        let declarations = parsed ?? (readsParameters || source.contains("struct")
            ? KernelDeclarations(source: source, definitions: KernelParameter.preprocessorDefinitions(of: options)) : nil)
        if readsParameters, let declarations {
            recorded.merge(KernelParameter.fromSource(declarations, kernels: unrecorded)) { cached, _ in cached }
        }
        if fromCache == nil, let slots {
            let parameters = Self.runtimeParameters(handle, kernels: names)
            if let binaries = try? CL.getProgramInfo(handle, binariesOf: slots.count) {
                for (slot, binary) in zip(slots, binaries) where !binary.isEmpty {
                    slot.store(StoredProgramBinary(binary: binary, kernelNames: names, parameters: parameters))
                }
            }
        }
        recordedParameters = recorded
        structSizes = declarations.map { StructLayouts.layouts(in: $0.tokens.map(\.text)).mapValues(\.size) } ?? [:]
    }

    /// Builds from one binary per device of the context (in its device order). Binaries carry no source, so
    /// kernel parameters are known only when the runtime reports them.
    init(context: Context, binaries: [[UInt8]], name: String, options: BuildOptions) throws {
        let options = try options.validated()
        let rendered = options.description
        let devices = context.devices.map(\.id)
        let handle = try CL.createProgramWithBinary(context.id, devices: devices, binaries: binaries)
        let logs = try Self.build(handle, context: context, name: name, options: rendered)
        let names: [String]
        do {
            names = try Self.kernelNames(handle)
        } catch {
            CL.releaseProgram(handle)
            throw error
        }
        id = handle
        sourceName = name
        self.options = options
        buildLogs = logs
        isFromBinaryCache = false
        kernelNames = names
        recordedParameters = [:]
        structSizes = [:]
        LiveObjectCounts.track(.program, +1)
    }

    /// The one ``Program`` for this built program and `context` while any caller holds it, so that every caller
    /// of ``Context/program(source:name:options:)`` for one cache entry gets the same object (identity as well as
    /// `==`); a new façade once all of them were dropped.
    func facade(in context: Context) -> Program {
        liveFacade.withLock { box in
            if let program = box.program { return program }
            let program = Program(built: self, context: context)
            box.program = program
            return program
        }
    }

    /// Each device's binary of the built program, in the context's device order (`CL_PROGRAM_BINARIES`).
    func binaries(deviceCount: Int) throws -> [[UInt8]] {
        try CL.getProgramInfo(id, binariesOf: deviceCount)
    }

    deinit {
        CL.releaseProgram(id)
        LiveObjectCounts.track(.program, -1)
    }

    /// The kernel object generated code shares for `name`, created on first use.
    func sharedKernel(named name: String, devices: [Device]) throws -> KernelCore {
        try sharedKernels.withLock { kernels in
            if let kernel = kernels[name] { return kernel }
            let kernel = try KernelCore(program: self, name: name, devices: devices)
            kernels[name] = kernel
            return kernel
        }
    }

    /// Compiles `source` for every device of the context, or throws the whole log as a ``BuildError``.
    private static func buildFromSource(context: Context, source: String, name: String,
                                        options: String) throws -> (ProgramHandle, [BuildError.DeviceLog]) {
        let handle = try CL.createProgramWithSource(context.id, source)
        return (handle, try build(handle, context: context, name: name, options: options))
    }

    /// Builds a created program for every device of the context and returns each device's log; a failed build
    /// releases the program and throws the whole log as a ``BuildError``.
    private static func build(_ handle: ProgramHandle, context: Context, name: String,
                              options: String) throws -> [BuildError.DeviceLog] {
        let status = CL.buildProgram(handle, devices: context.devices.map(\.id), options: options)
        let logs = context.devices.map { BuildError.DeviceLog(device: $0.name, log: buildLog(handle, device: $0)) }
        guard status.isSuccess else {
            CL.releaseProgram(handle)
            let diagnostics = logs.flatMap { Diagnostic.parse(log: $0.log, sourceName: name) }
            throw BuildError(sourceName: name, options: options, status: status, logs: logs, diagnostics: diagnostics)
        }
        return logs
    }

    /// Builds from verified cache entries of every device, or returns nil. Entries the runtime refuses,
    /// or whose recorded kernels differ from what the binary defines, are discarded.
    private static func buildFromBinaries(context: Context, slots: [any ProgramBinarySlot], options: String) -> FromBinaries? {
        var entries: [StoredProgramBinary] = []
        for slot in slots {
            guard let entry = slot.load() else { return nil }
            entries.append(entry)
        }
        func discardAll(_ reason: String) -> FromBinaries? {
            for slot in slots { slot.discard(because: reason) }
            return nil
        }
        guard let first = entries.first,
              entries.allSatisfy({ $0.kernelNames == first.kernelNames && $0.parameters == first.parameters }) else {
            return discardAll("the devices' entries disagree on the kernels")
        }
        let devices = context.devices.map(\.id)
        let handle: ProgramHandle
        do {
            handle = try CL.createProgramWithBinary(context.id, devices: devices, binaries: entries.map(\.binary))
        } catch {
            return discardAll("clCreateProgramWithBinary refused it (\(error.status.name))")
        }
        let buildStatus = CL.buildProgram(handle, devices: devices, options: options)
        guard buildStatus.isSuccess else {
            CL.releaseProgram(handle)
            return discardAll("clBuildProgram refused it (\(buildStatus.name))")
        }
        let names = (try? kernelNames(handle)) ?? []
        guard Set(names) == Set(first.kernelNames) else {
            CL.releaseProgram(handle)
            return discardAll("the binary defines kernels \(names), the entry records \(first.kernelNames)")
        }
        return FromBinaries(handle: handle, kernelNames: names, stored: first)
    }

    /// A program built from verified stored binaries.
    private struct FromBinaries {
        let handle: ProgramHandle
        let kernelNames: [String]
        let stored: StoredProgramBinary
    }

    /// `CL_PROGRAM_KERNEL_NAMES`, split.
    private static func kernelNames(_ program: ProgramHandle) throws -> [String] {
        try CL.getProgramInfo(program, .CL_PROGRAM_KERNEL_NAMES).string().split(separator: ";").map(String.init)
    }

    /// Each kernel's parameters as the runtime reports them (kernels without argument information are left out).
    private static func runtimeParameters(_ program: ProgramHandle, kernels: [String]) -> [String: [KernelParameter]] {
        var result: [String: [KernelParameter]] = [:]
        for name in kernels {
            guard let kernel = try? CL.createKernel(program, name: name) else { continue }
            defer { CL.releaseKernel(kernel) }
            result[name] = KernelCore.runtimeParameters(kernel)
        }
        return result
    }


    private static func buildLog(_ program: ProgramHandle, device: Device) -> String {
        (try? CL.getProgramBuildInfo(program, device.id, .CL_PROGRAM_BUILD_LOG).string()) ?? ""
    }
}
