// Generated once from the Khronos headers (CL/cl.h, cl_ext.h, cl_gl.h); one member per status code.
extension CLStatus {
    /// The corresponding C status is `CL_SUCCESS` (0).
    public static var success: CLStatus { CLStatus(rawValue: 0) }

    /// The corresponding C status is `CL_DEVICE_NOT_FOUND` (-1).
    public static var deviceNotFound: CLStatus { CLStatus(rawValue: -1) }

    /// The corresponding C status is `CL_DEVICE_NOT_AVAILABLE` (-2).
    public static var deviceNotAvailable: CLStatus { CLStatus(rawValue: -2) }

    /// The corresponding C status is `CL_COMPILER_NOT_AVAILABLE` (-3).
    public static var compilerNotAvailable: CLStatus { CLStatus(rawValue: -3) }

    /// The corresponding C status is `CL_MEM_OBJECT_ALLOCATION_FAILURE` (-4).
    public static var memObjectAllocationFailure: CLStatus { CLStatus(rawValue: -4) }

    /// The corresponding C status is `CL_OUT_OF_RESOURCES` (-5).
    public static var outOfResources: CLStatus { CLStatus(rawValue: -5) }

    /// The corresponding C status is `CL_OUT_OF_HOST_MEMORY` (-6).
    public static var outOfHostMemory: CLStatus { CLStatus(rawValue: -6) }

    /// The corresponding C status is `CL_PROFILING_INFO_NOT_AVAILABLE` (-7).
    public static var profilingInfoNotAvailable: CLStatus { CLStatus(rawValue: -7) }

    /// The corresponding C status is `CL_MEM_COPY_OVERLAP` (-8).
    public static var memCopyOverlap: CLStatus { CLStatus(rawValue: -8) }

    /// The corresponding C status is `CL_IMAGE_FORMAT_MISMATCH` (-9).
    public static var imageFormatMismatch: CLStatus { CLStatus(rawValue: -9) }

    /// The corresponding C status is `CL_IMAGE_FORMAT_NOT_SUPPORTED` (-10).
    public static var imageFormatNotSupported: CLStatus { CLStatus(rawValue: -10) }

    /// The corresponding C status is `CL_BUILD_PROGRAM_FAILURE` (-11).
    public static var buildProgramFailure: CLStatus { CLStatus(rawValue: -11) }

    /// The corresponding C status is `CL_MAP_FAILURE` (-12).
    public static var mapFailure: CLStatus { CLStatus(rawValue: -12) }

    /// The corresponding C status is `CL_MISALIGNED_SUB_BUFFER_OFFSET` (-13).
    public static var misalignedSubBufferOffset: CLStatus { CLStatus(rawValue: -13) }

    /// The corresponding C status is `CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST` (-14).
    public static var execStatusErrorForEventsInWaitList: CLStatus { CLStatus(rawValue: -14) }

    /// The corresponding C status is `CL_COMPILE_PROGRAM_FAILURE` (-15).
    public static var compileProgramFailure: CLStatus { CLStatus(rawValue: -15) }

    /// The corresponding C status is `CL_LINKER_NOT_AVAILABLE` (-16).
    public static var linkerNotAvailable: CLStatus { CLStatus(rawValue: -16) }

    /// The corresponding C status is `CL_LINK_PROGRAM_FAILURE` (-17).
    public static var linkProgramFailure: CLStatus { CLStatus(rawValue: -17) }

    /// The corresponding C status is `CL_DEVICE_PARTITION_FAILED` (-18).
    public static var devicePartitionFailed: CLStatus { CLStatus(rawValue: -18) }

    /// The corresponding C status is `CL_KERNEL_ARG_INFO_NOT_AVAILABLE` (-19).
    public static var kernelArgInfoNotAvailable: CLStatus { CLStatus(rawValue: -19) }

    /// The corresponding C status is `CL_INVALID_VALUE` (-30).
    public static var invalidValue: CLStatus { CLStatus(rawValue: -30) }

    /// The corresponding C status is `CL_INVALID_DEVICE_TYPE` (-31).
    public static var invalidDeviceType: CLStatus { CLStatus(rawValue: -31) }

    /// The corresponding C status is `CL_INVALID_PLATFORM` (-32).
    public static var invalidPlatform: CLStatus { CLStatus(rawValue: -32) }

