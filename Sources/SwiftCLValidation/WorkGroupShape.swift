/// A work-group (local) size of 1 to 3 dimensions, as the command line writes it: `16`, `16x16`, `8x8x2`.
public struct WorkGroupShape: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The size per dimension (1 to 3 positive numbers).
    public let extents: [Int]

    /// A shape of `extents`, or nil unless they are 1 to 3 positive numbers.
    public init?(_ extents: [Int]) {
        guard (1...3).contains(extents.count), extents.allSatisfy({ $0 > 0 }) else { return nil }
        self.extents = extents
    }

    /// A 1-D work-group of `size` items (at least 1).
    public init(_ size: Int) { extents = [max(1, size)] }

    /// `16`, `16x16` or `8x8x2` (`×` also separates).
    /// - Throws: ``Invalid`` naming the text.
    public init(parsing text: String) throws(Invalid) {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "×" }
        guard let shape = WorkGroupShape(parts.map { Int(String($0.filter { !$0.isWhitespace })) ?? 0 }) else {
            throw Invalid(text: text)
        }
        self = shape
    }

    /// A shape that is not 1 to 3 positive integers.
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        public let text: String
        public var description: String { "'\(text)' is not a local size: write N, NxM or NxMxK of positive integers (16, 16x16, 8x8x1)" }
    }

    /// The size when only the first dimension is above 1 (`16`, `16x1`), else nil.
    public var oneDimensional: Int? { extents.dropFirst().allSatisfy { $0 == 1 } ? extents[0] : nil }

    /// Work-items in one group.
    public var itemCount: Int { extents.reduce(1, *) }

    public var description: String { extents.map(String.init).joined(separator: "x") }
}
