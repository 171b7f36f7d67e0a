internal import COpenCL

extension ComputeEncoder {
    /// Copies `elements` into `buffer` starting at element `offset`; returns once the host data has
    /// been read (the guide's `gcl_memcpy` to the device).
    public func write<E, C: Collection<E>>(_ buffer: Buffer<E>, from elements: C, at offset: Int = 0) throws {
        try checkUsable()
        try checkContext(buffer)
        try checkHostAccess(buffer, write: true, "write")
        let range = try buffer.checkedRange(offset: offset, count: elements.count, "write")
        if range.isEmpty { return }
        func enqueue(_ pointer: UnsafeBufferPointer<E>) throws {
            try withEvent { event in
                try check(clEnqueueWriteBuffer(queue.id, buffer.id, cl_bool(CL_TRUE), range.lowerBound * MemoryLayout<E>.stride,
                                               range.count * MemoryLayout<E>.stride, pointer.baseAddress, 0, nil, event),
                          "clEnqueueWriteBuffer")
            }
        }
        if try elements.withContiguousStorageIfAvailable({ try enqueue($0) }) == nil {
            try Array(elements).withUnsafeBufferPointer { try enqueue($0) }
        }
    }

    /// Reads `range` of `buffer` (all of it by default) into a new array.
    public func read<E>(_ buffer: Buffer<E>, range: Range<Int>? = nil) throws -> [E] {
        try checkUsable()
        let range = try buffer.checkedRange(range, "read")
        return try [E](unsafeUninitializedCapacity: range.count) { storage, initialized in
            try read(buffer, into: storage, from: range.lowerBound)
            initialized = range.count
        }
    }

    /// Reads `array.count` elements of `buffer`, starting at element `offset`, into `array`.
    public func read<E>(_ buffer: Buffer<E>, into array: inout [E], from offset: Int = 0) throws {
        try array.withUnsafeMutableBufferPointer { try read(buffer, into: $0, from: offset) }
    }

    /// Reads `destination.count` elements of `buffer`, starting at element `offset`, into host memory;
    /// returns once the data is there (the guide's `gcl_memcpy` from the device).
    public func read<E>(_ buffer: Buffer<E>, into destination: UnsafeMutableBufferPointer<E>, from offset: Int = 0) throws {
        try checkUsable()
        try checkContext(buffer)
        try checkHostAccess(buffer, write: false, "read")
        let range = try buffer.checkedRange(offset: offset, count: destination.count, "read")
        if range.isEmpty { return }
        try withEvent { event in
            try check(clEnqueueReadBuffer(queue.id, buffer.id, cl_bool(CL_TRUE), range.lowerBound * MemoryLayout<E>.stride,
                                          range.count * MemoryLayout<E>.stride, destination.baseAddress, 0, nil, event),
                      "clEnqueueReadBuffer")
        }
    }

    /// Copies `count` elements (by default all that fit) from one buffer to another on the device.
    /// Overlapping regions of one buffer are refused.
    public func copy<E>(from source: Buffer<E>, to destination: Buffer<E>, count: Int? = nil,
                        sourceOffset: Int = 0, destinationOffset: Int = 0) throws {
        try checkUsable()
        try checkContext(source)
        try checkContext(destination)
        guard sourceOffset >= 0, destinationOffset >= 0, sourceOffset <= source.count, destinationOffset <= destination.count else {
            throw SwiftCLError.invalidArgument(
                "copy: offsets \(sourceOffset) and \(destinationOffset) must lie within 0...\(source.count) and 0...\(destination.count)")
        }
        let count = count ?? min(source.count - sourceOffset, destination.count - destinationOffset)
        guard count >= 0 else {
            throw SwiftCLError.invalidArgument("copy: element count \(count) is negative")
        }
        let from = try source.checkedRange(offset: sourceOffset, count: count, "copy source")
        let to = try destination.checkedRange(offset: destinationOffset, count: count, "copy destination")
        if count == 0 { return }
        if source === destination, from.overlaps(to) {
            throw SwiftCLError.invalidArgument("copy: source \(from) and destination \(to) overlap in the same buffer")
        }
        let stride = MemoryLayout<E>.stride
        try withEvent { event in
            try check(clEnqueueCopyBuffer(queue.id, source.id, destination.id, from.lowerBound * stride, to.lowerBound * stride,
                                          count * stride, 0, nil, event), "clEnqueueCopyBuffer")
        }
        inFlight.append(source)
        inFlight.append(destination)
    }

    /// Sets `range` of `buffer` (all of it by default) to `value` on the device.
    public func fill<E>(_ buffer: Buffer<E>, with value: E, range: Range<Int>? = nil) throws {
        try checkUsable()
        try checkContext(buffer)
        let range = try buffer.checkedRange(range, "fill")
        if range.isEmpty { return }
        let stride = MemoryLayout<E>.stride
        // clEnqueueFillBuffer takes patterns of 1, 2, 4, ..., 128 bytes; other sizes are written from the host.
        guard stride <= 128, stride & (stride - 1) == 0 else {
            try write(buffer, from: repeatElement(value, count: range.count), at: range.lowerBound)
            return
        }
        var pattern = value
        try withEvent { event in
            try check(clEnqueueFillBuffer(queue.id, buffer.id, &pattern, stride, range.lowerBound * stride,
                                          range.count * stride, 0, nil, event), "clEnqueueFillBuffer")
        }
        inFlight.append(buffer)
    }

    func checkHostAccess(_ object: MemoryObject, write: Bool, _ operation: String) throws {
        let access: HostAccess? = (object as? any HostAccessible)?.hostAccessMode
        guard let access else { return }
        if write ? !access.allowsWrite : !access.allowsRead {
            throw SwiftCLError.invalidArgument("\(operation): the \(object.kindDescription) was created with host access \(access)")
        }
    }
}

/// Memory objects that carry a host-access promise.
protocol HostAccessible {
    var hostAccessMode: HostAccess { get }
}

extension Buffer: HostAccessible {
    var hostAccessMode: HostAccess { hostAccess }
}