    /// The corresponding C status is `CL_INVALID_DEVICE` (-33).
    public static var invalidDevice: CLStatus { CLStatus(rawValue: -33) }

    /// The corresponding C status is `CL_INVALID_CONTEXT` (-34).
    public static var invalidContext: CLStatus { CLStatus(rawValue: -34) }

    /// The corresponding C status is `CL_INVALID_QUEUE_PROPERTIES` (-35).
    public static var invalidQueueProperties: CLStatus { CLStatus(rawValue: -35) }

    /// The corresponding C status is `CL_INVALID_COMMAND_QUEUE` (-36).
    public static var invalidCommandQueue: CLStatus { CLStatus(rawValue: -36) }

    /// The corresponding C status is `CL_INVALID_HOST_PTR` (-37).
    public static var invalidHostPtr: CLStatus { CLStatus(rawValue: -37) }

    /// The corresponding C status is `CL_INVALID_MEM_OBJECT` (-38).
    public static var invalidMemObject: CLStatus { CLStatus(rawValue: -38) }

    /// The corresponding C status is `CL_INVALID_IMAGE_FORMAT_DESCRIPTOR` (-39).
    public static var invalidImageFormatDescriptor: CLStatus { CLStatus(rawValue: -39) }

    /// The corresponding C status is `CL_INVALID_IMAGE_SIZE` (-40).
    public static var invalidImageSize: CLStatus { CLStatus(rawValue: -40) }

    /// The corresponding C status is `CL_INVALID_SAMPLER` (-41).
    public static var invalidSampler: CLStatus { CLStatus(rawValue: -41) }

    /// The corresponding C status is `CL_INVALID_BINARY` (-42).
    public static var invalidBinary: CLStatus { CLStatus(rawValue: -42) }

    /// The corresponding C status is `CL_INVALID_BUILD_OPTIONS` (-43).
    public static var invalidBuildOptions: CLStatus { CLStatus(rawValue: -43) }

    /// The corresponding C status is `CL_INVALID_PROGRAM` (-44).
    public static var invalidProgram: CLStatus { CLStatus(rawValue: -44) }

    /// The corresponding C status is `CL_INVALID_PROGRAM_EXECUTABLE` (-45).
    public static var invalidProgramExecutable: CLStatus { CLStatus(rawValue: -45) }

    /// The corresponding C status is `CL_INVALID_KERNEL_NAME` (-46).
    public static var invalidKernelName: CLStatus { CLStatus(rawValue: -46) }

    /// The corresponding C status is `CL_INVALID_KERNEL_DEFINITION` (-47).
    public static var invalidKernelDefinition: CLStatus { CLStatus(rawValue: -47) }

    /// The corresponding C status is `CL_INVALID_KERNEL` (-48).
    public static var invalidKernel: CLStatus { CLStatus(rawValue: -48) }

    /// The corresponding C status is `CL_INVALID_ARG_INDEX` (-49).
    public static var invalidArgIndex: CLStatus { CLStatus(rawValue: -49) }

    /// The corresponding C status is `CL_INVALID_ARG_VALUE` (-50).
    public static var invalidArgValue: CLStatus { CLStatus(rawValue: -50) }

    /// The corresponding C status is `CL_INVALID_ARG_SIZE` (-51).
    public static var invalidArgSize: CLStatus { CLStatus(rawValue: -51) }

    /// The corresponding C status is `CL_INVALID_KERNEL_ARGS` (-52).
    public static var invalidKernelArgs: CLStatus { CLStatus(rawValue: -52) }

    /// The corresponding C status is `CL_INVALID_WORK_DIMENSION` (-53).
    public static var invalidWorkDimension: CLStatus { CLStatus(rawValue: -53) }

    /// The corresponding C status is `CL_INVALID_WORK_GROUP_SIZE` (-54).
    public static var invalidWorkGroupSize: CLStatus { CLStatus(rawValue: -54) }

    /// The corresponding C status is `CL_INVALID_WORK_ITEM_SIZE` (-55).
    public static var invalidWorkItemSize: CLStatus { CLStatus(rawValue: -55) }

    /// The corresponding C status is `CL_INVALID_GLOBAL_OFFSET` (-56).
    public static var invalidGlobalOffset: CLStatus { CLStatus(rawValue: -56) }

