extension ComputeEncoder {
    /// Maps `range` of `buffer` (all of it by default) for reading and writing, hands `body` a span
    /// over it, and unmaps when `body` returns or throws (the guide's `gcl_map_ptr`/`gcl_unmap`). The
    /// span cannot escape the closure, so the mapping cannot leak. Mapping a buffer that this encoder
    /// has already mapped throws.
    public func withMapped<E, R>(_ buffer: Buffer<E>, range: Range<Int>? = nil,
                                 _ body: (inout MutableSpan<E>) throws -> R) throws -> R {
        try mapped(buffer, range: range, write: true) { pointer in
            var span = pointer.mutableSpan
            return try body(&span)
        }
    }

    /// Maps `range` of `buffer` for reading only and hands `body` a read-only span over it.
    /// - Throws: as ``withMapped(_:range:_:)-(Buffer<E>,_,_)``.
    public func withMappedForReading<E, R>(_ buffer: Buffer<E>, range: Range<Int>? = nil,
                                           _ body: (Span<E>) throws -> R) throws -> R {
        try mapped(buffer, range: range, write: false) { pointer in
            try body(UnsafeBufferPointer(pointer).span)
        }
    }

    private func mapped<E, R>(_ buffer: Buffer<E>, range: Range<Int>?, write: Bool,
                              _ body: (UnsafeMutableBufferPointer<E>) throws -> R) throws -> R {
        try prepare(buffer, hostAccess: write ? .readWrite : .read, operation: write ? "map for writing" : "map")
        let range = try buffer.checkedRange(range, "map")
        if range.isEmpty {
            return try body(UnsafeMutableBufferPointer(start: nil, count: 0))
        }
        let stride = MemoryLayout<E>.stride
        return try withMapping(buffer, map: {
            try CL.enqueueMapBuffer(queue.id, buffer.id, write: write, offset: range.lowerBound * stride,
                                    byteCount: range.count * stride, options: enqueueOptions)
        }) { pointer in
            let typed = pointer.bindMemory(to: E.self, capacity: range.count)
            return try body(UnsafeMutableBufferPointer(start: typed, count: range.count))
        }
    }

    /// Refuses to map an object this encoder already has mapped (an enclosing `withMapped`).
    func checkNotMapped(_ object: MemoryObject, _ operation: @autoclosure () -> String) throws {
        guard !mapped.contains(ObjectIdentifier(object)) else {
            throw SwiftCLError.alreadyMapped(operation: operation(), object: object.kindDescription)
        }
    }

    /// The scope every map shares: map (blocking) through `map`, run `body` on the mapped memory, and
    /// unmap when it returns or throws, keeping the object alive until the unmap has run. Callers refuse a
    /// second map first (``checkNotMapped(_:_:)``).
    func withMapping<R>(_ object: MemoryObject, map: () throws -> (base: UnsafeMutableRawPointer, event: CLEvent?),
                        _ body: (UnsafeMutableRawPointer) throws -> R) throws -> R {
        let (base, event) = try map()
        record(event, label: "map")
        let key = ObjectIdentifier(object)
        mapped.insert(key)
        defer {
            mapped.remove(key)
            do {
                record(try CL.enqueueUnmapMemObject(queue.id, object.id, base, options: enqueueOptions), label: "unmap")
            } catch {
                swiftCLLogger.error("\(error)")
            }
            keepAlive(object)
        }
        return try body(base)
    }
}
