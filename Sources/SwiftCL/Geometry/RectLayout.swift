/// Where a rectangle lies inside linear memory (a buffer or a host array), in elements: the origin
/// (x in elements, y in rows, z in slices) and the pitches (the guide's `gcl_memcpy_rect`).
public struct RectLayout: Hashable, Sendable {
    /// x (element), y (row), z (slice) of the rectangle's first element.
    public var origin: Origin3D
    /// Elements from one row to the next.
    public var rowPitch: Int
    /// Elements from one slice to the next; nil: `rowPitch × region height`.
    public var slicePitch: Int?

    public init(origin: Origin3D = .zero, rowPitch: Int, slicePitch: Int? = nil) {
        self.origin = origin
        self.rowPitch = rowPitch
        self.slicePitch = slicePitch
    }

    /// A 2-D layout: row `y`, column `x` of rows `rowPitch` elements long.
    public init(x: Int, y: Int, rowPitch: Int) {
        self.init(origin: Origin3D(x: x, y: y), rowPitch: rowPitch)
    }

    /// The slice pitch in force for `region`.
    func effectiveSlicePitch(_ region: Extent3D) -> Int {
        slicePitch ?? rowPitch.multipliedReportingOverflow(by: region.height).partialValue
    }

    /// Checks the layout against the region and a memory of `count` elements, without overflow, and
    /// returns the range of element indices it touches.
    func touchedRange(_ region: Extent3D, count: Int, _ operation: String) throws -> ClosedRange<Int> {
        let slice = effectiveSlicePitch(region)
        func fail(_ violation: RectViolation) -> SwiftCLError { .invalidRect(operation: operation, violation) }
        guard region.width > 0, region.height > 0, region.depth > 0 else { throw fail(.emptyRegion(region)) }
        guard origin.x >= 0, origin.y >= 0, origin.z >= 0 else { throw fail(.negativeOrigin(origin)) }
        guard rowPitch >= region.width, origin.x <= rowPitch - region.width else {
            throw fail(.rowPitch(rowPitch: rowPitch, width: region.width, x: origin.x))
        }
        let (rows, rowsOverflow) = rowPitch.multipliedReportingOverflow(by: region.height)
        guard !rowsOverflow, slice >= rows, slice % rowPitch == 0 else {
            throw fail(.slicePitch(slicePitch: slice, rowPitch: rowPitch, height: region.height))
        }
        var first = 0, last = 0
        var overflow = false
        func add(_ a: Int, _ b: Int) -> Int { let r = a.addingReportingOverflow(b); overflow = overflow || r.overflow; return r.partialValue }
        func mul(_ a: Int, _ b: Int) -> Int { let r = a.multipliedReportingOverflow(by: b); overflow = overflow || r.overflow; return r.partialValue }
        first = add(add(origin.x, mul(origin.y, rowPitch)), mul(origin.z, slice))
        last = add(add(add(origin.x, region.width - 1), mul(add(origin.y, region.height - 1), rowPitch)),
                   mul(add(origin.z, region.depth - 1), slice))
        guard !overflow, last < count else {
            throw SwiftCLError.rangeOutOfBounds(operation: operation, requested: first..<(overflow ? Int.max : last + 1), bound: count)
        }
        return first...last
    }
}
