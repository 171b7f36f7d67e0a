import OpenCLSource

/// A `cl_kernel` with what the runtime reports about it, read once. It holds no Swift parent (the
/// `cl_kernel` retains its `cl_program` inside OpenCL), so a program can cache it without a retain
/// cycle; ``Kernel`` pairs it with its ``Program``.
///
/// `clSetKernelArg` is not thread-safe for one `cl_kernel`, so arguments are bound and the launch
/// enqueued as one step under `launchLock`: no two launches can race.
final class KernelCore: Sendable {
    // The cl_kernel is only touched under `launchLock` (arguments) or through thread-safe queries.
    let id: KernelHandle
    /// The program the kernel was created from (retained by the `cl_kernel` inside OpenCL), for a recording's own copies.
    let programID: ProgramHandle
    let name: String
    let argumentCount: Int
    /// The runtime's argument information, or what the program recorded when the runtime gives none.
    let parameters: [KernelParameter]?
    /// For each by-value parameter of a struct type the program's source lays out, the struct's size in bytes.
    let structSizes: [Int: Int]
    /// Each parameter's pointee type and declared type, parsed once here instead of at every launch.
    let parameterTypes: [(pointee: OpenCLType?, declared: OpenCLType?)]
    /// Guards argument binding and enqueueing; holds how many launches were enqueued.
    let launchLock = Locked<Int>(0)
    /// The last launch of this kernel that passed every check, as what the checks read (see ``CheckedLaunchKey``).
    let lastCheckedLaunch = Locked<CheckedLaunchKey?>(nil)
    /// Work-group facts for every device of the context, read once when the kernel is created so a
    /// launch looks them up without a lock.
    let workGroupInfos: [(device: Device, info: WorkGroupInfo)]

    init(program: BuiltProgram, name: String, devices: [Device]) throws {
        try name.refusingNUL("kernel name")
        self.name = name
        programID = program.id
        let handle = try CL.createKernel(program.id, name: name)
        id = handle
        do {
            let count = try CL.getKernelInfo(handle, .CL_KERNEL_NUM_ARGS).value(UInt32.self)
            argumentCount = Int(count)
            let recorded = program.recordedParameters[name]
            let parameters = Self.runtimeParameters(handle) ?? (recorded?.count == argumentCount ? recorded : nil)
            self.parameters = parameters
            structSizes = Self.structSizes(of: parameters ?? [], in: program.structSizes)
            parameterTypes = (parameters ?? []).map { (OpenCLType(name: $0.pointeeTypeName), OpenCLType(name: $0.typeName)) }
            workGroupInfos = try devices.map { device in (device, try Self.workGroupInfo(handle, on: device)) }
        } catch {
            // The object is not fully built, so deinit will not run: release the kernel here.
            CL.releaseKernel(handle)
            throw error
        }
        LiveObjectCounts.track(.kernel, +1)
    }

    deinit {
        CL.releaseKernel(id)
        LiveObjectCounts.track(.kernel, -1)
    }

    /// Every parameter as the runtime reports it, or nil when it gives no argument information (a
    /// program built without `-cl-kernel-arg-info`, or from a binary).
    static func runtimeParameters(_ kernel: KernelHandle) -> [KernelParameter]? {
        guard let count = try? CL.getKernelInfo(kernel, .CL_KERNEL_NUM_ARGS).value(UInt32.self) else { return nil }
        return try? (0..<Int(count)).map { try KernelParameter(kernel: kernel, index: $0) }
    }

    /// The struct size of each by-value parameter whose type is a struct the source lays out (the runtime spells
    /// the type `struct Tag` or by its typedef name).
    private static func structSizes(of parameters: [KernelParameter], in sizes: [String: Int]) -> [Int: Int] {
        guard !sizes.isEmpty else { return [:] }
        var found: [Int: Int] = [:]
        for (index, parameter) in parameters.enumerated() where parameter.addressSpace == .private && !parameter.isPointer {
            let words = parameter.typeName.split(separator: " ").filter { $0 != "const" && $0 != "volatile" }
            if let size = sizes[words.joined(separator: " ")] { found[index] = size }
        }
        return found
    }

    /// Work-group facts of this kernel on `device`.
    func workGroupInfo(on device: Device) throws -> WorkGroupInfo {
        for entry in workGroupInfos where entry.device === device { return entry.info }
        for entry in workGroupInfos where entry.device == device { return entry.info }
        throw SwiftCLError.contextMismatch(object: "device \(device.name)", belongsTo: nil, expected: "the kernel's context")
    }

    private static func workGroupInfo(_ kernel: KernelHandle, on device: Device) throws -> WorkGroupInfo {
        func query(_ parameter: InfoParameter<InfoOf.KernelWorkGroup>) -> InfoQuery {
            CL.getKernelWorkGroupInfo(kernel, device.id, parameter)
        }
        let compile = try query(.CL_KERNEL_COMPILE_WORK_GROUP_SIZE).array(Int.self)
        return WorkGroupInfo(
            maxWorkGroupSize: try query(.CL_KERNEL_WORK_GROUP_SIZE).value(Int.self),
            preferredWorkGroupSizeMultiple: try query(.CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE).value(Int.self),
            localMemoryBytes: Int(clamping: try query(.CL_KERNEL_LOCAL_MEM_SIZE).value(UInt64.self)),
            privateMemorySize: Int(clamping: try query(.CL_KERNEL_PRIVATE_MEM_SIZE).value(UInt64.self)),
            requiredWorkGroupSize: compile.allSatisfy { $0 == 0 } ? nil : compile)
    }