    /// The corresponding C status is `CL_INVALID_EVENT_WAIT_LIST` (-57).
    public static var invalidEventWaitList: CLStatus { CLStatus(rawValue: -57) }

    /// The corresponding C status is `CL_INVALID_EVENT` (-58).
    public static var invalidEvent: CLStatus { CLStatus(rawValue: -58) }

    /// The corresponding C status is `CL_INVALID_OPERATION` (-59).
    public static var invalidOperation: CLStatus { CLStatus(rawValue: -59) }

    /// The corresponding C status is `CL_INVALID_GL_OBJECT` (-60).
    public static var invalidGlObject: CLStatus { CLStatus(rawValue: -60) }

    /// The corresponding C status is `CL_INVALID_BUFFER_SIZE` (-61).
    public static var invalidBufferSize: CLStatus { CLStatus(rawValue: -61) }

    /// The corresponding C status is `CL_INVALID_MIP_LEVEL` (-62).
    public static var invalidMipLevel: CLStatus { CLStatus(rawValue: -62) }

    /// The corresponding C status is `CL_INVALID_GLOBAL_WORK_SIZE` (-63).
    public static var invalidGlobalWorkSize: CLStatus { CLStatus(rawValue: -63) }

    /// The corresponding C status is `CL_INVALID_PROPERTY` (-64).
    public static var invalidProperty: CLStatus { CLStatus(rawValue: -64) }

    /// The corresponding C status is `CL_INVALID_IMAGE_DESCRIPTOR` (-65).
    public static var invalidImageDescriptor: CLStatus { CLStatus(rawValue: -65) }

    /// The corresponding C status is `CL_INVALID_COMPILER_OPTIONS` (-66).
    public static var invalidCompilerOptions: CLStatus { CLStatus(rawValue: -66) }

    /// The corresponding C status is `CL_INVALID_LINKER_OPTIONS` (-67).
    public static var invalidLinkerOptions: CLStatus { CLStatus(rawValue: -67) }

    /// The corresponding C status is `CL_INVALID_DEVICE_PARTITION_COUNT` (-68).
    public static var invalidDevicePartitionCount: CLStatus { CLStatus(rawValue: -68) }

    /// The corresponding C status is `CL_INVALID_PIPE_SIZE` (-69).
    public static var invalidPipeSize: CLStatus { CLStatus(rawValue: -69) }

    /// The corresponding C status is `CL_INVALID_DEVICE_QUEUE` (-70).
    public static var invalidDeviceQueue: CLStatus { CLStatus(rawValue: -70) }

    /// The corresponding C status is `CL_INVALID_SPEC_ID` (-71).
    public static var invalidSpecId: CLStatus { CLStatus(rawValue: -71) }

    /// The corresponding C status is `CL_MAX_SIZE_RESTRICTION_EXCEEDED` (-72).
    public static var maxSizeRestrictionExceeded: CLStatus { CLStatus(rawValue: -72) }

    /// The corresponding C status is `CL_PLATFORM_NOT_FOUND_KHR` (-1001).
    public static var platformNotFoundKhr: CLStatus { CLStatus(rawValue: -1001) }

    /// The corresponding C status is `CL_CONTEXT_TERMINATED_KHR` (-1121).
    public static var contextTerminatedKhr: CLStatus { CLStatus(rawValue: -1121) }

    /// The corresponding C status is `CL_DEVICE_PARTITION_FAILED_EXT` (-1057).
    public static var devicePartitionFailedExt: CLStatus { CLStatus(rawValue: -1057) }

    /// The corresponding C status is `CL_INVALID_PARTITION_COUNT_EXT` (-1058).
    public static var invalidPartitionCountExt: CLStatus { CLStatus(rawValue: -1058) }

    /// The corresponding C status is `CL_INVALID_PARTITION_NAME_EXT` (-1059).
    public static var invalidPartitionNameExt: CLStatus { CLStatus(rawValue: -1059) }

    /// The corresponding C status is `CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR` (-1000).
    public static var invalidGlSharegroupReferenceKhr: CLStatus { CLStatus(rawValue: -1000) }

