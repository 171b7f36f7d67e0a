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

    /// Elements in the whole problem (`Int.max` when the product overflows, which ``check()`` refuses).
    public var elements: Int {
        extents.reduce(1) { product, extent in
            let (result, overflow) = product.multipliedReportingOverflow(by: extent)
            return overflow ? Int.max : result
        }
    }

    /// The most elements a problem may have (2⁴⁸: far past any device's memory, far from `Int`'s overflow).
    public static let maximumElements = 1 << 48

    /// Throws unless the size has 1 to 3 positive extents whose product is at most ``maximumElements``.
    /// - Throws: ``KernelSpecError/badSize(_:)`` naming what is wrong.
    public func check() throws {
        guard (1...3).contains(extents.count) else { throw KernelSpecError.badSize("\(description): a size has 1 to 3 extents") }
        guard extents.allSatisfy({ $0 > 0 }) else { throw KernelSpecError.badSize("\(description): every extent must be at least 1") }
        guard elements <= Self.maximumElements else {
            throw KernelSpecError.badSize("\(description): over \(Self.maximumElements) (2^48) elements")
        }
    }
    public var width: Int { extents[0] }
    public var height: Int { extents.count > 1 ? extents[1] : 1 }
    public var depth: Int { extents.count > 2 ? extents[2] : 1 }
    public var dimensions: Int { extents.count }

    /// The rate unit for this shape: pixels for 2-D problems, elements otherwise.
    public var rateUnit: String { dimensions == 2 ? "Mpix/s" : "Melem/s" }

    public var description: String { extents.map(String.init).joined(separator: "×") }

    private enum CodingKeys: String, CodingKey { case extents }

    /// Decodes a size and checks it (``check()``): a stored size of 0, a negative or overflowing one is refused.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        extents = try container.decode([Int].self, forKey: .extents)
        do {
            try check()
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .extents, in: container, debugDescription: "\(error)")
        }
    }
}
