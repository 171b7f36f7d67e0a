/// The memory some elements of a buffer occupy, for refusing (or working around) operations whose output overlaps an
/// input: a sub-buffer, a reinterpretation (``Buffer/reinterpreted(as:)``) and the buffer they came from are different
/// objects over one allocation, so object identity alone misses their overlaps.
package struct MemoryFootprint: Hashable, Sendable {
    /// The allocation: its root buffer's `cl_mem` (which a reinterpretation shares), or 0 for the host's address space
    /// (memory SwiftCL was handed, compared by address).
    package let allocation: Int
    /// The bytes within the allocation.
    package let bytes: Range<Int>

    /// Whether the two share a byte.
    package func overlaps(_ other: MemoryFootprint) -> Bool {
        allocation == other.allocation && bytes.overlaps(other.bytes)
    }
}

extension Buffer {
    /// The memory `elements` of this buffer occupy. `elements` must lie inside the buffer (callers check it first), so
    /// nothing overflows.
    package func memoryFootprint(elements: Range<Int>) -> MemoryFootprint {
        let stride = MemoryLayout<Element>.stride
        let start = placement.offsetBytes + elements.lowerBound * stride
        // Memory SwiftCL was handed (shared virtual memory, wrapped host memory) by its host addresses: two buffers
        // over one allocation share bytes without sharing a cl_mem.
        if let base = (placement.root ?? self).hostAddress {
            return MemoryFootprint(allocation: 0, bytes: (base + start)..<(base + start + elements.count * stride))
        }
        return MemoryFootprint(allocation: Int(bitPattern: (placement.root?.id ?? id).pointer), bytes: start..<(start + elements.count * stride))
    }
}
