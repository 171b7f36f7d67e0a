internal import CMPI
import SwiftCL

/// Non-blocking operations on SwiftCL buffers: each reads the buffer's range into host staging (after the queue's
/// earlier commands), starts MPI on the staging memory and returns an ``MPIRequest`` at once; the result is written
/// back into the buffer (on the queue) when the request is waited for. Collective `start…` calls must be made in the
/// same order on every rank, like their blocking forms.
extension Communicator {
    /// Starts combining `range` of `buffer` (all of it by default) across the ranks with `operation`
    /// (`MPI_Iallreduce`); ``MPIRequest/wait()`` or ``MPIRequest/completed`` writes the combined values into `buffer`.
    /// - Throws: ``MPIError`` `.shapeMismatch` on every rank when the counts differ (checked before starting), `.call`.
    public func startAllReduce<T: MPIElement>(_ buffer: Buffer<T>, range: Range<Int>? = nil, _ operation: ReductionOperation,
                                              on queue: ComputeQueue) throws -> MPIRequest {
        let range = range ?? 0..<buffer.count
        let count = try Self.checkCount(range.count, "MPI_Iallreduce")
        try MPI.call { try agreeOnCount(range.count, "MPI_Iallreduce") }
        return try MPIRequest(
            routine: "MPI_Iallreduce", byteCount: range.count * MemoryLayout<T>.stride,
            fill: { staging in try Self.read(buffer, range: range, on: queue, into: staging) },
            start: { staging, request in
                try MPI.call {
                    try MPI.check(MPI_Iallreduce(swiftcl_mpi_in_place(), staging.baseAddress, count, T.mpiType.handle, operation.handle,
                                                 handle, request), "MPI_Iallreduce")
                }
            },
            finish: { result in try Self.write(result, into: buffer, range: range, on: queue) })
    }

    /// Starts replacing `range` of `buffer` (all of it by default) on every rank with `root`'s (`MPI_Ibcast`); waiting
    /// for the request writes the root's values into the other ranks' buffers.
    /// - Throws: ``MPIError`` `.shapeMismatch` on every rank when the counts differ (checked before starting),
    ///   `.invalidArgument` for a bad root, `.call`.
    public func startBroadcast<T: MPIElement>(_ buffer: Buffer<T>, range: Range<Int>? = nil, root: Int = 0,
                                              on queue: ComputeQueue) throws -> MPIRequest {
        try checkRank(root, "MPI_Ibcast", what: "root")
        let range = range ?? 0..<buffer.count
        let count = try Self.checkCount(range.count, "MPI_Ibcast")
        try MPI.call { try agreeOnCount(range.count, "MPI_Ibcast") }
        let isRoot = rank == root
        return try MPIRequest(
            routine: "MPI_Ibcast", byteCount: range.count * MemoryLayout<T>.stride,
            fill: { staging in if isRoot { try Self.read(buffer, range: range, on: queue, into: staging) } },
            start: { staging, request in
                try MPI.call {
                    try MPI.check(MPI_Ibcast(staging.baseAddress, count, T.mpiType.handle, Int32(root), handle, request), "MPI_Ibcast")
                }
            },
            finish: isRoot ? nil : { result in try Self.write(result, into: buffer, range: range, on: queue) })
    }

    /// Starts sending `range` of `buffer` to `destination` (`MPI_Isend`); the buffer may be reused at once (it was
    /// copied to staging), and the request completes once MPI has sent it.
    /// - Throws: ``MPIError`` `.invalidArgument` for a bad destination or tag, `.call`.
    public func startSend<T: MPIElement>(_ buffer: Buffer<T>, range: Range<Int>? = nil, to destination: Int, tag: Int = 0,
                                         on queue: ComputeQueue) throws -> MPIRequest {
        try startPointToPoint(buffer, range: range, peer: destination, tag: tag, sending: true, on: queue) { staging, count, request in
            MPI_Isend(staging, count, T.mpiType.handle, Int32(destination), Int32(tag), handle, request)
        }
    }

    /// Starts receiving `range` of `buffer` (all of it by default) from `source` (`MPI_Irecv`); waiting for the request
    /// writes the message into the buffer. The message must fill the range (a longer one fails the request with MPI's
    /// truncation error).
    /// - Throws: ``MPIError`` `.invalidArgument` for a bad source or tag, `.call`.
    public func startReceive<T: MPIElement>(into buffer: Buffer<T>, range: Range<Int>? = nil, from source: Int, tag: Int = 0,
                                            on queue: ComputeQueue) throws -> MPIRequest {
        try startPointToPoint(buffer, range: range, peer: source, tag: tag, sending: false, on: queue) { staging, count, request in
            MPI_Irecv(staging, count, T.mpiType.handle, Int32(source), Int32(tag), handle, request)
        }
    }

