internal import COpenCL

// Every status code of the Khronos headers (CL/cl.h, cl_ext.h, cl_gl.h): one member and one name per code,
// both taken from the C constant, so no value is typed by hand.
extension CLStatus {
    /// The corresponding C status is `CL_SUCCESS`.
    public static var success: CLStatus { CLStatus(rawValue: CL_SUCCESS) }

    /// The corresponding C status is `CL_DEVICE_NOT_FOUND`.
    public static var deviceNotFound: CLStatus { CLStatus(rawValue: CL_DEVICE_NOT_FOUND) }

    /// The corresponding C status is `CL_DEVICE_NOT_AVAILABLE`.
    public static var deviceNotAvailable: CLStatus { CLStatus(rawValue: CL_DEVICE_NOT_AVAILABLE) }

    /// The corresponding C status is `CL_COMPILER_NOT_AVAILABLE`.
    public static var compilerNotAvailable: CLStatus { CLStatus(rawValue: CL_COMPILER_NOT_AVAILABLE) }

    /// The corresponding C status is `CL_MEM_OBJECT_ALLOCATION_FAILURE`.
    public static var memObjectAllocationFailure: CLStatus { CLStatus(rawValue: CL_MEM_OBJECT_ALLOCATION_FAILURE) }

    /// The corresponding C status is `CL_OUT_OF_RESOURCES`.
    public static var outOfResources: CLStatus { CLStatus(rawValue: CL_OUT_OF_RESOURCES) }

    /// The corresponding C status is `CL_OUT_OF_HOST_MEMORY`.
    public static var outOfHostMemory: CLStatus { CLStatus(rawValue: CL_OUT_OF_HOST_MEMORY) }

    /// The corresponding C status is `CL_PROFILING_INFO_NOT_AVAILABLE`.
    public static var profilingInfoNotAvailable: CLStatus { CLStatus(rawValue: CL_PROFILING_INFO_NOT_AVAILABLE) }

    /// The corresponding C status is `CL_MEM_COPY_OVERLAP`.
    public static var memCopyOverlap: CLStatus { CLStatus(rawValue: CL_MEM_COPY_OVERLAP) }

    /// The corresponding C status is `CL_IMAGE_FORMAT_MISMATCH`.
    public static var imageFormatMismatch: CLStatus { CLStatus(rawValue: CL_IMAGE_FORMAT_MISMATCH) }

    /// The corresponding C status is `CL_IMAGE_FORMAT_NOT_SUPPORTED`.
    public static var imageFormatNotSupported: CLStatus { CLStatus(rawValue: CL_IMAGE_FORMAT_NOT_SUPPORTED) }

    /// The corresponding C status is `CL_BUILD_PROGRAM_FAILURE`.
    public static var buildProgramFailure: CLStatus { CLStatus(rawValue: CL_BUILD_PROGRAM_FAILURE) }

    /// The corresponding C status is `CL_MAP_FAILURE`.
    public static var mapFailure: CLStatus { CLStatus(rawValue: CL_MAP_FAILURE) }

    /// The corresponding C status is `CL_MISALIGNED_SUB_BUFFER_OFFSET`.
    public static var misalignedSubBufferOffset: CLStatus { CLStatus(rawValue: CL_MISALIGNED_SUB_BUFFER_OFFSET) }

    /// The corresponding C status is `CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST`.
    public static var execStatusErrorForEventsInWaitList: CLStatus { CLStatus(rawValue: CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) }

    /// The corresponding C status is `CL_COMPILE_PROGRAM_FAILURE`.
    public static var compileProgramFailure: CLStatus { CLStatus(rawValue: CL_COMPILE_PROGRAM_FAILURE) }

    /// The corresponding C status is `CL_LINKER_NOT_AVAILABLE`.
    public static var linkerNotAvailable: CLStatus { CLStatus(rawValue: CL_LINKER_NOT_AVAILABLE) }

    /// The corresponding C status is `CL_LINK_PROGRAM_FAILURE`.
    public static var linkProgramFailure: CLStatus { CLStatus(rawValue: CL_LINK_PROGRAM_FAILURE) }

    /// The corresponding C status is `CL_DEVICE_PARTITION_FAILED`.
    public static var devicePartitionFailed: CLStatus { CLStatus(rawValue: CL_DEVICE_PARTITION_FAILED) }

