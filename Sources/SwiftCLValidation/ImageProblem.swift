/// The size of an image-to-image benchmark: `width × height` single-channel float pixels.
public struct ImageProblem: Hashable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// A square image of `side × side` pixels.
    public init(side: Int) { self.init(width: side, height: side) }

    public var pixels: Int { width * height }
    public var description: String { "\(width)×\(height)" }
}
