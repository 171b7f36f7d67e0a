/// Buffer transfers. One word per role: the buffer's element offset is `at:`, host data is `from:` (a
/// write's source) or `into:` (a read's destination), a span of elements is `range:`.
extension ComputeEncoder {
    /// Copies `elements` into `buffer` starting at element `offset`; returns once the host data has
    /// been read (the guide's `gcl_memcpy` to the device).
    /// - Throws: ``SwiftCLError/rangeOutOfBounds(operation:requested:bound:)`` when the elements do not fit,
    ///   ``SwiftCLError/hostAccessDenied(operation:object:access:)``, ``SwiftCLError/contextMismatch(object:belongsTo:expected:)``,
    ///   ``SwiftCLError/alreadyMapped(operation:object:)``, ``OpenCLError``.
    public func write<E, C: Collection<E>>(_ buffer: Buffer<E>, from elements: C, at offset: Int = 0) throws {
        try prepare(buffer, hostAccess: .write, operation: "write")
        let range = try buffer.checkedRange(offset: offset, count: elements.count, "write")
        if range.isEmpty { return }
        func enqueue(_ pointer: UnsafeBufferPointer<E>) throws {
            let copied = try copiedThroughMap(buffer, range: range, write: true, label: "write") { mapped in
                HostCopy.copy(from: UnsafeRawPointer(pointer.baseAddress!), to: mapped, byteCount: range.count * MemoryLayout<E>.stride)
            }
            if copied { return }
            record(try CL.enqueueWriteBuffer(queue.id, buffer.id, blocking: true, offset: range.lowerBound * MemoryLayout<E>.stride,
                                             byteCount: range.count * MemoryLayout<E>.stride, from: pointer.baseAddress,
                                             options: enqueueOptions), label: "write")
        }
        if try elements.withContiguousStorageIfAvailable({ try enqueue($0) }) == nil {
            try Array(elements).withUnsafeBufferPointer { try enqueue($0) }
        }
    }

    /// Reads `range` of `buffer` (all of it by default) into a new array.
    /// - Throws: as ``read(_:into:at:)-(_,UnsafeMutableBufferPointer<E>,_)``.
    public func read<E>(_ buffer: Buffer<E>, range: Range<Int>? = nil) throws -> [E] {
        try checkUsable()
        let range = try buffer.checkedRange(range, "read")
        return try [E](unsafeUninitializedCapacity: range.count) { storage, initialized in
            if let base = storage.baseAddress { HostCopy.prepareNewMemory(base, byteCount: range.count * MemoryLayout<E>.stride) }
            try read(buffer, into: storage, at: range.lowerBound)
            initialized = range.count
        }
    }

    /// Reads `array.count` elements of `buffer`, starting at element `offset`, into `array`.
    /// - Throws: as ``read(_:into:at:)-(_,UnsafeMutableBufferPointer<E>,_)``.
    public func read<E>(_ buffer: Buffer<E>, into array: inout [E], at offset: Int = 0) throws {
        try array.withUnsafeMutableBufferPointer { try read(buffer, into: $0, at: offset) }
    }

    /// Reads `destination.count` elements of `buffer`, starting at element `offset`, into host memory;
    /// returns once the data is there (the guide's `gcl_memcpy` from the device).
    /// - Throws: ``SwiftCLError/rangeOutOfBounds(operation:requested:bound:)`` when the range leaves the buffer,
    ///   ``SwiftCLError/hostAccessDenied(operation:object:access:)``, ``SwiftCLError/contextMismatch(object:belongsTo:expected:)``,
    ///   ``SwiftCLError/alreadyMapped(operation:object:)``, ``OpenCLError``.
    public func read<E>(_ buffer: Buffer<E>, into destination: UnsafeMutableBufferPointer<E>, at offset: Int = 0) throws {
        try prepare(buffer, hostAccess: .read, operation: "read")
        let range = try buffer.checkedRange(offset: offset, count: destination.count, "read")
        if range.isEmpty { return }
        let copied = try copiedThroughMap(buffer, range: range, write: false, label: "read") { mapped in
            HostCopy.copy(from: mapped, to: UnsafeMutableRawPointer(destination.baseAddress!), byteCount: range.count * MemoryLayout<E>.stride)
        }
        if copied { return }
        record(try CL.enqueueReadBuffer(queue.id, buffer.id, blocking: true, offset: range.lowerBound * MemoryLayout<E>.stride,
                                        byteCount: range.count * MemoryLayout<E>.stride, into: destination.baseAddress,
                                        options: enqueueOptions), label: "read")
    }

