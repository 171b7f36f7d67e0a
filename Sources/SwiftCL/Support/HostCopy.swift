import Dispatch
#if canImport(Glibc)
import Glibc
#endif

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

    /// New host memory of at least this many bytes is offered huge pages before its first touch (NumPy's threshold).
    package static let hugePageBytes = 4 << 20

    /// Asks Linux to back the 2 MiB-aligned part of the new host memory at `pointer` with transparent huge pages
    /// before anything touches it (`madvise(MADV_HUGEPAGE)`, which NumPy gives its large arrays): where transparent
    /// huge pages are on `madvise` only, a new 256 MiB array otherwise takes 65,536 first-touch faults of 4 KiB
    /// (`toArray()` of 2²⁶ Floats in a loop on an Intel Xeon: 23–25 → 38–42 % of the copy bound). Not where
    /// ``hugePagesPayOff`` is false. Advice only: nothing changes where the kernel has no such pages, and without Glibc
    /// (other systems, Musl) this does nothing.
    static func adviseHugePages(_ pointer: UnsafeMutableRawPointer, byteCount: Int) {
        #if canImport(Glibc)
        guard hugePagesPayOff else { return }
        let huge = 2 << 20, address = Int(bitPattern: pointer)
        let start = (address + huge - 1) & ~(huge - 1), end = (address + byteCount) & ~(huge - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }

    /// Whether new host memory is worth huge pages here: not in a virtual machine whose balloon reports free memory to
    /// its host (``reportsFreePages(balloonFeatures:)``). There the host drops what was reported, and a huge page is
    /// taken from exactly such 2 MiB blocks: a program's first touches of 256 MiB took 145–450 ms with huge pages
    /// against 71–142 ms with 4 KiB pages (`toArray()` of 2²⁶ Floats kept in a fresh process, Intel Xeon), and only
    /// memory freed and taken again within the report's delay (~2 s) came back faster (35–43 against 72–86 ms).
    package static let hugePagesPayOff: Bool = {
        #if canImport(Glibc)
        let folder = "/sys/bus/virtio/drivers/virtio_balloon"
        guard let directory = opendir(folder) else { return true }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("virtio"), let features = firstLine(of: "\(folder)/\(name)/features") else { continue }
            if reportsFreePages(balloonFeatures: features) { return false }
        }
        #endif
        return true
    }()

    /// Whether a virtio balloon's negotiated features (sysfs `features`: one character per bit, bit 0 first) include
    /// free page reporting (`VIRTIO_BALLOON_F_REPORTING`, bit 5).
    package static func reportsFreePages(balloonFeatures features: String) -> Bool {
        let bits = Array(features.utf8)
        return bits.count > 5 && bits[5] == UInt8(ascii: "1")
    }

    #if canImport(Glibc)
    /// The first line of a small text file, or nil where it cannot be read.
    private static func firstLine(of path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    #endif

    /// `madvise`'s `MADV_POPULATE_WRITE` (Linux 5.14), spelled out: C headers older than the kernel feature lack the name.
    package static let populateWrite: Int32 = 23

    /// Readies new memory that a copy is about to fill: huge pages where they pay off (``adviseHugePages(_:byteCount:)``),
    /// then its pages made present by the kernel in parallel chunks (`madvise(MADV_POPULATE_WRITE)`, Linux 5.14), which
    /// costs less than taking each page's fault in the copy. Below ``hugePageBytes``, or where the call is refused,
    /// the copy takes the faults as before.
    package static func prepareNewMemory(_ pointer: UnsafeMutableRawPointer, byteCount: Int) {
        #if canImport(Glibc)
        guard byteCount >= hugePageBytes else { return }
        adviseHugePages(pointer, byteCount: byteCount)
        let page = Int(getpagesize()), address = Int(bitPattern: pointer)
        let start = (address + page - 1) & ~(page - 1), end = (address + byteCount) & ~(page - 1)
        let chunks = (end - start + chunkBytes - 1) / chunkBytes
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let low = start + chunk * chunkBytes
            _ = madvise(UnsafeMutableRawPointer(bitPattern: low), Swift.min(chunkBytes, end - low), populateWrite)
        }
        #endif
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
