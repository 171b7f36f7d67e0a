import SwiftCL
import SwiftCLArrays

/// `DeviceArray`s as MPI memory: each call works on the array's own elements (a view's part of its buffer, mapped
/// once: no host copy on a CPU device) and runs on the array's queue, after the commands already enqueued there.
extension Communicator {
    /// Sends the array's elements to `destination`.
    /// - Throws: ``MPIError``, SwiftCL's errors from the map.
    public func send<T: ArrayElement & MPIElement>(_ array: DeviceArray<T>, to destination: Int, tag: Int = 0) throws {
        if array.count == 0 { return try send([T](), to: destination, tag: tag) }
        try send(array.storage, range: array.storageRange, to: destination, tag: tag, on: array.queue)
    }

    /// Receives into the array's elements from `source`; the message must hold exactly ``DeviceArray/count`` elements.
    /// - Throws: ``MPIError`` `.shapeMismatch` for another count, SwiftCL's errors from the map.
    public func receive<T: ArrayElement & MPIElement>(into array: DeviceArray<T>, from source: Int, tag: Int = 0) throws {
        if array.count == 0 { _ = try receive(T.self, count: 0, from: source, tag: tag); return }
        try receive(into: array.storage, range: array.storageRange, from: source, tag: tag, on: array.queue)
    }

    /// Replaces the array's elements on every rank with the ranks' arrays combined element by element, in place.
    /// Collective; the arrays must have one count (their shapes may differ).
    /// - Throws: ``MPIError`` `.shapeMismatch` on every rank when the counts differ.
    public func allReduce<T: ArrayElement & MPIElement>(_ array: DeviceArray<T>, _ operation: ReductionOperation) throws {
        if array.count == 0 { _ = try allReduce([T](), operation); return }
        try allReduce(array.storage, range: array.storageRange, operation, on: array.queue)
    }

    /// Replaces the array's elements on every rank with `root`'s. Collective; the arrays must have one count.
    /// - Throws: ``MPIError`` `.shapeMismatch` on every rank when the counts differ, `.invalidArgument` for a bad root.
    public func broadcast<T: ArrayElement & MPIElement>(_ array: DeviceArray<T>, root: Int = 0) throws {
        if array.count == 0 {
            try checkRank(root, "MPI_Bcast", what: "root")
            try MPI.call { try agreeOnCount(0, "MPI_Bcast") }
            return
        }
        try broadcast(array.storage, range: array.storageRange, root: root, on: array.queue)
    }

    /// Starts combining the array's elements across the ranks (``startAllReduce(_:range:_:on:)`` on its part of its
    /// buffer); waiting for the request writes the result into the array.
    /// - Throws: as ``startAllReduce(_:range:_:on:)``.
    public func startAllReduce<T: ArrayElement & MPIElement>(_ array: DeviceArray<T>, _ operation: ReductionOperation) throws -> MPIRequest {
        try startAllReduce(array.storage, range: array.storageRange, operation, on: array.queue)
    }

    /// Starts replacing the array's elements with `root`'s (``startBroadcast(_:range:root:on:)``).
    /// - Throws: as ``startBroadcast(_:range:root:on:)``.
    public func startBroadcast<T: ArrayElement & MPIElement>(_ array: DeviceArray<T>, root: Int = 0) throws -> MPIRequest {
        try startBroadcast(array.storage, range: array.storageRange, root: root, on: array.queue)
    }

    /// Starts sending the array's elements to `destination` (``startSend(_:range:to:tag:on:)``).
    /// - Throws: as ``startSend(_:range:to:tag:on:)``.
    public func startSend<T: ArrayElement & MPIElement>(_ array: DeviceArray<T>, to destination: Int, tag: Int = 0) throws -> MPIRequest {
        try startSend(array.storage, range: array.storageRange, to: destination, tag: tag, on: array.queue)
    }

    /// Starts receiving into the array's elements from `source` (``startReceive(into:range:from:tag:on:)``).
    /// - Throws: as ``startReceive(into:range:from:tag:on:)``.
    public func startReceive<T: ArrayElement & MPIElement>(into array: DeviceArray<T>, from source: Int, tag: Int = 0) throws -> MPIRequest {
        try startReceive(into: array.storage, range: array.storageRange, from: source, tag: tag, on: array.queue)
    }