    /// Copies `count` elements (by default all that fit) from element `sourceOffset` of one buffer to
    /// element `destinationOffset` of another on the device. Overlapping regions of one allocation are refused (also
    /// through a sub-buffer or a reinterpretation of the same buffer).
    /// - Throws: ``SwiftCLError/rangeOutOfBounds(operation:requested:bound:)``, ``SwiftCLError/invalidCount(operation:count:minimum:)``
    ///   for a negative count, ``SwiftCLError/overlappingCopy(operation:)``, ``SwiftCLError/contextMismatch(object:belongsTo:expected:)``, ``OpenCLError``.
    public func copy<E>(from source: Buffer<E>, at sourceOffset: Int = 0, to destination: Buffer<E>,
                        at destinationOffset: Int = 0, count: Int? = nil) throws {
        try prepare(source, destination, recordable: true, operation: "copy")
        for (offset, buffer, side) in [(sourceOffset, source, "copy source"), (destinationOffset, destination, "copy destination")]
        where offset < 0 || offset > buffer.count {
            throw SwiftCLError.rangeOutOfBounds(operation: side, requested: offset..<offset, bound: buffer.count)
        }
        let count = count ?? min(source.count - sourceOffset, destination.count - destinationOffset)
        guard count >= 0 else { throw SwiftCLError.invalidCount(operation: "copy", count: count, minimum: 0) }
        let from = try source.checkedRange(offset: sourceOffset, count: count, "copy source")
        let to = try destination.checkedRange(offset: destinationOffset, count: count, "copy destination")
        if count == 0 { return }
        if source.memoryFootprint(elements: from).overlaps(destination.memoryFootprint(elements: to)) {
            throw SwiftCLError.overlappingCopy(operation: "copy")
        }
        let stride = MemoryLayout<E>.stride
        if let recorder {
            try recorder.copy(from: source.id, to: destination.id, sourceOffset: from.lowerBound * stride,
                              destinationOffset: to.lowerBound * stride, byteCount: count * stride)
        } else {
            record(try CL.enqueueCopyBuffer(queue.id, from: source.id, to: destination.id, sourceOffset: from.lowerBound * stride,
                                            destinationOffset: to.lowerBound * stride, byteCount: count * stride, options: enqueueOptions),
                   label: "copy")
        }
        keepAlive(source, destination)
    }

    /// Sets `range` of `buffer` (all of it by default) to `value` on the device.
    /// - Throws: ``SwiftCLError/rangeOutOfBounds(operation:requested:bound:)``, ``SwiftCLError/contextMismatch(object:belongsTo:expected:)``, ``OpenCLError``.
    public func fill<E>(_ buffer: Buffer<E>, with value: E, range: Range<Int>? = nil) throws {
        try prepare(buffer, recordable: true, operation: "fill")
        let range = try buffer.checkedRange(range, "fill")
        if range.isEmpty { return }
        let stride = MemoryLayout<E>.stride
        // The value's bytes padded to its stride: each element's place in the buffer.
        let pattern = withUnsafeBytes(of: value) { Array($0) } + [UInt8](repeating: 0, count: stride - MemoryLayout<E>.size)
        // clEnqueueFillBuffer takes patterns of 1, 2, 4, ..., 128 bytes; other sizes are filled by a small kernel
        // on the device (or, for a buffer kernels may only read, written from the host).
        guard stride <= 128, stride & (stride - 1) == 0 else {
            if buffer.kernelAccess == .readOnly {
                try write(buffer, from: repeatElement(value, count: range.count), at: range.lowerBound)
            } else {
                try fillWithKernel(buffer, pattern: pattern, range: range)
            }
            return
        }
        if let recorder {
            try recorder.fill(buffer.id, pattern: pattern, offset: range.lowerBound * stride, byteCount: range.count * stride)
        } else {
            try pattern.withUnsafeBytes { raw in
                record(try CL.enqueueFillBuffer(queue.id, buffer.id, pattern: raw.baseAddress, patternBytes: stride,
                                                offset: range.lowerBound * stride, byteCount: range.count * stride, options: enqueueOptions),
                       label: "fill")
            }
        }
        keepAlive(buffer)
    }

    /// Fills `range` of `buffer` with a pattern of any size on the device (a kernel copying the pattern's bytes
    /// into each element), built once per context.
    private func fillWithKernel<E>(_ buffer: Buffer<E>, pattern: [UInt8], range: Range<Int>) throws {
        let source = """
        kernel void swiftcl_fill_pattern(global uchar *destination, constant uchar *pattern, uint patternBytes, ulong offset) {
            global uchar *element = destination + offset + get_global_id(0) * patternBytes;
            for (uint b = 0; b < patternBytes; b++) element[b] = pattern[b];
        }
        """
        let kernel = try context.program(source: source, name: "swiftcl_fill_pattern.cl").sharedKernel(named: "swiftcl_fill_pattern")
        let patternBuffer = try Buffer(copying: pattern, context: context, access: .readOnly)
        try launch(kernel, NDRange(range.count), buffer.reinterpreted(as: UInt8.self), patternBuffer, UInt32(pattern.count),
                   UInt64(range.lowerBound * pattern.count))
    }

    /// A blocking read or write of `range` through a map, the host's cores copying (``HostCopy``), where the device's
    /// memory is the host's and the transfer is large; false when the runtime's own copy should do it (another
    /// device, a small range, a measured scope whose events must time the transfer itself, a map already open, a
    /// buffer the host may not both read and write for a write). Returns once the unmap has completed, as the
    /// runtime's blocking transfer does.
    private func copiedThroughMap<E>(_ buffer: Buffer<E>, range: Range<Int>, write: Bool, label: String,
                                     _ copy: (UnsafeMutableRawPointer) -> Void) throws -> Bool {
        let stride = MemoryLayout<E>.stride
        guard !measuring, mapped.isEmpty, !write || buffer.hostAccess == .readWrite,
              HostCopy.isParallel(byteCount: range.count * stride, device: device) else { return false }
        let (base, _) = try CL.enqueueMapBuffer(queue.id, buffer.id, write: write, offset: range.lowerBound * stride,
                                                byteCount: range.count * stride, options: enqueueOptions(wantEvent: false))
        copy(base)
        let unmapped = try CL.enqueueUnmapMemObject(queue.id, buffer.id, base, options: EnqueueOptions(wantEvent: true))
        if let unmapped {
            try CL.waitForEvents([unmapped])
            record(unmapped, label: label)
        }
        return true
    }
}
