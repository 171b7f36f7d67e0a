/// The size of a region: `width` by `height` by `depth`, in the units of what it addresses (elements,
/// rows and slices of a buffer rectangle; pixels, rows and slices or layers of an image).
public struct Extent3D: Hashable, Sendable, CustomStringConvertible {
    public var width: Int, height: Int, depth: Int

    public init(width: Int, height: Int = 1, depth: Int = 1) {
        self.width = width
        self.height = height
        self.depth = depth
    }

    /// The three values, in the order OpenCL's `const size_t region[3]` takes them.
    var values: [Int] { [width, height, depth] }

    /// `width × height × depth`, or nil when the product overflows `Int`.
    var product: Int? {
        var total = 1
        for value in values {
            let (next, overflow) = total.multipliedReportingOverflow(by: value)
            if overflow { return nil }
            total = next
        }
        return total
    }

    public var description: String { "\(width)×\(height)×\(depth)" }
}
