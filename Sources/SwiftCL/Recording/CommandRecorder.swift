/// What a recording ``ComputeEncoder`` writes its commands into (see ``ComputeQueue/record(engine:_:)``): a
/// `cl_khr_command_buffer` command buffer, or a list of checked commands to enqueue one by one. It owns the command
/// buffer and its launches' kernels and releases them in `deinit`: a ``CommandRecording`` keeps it once recording ends
/// (nothing changes it afterwards), and a closure that throws leaves it to be released at once.
final class CommandRecorder {
    /// Where commands go.
    enum Target {
        case commandBuffer(CommandBufferHandle, CommandBufferEntryPoints, simultaneousUse: Bool)
        case oneByOne
    }

    let target: Target
    /// The one-by-one engine's commands.
    private(set) var commands: [RecordedCommand] = []
    /// What each recorded command was (`launch NAME`, `copy`, `fill`, `copyRect`).
    private(set) var labels: [String] = []
    /// The sync point of the last command a command buffer holds: the next one waits for it.
    private var lastSyncPoint: UInt32?
    /// The command buffer's launches' own kernels (``KernelCore/record(into:_:after:range:local:arguments:svmReach:)``).
    private var kernels: [KernelHandle] = []
    init(_ target: Target) { self.target = target }

    deinit {
        if case let .commandBuffer(handle, entryPoints, _) = target { CL.releaseCommandBufferKHR(entryPoints, handle) }
        for kernel in kernels { CL.releaseKernel(kernel) }
    }

    func launch(_ core: KernelCore, _ range: NDRange, local: SIMD3<Int>?, arguments: [KernelArgumentValue],
                svmReach: [UnsafeMutableRawPointer?]?) throws {
        switch target {
        case let .commandBuffer(handle, entryPoints, _):
            let recorded = try core.record(into: handle, entryPoints, after: lastSyncPoint, range: range, local: local,
                                           arguments: arguments, svmReach: svmReach)
            kernels.append(recorded.kernel)
            lastSyncPoint = recorded.syncPoint
        case .oneByOne:
            commands.append(.launch(core: core, range: range, local: local, arguments: arguments, svmReach: svmReach))
        }
        labels.append("launch \(core.name)")
    }

    func copy(from source: MemoryHandle, to destination: MemoryHandle, sourceOffset: Int, destinationOffset: Int, byteCount: Int) throws {
        switch target {
        case let .commandBuffer(handle, entryPoints, _):
            lastSyncPoint = try CL.commandCopyBufferKHR(entryPoints, handle, from: source, to: destination, sourceOffset: sourceOffset,
                                                        destinationOffset: destinationOffset, byteCount: byteCount, after: lastSyncPoint)
        case .oneByOne:
            commands.append(.copy(source: source, destination: destination, sourceOffset: sourceOffset,
                                  destinationOffset: destinationOffset, byteCount: byteCount))
        }
        labels.append("copy")
    }

    func copyRect(from source: MemoryHandle, to destination: MemoryHandle, _ geometry: RectGeometry) throws {
        switch target {
        case let .commandBuffer(handle, entryPoints, _):
            lastSyncPoint = try CL.commandCopyBufferRectKHR(entryPoints, handle, from: source, to: destination, geometry, after: lastSyncPoint)
        case .oneByOne:
            commands.append(.copyRect(source: source, destination: destination, geometry: geometry))
        }
        labels.append("copyRect")
    }

    func fill(_ target: MemoryHandle, pattern: [UInt8], offset: Int, byteCount: Int) throws {
        switch self.target {
        case let .commandBuffer(handle, entryPoints, _):
            lastSyncPoint = try CL.commandFillBufferKHR(entryPoints, handle, target, pattern: pattern, offset: offset, byteCount: byteCount,
                                                        after: lastSyncPoint)
        case .oneByOne:
            commands.append(.fill(target: target, pattern: pattern, offset: offset, byteCount: byteCount))
        }
        labels.append("fill")
    }

    /// Ends recording (`clFinalizeCommandBufferKHR`).
    func finalize() throws {
        if case let .commandBuffer(handle, entryPoints, _) = target { try CL.finalizeCommandBufferKHR(entryPoints, handle) }
    }
}
