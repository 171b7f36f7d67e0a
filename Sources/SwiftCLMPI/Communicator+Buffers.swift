import SwiftCL

/// SwiftCL buffers as MPI's send and receive memory: staged through a map of the buffer (`clEnqueueMapBuffer`), so on a
/// device whose memory the host can address (PoCL's CPU device, integrated GPUs) MPI reads and writes the buffer's
/// own storage with no host copy at all, and elsewhere the map's one copy is the only one.
extension Communicator {
    /// Sends `range` of `buffer` (all of it by default) to `destination`, after the queue's earlier commands.
    /// - Throws: ``MPIError``, SwiftCL's errors from the map.
    public func send<T: MPIElement>(_ buffer: Buffer<T>, range: Range<Int>? = nil, to destination: Int, tag: Int = 0,
                                    on queue: ComputeQueue) throws {
        try queue.sync { cl in
            try cl.withMappedForReading(buffer, range: range) { span in
                try span.withUnsafeBytes { try send($0, type: T.self, to: destination, tag: tag) }
            }
        }
    }

    /// Receives into `range` of `buffer` (all of it by default) from `source`; the message must fill the range.
    /// - Throws: ``MPIError`` `.shapeMismatch` when it holds another count, SwiftCL's errors from the map.
    public func receive<T: MPIElement>(into buffer: Buffer<T>, range: Range<Int>? = nil, from source: Int, tag: Int = 0,
                                       on queue: ComputeQueue) throws {
        try queue.sync { cl in
            try cl.withMapped(buffer, range: range) { span in
                try span.withUnsafeMutableBytes { try receive(into: $0, type: T.self, from: source, tag: tag) }
            }
        }
    }

    /// Replaces `buffer` on every rank with the ranks' buffers combined element by element. Collective; the buffers must
    /// have one count.
    /// - Throws: ``MPIError`` `.shapeMismatch` on every rank when the counts differ, SwiftCL's errors from the map.
    public func allReduce<T: MPIElement>(_ buffer: Buffer<T>, _ operation: ReductionOperation, on queue: ComputeQueue) throws {
        try queue.sync { cl in
            try cl.withMapped(buffer) { span in
                var local = [T](repeating: zero(T.self), count: span.count)
                for index in 0..<span.count { local[index] = span[index] }
                let combined = try allReduce(local, operation)
                for index in 0..<span.count { span[index] = combined[index] }
            }
        }
    }

    /// Replaces `buffer` on every rank with `root`'s. Collective; the buffers must have one count.
    /// - Throws: ``MPIError`` `.shapeMismatch` on every rank when the counts differ.
    public func broadcast<T: MPIElement>(_ buffer: Buffer<T>, root: Int = 0, on queue: ComputeQueue) throws {
        try MPI.call { try agreeOnCount(buffer.count, "MPI_Bcast") }
        try queue.sync { cl in
            try cl.withMapped(buffer) { span in
                var local = [T](repeating: zero(T.self), count: span.count)
                if rank == root { for index in 0..<span.count { local[index] = span[index] } }
                let received = try broadcast(local, root: root)
                for index in 0..<span.count { span[index] = received[index] }
            }
        }
    }
}
