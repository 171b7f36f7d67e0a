/// The size of a benchmark problem: 1, 2 or 3 dimensions (`1_000_000`, `4096×4096`, `256×256×64`).
public struct ProblemSize: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The extent of each dimension.
    public let extents: [Int]

    /// A 1-D problem of `count` elements.
    public init(_ count: Int) { extents = [count] }
    /// A 2-D problem (an image) of `width × height` elements.
    public init(width: Int, height: Int) { extents = [width, height] }
    /// A 3-D problem.
    public init(width: Int, height: Int, depth: Int) { extents = [width, height, depth] }

    /// Elements in the whole problem.
    public var elements: Int { extents.reduce(1, *) }
    public var width: Int { extents[0] }
    public var height: Int { extents.count > 1 ? extents[1] : 1 }
    public var depth: Int { extents.count > 2 ? extents[2] : 1 }
    public var dimensions: Int { extents.count }

    /// The rate unit for this shape: pixels for 2-D problems, elements otherwise.
    public var rateUnit: String { dimensions == 2 ? "Mpix/s" : "Melem/s" }

    public var description: String { extents.map(String.init).joined(separator: "×") }
}
