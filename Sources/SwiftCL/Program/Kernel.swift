internal import COpenCL

/// A kernel of a built program.
///
/// `clSetKernelArg` is not thread-safe for one `cl_kernel`, so a `Kernel` binds its arguments and
/// enqueues under its own lock: binding and launching is one step, and no two launches can race.
/// One `Kernel` may therefore be shared by every queue of its context.
public final class Kernel: @unchecked Sendable, CustomStringConvertible {
    // The cl_kernel is only touched under `launchLock` (arguments) or through thread-safe queries.
    let id: OpaquePointer
    /// The program the kernel belongs to (kept alive by the kernel).
    public let program: Program
    /// The kernel's name.
    public let name: String
    /// `CL_KERNEL_NUM_ARGS`.
    public let argumentCount: Int
    /// The parameters as the runtime reports them, or nil when it gives no argument info.
    public let parameters: [KernelParameter]?
    /// Guards argument binding and enqueueing; holds how many launches were enqueued.
    private let launchLock = Locked<Int>(0)
    /// Work-group facts for every device of the context, read once when the kernel is created so a
    /// launch looks them up without a lock.
    private let workGroupInfos: [(device: Device, info: WorkGroupInfo)]

    init(program: Program, name: String) throws {
        self.program = program
        self.name = name
        let handle = try create("clCreateKernel(\(name))") { status in clCreateKernel(program.id, name, status) }
        id = handle
        do {
            let count = try InfoQuery("clGetKernelInfo(CL_KERNEL_NUM_ARGS)") { size, value, sizeRet in
                clGetKernelInfo(handle, cl_kernel_info(CL_KERNEL_NUM_ARGS), size, value, sizeRet)
            }.value(cl_uint.self)
            argumentCount = Int(count)
            parameters = try? (0..<count).map { try Kernel.parameter(handle, index: $0) }
            workGroupInfos = try program.context.devices.map { device in (device, try Kernel.workGroupInfo(handle, on: device)) }
        } catch {
            // The object is not fully built, so deinit will not run: release the kernel here.
            release(clReleaseKernel(handle), "clReleaseKernel")
            throw error
        }
    }

    deinit {
        release(clReleaseKernel(id), "clReleaseKernel")
    }

    /// How many launches of this kernel object have been enqueued.
    public var launchCount: Int { launchLock.withLock { $0 } }

    public var description: String {
        "kernel \(name)(" + (parameters?.map(\.description).joined(separator: ", ") ?? "\(argumentCount) args") + ")"
    }

    /// Work-group facts of this kernel on `device` (the guide's `gcl_get_kernel_block_workgroup_info`).
    public func workGroupInfo(on device: Device) throws -> WorkGroupInfo {
        for entry in workGroupInfos where entry.device === device { return entry.info }
        for entry in workGroupInfos where entry.device == device { return entry.info }
        throw SwiftCLError.contextMismatch("\(device.name) is not a device of the kernel's context")
    }

    private static func workGroupInfo(_ kernel: OpaquePointer, on device: Device) throws -> WorkGroupInfo {
        func query(_ parameter: Int32, _ label: String) -> InfoQuery {
            InfoQuery("clGetKernelWorkGroupInfo(\(label))") { size, value, sizeRet in
                clGetKernelWorkGroupInfo(kernel, device.id, cl_kernel_work_group_info(parameter), size, value, sizeRet)
            }
        }
        let compile = try query(CL_KERNEL_COMPILE_WORK_GROUP_SIZE, "CL_KERNEL_COMPILE_WORK_GROUP_SIZE").array(Int.self)
        return WorkGroupInfo(
            maxWorkGroupSize: try query(CL_KERNEL_WORK_GROUP_SIZE, "CL_KERNEL_WORK_GROUP_SIZE").value(Int.self),
            preferredWorkGroupSizeMultiple: try query(
                CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, "CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE").value(Int.self),
            localMemorySize: Int(clamping: try query(CL_KERNEL_LOCAL_MEM_SIZE, "CL_KERNEL_LOCAL_MEM_SIZE").value(cl_ulong.self)),
            privateMemorySize: Int(clamping: try query(CL_KERNEL_PRIVATE_MEM_SIZE, "CL_KERNEL_PRIVATE_MEM_SIZE").value(cl_ulong.self)),
            requiredWorkGroupSize: compile.allSatisfy { $0 == 0 } ? nil : compile)
    }

    private static func parameter(_ kernel: OpaquePointer, index: cl_uint) throws -> KernelParameter {
        func query(_ parameter: Int32, _ label: String) -> InfoQuery {
            InfoQuery("clGetKernelArgInfo(\(label))") { size, value, sizeRet in
                clGetKernelArgInfo(kernel, index, cl_kernel_arg_info(parameter), size, value, sizeRet)
            }
        }
        let address = try query(CL_KERNEL_ARG_ADDRESS_QUALIFIER, "CL_KERNEL_ARG_ADDRESS_QUALIFIER")
            .value(cl_kernel_arg_address_qualifier.self)
        let typeQualifier = try query(CL_KERNEL_ARG_TYPE_QUALIFIER, "CL_KERNEL_ARG_TYPE_QUALIFIER")
            .value(cl_kernel_arg_type_qualifier.self)
        let space: KernelParameter.AddressSpace = switch Int32(address) {
        case CL_KERNEL_ARG_ADDRESS_GLOBAL: .global
        case CL_KERNEL_ARG_ADDRESS_LOCAL: .local
        case CL_KERNEL_ARG_ADDRESS_CONSTANT: .constant
        default: .private
        }
        return KernelParameter(
            name: try query(CL_KERNEL_ARG_NAME, "CL_KERNEL_ARG_NAME").string(),
            typeName: try query(CL_KERNEL_ARG_TYPE_NAME, "CL_KERNEL_ARG_TYPE_NAME").string(),
            addressSpace: space,
            isConst: typeQualifier & cl_kernel_arg_type_qualifier(CL_KERNEL_ARG_TYPE_CONST) != 0 || space == .constant)
    }

