internal import COpenCL

extension ComputeEncoder {
    /// Maps `range` of `buffer` (all of it by default) for reading and writing, hands `body` a span
    /// over it, and unmaps when `body` returns or throws (the guide's `gcl_map_ptr`/`gcl_unmap`). The
    /// span cannot escape the closure, so the mapping cannot leak. Mapping a buffer that this encoder
    /// has already mapped throws.
    public func withMapped<E, R>(_ buffer: Buffer<E>, range: Range<Int>? = nil,
                                 _ body: (inout MutableSpan<E>) throws -> R) throws -> R {
        try mapped(buffer, range: range, flags: cl_map_flags(CL_MAP_READ | CL_MAP_WRITE), write: true) { pointer in
            var span = pointer.mutableSpan
            return try body(&span)
        }
    }

    /// Maps `range` of `buffer` for reading only and hands `body` a read-only span over it.
    public func withMappedForReading<E, R>(_ buffer: Buffer<E>, range: Range<Int>? = nil,
                                           _ body: (Span<E>) throws -> R) throws -> R {
        try mapped(buffer, range: range, flags: cl_map_flags(CL_MAP_READ), write: false) { pointer in
            try body(UnsafeBufferPointer(pointer).span)
        }
    }

    private func mapped<E, R>(_ buffer: Buffer<E>, range: Range<Int>?, flags: cl_map_flags, write: Bool,
                              _ body: (UnsafeMutableBufferPointer<E>) throws -> R) throws -> R {
        try prepare(buffer, hostAccess: write ? .readWrite : .read, operation: write ? "map for writing" : "map")
        let range = try buffer.checkedRange(range, "map")
        if range.isEmpty {
            return try body(UnsafeMutableBufferPointer(start: nil, count: 0))
        }
        let stride = MemoryLayout<E>.stride
        return try withMapping(buffer, "clEnqueueMapBuffer", map: { event, status in
            clEnqueueMapBuffer(queue.id, buffer.id, cl_bool(CL_TRUE), flags, range.lowerBound * stride,
                               range.count * stride, 0, nil, event, status)
        }) { pointer in
            let typed = pointer.bindMemory(to: E.self, capacity: range.count)
            return try body(UnsafeMutableBufferPointer(start: typed, count: range.count))
        }
    }

    /// Refuses to map an object this encoder already has mapped (an enclosing `withMapped`).
    func checkNotMapped(_ object: MemoryObject, _ operation: String) throws {
        guard !mapped.contains(ObjectIdentifier(object)) else {
            throw SwiftCLError.alreadyMapped(operation: operation, object: object.kindDescription)
        }
    }

    /// The scope every map shares: map (blocking) through `map`, run `body` on the mapped memory, and
    /// unmap when it returns or throws, keeping the object alive until the unmap has run. Callers refuse a
    /// second map first (``checkNotMapped(_:_:)``).
    func withMapping<R>(_ object: MemoryObject, _ routine: String,
                        map: (UnsafeMutablePointer<cl_event?>?, UnsafeMutablePointer<cl_int>) -> UnsafeMutableRawPointer?,
                        _ body: (UnsafeMutableRawPointer) throws -> R) throws -> R {
        var status: cl_int = CL_SUCCESS
        let base = try withEvent { event in map(event, &status) }
        try check(status, routine)
        guard let base else { throw OpenCLError(status: .mapFailure, routine: "\(routine) returned NULL") }
        let key = ObjectIdentifier(object)
        mapped.insert(key)
        defer {
            mapped.remove(key)
            _ = try? withEvent { event in
                release(clEnqueueUnmapMemObject(queue.id, object.id, base, 0, nil, event), "clEnqueueUnmapMemObject")
            }
            keepAlive(object)
        }
        return try body(base)
    }
}
