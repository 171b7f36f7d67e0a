import Dispatch

/// Copies between host memory and a buffer's memory mapped on a CPU device, split over the host's cores: on such a
/// device a buffer's memory is the host's, and one thread copying into new memory spends most of its time in
/// first-touch page faults (256 MiB: ~180 ms from one thread through `CL_MEM_COPY_HOST_PTR` or a read, ~85 ms from
/// two threads, ~17 ms into memory already mapped).
package enum HostCopy {
    /// Transfers smaller than this keep the runtime's own copy (a map, its unmap and the threads' start cost more).
    package static let parallelBytes = 1 << 20

    /// Bytes each worker copies at a time.
    static let chunkBytes = 2 << 20

    /// Whether a transfer of `byteCount` bytes to or from `device` goes through a map and a parallel copy: on a CPU
    /// device that shares the host's memory (a map there is the memory itself, not a copy of it).
    package static func isParallel(byteCount: Int, device: Device) -> Bool {
        byteCount >= parallelBytes && device.type.contains(.cpu) && device.hasHostUnifiedMemory
    }

    /// Copies `byteCount` bytes from `source` to `destination` (not overlapping) in chunks on Dispatch's workers.
    package static func copy(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, byteCount: Int) {
        let chunks = (byteCount + chunkBytes - 1) / chunkBytes
        guard chunks > 1 else {
            destination.copyMemory(from: source, byteCount: byteCount)
            return
        }
        // Each worker touches its own chunk of both; the caller keeps both alive until concurrentPerform returns.
        let from = SendablePointer(source), to = SendablePointer(destination)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let start = chunk * chunkBytes
            (to.pointer + start).copyMemory(from: from.pointer + start, byteCount: Swift.min(chunkBytes, byteCount - start))
        }
    }
}
