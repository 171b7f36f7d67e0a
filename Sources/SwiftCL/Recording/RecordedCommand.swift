/// One command of a ``CommandRecording`` replayed one by one: what the recording encoder checked, ready to enqueue.
enum RecordedCommand {
    case launch(core: KernelCore, range: NDRange, local: SIMD3<Int>?, arguments: [KernelArgumentValue],
                svmReach: [UnsafeMutableRawPointer?]?)
    case copy(source: MemoryHandle, destination: MemoryHandle, sourceOffset: Int, destinationOffset: Int, byteCount: Int)
    case copyRect(source: MemoryHandle, destination: MemoryHandle, geometry: RectGeometry)
    case fill(target: MemoryHandle, pattern: [UInt8], offset: Int, byteCount: Int)
    case copyImage(source: MemoryHandle, sourceOrigin: Origin3D, destination: MemoryHandle, destinationOrigin: Origin3D, region: Extent3D)
    case copyBufferToImage(buffer: MemoryHandle, offset: Int, image: MemoryHandle, origin: Origin3D, region: Extent3D)
    case copyImageToBuffer(image: MemoryHandle, origin: Origin3D, region: Extent3D, buffer: MemoryHandle, offset: Int)
    case fillImage(image: MemoryHandle, color: [UInt8], origin: Origin3D, region: Extent3D)
    case barrier

    /// Enqueues the command on `queue` with `options`.
    func enqueue(on queue: QueueHandle, options: EnqueueOptions) throws -> CLEvent? {
        switch self {
        case let .launch(core, range, local, arguments, svmReach):
            try core.enqueue(on: queue, range: range, local: local, arguments: arguments, options: options, svmReach: svmReach)
        case let .copy(source, destination, sourceOffset, destinationOffset, byteCount):
            try CL.enqueueCopyBuffer(queue, from: source, to: destination, sourceOffset: sourceOffset,
                                     destinationOffset: destinationOffset, byteCount: byteCount, options: options)
        case let .copyRect(source, destination, geometry):
            try CL.enqueueCopyBufferRect(queue, from: source, to: destination, geometry, options: options)
        case let .fill(target, pattern, offset, byteCount):
            try pattern.withUnsafeBytes { raw in
                try CL.enqueueFillBuffer(queue, target, pattern: raw.baseAddress, patternBytes: raw.count, offset: offset,
                                         byteCount: byteCount, options: options)
            }
        case let .copyImage(source, sourceOrigin, destination, destinationOrigin, region):
            try CL.enqueueCopyImage(queue, from: source, origin: sourceOrigin, to: destination, origin: destinationOrigin, region: region,
                                    options: options)
        case let .copyBufferToImage(buffer, offset, image, origin, region):
            try CL.enqueueCopyBufferToImage(queue, from: buffer, offset: offset, to: image, origin: origin, region: region, options: options)
        case let .copyImageToBuffer(image, origin, region, buffer, offset):
            try CL.enqueueCopyImageToBuffer(queue, from: image, origin: origin, region: region, to: buffer, offset: offset, options: options)
        case let .fillImage(image, color, origin, region):
            try color.withUnsafeBytes { raw in
                try CL.enqueueFillImage(queue, image, color: raw.baseAddress, origin: origin, region: region, options: options)
            }
        case .barrier:
            try CL.enqueueBarrierWithWaitList(queue, options: options)
        }
    }
}
