internal import CMPI

/// Sending and receiving between two ranks, on host memory.
extension Communicator {
    /// Sends `elements` to `destination` (blocking until the buffer can be reused).
    /// - Throws: ``MPIError`` `.invalidArgument` for a rank or tag out of range, `.call`.
    public func send<T: MPIElement>(_ elements: [T], to destination: Int, tag: Int = 0) throws {
        try elements.withUnsafeBufferPointer { try send(UnsafeRawBufferPointer($0), type: T.self, to: destination, tag: tag) }
    }

    /// Receives exactly `count` elements from `source`.
    /// - Throws: ``MPIError`` `.shapeMismatch` when the message holds another count, `.invalidArgument`, `.call`.
    public func receive<T: MPIElement>(_: T.Type = T.self, count: Int, from source: Int, tag: Int = 0) throws -> [T] {
        try [T](unsafeUninitializedCapacity: count) { storage, initialized in
            try receive(into: UnsafeMutableRawBufferPointer(storage), type: T.self, from: source, tag: tag)
            initialized = count
        }
    }

    /// Sends `outgoing` to `destination` and receives `incomingCount` elements from `source` in one step (no deadlock
    /// when every rank sends and receives at once, as a halo exchange does). `nil` for either rank skips that side.
    /// - Throws: as ``send(_:to:tag:)`` and ``receive(_:count:from:tag:)``.
    public func sendReceive<T: MPIElement>(_ outgoing: [T], to destination: Int?, receiving incomingCount: Int, from source: Int?,
                                           tag: Int = 0) throws -> [T] {
        if let destination { try checkRank(destination, "MPI_Sendrecv", what: "destination") }
        if let source { try checkRank(source, "MPI_Sendrecv", what: "source") }
        try checkTag(tag, "MPI_Sendrecv")
        let sendCount = try Self.checkCount(destination == nil ? 0 : outgoing.count, "MPI_Sendrecv")
        let receiveCount = try Self.checkCount(source == nil ? 0 : incomingCount, "MPI_Sendrecv")
        var incoming = [T](repeating: zero(T.self), count: Int(receiveCount))
        try MPI.call {
            var status = MPI_Status()
            try outgoing.withUnsafeBytes { send in
                try incoming.withUnsafeMutableBytes { receive in
                    try MPI.check(MPI_Sendrecv(send.baseAddress, sendCount, T.mpiType.handle, Int32(destination ?? Int(swiftcl_mpi_proc_null())),
                                               Int32(tag), receive.baseAddress, receiveCount, T.mpiType.handle,
                                               Int32(source ?? Int(swiftcl_mpi_proc_null())), Int32(tag), handle, &status),
                                  "MPI_Sendrecv")
                }
            }
            if source != nil {
                var received: Int32 = 0
                MPI_Get_count(&status, T.mpiType.handle, &received)
                guard received == receiveCount else {
                    throw MPIError(.shapeMismatch, routine: "MPI_Sendrecv",
                                   message: "rank \(source ?? -1) sent \(received) elements, \(receiveCount) were expected")
                }
            }
        }
        return incoming
    }

    func send<T: MPIElement>(_ bytes: UnsafeRawBufferPointer, type _: T.Type, to destination: Int, tag: Int) throws {
        try checkRank(destination, "MPI_Send", what: "destination")
        try checkTag(tag, "MPI_Send")
        let count = try Self.checkCount(bytes.count / MemoryLayout<T>.stride, "MPI_Send")
        try MPI.call {
            try MPI.check(MPI_Send(bytes.baseAddress, count, T.mpiType.handle, Int32(destination), Int32(tag), handle), "MPI_Send")
        }
    }

    func receive<T: MPIElement>(into bytes: UnsafeMutableRawBufferPointer, type _: T.Type, from source: Int, tag: Int) throws {
        try checkRank(source, "MPI_Recv", what: "source")
        try checkTag(tag, "MPI_Recv")
        let count = try Self.checkCount(bytes.count / MemoryLayout<T>.stride, "MPI_Recv")
        try MPI.call {
            // Probe first, so a message of another length is an error here rather than MPI_ERR_TRUNCATE or silence.
            var status = MPI_Status()
            try MPI.check(MPI_Probe(Int32(source), Int32(tag), handle, &status), "MPI_Probe")
            var arriving: Int32 = 0
            MPI_Get_count(&status, T.mpiType.handle, &arriving)
            guard arriving == count else {
                // Take the message off the wire so the communicator stays usable, then report.
                var sink = [UInt8](repeating: 0, count: max(1, Int(arriving) * MemoryLayout<T>.stride))
                _ = sink.withUnsafeMutableBytes { MPI_Recv($0.baseAddress, arriving, T.mpiType.handle, Int32(source), Int32(tag), handle, swiftcl_mpi_status_ignore()) }
                throw MPIError(.shapeMismatch, routine: "MPI_Recv", message: "rank \(source) sent \(arriving) elements, \(count) were expected")
            }
            try MPI.check(MPI_Recv(bytes.baseAddress, count, T.mpiType.handle, Int32(source), Int32(tag), handle, swiftcl_mpi_status_ignore()),
                          "MPI_Recv")
        }
    }
}

/// The all-zero value of a bitwise-copyable element (a placeholder before MPI fills the storage).
func zero<T: BitwiseCopyable>(_: T.Type) -> T {
    withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { storage in
        UnsafeMutableRawBufferPointer(storage).initializeMemory(as: UInt8.self, repeating: 0)
        return storage[0]
    }
}
