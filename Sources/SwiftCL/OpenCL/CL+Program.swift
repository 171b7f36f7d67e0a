internal import COpenCL

// Programs and kernels.
extension CL {
    static func createProgramWithSource(_ context: ContextHandle, _ source: String) throws -> ProgramHandle {
        try source.withCString { text in
            var pointer: UnsafePointer<CChar>? = text
            return try create { status in clCreateProgramWithSource(context.pointer, 1, &pointer, nil, status) }
        }
    }

    /// A program from one binary per device. A binary the runtime refuses for any device throws, naming the
    /// first refusing device's status.
    static func createProgramWithBinary(_ context: ContextHandle, devices: [DeviceHandle],
                                        binaries: [[UInt8]]) throws(OpenCLError) -> ProgramHandle {
        var ids: [cl_device_id?] = devices.map(\.pointer)
        var lengths = binaries.map(\.count)
        var statuses = [cl_int](repeating: CL_SUCCESS, count: binaries.count)
        let storage = binaries.map { binary -> UnsafeMutablePointer<UInt8> in
            let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, binary.count))
            pointer.initialize(from: binary, count: binary.count)
            return pointer
        }
        defer { storage.forEach { $0.deallocate() } }
        var pointers: [UnsafePointer<UInt8>?] = storage.map { UnsafePointer($0) }
        var status: cl_int = CL_SUCCESS
        let handle = clCreateProgramWithBinary(context.pointer, cl_uint(ids.count), &ids, &lengths, &pointers, &statuses, &status)
        let refused = statuses.first { $0 != CL_SUCCESS } ?? CL_SUCCESS
        guard status == CL_SUCCESS, refused == CL_SUCCESS, let handle else {
            if let handle { logFailure(clReleaseProgram(handle)) }
            try check(status != CL_SUCCESS ? status : refused != CL_SUCCESS ? refused : CL_INVALID_BINARY)
            throw OpenCLError(status: .invalidBinary, routine: routine(#function) + " returned NULL")
        }
        return ProgramHandle(handle)
    }

    /// Builds for `devices`. A failed build is an answer, not an error here: its status is returned so the
    /// caller can read every device's log and throw a ``BuildError``.
    static func buildProgram(_ program: ProgramHandle, devices: [DeviceHandle], options: String) -> CLStatus {
        var ids: [cl_device_id?] = devices.map(\.pointer)
        // The warnings are in the build log; clang's "N warnings generated." line goes to the logger, not stderr.
        return CompilerConsole.routingSummaryLines(of: "clBuildProgram") {
            CLStatus(rawValue: clBuildProgram(program.pointer, cl_uint(ids.count), &ids, options, nil, nil))
        }
    }

    static func getProgramInfo(_ program: ProgramHandle, _ parameter: InfoParameter<InfoOf.Program>) -> InfoQuery {
        InfoQuery(routine(#function, parameter.name)) { size, value, sizeRet in
            clGetProgramInfo(program.pointer, parameter.value, size, value, sizeRet)
        }
    }

    /// `CL_PROGRAM_BINARIES`: each device's binary, in the program's device order.
    static func getProgramInfo(_ program: ProgramHandle, binariesOf deviceCount: Int) throws -> [[UInt8]] {
        let sizes = try getProgramInfo(program, .CL_PROGRAM_BINARY_SIZES).array(Int.self)
        guard sizes.count == deviceCount else { throw OpenCLError(status: .invalidValue, routine: routine(#function, "CL_PROGRAM_BINARY_SIZES")) }
        let buffers = sizes.map { UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, $0)) }
        defer { buffers.forEach { $0.deallocate() } }
        var pointers: [UnsafeMutablePointer<UInt8>?] = buffers
        try check(clGetProgramInfo(program.pointer, cl_program_info(CL_PROGRAM_BINARIES),
                                   deviceCount * MemoryLayout<UnsafeMutablePointer<UInt8>?>.stride, &pointers, nil),
                  detail: "CL_PROGRAM_BINARIES")
        return zip(buffers, sizes).map { Array(UnsafeBufferPointer(start: $0, count: $1)) }
    }

    static func getProgramBuildInfo(_ program: ProgramHandle, _ device: DeviceHandle,
                                    _ parameter: InfoParameter<InfoOf.ProgramBuild>) -> InfoQuery {
        InfoQuery(routine(#function, parameter.name)) { size, value, sizeRet in
            clGetProgramBuildInfo(program.pointer, device.pointer, parameter.value, size, value, sizeRet)
        }
    }

    static func releaseProgram(_ program: ProgramHandle) {
        logFailure(clReleaseProgram(program.pointer))
    }

    static func createKernel(_ program: ProgramHandle, name: String) throws(OpenCLError) -> KernelHandle {
        try create(detail: name) { status in clCreateKernel(program.pointer, name, status) }
    }

    static func getKernelInfo(_ kernel: KernelHandle, _ parameter: InfoParameter<InfoOf.Kernel>) -> InfoQuery {
        InfoQuery(routine(#function, parameter.name)) { size, value, sizeRet in
            clGetKernelInfo(kernel.pointer, parameter.value, size, value, sizeRet)
        }
    }

    static func getKernelWorkGroupInfo(_ kernel: KernelHandle, _ device: DeviceHandle,
                                       _ parameter: InfoParameter<InfoOf.KernelWorkGroup>) -> InfoQuery {
        InfoQuery(routine(#function, parameter.name)) { size, value, sizeRet in
            clGetKernelWorkGroupInfo(kernel.pointer, device.pointer, parameter.value, size, value, sizeRet)
        }
    }

    static func getKernelArgInfo(_ kernel: KernelHandle, index: Int,
                                 _ parameter: InfoParameter<InfoOf.KernelArgument>) -> InfoQuery {
        InfoQuery(routine(#function, parameter.name)) { size, value, sizeRet in
            clGetKernelArgInfo(kernel.pointer, cl_uint(index), parameter.value, size, value, sizeRet)
        }
    }

    /// Binds argument `index` to `byteCount` bytes at `value` (nil with a size: a `local` allocation).
    /// `kernelName` only labels the error.
    static func setKernelArg(_ kernel: KernelHandle, _ index: Int, byteCount: Int, _ value: UnsafeRawPointer?,
                             kernelName: String) throws(OpenCLError) {
        try check(clSetKernelArg(kernel.pointer, cl_uint(index), byteCount, value), detail: "\(kernelName), \(index)")
    }

    /// Binds argument `index` to a memory object or sampler handle (nil: a NULL buffer).
    static func setKernelArg<Kind>(_ kernel: KernelHandle, _ index: Int, handle: CLHandle<Kind>?,
                                   kernelName: String) throws(OpenCLError) {
        var pointer: OpaquePointer? = handle?.pointer
        try check(clSetKernelArg(kernel.pointer, cl_uint(index), MemoryLayout<OpaquePointer?>.size, &pointer),
                  detail: "\(kernelName), \(index)")
    }

    static func releaseKernel(_ kernel: KernelHandle) {
        logFailure(clReleaseKernel(kernel.pointer))
    }
}