    /// The local size of the last checked launch when a launch on `device` over `range` with `arguments` (as given)
    /// reads the same for every check; nil otherwise.
    func rememberedCheck(device: Device, range: NDRange, arguments: [KernelArgumentValue]) -> RememberedLocalSize? {
        lastCheckedLaunch.withLock { key in
            guard let key, key.matches(device: device, range: range, arguments: arguments) else { return nil }
            return RememberedLocalSize(size: key.localSize)
        }
    }

    /// A remembered launch's local size (nil: the runtime chooses).
    struct RememberedLocalSize { let size: SIMD3<Int>? }

    /// Remembers a launch that passed every check (unless it cannot be remembered, see ``CheckedLaunchKey``).
    func remember(_ key: CheckedLaunchKey?) {
        guard let key else { return }
        lastCheckedLaunch.withLock { $0 = key }
    }

    /// Binds the arguments and enqueues the launch as one step under the kernel's lock.
    func enqueue(on queue: QueueHandle, range: NDRange, local: SIMD3<Int>?, arguments: [KernelArgumentValue],
                 options: EnqueueOptions, svmReach: [UnsafeMutableRawPointer?]? = nil) throws -> CLEvent? {
        try launchLock.withLock { launches in
            try bind(arguments, svmReach: svmReach, to: id)
            let event = try CL.enqueueNDRangeKernel(
                queue, id, dimensions: range.dimensions, offset: range.offsetSize, global: range.globalSize,
                local: local, options: options, kernelName: name)
            launches += 1
            return event
        }
    }

    /// Records the launch into a command buffer with a `cl_kernel` of its own, created from the same program and bound
    /// to `arguments` (so no later launch can change what the command runs with). Returns the command's sync point and
    /// that kernel, which the recording releases when it ends.
    ///
    /// A kernel per command, not the kernel's own `cl_kernel`: PoCL 3.1 replays a command buffer holding two commands
    /// of one `cl_kernel` with different arguments as no work at all (status complete, nothing written; see
    /// docs/known-gaps.md), although the extension captures arguments at recording.
    func record(into buffer: CommandBufferHandle, _ entryPoints: CommandBufferEntryPoints, after previous: UInt32?, range: NDRange,
                local: SIMD3<Int>?, arguments: [KernelArgumentValue], svmReach: [UnsafeMutableRawPointer?]?)
        throws -> (syncPoint: UInt32, kernel: KernelHandle) {
        let own = try CL.createKernel(programID, name: name)
        do {
            try bind(arguments, svmReach: svmReach, to: own)
            let syncPoint = try CL.commandNDRangeKernelKHR(entryPoints, buffer, own, dimensions: range.dimensions, offset: range.offsetSize,
                                                           global: range.globalSize, local: local, after: previous, kernelName: name)
            return (syncPoint, own)
        } catch {
            CL.releaseKernel(own)
            throw error
        }
    }

    /// Sets every argument (and the SVM addresses reached through data) of `kernel`: this kernel's own `cl_kernel` under
    /// `launchLock`, or a recording's copy no one else holds.
    private func bind(_ arguments: [KernelArgumentValue], svmReach: [UnsafeMutableRawPointer?]?, to target: KernelHandle) throws {
        // Set with the arguments (under the launch lock for the kernel's own cl_kernel): no other launch changes it between.
        if let svmReach { try CL.setKernelExecInfoSVMPointers(target, svmReach, kernelName: name) }
        for index in arguments.indices {
            switch arguments[index].storage {
            case let .memory(object, _):
                try CL.setKernelArg(target, index, handle: object.id, kernelName: name)
            case let .bytes(bytes, _):
                try bytes.withUnsafeBytes { raw throws in
                    try CL.setKernelArg(target, index, byteCount: raw.count, raw.baseAddress, kernelName: name)
                }
            case let .local(byteCount, _):
                // The launch refused a size that is nil or not positive before binding anything.
                try CL.setKernelArg(target, index, byteCount: byteCount ?? 0, nil, kernelName: name)
            case let .sampler(sampler):
                try CL.setKernelArg(target, index, handle: sampler.id, kernelName: name)
            case let .svm(allocation, byteOffset, _):
                try CL.setKernelArgSVMPointer(target, index, allocation.baseAddress + byteOffset, kernelName: name)
            case .null:
                try CL.setKernelArg(target, index, handle: nil as MemoryHandle?, kernelName: name)
            case let .integer(value):
                // Resolved to the parameter's type by the launch's check; unreachable without parameters.
                throw SwiftCLError.argumentType(kernel: name, index: index, parameter: "#\(index)",
                                                expected: "a sized integer", given: "integer \(value)")
            }
        }
    }
}
