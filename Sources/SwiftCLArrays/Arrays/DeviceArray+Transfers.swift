import SwiftCL

extension DeviceArray {
    /// The elements, copied to the host (row-major), once every command before on the array's queue has completed. An
    /// array in fine-grain shared virtual memory is copied from its memory in place (no OpenCL read).
    /// - Throws: SwiftCL's errors.
    public func toArray() throws -> [Element] {
        guard count > 0 else { return [] }
        if let allocation = sharedAllocation, allocation.granularity != .coarseGrain { return try withHostElements { Array($0) } }
        return try queue.sync { cl in try cl.read(storage, range: storageRange) }
    }

    /// ``toArray()`` for async code: suspends without blocking a thread.
    public func toArray() async throws -> [Element] {
        guard count > 0 else { return [] }
        let storage = storage, range = storageRange
        return try await queue.run { cl in try cl.read(storage, range: range) }
    }

    /// Copies the elements into `destination` (row-major; it must hold ``count``), once every command before on the
    /// array's queue has completed: ``toArray()`` into host memory the caller keeps (PyOpenCL's `get(ary=)`). On a CPU
    /// device a new host array's page faults cost more than the copy (256 MiB: ~55 ms for `toArray()`, ~15 ms into an
    /// array written before).
    /// - Throws: ``ArrayError/Code/invalidShape`` when the counts differ; SwiftCL's errors.
    public func copyElements(to destination: inout [Element]) throws {
        guard destination.count == count else {
            throw ArrayError(.invalidShape, "an array of \(destination.count) elements to hold an array of \(count)")
        }
        guard count > 0 else { return }
        if let allocation = sharedAllocation, allocation.granularity != .coarseGrain {
            try withHostElements { source in _ = destination.withUnsafeMutableBufferPointer { $0.update(fromContentsOf: source) } }
            return
        }
        let storage = storage, offset = offset
        try queue.sync { cl in try cl.read(storage, into: &destination, at: offset) }
    }

    /// Overwrites the elements with `elements` (as many as ``count``).
    /// - Throws: ``ArrayError/Code/invalidShape`` when the counts differ; SwiftCL's errors.
    public func assign(_ elements: [Element]) throws {
        guard elements.count == count else {
            throw ArrayError(.invalidShape, "\(elements.count) elements for an array of \(count)")
        }
        guard count > 0 else { return }
        try queue.sync { cl in try cl.write(storage, from: elements, at: offset) }
    }

    /// A new array with a copy of the elements, in memory of its own (contiguous, offset 0). Returns once the copy is
    /// enqueued; reading either array waits for it.
    public func copy() throws -> DeviceArray {
        let result = try DeviceArray(uninitializedShape: shape, on: queue)
        if count > 0 {
            try queue.enqueue { cl in try cl.copy(from: storage, at: offset, to: result.storage, at: 0, count: count) }
        }
        return result
    }
}
