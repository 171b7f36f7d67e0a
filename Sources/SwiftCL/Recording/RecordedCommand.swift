/// One command of a ``CommandRecording`` replayed one by one: what the recording encoder checked, ready to enqueue.
enum RecordedCommand {
    case launch(core: KernelCore, range: NDRange, local: SIMD3<Int>?, arguments: [KernelArgumentValue],
                svmReach: [UnsafeMutableRawPointer?]?)
    case copy(source: MemoryHandle, destination: MemoryHandle, sourceOffset: Int, destinationOffset: Int, byteCount: Int)
    case copyRect(source: MemoryHandle, destination: MemoryHandle, geometry: RectGeometry)
    case fill(target: MemoryHandle, pattern: [UInt8], offset: Int, byteCount: Int)

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
        }
    }
}
