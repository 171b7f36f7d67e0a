extension ComputeEncoder {
    /// Copies a rectangle between buffers on the device (`clEnqueueCopyBufferRect`). Both layouts are
    /// checked against their buffers before the call; rectangles of one buffer that share an element are refused
    /// (interleaved rows that share none are copied).
    /// - Throws: ``SwiftCLError/invalidRect(operation:_:)``, ``SwiftCLError/rangeOutOfBounds(operation:requested:bound:)``,
    ///   ``SwiftCLError/overlappingCopy(operation:)``, ``SwiftCLError/contextMismatch(object:belongsTo:expected:)``, ``OpenCLError``.
    public func copyRect<E>(from source: Buffer<E>, _ sourceLayout: RectLayout, to destination: Buffer<E>,
                            _ destinationLayout: RectLayout, extent: Extent3D) throws {
        try prepare(source, destination, recordable: true, operation: "copyRect")
        let from = try sourceLayout.touchedRange(extent, count: source.count, "copyRect source")
        let to = try destinationLayout.touchedRange(extent, count: destination.count, "copyRect destination")
        if source === destination, from.overlaps(to), sourceLayout.overlaps(destinationLayout, region: extent) {
            throw SwiftCLError.overlappingCopy(operation: "copyRect")
        }
        let geometry = try RectGeometry(E.self, source: sourceLayout, destination: destinationLayout, extent: extent)
        if let recorder {
            try recorder.copyRect(from: source.id, to: destination.id, geometry)
        } else {
            record(try CL.enqueueCopyBufferRect(queue.id, from: source.id, to: destination.id, geometry, options: enqueueOptions),
                   label: "copyRect")
        }
        keepAlive(source, destination)
    }

    /// Reads a rectangle of `buffer` into `host`, laid out by `hostLayout` (`clEnqueueReadBufferRect`).
    /// - Throws: as ``copyRect(from:_:to:_:extent:)``, and ``SwiftCLError/hostAccessDenied(operation:object:access:)``.
    public func readRect<E>(_ buffer: Buffer<E>, _ bufferLayout: RectLayout, into host: inout [E],
                            _ hostLayout: RectLayout, extent: Extent3D) throws {
        let count = host.count
        try host.withUnsafeMutableBytes { raw in
            try transferRect(buffer, bufferLayout, host: raw.baseAddress, count: count, hostLayout, extent: extent, write: false)
        }
    }

    /// Writes a rectangle of `host`, laid out by `hostLayout`, into `buffer` (`clEnqueueWriteBufferRect`).
    /// - Throws: as ``readRect(_:_:into:_:extent:)``.
    public func writeRect<E>(_ buffer: Buffer<E>, _ bufferLayout: RectLayout, from host: [E],
                             _ hostLayout: RectLayout, extent: Extent3D) throws {
        try host.withUnsafeBytes { raw in
            try transferRect(buffer, bufferLayout, host: UnsafeMutableRawPointer(mutating: raw.baseAddress), count: host.count,
                             hostLayout, extent: extent, write: true)
        }
    }

    /// The checked blocking rectangle transfer both directions share.
    private func transferRect<E>(_ buffer: Buffer<E>, _ bufferLayout: RectLayout, host: UnsafeMutableRawPointer?, count: Int,
                                 _ hostLayout: RectLayout, extent: Extent3D, write: Bool) throws {
        let operation = write ? "writeRect" : "readRect"
        try prepare(buffer, hostAccess: write ? .write : .read, operation: operation)
        _ = try bufferLayout.touchedRange(extent, count: buffer.count, "\(operation) buffer")
        _ = try hostLayout.touchedRange(extent, count: count, "\(operation) host")
        let geometry = try RectGeometry(E.self, source: bufferLayout, destination: hostLayout, extent: extent)
        if write {
            record(try CL.enqueueWriteBufferRect(queue.id, buffer.id, geometry, from: host, options: enqueueOptions), label: "writeRect")
        } else {
            record(try CL.enqueueReadBufferRect(queue.id, buffer.id, geometry, into: host, options: enqueueOptions), label: "readRect")
        }
    }
}

/// A checked rectangle transfer converted to the byte origins and pitches OpenCL takes (`source` is the
/// buffer side of a read or write).
struct RectGeometry {
    let sourceOrigin: [Int], destinationOrigin: [Int], region: [Int]
    let sourceRowPitch: Int, sourceSlicePitch: Int, destinationRowPitch: Int, destinationSlicePitch: Int

    /// Converts element counts to bytes; a product past `Int.max` throws ``SwiftCLError/sizeOverflow(operation:)``
    /// (the layouts were already checked against their memories, but a pitch near `Int.max / stride` still
    /// fits in elements and not in bytes).
    init<E>(_: E.Type, source: RectLayout, destination: RectLayout, extent: Extent3D) throws {
        let stride = MemoryLayout<E>.stride
        func bytes(_ elements: Int, _ what: String) throws -> Int {
            let (value, overflow) = elements.multipliedReportingOverflow(by: stride)
            if overflow { throw SwiftCLError.sizeOverflow(operation: "rect \(what): \(elements) elements of \(stride) bytes") }
            return value
        }
        sourceOrigin = [try bytes(source.origin.x, "source origin x"), source.origin.y, source.origin.z]
        destinationOrigin = [try bytes(destination.origin.x, "destination origin x"), destination.origin.y, destination.origin.z]
        region = [try bytes(extent.width, "width"), extent.height, extent.depth]
        sourceRowPitch = try bytes(source.rowPitch, "source row pitch")
        sourceSlicePitch = try bytes(source.effectiveSlicePitch(extent), "source slice pitch")
        destinationRowPitch = try bytes(destination.rowPitch, "destination row pitch")
        destinationSlicePitch = try bytes(destination.effectiveSlicePitch(extent), "destination slice pitch")
    }
}
