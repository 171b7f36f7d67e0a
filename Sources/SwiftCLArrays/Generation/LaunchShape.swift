import SwiftCL

/// How SwiftCLArrays lays a launch out on a device, from the device's own properties.
///
/// - Elementwise: one work-item per element, work-groups of ``elementwiseLocalSize(for:device:)``, the global size
///   rounded up to a multiple (kernels check `i < n`).
/// - Reductions: on CPUs one work-item per group, each summing one contiguous chunk with vector loads (PoCL runs a
///   group on one thread, so a chunk streams through its cache lines once); on GPUs 256-item groups striding through
///   the array so neighbouring items read neighbouring vectors (coalesced), then a tree in local memory.
struct LaunchShape: Sendable, Equatable {
    /// Work-items per group (a power of two).
    let local: Int
    /// Work-groups, each writing one partial result.
    let groups: Int
    /// Whether each work-item reads one contiguous chunk (CPU) rather than striding by the global size (GPU).
    let chunked: Bool
    /// Elements each vector load reads.
    let vectorWidth: Int

    static func elementwiseLocalSize(for kernel: Kernel, device: Device) -> Int {
        let limit = (try? kernel.workGroupInfo(on: device).maxWorkGroupSize) ?? device.maxWorkGroupSize
        var local = 1
        while local * 2 <= min(256, limit, device.maxWorkGroupSize) { local *= 2 }
        return local
    }

    /// The reduction layout for `count` elements on `device`; `maxLocal` is the kernel's work-group limit there.
    static func reduction(count: Int, device: Device, maxLocal: Int) -> LaunchShape {
        let isGPU = !device.type.contains(.cpu)
        if isGPU {
            var local = 1
            while local * 2 <= min(256, maxLocal) { local *= 2 }
            let vectorWidth = 4
            let wanted = (count + local * vectorWidth * 8 - 1) / (local * vectorWidth * 8)
            return LaunchShape(local: local, groups: max(1, min(wanted, device.computeUnits * 8)), chunked: false, vectorWidth: vectorWidth)
        } else {
            let vectorWidth = 16
            // At least 16 Ki elements per chunk, at most 8 chunks per compute unit.
            let wanted = (count + 16_383) / 16_384
            return LaunchShape(local: 1, groups: max(1, min(wanted, device.computeUnits * 8)), chunked: true, vectorWidth: vectorWidth)
        }
    }
}
