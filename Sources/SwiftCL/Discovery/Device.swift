/// An OpenCL device and what it reports about itself, read once when the device is discovered.
///
/// Root devices come from ``Device/all`` or ``Platform/devices(ofType:)``; sub-devices from
/// ``Device/partition(_:)`` (released when the last reference goes away).
public final class Device: Hashable, Sendable, CustomStringConvertible {
    let id: DeviceHandle
    /// The platform the device belongs to.
    public let platform: Platform
    /// The device this one was partitioned from, or nil for a root device.
    public let parent: Device?

    /// `CL_DEVICE_NAME`.
    public let name: String
    /// `CL_DEVICE_VENDOR`.
    public let vendor: String
    /// `CL_DEVICE_VERSION`, e.g. "OpenCL 3.0 PoCL ...".
    public let version: String
    /// `CL_DRIVER_VERSION`.
    public let driverVersion: String
    /// `CL_DEVICE_OPENCL_C_VERSION`, e.g. "OpenCL C 1.2 PoCL".
    public let openCLCVersion: String
    /// `CL_DEVICE_PROFILE`.
    public let profile: String
    /// `CL_DEVICE_TYPE`.
    public let type: DeviceType
    /// `CL_DEVICE_AVAILABLE`.
    public let isAvailable: Bool
    /// `CL_DEVICE_COMPILER_AVAILABLE`.
    public let isCompilerAvailable: Bool
    /// `CL_DEVICE_MAX_COMPUTE_UNITS`.
    public let computeUnits: Int
    /// `CL_DEVICE_MAX_CLOCK_FREQUENCY`, in MHz.
    public let maxClockFrequencyMHz: Int
    /// `CL_DEVICE_MAX_WORK_GROUP_SIZE`: the most work items one work-group may hold on this device.
    public let maxWorkGroupSize: Int
    /// `CL_DEVICE_MAX_WORK_ITEM_SIZES`, one limit per dimension (its count is `CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS`).
    public let maxWorkItemSizes: [Int]
    /// `CL_DEVICE_LOCAL_MEM_SIZE`, in bytes.
    public let localMemoryBytes: Int
    /// `CL_DEVICE_GLOBAL_MEM_SIZE`, in bytes.
    public let globalMemoryBytes: Int
    /// `CL_DEVICE_GLOBAL_MEM_CACHE_SIZE`, in bytes.
    public let globalMemoryCacheBytes: Int
    /// `CL_DEVICE_MAX_MEM_ALLOC_SIZE`: the largest single buffer, in bytes.
    public let maxMemoryAllocationBytes: Int
    /// `CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE`, in bytes.
    public let maxConstantBufferBytes: Int
    /// `CL_DEVICE_MEM_BASE_ADDR_ALIGN`, in bits.
    public let memoryBaseAddressAlignmentBits: Int
    /// `CL_DEVICE_ADDRESS_BITS`.
    public let addressBits: Int
    /// `CL_DEVICE_PROFILING_TIMER_RESOLUTION`, in nanoseconds.
    public let profilingTimerResolutionNanoseconds: Int
    /// `CL_DEVICE_IMAGE_SUPPORT`.
    public let supportsImages: Bool
    /// Image size limits (all zero when ``supportsImages`` is false).
    public let imageLimits: ImageLimits
    /// `CL_DEVICE_EXTENSIONS`, split.
    public let extensions: [String]
    /// `CL_DEVICE_PARTITION_MAX_SUB_DEVICES` (0: cannot be partitioned).
    public let partitionMaxSubDevices: Int
    /// `CL_DEVICE_PARTITION_PROPERTIES`: the ways the device can be partitioned.
    public let partitionKinds: [PartitionKind]
    /// `CL_EXEC_NATIVE_KERNEL` in `CL_DEVICE_EXECUTION_CAPABILITIES`: the device runs host functions as commands
    /// (``ComputeEncoder/hostCommand(using:label:_:)``).
    public let supportsNativeKernels: Bool
    /// `CL_DEVICE_HOST_UNIFIED_MEMORY` (deprecated in OpenCL 2.0, still reported): the device and the host share one
    /// memory, as a CPU device's does.
    public let hasHostUnifiedMemory: Bool
    /// `CL_DEVICE_SVM_CAPABILITIES`: the shared virtual memory ``SVMBuffer`` can allocate for this device.
    public let svmCapabilities: SVMCapabilities
    /// `CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR` where the device has `cl_khr_command_buffer` (``CommandRecording``
    /// replays through one command buffer there), nil where it has not (a recording replays its commands one by one).
    public let commandBufferCapabilities: CommandBufferCapabilities?
    /// `CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR`: the queue properties a command buffer's queue must have
    /// (0 where the extension is absent).
    let commandBufferRequiredQueueProperties: UInt64

