internal import CMPI

extension Communicator {
    /// Sends `chunks[q]` to every rank q and returns what each rank sent here, in rank order (`result[q]` from q).
    /// Counts may differ per pair and may be zero (a halo exchange sends to its neighbours only). Collective.
    /// - Throws: ``MPIError`` `.shapeMismatch` when `chunks` has other than one entry per rank, `.call`.
    public func allToAll<T: MPIElement>(_ chunks: [[T]]) throws -> [[T]] {
        guard chunks.count == size else {
            throw MPIError(.shapeMismatch, routine: "MPI_Alltoallv", message: "give one chunk per rank (\(size)), not \(chunks.count)")
        }
        return try MPI.call {
            var sendCounts = try chunks.map { try Self.checkCount($0.count, "MPI_Alltoallv") }
            var receiveCounts = [Int32](repeating: 0, count: size)
            try MPI.check(MPI_Alltoall(&sendCounts, 1, swiftcl_mpi_int32(), &receiveCounts, 1, swiftcl_mpi_int32(), handle),
                          "MPI_Alltoall (counts)")
            func offsets(_ counts: [Int32]) throws -> [Int32] {
                var result: [Int32] = [], total = 0
                for count in counts {
                    result.append(try Self.checkCount(total, "MPI_Alltoallv"))
                    total += Int(count)
                }
                return result
            }
            let sendOffsets = try offsets(sendCounts), receiveOffsets = try offsets(receiveCounts)
            let flat = chunks.flatMap { $0 }
            var received = [T](repeating: zero(T.self), count: receiveCounts.reduce(0) { $0 + Int($1) })
            try flat.withUnsafeBytes { send in
                try received.withUnsafeMutableBytes { receive in
                    try MPI.check(MPI_Alltoallv(send.baseAddress, sendCounts, sendOffsets, T.mpiType.handle, receive.baseAddress,
                                                receiveCounts, receiveOffsets, T.mpiType.handle, handle), "MPI_Alltoallv")
                }
            }
            return (0..<size).map { q in Array(received[Int(receiveOffsets[q])..<(Int(receiveOffsets[q]) + Int(receiveCounts[q]))]) }
        }
    }
}