    /// The corresponding C status is `CL_KERNEL_ARG_INFO_NOT_AVAILABLE`.
    public static var kernelArgInfoNotAvailable: CLStatus { CLStatus(rawValue: CL_KERNEL_ARG_INFO_NOT_AVAILABLE) }

    /// The corresponding C status is `CL_INVALID_VALUE`.
    public static var invalidValue: CLStatus { CLStatus(rawValue: CL_INVALID_VALUE) }

    /// The corresponding C status is `CL_INVALID_DEVICE_TYPE`.
    public static var invalidDeviceType: CLStatus { CLStatus(rawValue: CL_INVALID_DEVICE_TYPE) }

    /// The corresponding C status is `CL_INVALID_PLATFORM`.
    public static var invalidPlatform: CLStatus { CLStatus(rawValue: CL_INVALID_PLATFORM) }

    /// The corresponding C status is `CL_INVALID_DEVICE`.
    public static var invalidDevice: CLStatus { CLStatus(rawValue: CL_INVALID_DEVICE) }

    /// The corresponding C status is `CL_INVALID_CONTEXT`.
    public static var invalidContext: CLStatus { CLStatus(rawValue: CL_INVALID_CONTEXT) }

    /// The corresponding C status is `CL_INVALID_QUEUE_PROPERTIES`.
    public static var invalidQueueProperties: CLStatus { CLStatus(rawValue: CL_INVALID_QUEUE_PROPERTIES) }

    /// The corresponding C status is `CL_INVALID_COMMAND_QUEUE`.
    public static var invalidCommandQueue: CLStatus { CLStatus(rawValue: CL_INVALID_COMMAND_QUEUE) }

    /// The corresponding C status is `CL_INVALID_HOST_PTR`.
    public static var invalidHostPtr: CLStatus { CLStatus(rawValue: CL_INVALID_HOST_PTR) }

    /// The corresponding C status is `CL_INVALID_MEM_OBJECT`.
    public static var invalidMemObject: CLStatus { CLStatus(rawValue: CL_INVALID_MEM_OBJECT) }

    /// The corresponding C status is `CL_INVALID_IMAGE_FORMAT_DESCRIPTOR`.
    public static var invalidImageFormatDescriptor: CLStatus { CLStatus(rawValue: CL_INVALID_IMAGE_FORMAT_DESCRIPTOR) }

    /// The corresponding C status is `CL_INVALID_IMAGE_SIZE`.
    public static var invalidImageSize: CLStatus { CLStatus(rawValue: CL_INVALID_IMAGE_SIZE) }

    /// The corresponding C status is `CL_INVALID_SAMPLER`.
    public static var invalidSampler: CLStatus { CLStatus(rawValue: CL_INVALID_SAMPLER) }

    /// The corresponding C status is `CL_INVALID_BINARY`.
    public static var invalidBinary: CLStatus { CLStatus(rawValue: CL_INVALID_BINARY) }

    /// The corresponding C status is `CL_INVALID_BUILD_OPTIONS`.
    public static var invalidBuildOptions: CLStatus { CLStatus(rawValue: CL_INVALID_BUILD_OPTIONS) }

    /// The corresponding C status is `CL_INVALID_PROGRAM`.
    public static var invalidProgram: CLStatus { CLStatus(rawValue: CL_INVALID_PROGRAM) }

    /// The corresponding C status is `CL_INVALID_PROGRAM_EXECUTABLE`.
    public static var invalidProgramExecutable: CLStatus { CLStatus(rawValue: CL_INVALID_PROGRAM_EXECUTABLE) }

    /// The corresponding C status is `CL_INVALID_KERNEL_NAME`.
    public static var invalidKernelName: CLStatus { CLStatus(rawValue: CL_INVALID_KERNEL_NAME) }

    /// The corresponding C status is `CL_INVALID_KERNEL_DEFINITION`.
    public static var invalidKernelDefinition: CLStatus { CLStatus(rawValue: CL_INVALID_KERNEL_DEFINITION) }

    /// The corresponding C status is `CL_INVALID_KERNEL`.
    public static var invalidKernel: CLStatus { CLStatus(rawValue: CL_INVALID_KERNEL) }

    /// The corresponding C status is `CL_INVALID_ARG_INDEX`.
    public static var invalidArgIndex: CLStatus { CLStatus(rawValue: CL_INVALID_ARG_INDEX) }

    /// The corresponding C status is `CL_INVALID_ARG_VALUE`.
    public static var invalidArgValue: CLStatus { CLStatus(rawValue: CL_INVALID_ARG_VALUE) }

