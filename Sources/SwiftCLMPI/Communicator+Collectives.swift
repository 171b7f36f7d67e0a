internal import CMPI

/// Collective operations on host arrays: every rank calls them, in the same order.
extension Communicator {
    /// `root`'s `elements` on every rank (the other ranks' arguments are ignored; their count need not match).
    /// - Throws: ``MPIError`` `.invalidArgument` for a root out of range, `.call`.
    public func broadcast<T: MPIElement>(_ elements: [T], root: Int = 0) throws -> [T] {
        try checkRank(root, "MPI_Bcast", what: "root")
        return try MPI.call {
            var count = Int64(rank == root ? elements.count : 0)
            try MPI.check(MPI_Bcast(&count, 1, swiftcl_mpi_int64(), Int32(root), handle), "MPI_Bcast (count)")
            var result = rank == root ? elements : [T](repeating: zero(T.self), count: Int(count))
            let mpiCount = try Self.checkCount(Int(count), "MPI_Bcast")
            try result.withUnsafeMutableBytes { raw in
                try MPI.check(MPI_Bcast(raw.baseAddress, mpiCount, T.mpiType.handle, Int32(root), handle), "MPI_Bcast")
            }
            return result
        }
    }

    /// Every rank's `elements` combined element by element with `operation`, on every rank.
    /// - Throws: ``MPIError`` `.shapeMismatch` on every rank when the ranks' counts differ (naming the smallest and
    ///   largest), `.call`.
    public func allReduce<T: MPIElement>(_ elements: [T], _ operation: ReductionOperation) throws -> [T] {
        try MPI.call {
            try agreeOnCount(elements.count, "MPI_Allreduce")
            var result = [T](repeating: zero(T.self), count: elements.count)
            let count = try Self.checkCount(elements.count, "MPI_Allreduce")
            try elements.withUnsafeBytes { send in
                try result.withUnsafeMutableBytes { receive in
                    try MPI.check(MPI_Allreduce(send.baseAddress, receive.baseAddress, count, T.mpiType.handle, operation.handle, handle),
                                  "MPI_Allreduce")
                }
            }
            return result
        }
    }

    /// Every rank's `elements`, concatenated in rank order, on `root` (nil on the other ranks). Counts may differ.
    /// - Throws: ``MPIError``.
    public func gather<T: MPIElement>(_ elements: [T], root: Int = 0) throws -> [T]? {
        try checkRank(root, "MPI_Gatherv", what: "root")
        return try MPI.call {
            let counts = try allCounts(elements.count, "MPI_Gatherv")
            let (displacements, total) = try Self.displacements(counts, "MPI_Gatherv")
            var result = [T](repeating: zero(T.self), count: rank == root ? total : 0)
            let count = try Self.checkCount(elements.count, "MPI_Gatherv")
            try elements.withUnsafeBytes { send in
                try result.withUnsafeMutableBytes { receive in
                    try MPI.check(MPI_Gatherv(send.baseAddress, count, T.mpiType.handle, receive.baseAddress, counts, displacements,
                                              T.mpiType.handle, Int32(root), handle), "MPI_Gatherv")
                }
            }
            return rank == root ? result : nil
        }
    }

    /// Every rank's `elements`, concatenated in rank order, on every rank. Counts may differ.
    /// - Throws: ``MPIError``.
    public func allGather<T: MPIElement>(_ elements: [T]) throws -> [T] {
        try MPI.call {
            let counts = try allCounts(elements.count, "MPI_Allgatherv")
            let (displacements, total) = try Self.displacements(counts, "MPI_Allgatherv")
            var result = [T](repeating: zero(T.self), count: total)
            let count = try Self.checkCount(elements.count, "MPI_Allgatherv")
            try elements.withUnsafeBytes { send in
                try result.withUnsafeMutableBytes { receive in
                    try MPI.check(MPI_Allgatherv(send.baseAddress, count, T.mpiType.handle, receive.baseAddress, counts, displacements,
                                                 T.mpiType.handle, handle), "MPI_Allgatherv")
                }
            }
            return result
        }
    }

