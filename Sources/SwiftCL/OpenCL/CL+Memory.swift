internal import COpenCL

// Buffers, images and samplers.
extension CL {
    /// A buffer of `byteCount` bytes, initialised from `copying` when given (`CL_MEM_COPY_HOST_PTR` is added then).
    static func createBuffer(_ context: ContextHandle, flags: UInt64, byteCount: Int,
                             copying host: UnsafeRawPointer?) throws(OpenCLError) -> MemoryHandle {
        try create { status in
            clCreateBuffer(context.pointer, flags | copyFlag(host), byteCount, UnsafeMutableRawPointer(mutating: host), status)
        }
    }

    /// A buffer the runtime allocates in host-accessible memory (`CL_MEM_ALLOC_HOST_PTR`).
    static func createBuffer(_ context: ContextHandle, flags: UInt64, byteCount: Int,
                             allocatingHostMemory: Void) throws(OpenCLError) -> MemoryHandle {
        try create { status in
            clCreateBuffer(context.pointer, flags | cl_mem_flags(CL_MEM_ALLOC_HOST_PTR), byteCount, nil, status)
        }
    }

    /// A buffer over the caller's memory (`CL_MEM_USE_HOST_PTR`).
    static func createBuffer(_ context: ContextHandle, flags: UInt64, byteCount: Int,
                             using host: UnsafeMutableRawPointer) throws(OpenCLError) -> MemoryHandle {
        try create { status in
            clCreateBuffer(context.pointer, flags | cl_mem_flags(CL_MEM_USE_HOST_PTR), byteCount, host, status)
        }
    }

    private static func copyFlag(_ host: UnsafeRawPointer?) -> UInt64 {
        host == nil ? 0 : cl_mem_flags(CL_MEM_COPY_HOST_PTR)
    }

    /// An image of `imageType` with the given extents (zero for the ones its type does not use), initialised
    /// from `copying` when given.
    static func createImage(_ context: ContextHandle, flags: UInt64, order: UInt32, dataType: UInt32, imageType: UInt32,
                            width: Int, height: Int, depth: Int, arraySize: Int,
                            copying host: UnsafeRawPointer?) throws(OpenCLError) -> MemoryHandle {
        var format = cl_image_format(image_channel_order: order, image_channel_data_type: dataType)
        var descriptor = cl_image_desc()
        descriptor.image_type = imageType
        descriptor.image_width = width
        descriptor.image_height = height
        descriptor.image_depth = depth
        descriptor.image_array_size = arraySize
        return try create { status in
            clCreateImage(context.pointer, flags | copyFlag(host), &format, &descriptor, UnsafeMutableRawPointer(mutating: host), status)
        }
    }

    static func getImageInfo(_ image: MemoryHandle, _ parameter: InfoParameter<InfoOf.Image>) -> InfoQuery {
        InfoQuery(routine(#function, parameter.name)) { size, value, sizeRet in
            clGetImageInfo(image.pointer, parameter.value, size, value, sizeRet)
        }
    }

    /// A buffer over `byteCount` bytes of `buffer` from `originBytes` (`CL_BUFFER_CREATE_TYPE_REGION`), inheriting
    /// its flags. `buffer` must not itself be a sub-buffer.
    static func createSubBuffer(_ buffer: MemoryHandle, originBytes: Int, byteCount: Int) throws(OpenCLError) -> MemoryHandle {
        var region = cl_buffer_region(origin: originBytes, size: byteCount)
        return try create { status in
            clCreateSubBuffer(buffer.pointer, 0, cl_buffer_create_type(CL_BUFFER_CREATE_TYPE_REGION), &region, status)
        }
    }

    /// Takes another reference to `memory` (for a second Swift owner of the same `cl_mem`).
    static func retainMemObject(_ memory: MemoryHandle) throws(OpenCLError) -> MemoryHandle {
        try check(clRetainMemObject(memory.pointer))
        return memory
    }

    static func releaseMemObject(_ memory: MemoryHandle) {
        logFailure(clReleaseMemObject(memory.pointer))
    }

    /// An OpenCL 1.x sampler.
    static func createSampler(_ context: ContextHandle, normalizedCoordinates: Bool, addressing: UInt32,
                              filter: UInt32) throws(OpenCLError) -> SamplerHandle {
        try create { status in clCreateSampler(context.pointer, bool(normalizedCoordinates), addressing, filter, status) }
    }

    /// An OpenCL 2.0+ sampler.
    static func createSamplerWithProperties(_ context: ContextHandle, normalizedCoordinates: Bool, addressing: UInt32,
                                            filter: UInt32) throws(OpenCLError) -> SamplerHandle {
        let properties: [cl_sampler_properties] = [
            cl_sampler_properties(CL_SAMPLER_NORMALIZED_COORDS), cl_sampler_properties(bool(normalizedCoordinates)),
            cl_sampler_properties(CL_SAMPLER_ADDRESSING_MODE), cl_sampler_properties(addressing),
            cl_sampler_properties(CL_SAMPLER_FILTER_MODE), cl_sampler_properties(filter), 0,
        ]
        return try create { status in clCreateSamplerWithProperties(context.pointer, properties, status) }
    }

    static func releaseSampler(_ sampler: SamplerHandle) {
        logFailure(clReleaseSampler(sampler.pointer))
    }
}
