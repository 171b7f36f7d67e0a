import SwiftCL

/// A typed array that lives on a device: a row-major shape over a ``Buffer`` (or a contiguous part of one), and the
/// ``ComputeQueue`` its operations run on.
///
/// Like PyOpenCL's `Array`, a `DeviceArray` is a view: copies of it share the device memory, and
/// ``subscript(_:)`` and ``reshaped(_:)`` make new views without copying. Arithmetic on arrays builds an
/// ``ArrayExpression`` that runs as one fused kernel when evaluated: `try (a * x + y).evaluated()` launches once and
/// allocates only its result.
public struct DeviceArray<Element: ArrayStorable>: Sendable {
    /// The buffer the elements live in (at least one element even for an empty array).
    public let storage: Buffer<Element>
    /// Where the first element is in ``storage``.
    public let offset: Int
    /// The extent of each dimension, row-major; its product is ``count``.
    public let shape: [Int]
    /// The queue operations on this array run on.
    public let queue: ComputeQueue

    /// The number of elements.
    public var count: Int { shape.reduce(1, *) }
    /// Where the elements are in ``storage``: `offset..<(offset + count)`.
    public var storageRange: Range<Int> { offset..<(offset + count) }
    /// The context the array belongs to.
    public var context: Context { storage.context }

    init(storage: Buffer<Element>, offset: Int, shape: [Int], queue: ComputeQueue) {
        self.storage = storage
        self.offset = offset
        self.shape = shape
        self.queue = queue
    }

    /// An uninitialised array of `shape` on `queue`'s context.
    /// - Throws: ``ArrayError`` for a negative extent or an element type the device cannot use; SwiftCL's errors for
    ///   an allocation over the device's limit.
    public init(uninitializedShape shape: [Int], on queue: ComputeQueue) throws {
        let count = try Self.checkedCount(of: shape)
        try Self.checkSupported(on: queue.device)
        // From the context's pool: memory a released array held, when the pool keeps some (by default on CPU devices).
        let storage = try Buffer<Element>(count: Swift.max(count, 1), context: queue.context, pool: queue.context.memoryPool)
        ReplayPending.markIfRecording(storage, on: queue)  // made inside a recording: no values until it is replayed
        self.init(storage: storage, offset: 0, shape: shape, queue: queue)
    }

    /// A 1-D array holding a copy of `elements`.
    /// - Throws: as ``init(uninitializedShape:on:)``.
    public init(_ elements: [Element], on queue: ComputeQueue) throws {
        try self.init(elements, shape: [elements.count], on: queue)
    }

    /// An array of `shape` holding a copy of `elements` (row-major; their count must be the shape's product).
    /// - Throws: ``ArrayError/Code/invalidShape`` when the counts differ; as ``init(uninitializedShape:on:)``.
    public init(_ elements: [Element], shape: [Int], on queue: ComputeQueue) throws {
        let count = try Self.checkedCount(of: shape)
        guard count == elements.count else {
            throw ArrayError(.invalidShape, "shape \(shape) holds \(count) elements, \(elements.count) were given")
        }
        try Self.checkSupported(on: queue.device)
        let storage: Buffer<Element>
        if elements.isEmpty {
            storage = try Buffer<Element>(count: 1, context: queue.context)
        } else if HostCopy.isParallel(byteCount: count * MemoryLayout<Element>.stride, device: queue.device) {
            // A large array on a CPU device: memory the pool kept when it has some (no page faults), written by the
            // host's cores through a map on the context's staging queue (the array's queue is not waited for).
            storage = try Buffer<Element>(count: count, context: queue.context, pool: queue.context.memoryPool)
            try elements.withUnsafeBufferPointer { try storage.copyIntoUnusedMemory($0, device: queue.device) }
        } else {
            storage = try Buffer(copying: elements, context: queue.context)
        }
        self.init(storage: storage, offset: 0, shape: shape, queue: queue)
    }

    /// An array over all of `buffer` (no copy): its elements, shaped `shape` (default: 1-D).
    /// - Throws: ``ArrayError/Code/invalidShape`` when the shape does not hold the buffer's count; as above.
    public init(buffer: Buffer<Element>, shape: [Int]? = nil, on queue: ComputeQueue) throws {
        let shape = shape ?? [buffer.count]
        guard try Self.checkedCount(of: shape) == buffer.count else {
            throw ArrayError(.invalidShape, "shape \(shape) does not hold the buffer's \(buffer.count) elements")
        }
        guard buffer.context === queue.context else {
            throw ArrayError(.contextMismatch, "the buffer belongs to \(buffer.context), the queue to \(queue.context)")
        }
        try Self.checkSupported(on: queue.device)
        self.init(storage: buffer, offset: 0, shape: shape, queue: queue)
    }

    /// The array's elements as a buffer of its own count: ``storage`` itself when the array covers all of it, else a
    /// sub-buffer (whose start must meet the device's base-address alignment).
    /// - Throws: SwiftCL's misaligned sub-buffer error, naming the alignment; ``ArrayError`` for an empty array.
    public func buffer() throws -> Buffer<Element> {
        if offset == 0 && count == storage.count { return storage }
        guard count > 0 else { throw ArrayError(.invalidArgument, "an empty array has no buffer of its own") }
        return try storage[storageRange]
    }

    static func checkedCount(of shape: [Int]) throws -> Int {
        var count = 1
        for extent in shape {
            guard extent >= 0 else { throw ArrayError(.invalidShape, "shape \(shape) has a negative extent") }
            let (product, overflow) = count.multipliedReportingOverflow(by: extent)
            guard !overflow else { throw ArrayError(.invalidShape, "shape \(shape) overflows Int") }
            count = product
        }
        return count
    }

    static func checkSupported(on device: Device) throws {
        if let needed = Element.Lane.requiredExtension, !device.extensions.contains(needed) {
            throw ArrayError(.unsupportedElement, "\(device.name) cannot compute with \(Element.self) (OpenCL \(Element.openCLTypeName)): it lacks \(needed)")
        }
    }
}

extension DeviceArray: CustomStringConvertible {
    public var description: String {
        "DeviceArray<\(Element.self)>(shape: \(shape)\(offset == 0 ? "" : ", offset: \(offset)"), on: \(queue.device.name))"
    }
}
