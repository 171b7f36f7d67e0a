internal import COpenCL

/// A parameter of one `clGet*Info` routine, with its C name for error messages. Each member is named
/// exactly as the C constant and takes its name from `#function`, so `.CL_DEVICE_NAME` reports itself
/// as `CL_DEVICE_NAME` without a hand-typed string. `Query` says which routine it belongs to.
struct InfoParameter<Query: InfoQueryKind>: Sendable {
    let value: UInt32
    let name: String

    init(_ value: Int32, name: String = #function) {
        self.value = UInt32(bitPattern: value)
        self.name = name
    }
}

/// Which `clGet*Info` routine an ``InfoParameter`` belongs to.
protocol InfoQueryKind {}

enum InfoOf {
    enum Platform: InfoQueryKind {}
    enum Device: InfoQueryKind {}
    enum Program: InfoQueryKind {}
    enum ProgramBuild: InfoQueryKind {}
    enum Kernel: InfoQueryKind {}
    enum KernelWorkGroup: InfoQueryKind {}
    enum KernelArgument: InfoQueryKind {}
    enum Image: InfoQueryKind {}
    enum EventProfiling: InfoQueryKind {}
    enum Event: InfoQueryKind {}
    enum Memory: InfoQueryKind {}
    enum Context: InfoQueryKind {}
    enum Queue: InfoQueryKind {}
}

extension InfoParameter where Query == InfoOf.Platform {
    static var CL_PLATFORM_NAME: Self { Self(COpenCL.CL_PLATFORM_NAME) }
    static var CL_PLATFORM_VENDOR: Self { Self(COpenCL.CL_PLATFORM_VENDOR) }
    static var CL_PLATFORM_VERSION: Self { Self(COpenCL.CL_PLATFORM_VERSION) }
    static var CL_PLATFORM_PROFILE: Self { Self(COpenCL.CL_PLATFORM_PROFILE) }
    static var CL_PLATFORM_EXTENSIONS: Self { Self(COpenCL.CL_PLATFORM_EXTENSIONS) }
}

