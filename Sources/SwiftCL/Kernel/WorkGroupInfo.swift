/// What a compiled kernel reports for one device (the guide's `gcl_get_kernel_block_workgroup_info`).
public struct WorkGroupInfo: Hashable, Sendable {
    /// `CL_KERNEL_WORK_GROUP_SIZE`: the largest work-group this kernel can run with on the device.
    public let maxWorkGroupSize: Int
    /// `CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE`: a performance hint for the local size.
    public let preferredWorkGroupSizeMultiple: Int
    /// `CL_KERNEL_LOCAL_MEM_SIZE`, in bytes.
    public let localMemoryBytes: Int
    /// `CL_KERNEL_PRIVATE_MEM_SIZE`, in bytes.
    public let privateMemorySize: Int
    /// `CL_KERNEL_COMPILE_WORK_GROUP_SIZE`: the `reqd_work_group_size` attribute, or nil when absent.
    public let requiredWorkGroupSize: [Int]?
}
