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
    /// What each recorded command was (`launch NAME`, `copy`, `fill`, `copyRect`, `copy image`, `fill image`, `barrier`, …).
    private(set) var labels: [String] = []
    /// The sync point of the last command a command buffer holds: the next one waits for it.
    private var lastSyncPoint: UInt32?
    /// The command buffer's launches' own kernels (``KernelCore/record(into:_:after:range:local:arguments:svmReach:)``).
    private var kernels: [KernelHandle] = []
    /// The serials of memory made for results while recording (see ``ReplayPending``).
    private(set) var madeWhileRecording: [UInt64] = []
    init(_ target: Target) { self.target = target }

    func noteMadeWhileRecording(_ serial: UInt64) { madeWhileRecording.append(serial) }

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

    /// Adds one command: into the command buffer after the last one's sync point, or to the one-by-one list.
    private func add(_ label: String, oneByOne command: @autoclosure () -> RecordedCommand,
                     commandBuffer record: (CommandBufferHandle, CommandBufferEntryPoints, _ after: UInt32?) throws -> UInt32) throws {
        switch target {
        case let .commandBuffer(handle, entryPoints, _): lastSyncPoint = try record(handle, entryPoints, lastSyncPoint)
        case .oneByOne: commands.append(command())
        }
        labels.append(label)
    }

    func copy(from source: MemoryHandle, to destination: MemoryHandle, sourceOffset: Int, destinationOffset: Int, byteCount: Int) throws {
        try add("copy", oneByOne: .copy(source: source, destination: destination, sourceOffset: sourceOffset,
                                        destinationOffset: destinationOffset, byteCount: byteCount)) { handle, entryPoints, after in
            try CL.commandCopyBufferKHR(entryPoints, handle, from: source, to: destination, sourceOffset: sourceOffset,
                                        destinationOffset: destinationOffset, byteCount: byteCount, after: after)
        }
    }

    func copyRect(from source: MemoryHandle, to destination: MemoryHandle, _ geometry: RectGeometry) throws {
        try add("copyRect", oneByOne: .copyRect(source: source, destination: destination, geometry: geometry)) { handle, entryPoints, after in
            try CL.commandCopyBufferRectKHR(entryPoints, handle, from: source, to: destination, geometry, after: after)
        }
    }

    func fill(_ target: MemoryHandle, pattern: [UInt8], offset: Int, byteCount: Int) throws {
        try add("fill", oneByOne: .fill(target: target, pattern: pattern, offset: offset, byteCount: byteCount)) { handle, entryPoints, after in
            try CL.commandFillBufferKHR(entryPoints, handle, target, pattern: pattern, offset: offset, byteCount: byteCount, after: after)
        }
    }

    func copyImage(from source: MemoryHandle, origin sourceOrigin: Origin3D, to destination: MemoryHandle, origin destinationOrigin: Origin3D,
                   region: Extent3D) throws {
        try add("copy image", oneByOne: .copyImage(source: source, sourceOrigin: sourceOrigin, destination: destination,
                                                   destinationOrigin: destinationOrigin, region: region)) { handle, entryPoints, after in
            try CL.commandCopyImageKHR(entryPoints, handle, from: source, origin: sourceOrigin, to: destination, origin: destinationOrigin,
                                       region: region, after: after)
        }
    }

    /// A copy between `image`'s region at `origin` and `buffer`'s bytes from `offset`, in the direction `toImage` says.
    func copy(image: MemoryHandle, origin: Origin3D, region: Extent3D, buffer: MemoryHandle, offset: Int, toImage: Bool) throws {
        if toImage {
            try add("copy buffer to image", oneByOne: .copyBufferToImage(buffer: buffer, offset: offset, image: image, origin: origin,
                                                                         region: region)) { handle, entryPoints, after in
                try CL.commandCopyBufferToImageKHR(entryPoints, handle, from: buffer, offset: offset, to: image, origin: origin,
                                                   region: region, after: after)
            }
        } else {
            try add("copy image to buffer", oneByOne: .copyImageToBuffer(image: image, origin: origin, region: region, buffer: buffer,
                                                                         offset: offset)) { handle, entryPoints, after in
                try CL.commandCopyImageToBufferKHR(entryPoints, handle, from: image, origin: origin, region: region, to: buffer,
                                                   offset: offset, after: after)
            }
        }
    }

    func fill(image: MemoryHandle, color: [UInt8], origin: Origin3D, region: Extent3D) throws {
        try add("fill image", oneByOne: .fillImage(image: image, color: color, origin: origin, region: region)) { handle, entryPoints, after in
            try CL.commandFillImageKHR(entryPoints, handle, image, color: color, origin: origin, region: region, after: after)
        }
    }

    /// A barrier. Recorded commands already run in their order (each waits for the one before it, on any queue), so it
    /// adds no ordering a command buffer lacks; replayed one by one it is a queue barrier (out-of-order queues).
    func barrier() throws {
        try add("barrier", oneByOne: .barrier) { handle, entryPoints, after in try CL.commandBarrierKHR(entryPoints, handle, after: after) }
    }

    /// Ends recording (`clFinalizeCommandBufferKHR`).
    func finalize() throws {
        if case let .commandBuffer(handle, entryPoints, _) = target { try CL.finalizeCommandBufferKHR(entryPoints, handle) }
    }
}
