/// Where a region starts: x, y, z in the units of what it addresses (elements, rows and slices of a
/// buffer rectangle; pixels, rows and slices or layers of an image).
public struct Origin3D: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, z: Int

    public init(x: Int = 0, y: Int = 0, z: Int = 0) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The first element or pixel.
    public static let zero = Origin3D()

    /// The three values, in the order OpenCL's `const size_t origin[3]` takes them.
    var values: [Int] { [x, y, z] }

    public var description: String { "(\(x), \(y), \(z))" }
}