    /// The corresponding C status is `CL_INVALID_ARG_SIZE`.
    public static var invalidArgSize: CLStatus { CLStatus(rawValue: CL_INVALID_ARG_SIZE) }

    /// The corresponding C status is `CL_INVALID_KERNEL_ARGS`.
    public static var invalidKernelArgs: CLStatus { CLStatus(rawValue: CL_INVALID_KERNEL_ARGS) }

    /// The corresponding C status is `CL_INVALID_WORK_DIMENSION`.
    public static var invalidWorkDimension: CLStatus { CLStatus(rawValue: CL_INVALID_WORK_DIMENSION) }

    /// The corresponding C status is `CL_INVALID_WORK_GROUP_SIZE`.
    public static var invalidWorkGroupSize: CLStatus { CLStatus(rawValue: CL_INVALID_WORK_GROUP_SIZE) }

    /// The corresponding C status is `CL_INVALID_WORK_ITEM_SIZE`.
    public static var invalidWorkItemSize: CLStatus { CLStatus(rawValue: CL_INVALID_WORK_ITEM_SIZE) }

    /// The corresponding C status is `CL_INVALID_GLOBAL_OFFSET`.
    public static var invalidGlobalOffset: CLStatus { CLStatus(rawValue: CL_INVALID_GLOBAL_OFFSET) }

    /// The corresponding C status is `CL_INVALID_EVENT_WAIT_LIST`.
    public static var invalidEventWaitList: CLStatus { CLStatus(rawValue: CL_INVALID_EVENT_WAIT_LIST) }

    /// The corresponding C status is `CL_INVALID_EVENT`.
    public static var invalidEvent: CLStatus { CLStatus(rawValue: CL_INVALID_EVENT) }

    /// The corresponding C status is `CL_INVALID_OPERATION`.
    public static var invalidOperation: CLStatus { CLStatus(rawValue: CL_INVALID_OPERATION) }

    /// The corresponding C status is `CL_INVALID_GL_OBJECT`.
    public static var invalidGlObject: CLStatus { CLStatus(rawValue: CL_INVALID_GL_OBJECT) }

    /// The corresponding C status is `CL_INVALID_BUFFER_SIZE`.
    public static var invalidBufferSize: CLStatus { CLStatus(rawValue: CL_INVALID_BUFFER_SIZE) }

    /// The corresponding C status is `CL_INVALID_MIP_LEVEL`.
    public static var invalidMipLevel: CLStatus { CLStatus(rawValue: CL_INVALID_MIP_LEVEL) }

    /// The corresponding C status is `CL_INVALID_GLOBAL_WORK_SIZE`.
    public static var invalidGlobalWorkSize: CLStatus { CLStatus(rawValue: CL_INVALID_GLOBAL_WORK_SIZE) }

    /// The corresponding C status is `CL_INVALID_PROPERTY`.
    public static var invalidProperty: CLStatus { CLStatus(rawValue: CL_INVALID_PROPERTY) }

    /// The corresponding C status is `CL_INVALID_IMAGE_DESCRIPTOR`.
    public static var invalidImageDescriptor: CLStatus { CLStatus(rawValue: CL_INVALID_IMAGE_DESCRIPTOR) }

    /// The corresponding C status is `CL_INVALID_COMPILER_OPTIONS`.
    public static var invalidCompilerOptions: CLStatus { CLStatus(rawValue: CL_INVALID_COMPILER_OPTIONS) }

    /// The corresponding C status is `CL_INVALID_LINKER_OPTIONS`.
    public static var invalidLinkerOptions: CLStatus { CLStatus(rawValue: CL_INVALID_LINKER_OPTIONS) }

    /// The corresponding C status is `CL_INVALID_DEVICE_PARTITION_COUNT`.
    public static var invalidDevicePartitionCount: CLStatus { CLStatus(rawValue: CL_INVALID_DEVICE_PARTITION_COUNT) }

    /// The corresponding C status is `CL_INVALID_PIPE_SIZE`.
    public static var invalidPipeSize: CLStatus { CLStatus(rawValue: CL_INVALID_PIPE_SIZE) }

    /// The corresponding C status is `CL_INVALID_DEVICE_QUEUE`.
    public static var invalidDeviceQueue: CLStatus { CLStatus(rawValue: CL_INVALID_DEVICE_QUEUE) }

    /// The corresponding C status is `CL_INVALID_SPEC_ID`.
    public static var invalidSpecId: CLStatus { CLStatus(rawValue: CL_INVALID_SPEC_ID) }

