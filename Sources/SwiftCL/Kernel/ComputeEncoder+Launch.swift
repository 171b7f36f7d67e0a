extension ComputeEncoder {
    /// Launches `kernel` over `range` with `arguments`, in parameter order.
    ///
    /// Before anything reaches OpenCL this checks: the argument count; each argument against the
    /// parameter's type, address space and `const`-ness (from the runtime's argument information, or, when
    /// the program has none, what the binary cache recorded or the source's kernel signature says); that
    /// every object belongs to the queue's context and none is mapped by this encoder; that the kernel's
    /// own `local` arrays plus ``LocalMemory`` arguments fit `CL_DEVICE_LOCAL_MEM_SIZE`; and the range
    /// against the device's and the kernel's work-group limits.
    ///
    /// What it cannot check: what the kernel does with its arguments. A kernel that indexes past the end
    /// of a buffer (a range larger than the data, say) writes outside it; on PoCL's CPU device that memory
    /// is the host heap. Run such kernels under `swiftcl memcheck` (Oclgrind) to find those accesses.
    ///
    /// Within one closure, a launch with the same kernel object, range and arguments (the same objects, the same
    /// scalar bytes) as the previous one while nothing is mapped binds what that launch checked instead of checking
    /// again: every check depends only on those. Across closures the kernel remembers its last checked launch the same
    /// way without keeping anything alive (objects by identity and serial number); integers are converted every time.
    ///
    /// Throws ``SwiftCLError`` for a refused launch (nothing is enqueued and the encoder stays usable)
    /// and ``OpenCLError`` when the runtime fails.
    public func launch(_ kernel: Kernel, _ range: NDRange, _ arguments: any KernelArgument...) throws {
        try launch(kernel, range, arguments: arguments)
    }

    /// ``launch(_:_:_:)`` that waits, on the device, for `events` first and returns its own event (PyOpenCL's
    /// `wait_for=` and returned event): `let done = try cl.launch(blur, range, a, b, waitingFor: [uploaded])`.
    /// - Throws: as ``launch(_:_:_:)``, and ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` for an event of another context.
    @discardableResult
    public func launch(_ kernel: Kernel, _ range: NDRange, _ arguments: any KernelArgument...,
                       waitingFor events: [CommandEvent]) throws -> CommandEvent {
        try commandEvent(waitingFor: events) { try launch(kernel, range, arguments: arguments) }
    }

    /// ``launch(_:_:_:)`` with the arguments as an array.
    /// - Throws: as ``launch(_:_:_:)``.
    public func launch(_ kernel: Kernel, _ range: NDRange, arguments: [any KernelArgument]) throws {
        try checkUsable(recordable: true)
        guard kernel.contextIdentity == ObjectIdentifier(queue.context) else {
            throw SwiftCLError.contextMismatch(object: "kernel \(kernel.name)", belongsTo: "\(kernel.program.context)",
                                                expected: "the queue's \(queue.context)")
        }
        let core = kernel.core
        guard arguments.count == core.argumentCount else {
            throw SwiftCLError.argumentCount(kernel: core.name, expected: core.argumentCount, given: arguments.count)
        }
        if recorder == nil, ReplayPending.isActive { try ReplayPending.checkLaunch(arguments, kernel: core.name) }
        if let checked = launchMemo.repeated(kernel, range, arguments, nothingMapped: mapped.isEmpty) {
            try enqueueLaunch(core, range, local: checked.local, arguments: checked.bound)
            launchMemo.retainRepeat(of: checked, in: &inFlight)
            return
        }
        // The encoder's scratch list, taken (so it is uniquely referenced and grows in place) and given back empty.
        var values = launchMemo.scratch
        launchMemo.scratch = []
        defer {
            values.emptyInPlace()
            launchMemo.scratch = values
        }
        // By index: `for argument in arguments` would copy each existential (a retain and a release) before opening it.
        for index in arguments.indices { values.append(arguments[index].kernelArgument) }
        let local: SIMD3<Int>?
        if mapped.isEmpty, let remembered = core.rememberedCheck(device: device, range: range, arguments: values) {
            // The kernel's last checked launch read the same for every check (a round trip repeating a launch in a new
            // closure): only integers are converted again, as their conversion depends on the value.
            for index in values.indices where values[index].isInteger {
                values[index] = try core.resolveArgument(values[index], at: index, addressBits: device.addressBits)
            }
            local = remembered.size
        } else {
            let keys = CheckedLaunchKey.arguments(of: values)
            local = try checkedLocalSize(core, range, resolving: &values)
            if let keys { core.remember(CheckedLaunchKey(device: device, range: range, arguments: keys, localSize: local)) }
        }
        try enqueueLaunch(core, range, local: local, arguments: values)
        launchMemo.checkedLaunch(kernel, range, given: arguments, bound: values, local: local, in: &inFlight)
    }

    /// Enqueues a checked launch, or records it while recording.
    @inline(__always)
    private func enqueueLaunch(_ core: KernelCore, _ range: NDRange, local: SIMD3<Int>?, arguments: [KernelArgumentValue]) throws {
        if let recorder {
            try recorder.launch(core, range, local: local, arguments: arguments, svmReach: svmReach)
        } else {
            record(try core.enqueue(on: queue.id, range: range, local: local, arguments: arguments, options: enqueueOptions, svmReach: svmReach),
                   label: "launch \(core.name)")
        }
    }

    /// Every check of a launch of `core` over `range` with `values` (as given): each object's context and mapping,
    /// each argument against its parameter (integers converted in place), local memory against the device's, and the
    /// range against the device's and the kernel's limits. Returns the local size to enqueue with.
    private func checkedLocalSize(_ core: KernelCore, _ range: NDRange, resolving values: inout [KernelArgumentValue]) throws
        -> SIMD3<Int>? {
        var localBytes = 0
        for index in values.indices {
            let value = values[index]
            switch value.storage {
            case let .memory(object, _):
                try checkContext(object, operation: "launch \(core.name) argument \(index)")
            case let .svm(allocation, _, _) where allocation.context !== queue.context:
                throw SwiftCLError.contextMismatch(object: "an SVM allocation", belongsTo: "\(allocation.context)",
                                                    expected: "the queue's \(queue.context)")
            case let .sampler(sampler) where sampler.context !== queue.context:
                throw SwiftCLError.contextMismatch(object: "a sampler", belongsTo: "\(sampler.context)", expected: "the queue's \(queue.context)")
            case let .local(byteCount, _):
                // Checked for every kernel, whether or not its parameters are known.
                guard let byteCount, byteCount > 0 else {
                    throw SwiftCLError.argumentType(kernel: core.name, index: index, parameter: core.parameters?[index].name ?? "#\(index)",
                                                    expected: "a positive local memory size that fits in Int", given: value.summary)
                }
                localBytes = localBytes.saturatingAdding(byteCount)
            default: break
            }
            values[index] = try core.resolveArgument(value, at: index, addressBits: device.addressBits)
        }
        let info = try core.workGroupInfo(on: device)
        if localBytes.saturatingAdding(info.localMemoryBytes) > device.localMemoryBytes {
            throw SwiftCLError.localMemoryExceeded(kernel: core.name, staticBytes: info.localMemoryBytes,
                                                   argumentBytes: localBytes, limit: device.localMemoryBytes, device: device.name)
        }
        return try range.resolvedLocalSize(device: device, kernel: info)
    }
}
