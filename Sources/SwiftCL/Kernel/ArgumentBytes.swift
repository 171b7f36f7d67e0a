/// The bytes of a by-value kernel argument. Every OpenCL scalar and vector up to 32 bytes (`double4`, `float8`,
/// `long4`) is held inline, so binding one allocates nothing; larger values (structs, `double16`) go on the heap.
struct ArgumentBytes {
    /// How many bytes the argument has.
    let count: Int
    private var inline: SIMD4<UInt64> = .zero
    private var heap: [UInt8]?

    private static let inlineCapacity = MemoryLayout<SIMD4<UInt64>>.size

    /// The bytes of `value`, followed by zeros up to `count` (which is at least the value's size).
    init<T>(of value: T, count: Int) {
        precondition(count >= MemoryLayout<T>.size, "an argument holds at least its value's bytes")
        self.count = count
        Swift.withUnsafeBytes(of: value) { source in
            if count <= Self.inlineCapacity {
                Swift.withUnsafeMutableBytes(of: &inline) { $0.copyMemory(from: source) }
            } else {
                var bytes = Array(source)
                bytes.append(contentsOf: repeatElement(0, count: count - source.count))
                heap = bytes
            }
        }
    }

    /// The bytes of `value` as C's `sizeof` counts them (its size; no trailing padding).
    init<T>(of value: T) {
        self.init(of: value, count: MemoryLayout<T>.size)
    }

    /// Whether both hold the same bytes (the count and every byte).
    func sameBytes(as other: ArgumentBytes) -> Bool {
        count == other.count && inline == other.inline && heap == other.heap
    }

    /// Calls `body` with the argument's `count` bytes.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        if let heap { return try heap.withUnsafeBytes(body) }
        return try Swift.withUnsafeBytes(of: inline) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
}