    /// Whether host libraries can run as this device's commands on its buffers in place: a CPU device that shares host
    /// memory and runs native kernels (PoCL's), as SwiftCLBLAS's and SwiftCLFFT's host engines need.
    public var runsHostLibraries: Bool { type.contains(.cpu) && hasHostUnifiedMemory && supportsNativeKernels }

    /// The image limits a device reports.
    public struct ImageLimits: Hashable, Sendable {
        public let max2DWidth: Int, max2DHeight: Int
        public let max3DWidth: Int, max3DHeight: Int, max3DDepth: Int
        public let maxReadArguments: Int, maxWriteArguments: Int, maxSamplers: Int
        /// `CL_DEVICE_IMAGE_MAX_ARRAY_SIZE`: layers of a 1D or 2D image array.
        public let maxArraySize: Int
    }

    init(id: DeviceHandle, platform: Platform, parent: Device?) throws {
        self.id = id
        self.platform = platform
        self.parent = parent
        func query(_ parameter: InfoParameter<InfoOf.Device>) -> InfoQuery { CL.getDeviceInfo(id, parameter) }
        func int<T: BinaryInteger & BitwiseCopyable>(_ parameter: InfoParameter<InfoOf.Device>, _: T.Type) throws -> Int {
            Int(clamping: try query(parameter).value(T.self))
        }
        name = try query(.CL_DEVICE_NAME).string()
        vendor = try query(.CL_DEVICE_VENDOR).string()
        version = try query(.CL_DEVICE_VERSION).string()
        driverVersion = try query(.CL_DRIVER_VERSION).string()
        openCLCVersion = try query(.CL_DEVICE_OPENCL_C_VERSION).string()
        profile = try query(.CL_DEVICE_PROFILE).string()
        type = DeviceType(rawValue: UInt64(try query(.CL_DEVICE_TYPE).value(UInt64.self)))
        isAvailable = try query(.CL_DEVICE_AVAILABLE).value(UInt32.self) != 0
        isCompilerAvailable = try query(.CL_DEVICE_COMPILER_AVAILABLE).value(UInt32.self) != 0
        computeUnits = try int(.CL_DEVICE_MAX_COMPUTE_UNITS, UInt32.self)
        maxClockFrequencyMHz = try int(.CL_DEVICE_MAX_CLOCK_FREQUENCY, UInt32.self)
        maxWorkGroupSize = try int(.CL_DEVICE_MAX_WORK_GROUP_SIZE, Int.self)
        maxWorkItemSizes = try query(.CL_DEVICE_MAX_WORK_ITEM_SIZES).array(Int.self)
        localMemoryBytes = try int(.CL_DEVICE_LOCAL_MEM_SIZE, UInt64.self)
        globalMemoryBytes = try int(.CL_DEVICE_GLOBAL_MEM_SIZE, UInt64.self)
        globalMemoryCacheBytes = try int(.CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, UInt64.self)
        maxMemoryAllocationBytes = try int(.CL_DEVICE_MAX_MEM_ALLOC_SIZE, UInt64.self)
        maxConstantBufferBytes = try int(.CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, UInt64.self)
        memoryBaseAddressAlignmentBits = try int(.CL_DEVICE_MEM_BASE_ADDR_ALIGN, UInt32.self)
        addressBits = try int(.CL_DEVICE_ADDRESS_BITS, UInt32.self)
        profilingTimerResolutionNanoseconds = try int(.CL_DEVICE_PROFILING_TIMER_RESOLUTION, Int.self)
        supportsImages = try query(.CL_DEVICE_IMAGE_SUPPORT).value(UInt32.self) != 0
        if supportsImages {
            imageLimits = ImageLimits(
                max2DWidth: try int(.CL_DEVICE_IMAGE2D_MAX_WIDTH, Int.self),
                max2DHeight: try int(.CL_DEVICE_IMAGE2D_MAX_HEIGHT, Int.self),
                max3DWidth: try int(.CL_DEVICE_IMAGE3D_MAX_WIDTH, Int.self),
                max3DHeight: try int(.CL_DEVICE_IMAGE3D_MAX_HEIGHT, Int.self),
                max3DDepth: try int(.CL_DEVICE_IMAGE3D_MAX_DEPTH, Int.self),
                maxReadArguments: try int(.CL_DEVICE_MAX_READ_IMAGE_ARGS, UInt32.self),
                maxWriteArguments: try int(.CL_DEVICE_MAX_WRITE_IMAGE_ARGS, UInt32.self),
                maxSamplers: try int(.CL_DEVICE_MAX_SAMPLERS, UInt32.self),
                maxArraySize: try int(.CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, Int.self))
        } else {
            imageLimits = ImageLimits(max2DWidth: 0, max2DHeight: 0, max3DWidth: 0, max3DHeight: 0, max3DDepth: 0,
                                      maxReadArguments: 0, maxWriteArguments: 0, maxSamplers: 0, maxArraySize: 0)
        }
        extensions = try query(.CL_DEVICE_EXTENSIONS).string()
            .split(separator: " ").map(String.init)
        partitionMaxSubDevices = try int(.CL_DEVICE_PARTITION_MAX_SUB_DEVICES, UInt32.self)
        partitionKinds = try query(.CL_DEVICE_PARTITION_PROPERTIES)
            .array(Int.self).compactMap(PartitionKind.init(property:))
        supportsNativeKernels = (try? query(.CL_DEVICE_EXECUTION_CAPABILITIES).value(UInt64.self)).map { $0 & 2 != 0 } ?? false
        hasHostUnifiedMemory = (try? query(.CL_DEVICE_HOST_UNIFIED_MEMORY).value(UInt32.self)).map { $0 != 0 } ?? false
        // A 1.2 device does not know the query (CL_INVALID_VALUE): no SVM.
        svmCapabilities = SVMCapabilities(rawValue: (try? query(.CL_DEVICE_SVM_CAPABILITIES).value(UInt64.self)) ?? 0)
        if extensions.contains("cl_khr_command_buffer"),
           let capabilities = try? query(.CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR).value(UInt64.self) {
            commandBufferCapabilities = CommandBufferCapabilities(rawValue: capabilities)
            commandBufferRequiredQueueProperties = (try? query(.CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR).value(UInt64.self)) ?? 0
        } else {
            commandBufferCapabilities = nil
            commandBufferRequiredQueueProperties = 0
        }
        if parent != nil { LiveObjectCounts.track(.subDevice, +1) }
    }

    deinit {
        if parent != nil {
            CL.releaseDevice(id)
            LiveObjectCounts.track(.subDevice, -1)
        }
    }

    /// The OpenCL C version the device compiles, as (major, minor), parsed from ``openCLCVersion``.
    public var openCLCLanguageVersion: (major: Int, minor: Int) {
        let words = openCLCVersion.split(separator: " ")
        guard words.count >= 3 else { return (1, 0) }
        let numbers = words[2].split(separator: ".").compactMap { Int($0) }
        return (numbers.first ?? 1, numbers.count > 1 ? numbers[1] : 0)
    }

    /// Whether the device reports `cl_khr_fp64`.
    public var supportsDoublePrecision: Bool { extensions.contains("cl_khr_fp64") }

    /// "CPU: name (platform)", as error messages and listings print a device.
    public var summary: String { "\(type): \(name) (\(platform.name))" }

    public var description: String { name }

    public static func == (lhs: Device, rhs: Device) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
