extension RectLayout {
    /// Whether the elements this layout touches for `region` share any element with those `other` touches for the
    /// same region: the rectangles' actual rows are compared, as OpenCL defines overlap for `clEnqueueCopyBufferRect`,
    /// so interleaved rows of one buffer (row pitch 2, rows 0, 2, 4… against rows 1, 3, 5…) do not overlap although
    /// their spans do. Both layouts must already have passed ``touchedRange(_:count:_:)`` for `region`, so no
    /// arithmetic here can overflow. Rows of a valid layout are disjoint and ascend in memory, so one merge of the
    /// two row lists (stopping at the first shared element) decides; it visits only rows inside both spans.
    func overlaps(_ other: RectLayout, region: Extent3D) -> Bool {
        let rows = region.height * region.depth
        func start(_ layout: RectLayout, _ row: Int) -> Int {
            layout.origin.x + (layout.origin.y + row % region.height) * layout.rowPitch
                + (layout.origin.z + row / region.height) * layout.effectiveSlicePitch(region)
        }
        var mine = 0, theirs = 0
        while mine < rows, theirs < rows {
            let a = start(self, mine), b = start(other, theirs)
            if a < b + region.width, b < a + region.width { return true }
            if a + region.width <= b { mine += 1 } else { theirs += 1 }
        }
        return false
    }
}
