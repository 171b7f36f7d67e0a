/// The memory some elements of a buffer occupy, for refusing (or working around) operations whose output overlaps an
/// input: a sub-buffer, a reinterpretation (``Buffer/reinterpreted(as:)``) and the buffer they came from are different
/// objects over one allocation, so object identity alone misses their overlaps.
package struct MemoryFootprint: Hashable, Sendable {
    /// The allocation: its root buffer's `cl_mem` (which a reinterpretation shares).
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
        return MemoryFootprint(allocation: Int(bitPattern: (placement.root?.id ?? id).pointer), bytes: start..<(start + elements.count * stride))
    }
}
