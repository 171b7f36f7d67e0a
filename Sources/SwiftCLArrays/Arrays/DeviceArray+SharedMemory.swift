import SwiftCL

extension DeviceArray {
    /// An uninitialised array in shared virtual memory of `granularity` (an ``SVMBuffer`` as its buffer's storage): every
    /// operation works as on any array, and with fine grain the host reads the elements in place
    /// (``withHostElements(_:)``, ``toArray()``) with no map and no OpenCL read.
    /// - Throws: `SwiftCLError.svmUnsupported` naming a device of the context without that granularity; as
    ///   ``init(uninitializedShape:on:)``.
    public init(sharedShape shape: [Int], granularity: SVMGranularity = .fineGrain, on queue: ComputeQueue) throws {
        let count = try Self.checkedCount(of: shape)
        try Self.checkSupported(on: queue.device)
        let allocation = try SVMBuffer<Element>(count: Swift.max(count, 1), granularity: granularity, context: queue.context)
        self.init(storage: try Buffer(sharing: allocation), offset: 0, shape: shape, queue: queue)
    }

    /// A 1-D array in fine-grain shared virtual memory holding `elements` (written by the host in place).
    /// - Throws: as ``init(sharedShape:granularity:on:)``.
    public init(sharing elements: [Element], on queue: ComputeQueue) throws {
        try self.init(sharedShape: [elements.count], granularity: .fineGrain, on: queue)
        guard let allocation = storage.sharedAllocation else { return }
        try allocation.withUnsafeMutableBufferPointer { all in _ = all.update(fromContentsOf: elements) }
    }

    /// The shared virtual memory the elements live in, for an array made by ``init(sharedShape:granularity:on:)`` (or
    /// over a buffer made with `Buffer(sharing:)`); nil for device memory.
    public var sharedAllocation: SVMBuffer<Element>? { storage.sharedAllocation }

    /// Calls `body` with the elements in host memory once every command enqueued before on the array's queue has
    /// completed: in place for fine-grain shared virtual memory (no map, no copy), through a read map of the buffer
    /// otherwise (no copy on a CPU device sharing host memory). The pointer is valid only inside `body`, and no command
    /// may write the array meanwhile.
    /// - Throws: what `body` throws; SwiftCL's errors (inside a recording of the array's queue, `notRecordable`).
    public func withHostElements<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) throws -> R {
        if let allocation = sharedAllocation, allocation.granularity != .coarseGrain {
            try queue.sync { _ in }
            return try allocation.withUnsafeMutableBufferPointer { all in try body(UnsafeBufferPointer(rebasing: all[storageRange])) }
        }
        guard count > 0 else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try queue.sync { cl in
            try cl.withMappedForReading(storage, range: storageRange) { span in try span.withUnsafeBufferPointer { try body($0) } }
        }
    }
}