    /// Starts gathering every rank's elements, concatenated in rank order, into a new 1-D array on `array`'s queue
    /// (returned at once; its elements are there once the request completes). Counts may differ.
    /// - Throws: as ``startAllGather(_:range:into:at:on:)``.
    public func startAllGather<T: ArrayElement & MPIElement>(_ array: DeviceArray<T>) throws -> (gathered: DeviceArray<T>, request: MPIRequest) {
        let total = try allReduce([Int64(array.count)], .sum)[0]
        let gathered = try collectively("startAllGather") { try DeviceArray<T>(uninitializedShape: [Int(total)], on: array.queue) }
        let request = try startAllGather(array.storage, range: array.storageRange, into: gathered.storage,
                                         on: array.queue)
        return (gathered, request)
    }

    /// Every rank's elements concatenated in rank order, as a new 1-D array on `array`'s queue. Counts may differ.
    /// - Throws: ``MPIError``, SwiftCL's and SwiftCLArrays' errors.
    public func allGather<T: ArrayElement & MPIElement>(_ array: DeviceArray<T>) throws -> DeviceArray<T> {
        try DeviceArray(try allGather(try array.toArray()), on: array.queue)
    }

    /// The sum over every rank's array: each rank reduces its own on its device (SwiftCLArrays' accurate sum), then
    /// the ranks' partial sums are all-reduced (in rank order, so every rank gets the same value). Collective; a rank
    /// whose own sum fails throws that error and the others throw ``MPIError/Code/remoteFailure`` (none waits).
    /// - Throws: ``MPIError``, SwiftCLArrays' errors (an element type the device cannot run).
    public func sum<T: ArrayElement & MPIElement>(of array: DeviceArray<T>) throws -> T {
        let partial = try collectively("sum(of:)") { try array.sum() }
        return try allReduce([partial], .sum)[0]
    }

    /// The smallest element over every rank's array. Collective; ranks may hold empty arrays as long as one does not.
    /// - Throws: ``MPIError/Code/shapeMismatch`` on every rank when every array is empty; as ``sum(of:)``.
    public func minimum<T: ArrayElement & MPIElement>(of array: DeviceArray<T>) throws -> T {
        try extremum(of: array, minimum: true)
    }

    /// The largest element over every rank's array. Collective; ranks may hold empty arrays as long as one does not.
    /// - Throws: as ``minimum(of:)``.
    public func maximum<T: ArrayElement & MPIElement>(of array: DeviceArray<T>) throws -> T {
        try extremum(of: array, minimum: false)
    }

    private func extremum<T: ArrayElement & MPIElement>(of array: DeviceArray<T>, minimum: Bool) throws -> T {
        let routine = minimum ? "minimum(of:)" : "maximum(of:)"
        let local = try collectively(routine) { array.count == 0 ? nil : try (minimum ? array.min() : array.max()) }
        // The non-empty ranks' values, on every rank (an empty rank contributes nothing).
        let values = try allGather(local.map { [$0] } ?? [])
        guard let first = values.first else {
            throw MPIError(.shapeMismatch, routine: routine, message: "every rank's array is empty: there is no \(minimum ? "smallest" : "largest") element")
        }
        return values.dropFirst().reduce(first) { minimum ? Swift.min($0, $1) : Swift.max($0, $1) }
    }

    /// `local` on this rank, after every rank has said whether its own `local` succeeded: a rank whose part failed
    /// throws its error, the others ``MPIError/Code/remoteFailure``, so no rank is left waiting in the collective
    /// that follows. Collective.
    func collectively<R>(_ routine: String, _ local: () throws -> R) throws -> R {
        let result = Result { try local() }
        var failed: Int32 = 0
        if case .failure = result { failed = 1 }
        let failures = try allReduce([failed], .sum)[0]
        let value = try result.get()
        guard failures == 0 else {
            throw MPIError(.remoteFailure, routine: routine, message: "\(failures) other rank(s) failed their part")
        }
        return value
    }
}
