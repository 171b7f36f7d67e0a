/// Per-suite facts of a run: the problem size and the copy bound measured during it.
public struct SuiteSummary: Hashable, Sendable, Codable {
    public var name: String
    public var width: Int?
    public var height: Int?
    public var copyBoundMpixPerS: Double?

    public init(name: String, width: Int? = nil, height: Int? = nil, copyBoundMpixPerS: Double? = nil) {
        self.name = name
        self.width = width
        self.height = height
        self.copyBoundMpixPerS = copyBoundMpixPerS
    }
}