    /// The corresponding C status is `CL_MAX_SIZE_RESTRICTION_EXCEEDED`.
    public static var maxSizeRestrictionExceeded: CLStatus { CLStatus(rawValue: CL_MAX_SIZE_RESTRICTION_EXCEEDED) }

    /// The corresponding C status is `CL_PLATFORM_NOT_FOUND_KHR`.
    public static var platformNotFoundKhr: CLStatus { CLStatus(rawValue: CL_PLATFORM_NOT_FOUND_KHR) }

    /// The corresponding C status is `CL_CONTEXT_TERMINATED_KHR`.
    public static var contextTerminatedKhr: CLStatus { CLStatus(rawValue: CL_CONTEXT_TERMINATED_KHR) }

    /// The corresponding C status is `CL_DEVICE_PARTITION_FAILED_EXT`.
    public static var devicePartitionFailedExt: CLStatus { CLStatus(rawValue: CL_DEVICE_PARTITION_FAILED_EXT) }

    /// The corresponding C status is `CL_INVALID_PARTITION_COUNT_EXT`.
    public static var invalidPartitionCountExt: CLStatus { CLStatus(rawValue: CL_INVALID_PARTITION_COUNT_EXT) }

    /// The corresponding C status is `CL_INVALID_PARTITION_NAME_EXT`.
    public static var invalidPartitionNameExt: CLStatus { CLStatus(rawValue: CL_INVALID_PARTITION_NAME_EXT) }

    /// The corresponding C status is `CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR`.
    public static var invalidGlSharegroupReferenceKhr: CLStatus { CLStatus(rawValue: CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR) }

