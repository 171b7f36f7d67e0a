extension ComputeEncoder {
    /// Launches `kernel` over `range` with `arguments`, in parameter order.
    ///
    /// Before anything reaches OpenCL this checks the argument count, each argument against the
    /// parameter's declared type and address space (where the runtime reports them), that every
    /// memory object belongs to the queue's context, and the range against the device's and the
    /// kernel's work-group limits.
    public func launch(_ kernel: Kernel, _ range: NDRange, _ arguments: any KernelArgument...) throws {
        try launch(kernel, range, arguments: arguments)
    }

    /// ``launch(_:_:_:)`` with the arguments as an array.
    public func launch(_ kernel: Kernel, _ range: NDRange, arguments: [any KernelArgument]) throws {
        try checkUsable()
        guard kernel.program.context === queue.context else {
            throw SwiftCLError.contextMismatch("kernel \(kernel.name) was built for \(kernel.program.context), the queue uses \(queue.context)")
        }
        guard arguments.count == kernel.argumentCount else {
            throw SwiftCLError.argumentCount(kernel: kernel.name, expected: kernel.argumentCount, given: arguments.count)
        }
        var values: [KernelArgumentValue] = []
        values.reserveCapacity(arguments.count)
        var localBytes = 0
        for (index, argument) in arguments.enumerated() {
            let value = argument.kernelArgument
            switch value.storage {
            case let .memory(object, _): try checkContext(object)
            case let .sampler(sampler) where sampler.context !== queue.context:
                throw SwiftCLError.contextMismatch("a sampler belongs to \(sampler.context), the queue to \(queue.context)")
            case let .local(byteCount, _) where byteCount > 0: localBytes += byteCount
            default: break
            }
            try kernel.checkArgument(value, at: index)
            values.append(value)
        }
        let info = try kernel.workGroupInfo(on: device)
        if localBytes > device.localMemorySize {
            throw SwiftCLError.invalidArgument(
                "kernel \(kernel.name): \(localBytes) bytes of local memory arguments exceed CL_DEVICE_LOCAL_MEM_SIZE (\(device.localMemorySize))")
        }
        let local = try range.resolvedLocalSize(device: device, kernel: info)
        try withEvent { event in
            try kernel.enqueue(on: queue.id, range: range, local: local, arguments: values, event: event)
        }
        // Keep the kernel and the objects alive until the commands complete; a launch of the same
        // kernel with the same objects as the previous one (a batch) adds nothing new and, in the common
        // case, allocates nothing either.
        if matchesLastLaunch(kernel, values) { return }
        lastLaunchRetained = [ObjectIdentifier(kernel)] + values.compactMap { $0.retainedObject.map(ObjectIdentifier.init) }
        inFlight.append(kernel)
        for value in values {
            if let object = value.retainedObject { inFlight.append(object) }
        }
    }

    /// Whether `kernel` and the objects among `values` are exactly what the previous launch retained.
    private func matchesLastLaunch(_ kernel: Kernel, _ values: [KernelArgumentValue]) -> Bool {
        guard lastLaunchRetained.first == ObjectIdentifier(kernel) else { return false }
        var index = 1
        for value in values {
            guard let object = value.retainedObject else { continue }
            guard index < lastLaunchRetained.count, lastLaunchRetained[index] == ObjectIdentifier(object) else { return false }
            index += 1
        }
        return index == lastLaunchRetained.count
    }
}