extension InfoParameter where Query == InfoOf.Device {
    static var CL_DEVICE_NAME: Self { Self(COpenCL.CL_DEVICE_NAME) }
    static var CL_DEVICE_VENDOR: Self { Self(COpenCL.CL_DEVICE_VENDOR) }
    static var CL_DEVICE_VERSION: Self { Self(COpenCL.CL_DEVICE_VERSION) }
    static var CL_DRIVER_VERSION: Self { Self(COpenCL.CL_DRIVER_VERSION) }
    static var CL_DEVICE_OPENCL_C_VERSION: Self { Self(COpenCL.CL_DEVICE_OPENCL_C_VERSION) }
    static var CL_DEVICE_PROFILE: Self { Self(COpenCL.CL_DEVICE_PROFILE) }
    static var CL_DEVICE_TYPE: Self { Self(COpenCL.CL_DEVICE_TYPE) }
    static var CL_DEVICE_AVAILABLE: Self { Self(COpenCL.CL_DEVICE_AVAILABLE) }
    static var CL_DEVICE_COMPILER_AVAILABLE: Self { Self(COpenCL.CL_DEVICE_COMPILER_AVAILABLE) }
    static var CL_DEVICE_MAX_COMPUTE_UNITS: Self { Self(COpenCL.CL_DEVICE_MAX_COMPUTE_UNITS) }
    static var CL_DEVICE_MAX_CLOCK_FREQUENCY: Self { Self(COpenCL.CL_DEVICE_MAX_CLOCK_FREQUENCY) }
    static var CL_DEVICE_MAX_WORK_GROUP_SIZE: Self { Self(COpenCL.CL_DEVICE_MAX_WORK_GROUP_SIZE) }
    static var CL_DEVICE_MAX_WORK_ITEM_SIZES: Self { Self(COpenCL.CL_DEVICE_MAX_WORK_ITEM_SIZES) }
    static var CL_DEVICE_LOCAL_MEM_SIZE: Self { Self(COpenCL.CL_DEVICE_LOCAL_MEM_SIZE) }
    static var CL_DEVICE_GLOBAL_MEM_SIZE: Self { Self(COpenCL.CL_DEVICE_GLOBAL_MEM_SIZE) }
    static var CL_DEVICE_GLOBAL_MEM_CACHE_SIZE: Self { Self(COpenCL.CL_DEVICE_GLOBAL_MEM_CACHE_SIZE) }
    static var CL_DEVICE_MAX_MEM_ALLOC_SIZE: Self { Self(COpenCL.CL_DEVICE_MAX_MEM_ALLOC_SIZE) }
    static var CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE: Self { Self(COpenCL.CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE) }
    static var CL_DEVICE_MEM_BASE_ADDR_ALIGN: Self { Self(COpenCL.CL_DEVICE_MEM_BASE_ADDR_ALIGN) }
    static var CL_DEVICE_ADDRESS_BITS: Self { Self(COpenCL.CL_DEVICE_ADDRESS_BITS) }
    static var CL_DEVICE_PROFILING_TIMER_RESOLUTION: Self { Self(COpenCL.CL_DEVICE_PROFILING_TIMER_RESOLUTION) }
    static var CL_DEVICE_IMAGE_SUPPORT: Self { Self(COpenCL.CL_DEVICE_IMAGE_SUPPORT) }
    static var CL_DEVICE_EXECUTION_CAPABILITIES: Self { Self(COpenCL.CL_DEVICE_EXECUTION_CAPABILITIES) }
    static var CL_DEVICE_HOST_UNIFIED_MEMORY: Self { Self(COpenCL.CL_DEVICE_HOST_UNIFIED_MEMORY) }
    static var CL_DEVICE_SVM_CAPABILITIES: Self { Self(COpenCL.CL_DEVICE_SVM_CAPABILITIES) }
    static var CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR: Self { Self(COpenCL.CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR) }
    static var CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR: Self {
        Self(COpenCL.CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR)
    }
    static var CL_DEVICE_IMAGE2D_MAX_WIDTH: Self { Self(COpenCL.CL_DEVICE_IMAGE2D_MAX_WIDTH) }
    static var CL_DEVICE_IMAGE2D_MAX_HEIGHT: Self { Self(COpenCL.CL_DEVICE_IMAGE2D_MAX_HEIGHT) }
    static var CL_DEVICE_IMAGE3D_MAX_WIDTH: Self { Self(COpenCL.CL_DEVICE_IMAGE3D_MAX_WIDTH) }
    static var CL_DEVICE_IMAGE3D_MAX_HEIGHT: Self { Self(COpenCL.CL_DEVICE_IMAGE3D_MAX_HEIGHT) }
    static var CL_DEVICE_IMAGE3D_MAX_DEPTH: Self { Self(COpenCL.CL_DEVICE_IMAGE3D_MAX_DEPTH) }
    static var CL_DEVICE_MAX_READ_IMAGE_ARGS: Self { Self(COpenCL.CL_DEVICE_MAX_READ_IMAGE_ARGS) }
    static var CL_DEVICE_MAX_WRITE_IMAGE_ARGS: Self { Self(COpenCL.CL_DEVICE_MAX_WRITE_IMAGE_ARGS) }
    static var CL_DEVICE_MAX_SAMPLERS: Self { Self(COpenCL.CL_DEVICE_MAX_SAMPLERS) }
    static var CL_DEVICE_IMAGE_MAX_ARRAY_SIZE: Self { Self(COpenCL.CL_DEVICE_IMAGE_MAX_ARRAY_SIZE) }
    static var CL_DEVICE_EXTENSIONS: Self { Self(COpenCL.CL_DEVICE_EXTENSIONS) }
    static var CL_DEVICE_PARTITION_MAX_SUB_DEVICES: Self { Self(COpenCL.CL_DEVICE_PARTITION_MAX_SUB_DEVICES) }
    static var CL_DEVICE_PARTITION_PROPERTIES: Self { Self(COpenCL.CL_DEVICE_PARTITION_PROPERTIES) }
    static var CL_DEVICE_QUEUE_ON_HOST_PROPERTIES: Self { Self(COpenCL.CL_DEVICE_QUEUE_ON_HOST_PROPERTIES) }
}

extension InfoParameter where Query == InfoOf.Program {
    static var CL_PROGRAM_KERNEL_NAMES: Self { Self(COpenCL.CL_PROGRAM_KERNEL_NAMES) }
    static var CL_PROGRAM_BINARY_SIZES: Self { Self(COpenCL.CL_PROGRAM_BINARY_SIZES) }
}

