internal import COpenCL

/// A `cl_kernel` with what the runtime reports about it, read once. It holds no Swift parent (the
/// `cl_kernel` retains its `cl_program` inside OpenCL), so a program can cache it without a retain
/// cycle; ``Kernel`` pairs it with its ``Program``.
///
/// `clSetKernelArg` is not thread-safe for one `cl_kernel`, so arguments are bound and the launch
/// enqueued as one step under `launchLock`: no two launches can race.
final class KernelCore: @unchecked Sendable {
    // The cl_kernel is only touched under `launchLock` (arguments) or through thread-safe queries.
    let id: OpaquePointer
    let name: String
    let argumentCount: Int
    /// The runtime's argument information, or what the program recorded when the runtime gives none.
    let parameters: [KernelParameter]?
    /// Guards argument binding and enqueueing; holds how many launches were enqueued.
    let launchLock = Locked<Int>(0)
    /// Work-group facts for every device of the context, read once when the kernel is created so a
    /// launch looks them up without a lock.
    let workGroupInfos: [(device: Device, info: WorkGroupInfo)]

    init(program: BuiltProgram, name: String, devices: [Device]) throws {
        try name.refusingNUL("kernel name")
        self.name = name
        let handle = try create("clCreateKernel(\(name))") { status in clCreateKernel(program.id, name, status) }
        id = handle
        do {
            let count = try InfoQuery("clGetKernelInfo(CL_KERNEL_NUM_ARGS)") { size, value, sizeRet in
                clGetKernelInfo(handle, cl_kernel_info(CL_KERNEL_NUM_ARGS), size, value, sizeRet)
            }.value(cl_uint.self)
            argumentCount = Int(count)
            let recorded = program.recordedParameters[name]
            parameters = Self.runtimeParameters(handle) ?? (recorded?.count == argumentCount ? recorded : nil)
            workGroupInfos = try devices.map { device in (device, try Self.workGroupInfo(handle, on: device)) }
        } catch {
            // The object is not fully built, so deinit will not run: release the kernel here.
            release(clReleaseKernel(handle), "clReleaseKernel")
            throw error
        }
        LiveObjectCounts.track(.kernel, +1)
    }

    deinit {
        release(clReleaseKernel(id), "clReleaseKernel")
        LiveObjectCounts.track(.kernel, -1)
    }

    /// Every parameter as the runtime reports it, or nil when it gives no argument information (a
    /// program built without `-cl-kernel-arg-info`, or from a binary).
    static func runtimeParameters(_ kernel: OpaquePointer) -> [KernelParameter]? {
        var count: cl_uint = 0
        guard clGetKernelInfo(kernel, cl_kernel_info(CL_KERNEL_NUM_ARGS), MemoryLayout<cl_uint>.size, &count, nil) == CL_SUCCESS
        else { return nil }
        return try? (0..<count).map { try parameter(kernel, index: $0) }
    }

    /// Work-group facts of this kernel on `device`.
    func workGroupInfo(on device: Device) throws -> WorkGroupInfo {
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
            localMemoryBytes: Int(clamping: try query(CL_KERNEL_LOCAL_MEM_SIZE, "CL_KERNEL_LOCAL_MEM_SIZE").value(cl_ulong.self)),
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
