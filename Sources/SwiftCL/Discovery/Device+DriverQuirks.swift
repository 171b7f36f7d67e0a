/// Driver defects SwiftCL works around, each found on real hardware and recorded in docs/known-gaps.md.
extension Device {
    /// NVIDIA's OpenCL compiler (seen with driver 580.159 on an H100) fails with a ptxas parsing error on any kernel
    /// without parameters when the build asks for `-cl-kernel-arg-info`, which SwiftCL does by default; such sources
    /// are built without it there (``Program`` then reads the parameters from the source).
    var failsParameterlessKernelsWithArgumentInfo: Bool {
        platform.vendor.contains("NVIDIA") || vendor.contains("NVIDIA")
    }
}

