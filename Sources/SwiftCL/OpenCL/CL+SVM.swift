internal import COpenCL

/// Shared virtual memory (OpenCL 2.0). Callers check the device's `CL_DEVICE_SVM_CAPABILITIES` first (a 1.2 platform
/// reports none), so these 2.0 entry points are only reached on platforms that have them.
extension CL {
    /// `clSVMAlloc`: NULL (the runtime gives no status) becomes an out-of-resources error naming the request.
    static func svmAlloc(_ context: ContextHandle, flags: cl_svm_mem_flags, byteCount: Int, alignment: Int) throws(OpenCLError)
        -> UnsafeMutableRawPointer {
        guard let pointer = clSVMAlloc(context.pointer, flags, byteCount, cl_uint(alignment)) else {
            throw OpenCLError(status: .outOfResources, routine: "clSVMAlloc(\(byteCount) bytes) returned NULL")
        }
        return pointer
    }

    static func svmFree(_ context: ContextHandle, _ pointer: UnsafeMutableRawPointer) {
        clSVMFree(context.pointer, pointer)
    }

    static func setKernelArgSVMPointer(_ kernel: KernelHandle, _ index: Int, _ pointer: UnsafeRawPointer,
                                       kernelName: String) throws(OpenCLError) {
        try check(clSetKernelArgSVMPointer(kernel.pointer, cl_uint(index), pointer), detail: "\(kernelName), \(index)")
    }

    /// `CL_KERNEL_EXEC_INFO_SVM_PTRS`: the SVM pointers the kernel reaches through data rather than its arguments.
    static func setKernelExecInfoSVMPointers(_ kernel: KernelHandle, _ pointers: [UnsafeMutableRawPointer?],
                                             kernelName: String) throws(OpenCLError) {
        var values = pointers
        let status = values.withUnsafeMutableBytes { raw in
            clSetKernelExecInfo(kernel.pointer, cl_kernel_exec_info(CL_KERNEL_EXEC_INFO_SVM_PTRS), raw.count,
                                raw.count == 0 ? nil : raw.baseAddress)
        }
        try check(status, detail: kernelName)
    }

    static func enqueueSVMMap(_ queue: QueueHandle, _ pointer: UnsafeMutableRawPointer, byteCount: Int, write: Bool,
                              options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        let flags = cl_map_flags(write ? CL_MAP_READ | CL_MAP_WRITE : CL_MAP_READ)
        return try enqueue(options) { waits, event in
            clEnqueueSVMMap(queue.pointer, bool(true), flags, pointer, byteCount, waits.count, waits.events, event)
        }
    }

    static func enqueueSVMUnmap(_ queue: QueueHandle, _ pointer: UnsafeMutableRawPointer,
                                options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueSVMUnmap(queue.pointer, pointer, waits.count, waits.events, event)
        }
    }

    static func enqueueSVMMemcpy(_ queue: QueueHandle, to destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer,
                                 byteCount: Int, blocking: Bool, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueSVMMemcpy(queue.pointer, bool(blocking), destination, source, byteCount, waits.count, waits.events, event)
        }
    }

    static func enqueueSVMMemFill(_ queue: QueueHandle, _ pointer: UnsafeMutableRawPointer, pattern: UnsafeRawPointer?,
                                  patternBytes: Int, byteCount: Int, options: EnqueueOptions) throws(OpenCLError) -> CLEvent? {
        try enqueue(options) { waits, event in
            clEnqueueSVMMemFill(queue.pointer, pointer, pattern, patternBytes, byteCount, waits.count, waits.events, event)
        }
    }
}