    /// Every status code SwiftCL knows by name, for descriptions and exhaustive tests.
    static let knownNames: [Int32: String] = [
        CL_SUCCESS: "CL_SUCCESS",
        CL_DEVICE_NOT_FOUND: "CL_DEVICE_NOT_FOUND",
        CL_DEVICE_NOT_AVAILABLE: "CL_DEVICE_NOT_AVAILABLE",
        CL_COMPILER_NOT_AVAILABLE: "CL_COMPILER_NOT_AVAILABLE",
        CL_MEM_OBJECT_ALLOCATION_FAILURE: "CL_MEM_OBJECT_ALLOCATION_FAILURE",
        CL_OUT_OF_RESOURCES: "CL_OUT_OF_RESOURCES",
        CL_OUT_OF_HOST_MEMORY: "CL_OUT_OF_HOST_MEMORY",
        CL_PROFILING_INFO_NOT_AVAILABLE: "CL_PROFILING_INFO_NOT_AVAILABLE",
        CL_MEM_COPY_OVERLAP: "CL_MEM_COPY_OVERLAP",
        CL_IMAGE_FORMAT_MISMATCH: "CL_IMAGE_FORMAT_MISMATCH",
        CL_IMAGE_FORMAT_NOT_SUPPORTED: "CL_IMAGE_FORMAT_NOT_SUPPORTED",
        CL_BUILD_PROGRAM_FAILURE: "CL_BUILD_PROGRAM_FAILURE",
        CL_MAP_FAILURE: "CL_MAP_FAILURE",
        CL_MISALIGNED_SUB_BUFFER_OFFSET: "CL_MISALIGNED_SUB_BUFFER_OFFSET",
        CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST: "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST",
        CL_COMPILE_PROGRAM_FAILURE: "CL_COMPILE_PROGRAM_FAILURE",
        CL_LINKER_NOT_AVAILABLE: "CL_LINKER_NOT_AVAILABLE",
        CL_LINK_PROGRAM_FAILURE: "CL_LINK_PROGRAM_FAILURE",
        CL_DEVICE_PARTITION_FAILED: "CL_DEVICE_PARTITION_FAILED",
        CL_KERNEL_ARG_INFO_NOT_AVAILABLE: "CL_KERNEL_ARG_INFO_NOT_AVAILABLE",
        CL_INVALID_VALUE: "CL_INVALID_VALUE",
        CL_INVALID_DEVICE_TYPE: "CL_INVALID_DEVICE_TYPE",
        CL_INVALID_PLATFORM: "CL_INVALID_PLATFORM",
        CL_INVALID_DEVICE: "CL_INVALID_DEVICE",
        CL_INVALID_CONTEXT: "CL_INVALID_CONTEXT",
        CL_INVALID_QUEUE_PROPERTIES: "CL_INVALID_QUEUE_PROPERTIES",
        CL_INVALID_COMMAND_QUEUE: "CL_INVALID_COMMAND_QUEUE",
        CL_INVALID_HOST_PTR: "CL_INVALID_HOST_PTR",
        CL_INVALID_MEM_OBJECT: "CL_INVALID_MEM_OBJECT",
        CL_INVALID_IMAGE_FORMAT_DESCRIPTOR: "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR",
        CL_INVALID_IMAGE_SIZE: "CL_INVALID_IMAGE_SIZE",
        CL_INVALID_SAMPLER: "CL_INVALID_SAMPLER",
        CL_INVALID_BINARY: "CL_INVALID_BINARY",
        CL_INVALID_BUILD_OPTIONS: "CL_INVALID_BUILD_OPTIONS",
        CL_INVALID_PROGRAM: "CL_INVALID_PROGRAM",
        CL_INVALID_PROGRAM_EXECUTABLE: "CL_INVALID_PROGRAM_EXECUTABLE",
        CL_INVALID_KERNEL_NAME: "CL_INVALID_KERNEL_NAME",
        CL_INVALID_KERNEL_DEFINITION: "CL_INVALID_KERNEL_DEFINITION",
        CL_INVALID_KERNEL: "CL_INVALID_KERNEL",
        CL_INVALID_ARG_INDEX: "CL_INVALID_ARG_INDEX",
        CL_INVALID_ARG_VALUE: "CL_INVALID_ARG_VALUE",
        CL_INVALID_ARG_SIZE: "CL_INVALID_ARG_SIZE",
        CL_INVALID_KERNEL_ARGS: "CL_INVALID_KERNEL_ARGS",
        CL_INVALID_WORK_DIMENSION: "CL_INVALID_WORK_DIMENSION",
        CL_INVALID_WORK_GROUP_SIZE: "CL_INVALID_WORK_GROUP_SIZE",
        CL_INVALID_WORK_ITEM_SIZE: "CL_INVALID_WORK_ITEM_SIZE",
        CL_INVALID_GLOBAL_OFFSET: "CL_INVALID_GLOBAL_OFFSET",
        CL_INVALID_EVENT_WAIT_LIST: "CL_INVALID_EVENT_WAIT_LIST",
        CL_INVALID_EVENT: "CL_INVALID_EVENT",
        CL_INVALID_OPERATION: "CL_INVALID_OPERATION",
        CL_INVALID_GL_OBJECT: "CL_INVALID_GL_OBJECT",
        CL_INVALID_BUFFER_SIZE: "CL_INVALID_BUFFER_SIZE",
        CL_INVALID_MIP_LEVEL: "CL_INVALID_MIP_LEVEL",
        CL_INVALID_GLOBAL_WORK_SIZE: "CL_INVALID_GLOBAL_WORK_SIZE",
        CL_INVALID_PROPERTY: "CL_INVALID_PROPERTY",
        CL_INVALID_IMAGE_DESCRIPTOR: "CL_INVALID_IMAGE_DESCRIPTOR",
        CL_INVALID_COMPILER_OPTIONS: "CL_INVALID_COMPILER_OPTIONS",
        CL_INVALID_LINKER_OPTIONS: "CL_INVALID_LINKER_OPTIONS",
        CL_INVALID_DEVICE_PARTITION_COUNT: "CL_INVALID_DEVICE_PARTITION_COUNT",
        CL_INVALID_PIPE_SIZE: "CL_INVALID_PIPE_SIZE",
        CL_INVALID_DEVICE_QUEUE: "CL_INVALID_DEVICE_QUEUE",
        CL_INVALID_SPEC_ID: "CL_INVALID_SPEC_ID",
        CL_MAX_SIZE_RESTRICTION_EXCEEDED: "CL_MAX_SIZE_RESTRICTION_EXCEEDED",
        CL_PLATFORM_NOT_FOUND_KHR: "CL_PLATFORM_NOT_FOUND_KHR",
        CL_CONTEXT_TERMINATED_KHR: "CL_CONTEXT_TERMINATED_KHR",
        CL_DEVICE_PARTITION_FAILED_EXT: "CL_DEVICE_PARTITION_FAILED_EXT",
        CL_INVALID_PARTITION_COUNT_EXT: "CL_INVALID_PARTITION_COUNT_EXT",
        CL_INVALID_PARTITION_NAME_EXT: "CL_INVALID_PARTITION_NAME_EXT",
        CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR: "CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR",
    ]
}