    /// A send (the range read into staging first) or a receive (written from staging into the range when waited for) to
    /// or from `peer`, after the peer, tag and count are checked; `call` is the MPI routine on the staging memory.
    private func startPointToPoint<T: MPIElement>(
        _ buffer: Buffer<T>, range: Range<Int>?, peer: Int, tag: Int, sending: Bool, on queue: ComputeQueue,
        call: (UnsafeMutableRawPointer?, Int32, UnsafeMutablePointer<MPI_Request?>) -> Int32
    ) throws -> MPIRequest {
        let routine = sending ? "MPI_Isend" : "MPI_Irecv"
        try checkRank(peer, routine, what: sending ? "destination" : "source")
        try checkTag(tag, routine)
        let range = range ?? 0..<buffer.count
        let count = try Self.checkCount(range.count, routine)
        return try MPIRequest(
            routine: routine, byteCount: range.count * MemoryLayout<T>.stride,
            fill: { staging in if sending { try Self.read(buffer, range: range, on: queue, into: staging) } },
            start: { staging, request in try MPI.call { try MPI.check(call(staging.baseAddress, count, request), routine) } },
            finish: sending ? nil : { result in try Self.write(result, into: buffer, range: range, on: queue) })
    }

    /// Starts gathering every rank's `range` of `buffer` (all of it by default; counts may differ), concatenated in rank
    /// order, into `target` from element `offset` on every rank (`MPI_Iallgatherv`); waiting for the request writes
    /// them there. The counts are exchanged first (a blocking step) and every rank checks that the whole fits its
    /// `target` before any rank starts.
    /// - Throws: ``MPIError`` `.shapeMismatch` naming the sizes when the gathered elements do not fit `target` on this
    ///   rank (`.remoteFailure` on the others), `.call`.
    public func startAllGather<T: MPIElement>(_ buffer: Buffer<T>, range: Range<Int>? = nil, into target: Buffer<T>, at offset: Int = 0,
                                              on queue: ComputeQueue) throws -> MPIRequest {
        let routine = "MPI_Iallgatherv"
        let range = range ?? 0..<buffer.count
        let counts = try MPI.call { try allCounts(range.count, routine) }
        let (displacements, total) = try Self.displacements(counts, routine)
        try collectively(routine) {
            guard offset >= 0, offset + total <= target.count else {
                throw MPIError(.shapeMismatch, routine: routine,
                               message: "\(total) gathered elements from element \(offset) do not fit a target of \(target.count)")
            }
        }
        // The counts and displacements must stay put until MPI completes, so they live in the staging memory's head.
        let ranks = size, header = 8 * ranks, stride = MemoryLayout<T>.stride
        let own = header + Int(displacements[rank]) * stride
        return try MPIRequest(
            routine: routine, byteCount: header + total * stride,
            fill: { staging in
                for r in 0..<ranks {
                    staging.storeBytes(of: counts[r], toByteOffset: 4 * r, as: Int32.self)
                    staging.storeBytes(of: displacements[r], toByteOffset: 4 * (ranks + r), as: Int32.self)
                }
                try Self.read(buffer, range: range, on: queue, into: UnsafeMutableRawBufferPointer(rebasing: staging[own...]))
            },
            start: { staging, request in
                guard let base = staging.baseAddress else { return }
                let countsPointer = base.assumingMemoryBound(to: Int32.self)
                let displacementsPointer = (base + 4 * ranks).assumingMemoryBound(to: Int32.self)
                try MPI.call {
                    try MPI.check(MPI_Iallgatherv(swiftcl_mpi_in_place(), 0, T.mpiType.handle, base + header, countsPointer, displacementsPointer,
                                                  T.mpiType.handle, handle, request), routine)
                }
            },
            finish: { result in
                try Self.write(UnsafeRawBufferPointer(rebasing: result[header...]), into: target, range: offset..<(offset + total), on: queue)
            })
    }

    private static func read<T>(_ buffer: Buffer<T>, range: Range<Int>, on queue: ComputeQueue,
                                into staging: UnsafeMutableRawBufferPointer) throws {
        guard !range.isEmpty else { return }
        let values = try queue.sync { cl in try cl.read(buffer, range: range) }
        values.withUnsafeBytes { staging.copyMemory(from: $0) }
    }

    private static func write<T>(_ bytes: UnsafeRawBufferPointer, into buffer: Buffer<T>, range: Range<Int>, on queue: ComputeQueue) throws {
        guard !range.isEmpty else { return }
        let values = Array(bytes.prefix(range.count * MemoryLayout<T>.stride).bindMemory(to: T.self))
        try queue.sync { cl in try cl.write(buffer, from: values, at: range.lowerBound) }
    }
}
