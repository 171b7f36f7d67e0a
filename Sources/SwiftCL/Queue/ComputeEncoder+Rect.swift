internal import COpenCL

extension ComputeEncoder {
    /// Copies a rectangle between buffers on the device (`clEnqueueCopyBufferRect`). Both layouts are
    /// checked against their buffers before the call; overlapping rectangles of one buffer are refused.
    public func copyRect<E>(from source: Buffer<E>, _ sourceLayout: RectLayout, to destination: Buffer<E>,
                            _ destinationLayout: RectLayout, region: RectRegion) throws {
        try checkUsable()
        try checkContext(source)
        try checkContext(destination)
        let from = try sourceLayout.touchedRange(region, count: source.count, "copyRect source")
        let to = try destinationLayout.touchedRange(region, count: destination.count, "copyRect destination")
        if source === destination, from.overlaps(to) {
            throw SwiftCLError.invalidArgument("copyRect: source and destination rectangles overlap in the same buffer")
        }
        let geometry = try RectGeometry(E.self, source: sourceLayout, destination: destinationLayout, region: region)
        try geometry.withPointers { sourceOrigin, destinationOrigin, bytesRegion in
            try withEvent { event in
                try check(clEnqueueCopyBufferRect(
                    queue.id, source.id, destination.id, sourceOrigin, destinationOrigin, bytesRegion,
                    geometry.sourceRowPitch, geometry.sourceSlicePitch, geometry.destinationRowPitch, geometry.destinationSlicePitch,
                    0, nil, event), "clEnqueueCopyBufferRect")
            }
        }
        inFlight.append(source)
        inFlight.append(destination)
    }

    /// Reads a rectangle of `buffer` into `host`, laid out by `hostLayout` (`clEnqueueReadBufferRect`).
    public func readRect<E>(_ buffer: Buffer<E>, _ bufferLayout: RectLayout, into host: inout [E],
                            _ hostLayout: RectLayout, region: RectRegion) throws {
        try checkUsable()
        try checkContext(buffer)
        try checkHostAccess(buffer, write: false, "readRect")
        _ = try bufferLayout.touchedRange(region, count: buffer.count, "readRect buffer")
        _ = try hostLayout.touchedRange(region, count: host.count, "readRect host")
        let geometry = try RectGeometry(E.self, source: bufferLayout, destination: hostLayout, region: region)
        try host.withUnsafeMutableBytes { raw in
            try geometry.withPointers { bufferOrigin, hostOrigin, bytesRegion in
                try withEvent { event in
                    try check(clEnqueueReadBufferRect(
                        queue.id, buffer.id, cl_bool(CL_TRUE), bufferOrigin, hostOrigin, bytesRegion,
                        geometry.sourceRowPitch, geometry.sourceSlicePitch, geometry.destinationRowPitch, geometry.destinationSlicePitch,
                        raw.baseAddress, 0, nil, event), "clEnqueueReadBufferRect")
                }
            }
        }
    }

    /// Writes a rectangle of `host`, laid out by `hostLayout`, into `buffer` (`clEnqueueWriteBufferRect`).
    public func writeRect<E>(_ buffer: Buffer<E>, _ bufferLayout: RectLayout, from host: [E],
                             _ hostLayout: RectLayout, region: RectRegion) throws {
        try checkUsable()
        try checkContext(buffer)
        try checkHostAccess(buffer, write: true, "writeRect")
        _ = try bufferLayout.touchedRange(region, count: buffer.count, "writeRect buffer")
        _ = try hostLayout.touchedRange(region, count: host.count, "writeRect host")
        let geometry = try RectGeometry(E.self, source: hostLayout, destination: bufferLayout, region: region)
        try host.withUnsafeBytes { raw in
            try geometry.withPointers { hostOrigin, bufferOrigin, bytesRegion in
                try withEvent { event in
                    try check(clEnqueueWriteBufferRect(
                        queue.id, buffer.id, cl_bool(CL_TRUE), bufferOrigin, hostOrigin, bytesRegion,
                        geometry.destinationRowPitch, geometry.destinationSlicePitch, geometry.sourceRowPitch, geometry.sourceSlicePitch,
                        raw.baseAddress, 0, nil, event), "clEnqueueWriteBufferRect")
                }
            }
        }
    }
}

/// A checked rectangle transfer converted to the byte origins and pitches OpenCL takes.
private struct RectGeometry {
    let sourceOrigin: SIMD3<Int>, destinationOrigin: SIMD3<Int>, region: SIMD3<Int>
    let sourceRowPitch: Int, sourceSlicePitch: Int, destinationRowPitch: Int, destinationSlicePitch: Int

    /// Converts element counts to bytes; a product past `Int.max` throws ``SwiftCLError/sizeOverflow(operation:)``
    /// (the layouts were already checked against their memories, but a pitch near `Int.max / stride` still
    /// fits in elements and not in bytes).
    init<E>(_: E.Type, source: RectLayout, destination: RectLayout, region: RectRegion) throws {
        let stride = MemoryLayout<E>.stride
        func bytes(_ elements: Int, _ what: String) throws -> Int {
            let (value, overflow) = elements.multipliedReportingOverflow(by: stride)
            if overflow { throw SwiftCLError.sizeOverflow(operation: "rect \(what): \(elements) elements of \(stride) bytes") }
            return value
        }
        sourceOrigin = SIMD3(try bytes(source.origin.x, "source origin x"), source.origin.y, source.origin.z)
        destinationOrigin = SIMD3(try bytes(destination.origin.x, "destination origin x"), destination.origin.y, destination.origin.z)
        self.region = SIMD3(try bytes(region.width, "region width"), region.height, region.depth)
        sourceRowPitch = try bytes(source.rowPitch, "source row pitch")
        sourceSlicePitch = try bytes(source.effectiveSlicePitch(region), "source slice pitch")
        destinationRowPitch = try bytes(destination.rowPitch, "destination row pitch")
        destinationSlicePitch = try bytes(destination.effectiveSlicePitch(region), "destination slice pitch")
    }

    func withPointers<T>(_ body: (UnsafePointer<Int>, UnsafePointer<Int>, UnsafePointer<Int>) throws -> T) rethrows -> T {
        var a = sourceOrigin, b = destinationOrigin, c = region
        return try withUnsafePointer(to: &a) { pa in
            try withUnsafePointer(to: &b) { pb in
                try withUnsafePointer(to: &c) { pc in
                    try body(UnsafeRawPointer(pa).assumingMemoryBound(to: Int.self),
                             UnsafeRawPointer(pb).assumingMemoryBound(to: Int.self),
                             UnsafeRawPointer(pc).assumingMemoryBound(to: Int.self))
                }
            }
        }
    }
}