    /// `root`'s `chunks[r]` on rank `r` (the other ranks' arguments are ignored). Sizes may differ.
    /// - Throws: ``MPIError`` `.shapeMismatch` when root gives other than one chunk per rank, `.call`.
    public func scatter<T: MPIElement>(_ chunks: [[T]], root: Int = 0) throws -> [T] {
        try checkRank(root, "MPI_Scatterv", what: "root")
        return try MPI.call {
            var counts = [Int32](repeating: 0, count: size)
            var valid: Int32 = 1
            if rank == root {
                if chunks.count == size, let sized = try? chunks.map({ try Self.checkCount($0.count, "MPI_Scatterv") }) {
                    counts = sized
                } else {
                    valid = 0
                }
            }
            try MPI.check(MPI_Bcast(&valid, 1, swiftcl_mpi_int32(), Int32(root), handle), "MPI_Bcast (scatter shape)")
            guard valid == 1 else {
                throw MPIError(.shapeMismatch, routine: "MPI_Scatterv", message: "root \(root) must give one chunk per rank (\(size))")
            }
            try counts.withUnsafeMutableBufferPointer { raw in
                try MPI.check(MPI_Bcast(raw.baseAddress, Int32(size), swiftcl_mpi_int32(), Int32(root), handle), "MPI_Bcast (scatter counts)")
            }
            let (displacements, _) = try Self.displacements(counts, "MPI_Scatterv")
            let flat = rank == root ? chunks.flatMap { $0 } : []
            var result = [T](repeating: zero(T.self), count: Int(counts[rank]))
            try flat.withUnsafeBytes { send in
                try result.withUnsafeMutableBytes { receive in
                    try MPI.check(MPI_Scatterv(send.baseAddress, counts, displacements, T.mpiType.handle, receive.baseAddress, counts[rank],
                                               T.mpiType.handle, Int32(root), handle), "MPI_Scatterv")
                }
            }
            return result
        }
    }

    /// Every rank's count (under MPI's lock).
    func allCounts(_ count: Int, _ routine: String) throws -> [Int32] {
        var mine = try Self.checkCount(count, routine)
        var counts = [Int32](repeating: 0, count: size)
        try counts.withUnsafeMutableBufferPointer { raw in
            try MPI.check(MPI_Allgather(&mine, 1, swiftcl_mpi_int32(), raw.baseAddress, 1, swiftcl_mpi_int32(), handle), "MPI_Allgather (counts)")
        }
        return counts
    }

    /// Fails on every rank when the ranks' counts differ (under MPI's lock).
    func agreeOnCount(_ count: Int, _ routine: String) throws {
        var bounds: [Int64] = [Int64(count), -Int64(count)]
        var agreed: [Int64] = [0, 0]
        try MPI.check(MPI_Allreduce(&bounds, &agreed, 2, swiftcl_mpi_int64(), swiftcl_mpi_max(), handle), "\(routine) (shape check)")
        let largest = agreed[0], smallest = -agreed[1]
        guard largest == smallest else {
            throw MPIError(.shapeMismatch, routine: routine,
                           message: "the ranks give different counts (from \(smallest) to \(largest)); this rank gives \(count)")
        }
    }

    static func displacements(_ counts: [Int32], _ routine: String) throws -> ([Int32], Int) {
        var displacements: [Int32] = [], total = 0
        for count in counts {
            displacements.append(try checkCount(total, routine))
            total += Int(count)
        }
        return (displacements, total)
    }

    /// Combines every rank's elements in `bytes` into `bytes` (`MPI_IN_PLACE`); the counts were agreed on already.
    func allReduceInPlace<T: MPIElement>(_ bytes: UnsafeMutableRawBufferPointer, type _: T.Type, _ operation: ReductionOperation) throws {
        let count = try Self.checkCount(bytes.count / MemoryLayout<T>.stride, "MPI_Allreduce")
        try MPI.call {
            try MPI.check(MPI_Allreduce(swiftcl_mpi_in_place(), bytes.baseAddress, count, T.mpiType.handle, operation.handle, handle),
                          "MPI_Allreduce")
        }
    }

    /// Overwrites `bytes` with `root`'s; the counts were agreed on already.
    func broadcastInPlace<T: MPIElement>(_ bytes: UnsafeMutableRawBufferPointer, type _: T.Type, root: Int) throws {
        let count = try Self.checkCount(bytes.count / MemoryLayout<T>.stride, "MPI_Bcast")
        try MPI.call {
            try MPI.check(MPI_Bcast(bytes.baseAddress, count, T.mpiType.handle, Int32(root), handle), "MPI_Bcast")
        }
    }
}