    /// Checks one argument against the parameter the runtime reports, before anything is bound.
    func checkArgument(_ argument: KernelArgumentValue, at index: Int) throws {
        guard let parameters else { return }
        let parameter = parameters[index]
        func mismatch(_ expected: String) -> SwiftCLError {
            .argumentType(kernel: name, index: index, parameter: parameter.name, expected: expected, given: argument.summary)
        }
        let pointee = parameter.pointeeTypeName
        let pointeeKnown = parameter.knownSize != nil
        if parameter.typeName.hasPrefix("image") {
            guard case let .memory(object, _) = argument.storage, let image = object as? Image else {
                throw mismatch("an Image (\(parameter))")
            }
            if image.kind.openCLTypeName != parameter.typeName {
                throw mismatch("an Image of kind \(parameter.typeName), not \(image.kind)")
            }
            return
        }
        if parameter.typeName == "sampler_t" {
            guard case .sampler = argument.storage else { throw mismatch("a Sampler (\(parameter))") }
            return
        }
        if case let .memory(object, _) = argument.storage, object is Image {
            throw mismatch("a buffer, not an Image (\(parameter))")
        }
        switch (parameter.addressSpace, argument.storage) {
        case (.global, let .memory(_, element)), (.constant, let .memory(_, element)):
            if pointeeKnown, let element, element != pointee {
                throw mismatch("a buffer of \(pointee) (\(parameter))")
            }
        case (.local, let .local(byteCount, element)):
            if byteCount <= 0 {
                throw mismatch("a positive local memory size (\(parameter))")
            }
            if pointeeKnown, let element, element != pointee {
                throw mismatch("local memory of \(pointee) (\(parameter))")
            }
        case (.private, let .bytes(bytes, typeName)):
            if let size = parameter.knownSize {
                if bytes.count != size || (typeName != nil && typeName != parameter.typeName) {
                    throw mismatch("a \(parameter.typeName) value (\(size) bytes)")
                }
            }
        case (.global, _), (.constant, _):
            throw mismatch("a buffer (\(parameter))")
        case (.local, _):
            throw mismatch("LocalMemory (\(parameter))")
        case (.private, _):
            throw mismatch("a \(parameter.typeName) value")
        }
    }

    /// Binds the arguments and enqueues the launch as one step under the kernel's lock.
    func enqueue(on queue: OpaquePointer, range: NDRange, local: SIMD3<Int>?, arguments: [KernelArgumentValue],
                 event: UnsafeMutablePointer<cl_event?>?) throws {
        try launchLock.withLock { launches in
            for (index, argument) in arguments.enumerated() {
                let slot = cl_uint(index)
                switch argument.storage {
                case let .memory(object, _):
                    var handle: cl_mem? = object.id
                    try check(clSetKernelArg(id, slot, MemoryLayout<cl_mem?>.size, &handle),
                              "clSetKernelArg(\(name), \(index))")
                case let .bytes(bytes, _):
                    try bytes.withUnsafeBytes { raw throws in
                        try check(clSetKernelArg(id, slot, raw.count, raw.baseAddress),
                                  "clSetKernelArg(\(name), \(index))")
                    }
                case let .local(byteCount, _):
                    try check(clSetKernelArg(id, slot, byteCount, nil), "clSetKernelArg(\(name), \(index))")
                case let .sampler(sampler):
                    var handle: cl_sampler? = sampler.id
                    try check(clSetKernelArg(id, slot, MemoryLayout<cl_sampler?>.size, &handle),
                              "clSetKernelArg(\(name), \(index))")
                }
            }
            var global = range.globalSize, offset = range.offsetSize, localSize = local ?? .zero
            let status = withUnsafePointer(to: &global) { globalPointer in
                withUnsafePointer(to: &offset) { offsetPointer in
                    withUnsafePointer(to: &localSize) { localPointer in
                        globalPointer.withMemoryRebound(to: Int.self, capacity: 3) { g in
                            offsetPointer.withMemoryRebound(to: Int.self, capacity: 3) { o in
                                localPointer.withMemoryRebound(to: Int.self, capacity: 3) { l in
                                    clEnqueueNDRangeKernel(queue, id, cl_uint(range.dimensions), o, g,
                                                           local == nil ? nil : l, 0, nil, event)
                                }
                            }
                        }
                    }
                }
            }
            try check(status, "clEnqueueNDRangeKernel(\(name))")
            launches += 1
        }
    }
}