extension InfoParameter where Query == InfoOf.ProgramBuild {
    static var CL_PROGRAM_BUILD_LOG: Self { Self(COpenCL.CL_PROGRAM_BUILD_LOG) }
}

extension InfoParameter where Query == InfoOf.Kernel {
    static var CL_KERNEL_NUM_ARGS: Self { Self(COpenCL.CL_KERNEL_NUM_ARGS) }
}

extension InfoParameter where Query == InfoOf.KernelWorkGroup {
    static var CL_KERNEL_WORK_GROUP_SIZE: Self { Self(COpenCL.CL_KERNEL_WORK_GROUP_SIZE) }
    static var CL_KERNEL_COMPILE_WORK_GROUP_SIZE: Self { Self(COpenCL.CL_KERNEL_COMPILE_WORK_GROUP_SIZE) }
    static var CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: Self { Self(COpenCL.CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE) }
    static var CL_KERNEL_LOCAL_MEM_SIZE: Self { Self(COpenCL.CL_KERNEL_LOCAL_MEM_SIZE) }
    static var CL_KERNEL_PRIVATE_MEM_SIZE: Self { Self(COpenCL.CL_KERNEL_PRIVATE_MEM_SIZE) }
}

extension InfoParameter where Query == InfoOf.KernelArgument {
    static var CL_KERNEL_ARG_ADDRESS_QUALIFIER: Self { Self(COpenCL.CL_KERNEL_ARG_ADDRESS_QUALIFIER) }
    static var CL_KERNEL_ARG_TYPE_QUALIFIER: Self { Self(COpenCL.CL_KERNEL_ARG_TYPE_QUALIFIER) }
    static var CL_KERNEL_ARG_NAME: Self { Self(COpenCL.CL_KERNEL_ARG_NAME) }
    static var CL_KERNEL_ARG_TYPE_NAME: Self { Self(COpenCL.CL_KERNEL_ARG_TYPE_NAME) }
}

extension InfoParameter where Query == InfoOf.Image {
    static var CL_IMAGE_ROW_PITCH: Self { Self(COpenCL.CL_IMAGE_ROW_PITCH) }
    static var CL_IMAGE_SLICE_PITCH: Self { Self(COpenCL.CL_IMAGE_SLICE_PITCH) }
}

extension InfoParameter where Query == InfoOf.EventProfiling {
    static var CL_PROFILING_COMMAND_QUEUED: Self { Self(COpenCL.CL_PROFILING_COMMAND_QUEUED) }
    static var CL_PROFILING_COMMAND_SUBMIT: Self { Self(COpenCL.CL_PROFILING_COMMAND_SUBMIT) }
    static var CL_PROFILING_COMMAND_START: Self { Self(COpenCL.CL_PROFILING_COMMAND_START) }
    static var CL_PROFILING_COMMAND_END: Self { Self(COpenCL.CL_PROFILING_COMMAND_END) }
}

extension InfoParameter where Query == InfoOf.Event {
    static var CL_EVENT_COMMAND_EXECUTION_STATUS: Self { Self(COpenCL.CL_EVENT_COMMAND_EXECUTION_STATUS) }
    static var CL_EVENT_CONTEXT: Self { Self(COpenCL.CL_EVENT_CONTEXT) }
}

extension InfoParameter where Query == InfoOf.Memory {
    static var CL_MEM_TYPE: Self { Self(COpenCL.CL_MEM_TYPE) }
    static var CL_MEM_FLAGS: Self { Self(COpenCL.CL_MEM_FLAGS) }
    static var CL_MEM_SIZE: Self { Self(COpenCL.CL_MEM_SIZE) }
    static var CL_MEM_CONTEXT: Self { Self(COpenCL.CL_MEM_CONTEXT) }
}

extension InfoParameter where Query == InfoOf.Context {
    static var CL_CONTEXT_DEVICES: Self { Self(COpenCL.CL_CONTEXT_DEVICES) }
}

extension InfoParameter where Query == InfoOf.Queue {
    static var CL_QUEUE_CONTEXT: Self { Self(COpenCL.CL_QUEUE_CONTEXT) }
    static var CL_QUEUE_DEVICE: Self { Self(COpenCL.CL_QUEUE_DEVICE) }
    static var CL_QUEUE_PROPERTIES: Self { Self(COpenCL.CL_QUEUE_PROPERTIES) }
}
