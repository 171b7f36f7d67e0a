/// Which memory a buffer's elements occupy, for refusing operations whose output overlaps an input: a sub-buffer, a
/// reinterpretation (``Buffer/reinterpreted(as:)``) and the buffer they came from are different objects over one
/// allocation, so object identity alone misses their overlaps.
extension Buffer {
    /// The allocation the buffer lies in (its root buffer's `cl_mem`, which a reinterpretation shares) and the bytes
    /// there that `elements` of this buffer occupy. `elements` must lie inside the buffer (callers check it first),
    /// so nothing overflows. Two footprints overlap only when their allocations agree and their byte ranges overlap.
    package func memoryFootprint(elements: Range<Int>) -> (allocation: Int, bytes: Range<Int>) {
        let stride = MemoryLayout<Element>.stride
        let start = placement.offsetBytes + elements.lowerBound * stride
        return (Int(bitPattern: (placement.root?.id ?? id).pointer), start..<(start + elements.count * stride))
    }
}
