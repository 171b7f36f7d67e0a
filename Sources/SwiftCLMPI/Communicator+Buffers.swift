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

    /// Replaces `range` of `buffer` (all of it by default) on every rank with the ranks' ranges combined element by
    /// element, in place in the mapped memory (`MPI_IN_PLACE`: no host copy beyond the map's). Collective; the ranges
    /// must have one count.
    /// - Throws: ``MPIError`` `.shapeMismatch` on every rank when the counts differ, SwiftCL's errors from the map.
    public func allReduce<T: MPIElement>(_ buffer: Buffer<T>, range: Range<Int>? = nil, _ operation: ReductionOperation,
                                         on queue: ComputeQueue) throws {
        try MPI.call { try agreeOnCount(range?.count ?? buffer.count, "MPI_Allreduce") }
        try queue.sync { cl in
            try cl.withMapped(buffer, range: range) { span in
                try span.withUnsafeMutableBytes { try allReduceInPlace($0, type: T.self, operation) }
            }
        }
    }

    /// Replaces `buffer` on every rank with `root`'s. Collective; the buffers must have one count.
    /// - Throws: ``MPIError`` `.shapeMismatch` on every rank when the counts differ.
    public func broadcast<T: MPIElement>(_ buffer: Buffer<T>, range: Range<Int>? = nil, root: Int = 0, on queue: ComputeQueue) throws {
        try checkRank(root, "MPI_Bcast", what: "root")
        try MPI.call { try agreeOnCount(range?.count ?? buffer.count, "MPI_Bcast") }
        try queue.sync { cl in
            try cl.withMapped(buffer, range: range) { span in
                try span.withUnsafeMutableBytes { try broadcastInPlace($0, type: T.self, root: root) }
            }
        }
    }
}
