import SwiftCL

extension DeviceArray {
    /// The same elements seen with another shape of the same count (no copy).
    /// - Throws: ``ArrayError/Code/invalidShape`` when the counts differ.
    public func reshaped(_ shape: [Int]) throws -> DeviceArray {
        let newCount = try Self.checkedCount(of: shape)
        guard newCount == count else {
            throw ArrayError(.invalidShape, "cannot reshape \(self.shape) (\(count) elements) to \(shape) (\(newCount) elements)")
        }
        return DeviceArray(storage: storage, offset: offset, shape: shape, queue: queue)
    }

    /// A 1-D view of the elements in `range` of the flattened array (no copy); writes through it change this array.
    /// - Throws: ``ArrayError/Code/invalidShape`` for a range outside `0..<count`.
    public subscript(range: Range<Int>) -> DeviceArray {
        get throws {
            guard range.lowerBound >= 0, range.upperBound <= count else {
                throw ArrayError(.invalidShape, "range \(range) is outside the array's 0..<\(count)")
            }
            return DeviceArray(storage: storage, offset: offset + range.lowerBound, shape: [range.count], queue: queue)
        }
    }

    /// Row `row` of a 2-D array, as a 1-D view (no copy).
    /// - Throws: ``ArrayError/Code/invalidShape`` for a non-2-D array or a row outside it.
    public func row(_ row: Int) throws -> DeviceArray {
        guard shape.count == 2, (0..<shape[0]).contains(row) else {
            throw ArrayError(.invalidShape, "row \(row) of an array of shape \(shape)")
        }
        return try self[(row * shape[1])..<((row + 1) * shape[1])]
    }

    /// The same array running its operations on `queue` (same context).
    /// - Throws: ``ArrayError/Code/contextMismatch`` for a queue of another context.
    public func on(_ queue: ComputeQueue) throws -> DeviceArray {
        guard queue.context === context else {
            throw ArrayError(.contextMismatch, "the array belongs to \(context), the queue to \(queue.context)")
        }
        try Self.checkSupported(on: queue.device)
        return DeviceArray(storage: storage, offset: offset, shape: shape, queue: queue)
    }
}
