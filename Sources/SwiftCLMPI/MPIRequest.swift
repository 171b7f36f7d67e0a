internal import CMPI
import SwiftCL
#if canImport(Glibc)
import Glibc
#endif

/// A non-blocking MPI operation in flight (``Communicator/startAllReduce(_:range:_:on:)`` and the other `start…`
/// calls): its host staging memory, MPI's request, and what to do with the result when it arrives.
///
/// MPI makes progress only inside MPI calls, and SwiftCLMPI serialises every call under one lock, so completing a
/// request means polling `MPI_Test` (the lock is taken only for each test, never held while waiting): ``wait()`` polls
/// from the calling thread, ``completed`` from an async task, and either finishes the
/// operation (copies a received or combined result into its buffer, on the buffer's queue). Meanwhile the caller's
/// thread and every SwiftCL queue are free: kernels run while the transfer is under way.
///
/// A request that is dropped before it completes is waited for in `deinit`, so MPI never writes into freed memory;
/// drop one only after ``wait()`` or ``completed`` to avoid blocking there.
public final class MPIRequest: @unchecked Sendable {
    // `request`, `staging`, `failure` and `copiedBack` are only touched under `lock` (and in init/deinit). A nil
    // `request` means MPI is done with `staging` (finished, failed, or never started).
    private let lock = Locked(())
    private var request: MPI_Request?
    private var staging: UnsafeMutableRawBufferPointer
    private var failure: MPIError?
    private let routine: String
    /// Runs once MPI is done with `staging`: copies the result where it belongs (nil: nothing to copy, a send).
    private let finish: ((UnsafeRawBufferPointer) throws -> Void)?

    init(routine: String, byteCount: Int, fill: (UnsafeMutableRawBufferPointer) throws -> Void,
         start: (UnsafeMutableRawBufferPointer, UnsafeMutablePointer<MPI_Request?>) throws -> Void,
         finish: ((UnsafeRawBufferPointer) throws -> Void)?) throws {
        self.routine = routine
        self.finish = finish
        staging = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(byteCount, 1), alignment: 16)
        do {
            try fill(staging)
            var started: MPI_Request?
            try start(staging, &started)
            request = started
        } catch {
            staging.deallocate()
            staging = UnsafeMutableRawBufferPointer(start: nil, count: 0)
            throw error
        }
    }

    deinit {
        _ = try? waitForMPI()  // returns at once when MPI is already done with the staging memory
        if staging.baseAddress != nil { staging.deallocate() }
    }

    /// Whether MPI has finished the operation (one `MPI_Test`; does not copy the result: ``wait()`` does).
    public var isComplete: Bool {
        (try? lock.withLock { _ in try testLocked() }) ?? true
    }

    /// Blocks the calling thread until the operation is complete and its result is in place.
    /// - Throws: ``MPIError`` naming the routine; SwiftCL's errors from writing the result into its buffer.
    public func wait() throws {
        try waitForMPI()
        try finishOnce()
    }

    /// Suspends the task until the operation is complete and its result is in place. MPI advances a transfer only
    /// inside its calls, so the task tests back to back (yielding between tests) for the first 20 ms, then every
    /// 50 µs: sleeping from the start slowed a 16 MiB all-reduce over two ranks from 29 to 68 ms.
    /// - Throws: as ``wait()``.
    public var completed: Void {
        get async throws {
            let clock = ContinuousClock()
            let start = clock.now
            while !(try lock.withLock { _ in try testLocked() }) {
                if clock.now - start < .milliseconds(20) {
                    await Task.yield()
                } else {
                    try await Task.sleep(nanoseconds: 50_000)
                }
            }
            try finishOnce()
        }
    }

    /// Tests back to back (yielding the processor between tests): MPI progresses only inside its calls.
    private func waitForMPI() throws {
        while !(try lock.withLock { _ in try testLocked() }) { sched_yield() }
    }

    /// One `MPI_Test` under the MPI lock; true once done (and from then on).
    private func testLocked() throws -> Bool {
        if request == nil { return true }
        if let failure { throw failure }
        var flag: Int32 = 0
        do {
            try MPI.call { try MPI.check(MPI_Test(&request, &flag, swiftcl_mpi_status_ignore()), routine) }
        } catch let error as MPIError {
            failure = error
            request = nil
            throw error
        }
        if flag != 0 { request = nil }
        return flag != 0
    }

    private var copiedBack = false

    private func finishOnce() throws {
        let (copy, bytes, failed): (Bool, UnsafeRawBufferPointer, MPIError?) = lock.withLock { _ in
            defer { copiedBack = true }
            return (!copiedBack, UnsafeRawBufferPointer(staging), failure)
        }
        if let failed { throw failed }
        if copy, let finish { try finish(bytes) }
    }
}