    /// Every status code SwiftCL knows by name, for descriptions and exhaustive tests.
    static let knownNames: [Int32: String] = [
        0: "CL_SUCCESS",
        -1: "CL_DEVICE_NOT_FOUND",
        -2: "CL_DEVICE_NOT_AVAILABLE",
        -3: "CL_COMPILER_NOT_AVAILABLE",
        -4: "CL_MEM_OBJECT_ALLOCATION_FAILURE",
        -5: "CL_OUT_OF_RESOURCES",
        -6: "CL_OUT_OF_HOST_MEMORY",
        -7: "CL_PROFILING_INFO_NOT_AVAILABLE",
        -8: "CL_MEM_COPY_OVERLAP",
        -9: "CL_IMAGE_FORMAT_MISMATCH",
        -10: "CL_IMAGE_FORMAT_NOT_SUPPORTED",
        -11: "CL_BUILD_PROGRAM_FAILURE",
        -12: "CL_MAP_FAILURE",
        -13: "CL_MISALIGNED_SUB_BUFFER_OFFSET",
        -14: "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST",
        -15: "CL_COMPILE_PROGRAM_FAILURE",
        -16: "CL_LINKER_NOT_AVAILABLE",
        -17: "CL_LINK_PROGRAM_FAILURE",
        -18: "CL_DEVICE_PARTITION_FAILED",
        -19: "CL_KERNEL_ARG_INFO_NOT_AVAILABLE",
        -30: "CL_INVALID_VALUE",
        -31: "CL_INVALID_DEVICE_TYPE",
        -32: "CL_INVALID_PLATFORM",
        -33: "CL_INVALID_DEVICE",
        -34: "CL_INVALID_CONTEXT",
        -35: "CL_INVALID_QUEUE_PROPERTIES",
        -36: "CL_INVALID_COMMAND_QUEUE",
        -37: "CL_INVALID_HOST_PTR",
        -38: "CL_INVALID_MEM_OBJECT",
        -39: "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR",
        -40: "CL_INVALID_IMAGE_SIZE",
        -41: "CL_INVALID_SAMPLER",
        -42: "CL_INVALID_BINARY",
        -43: "CL_INVALID_BUILD_OPTIONS",
        -44: "CL_INVALID_PROGRAM",
        -45: "CL_INVALID_PROGRAM_EXECUTABLE",
        -46: "CL_INVALID_KERNEL_NAME",
        -47: "CL_INVALID_KERNEL_DEFINITION",
        -48: "CL_INVALID_KERNEL",
        -49: "CL_INVALID_ARG_INDEX",
        -50: "CL_INVALID_ARG_VALUE",
        -51: "CL_INVALID_ARG_SIZE",
        -52: "CL_INVALID_KERNEL_ARGS",
        -53: "CL_INVALID_WORK_DIMENSION",
        -54: "CL_INVALID_WORK_GROUP_SIZE",
        -55: "CL_INVALID_WORK_ITEM_SIZE",
        -56: "CL_INVALID_GLOBAL_OFFSET",
        -57: "CL_INVALID_EVENT_WAIT_LIST",
        -58: "CL_INVALID_EVENT",
        -59: "CL_INVALID_OPERATION",
        -60: "CL_INVALID_GL_OBJECT",
        -61: "CL_INVALID_BUFFER_SIZE",
        -62: "CL_INVALID_MIP_LEVEL",
        -63: "CL_INVALID_GLOBAL_WORK_SIZE",
        -64: "CL_INVALID_PROPERTY",
        -65: "CL_INVALID_IMAGE_DESCRIPTOR",
        -66: "CL_INVALID_COMPILER_OPTIONS",
        -67: "CL_INVALID_LINKER_OPTIONS",
        -68: "CL_INVALID_DEVICE_PARTITION_COUNT",
        -69: "CL_INVALID_PIPE_SIZE",
        -70: "CL_INVALID_DEVICE_QUEUE",
        -71: "CL_INVALID_SPEC_ID",
        -72: "CL_MAX_SIZE_RESTRICTION_EXCEEDED",
        -1001: "CL_PLATFORM_NOT_FOUND_KHR",
        -1121: "CL_CONTEXT_TERMINATED_KHR",
        -1057: "CL_DEVICE_PARTITION_FAILED_EXT",
        -1058: "CL_INVALID_PARTITION_COUNT_EXT",
        -1059: "CL_INVALID_PARTITION_NAME_EXT",
        -1000: "CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR",
    ]
}
