/// Shared virtual memory commands: host access by map, copies, fills, and launches that follow pointers in data.
extension ComputeEncoder {
    /// Maps `allocation` for the host, runs `body` with its elements, and unmaps it (the map waits for earlier
    /// commands; the device sees the host's writes after the unmap). Coarse-grain allocations need this; fine-grain
    /// ones may use it too.
    /// - Throws: ``SwiftCLError/contextMismatch(object:belongsTo:expected:)``, ``OpenCLError``, what `body` throws
    ///   (the allocation is unmapped either way).
    public func withMapped<Element, R>(_ allocation: SVMBuffer<Element>, _ body: (UnsafeMutableBufferPointer<Element>) throws -> R) throws -> R {
        try checkUsable()
        try checkSVMContext(allocation, operation: "withMapped")
        record(try CL.enqueueSVMMap(queue.id, allocation.baseAddress, byteCount: allocation.byteCount, write: true, options: enqueueOptions),
               label: "map SVM")
        defer {
            if let event = try? CL.enqueueSVMUnmap(queue.id, allocation.baseAddress, options: enqueueOptions) {
                record(event, label: "unmap SVM")
            }
            keepAlive(allocation)
        }
        return try body(UnsafeMutableBufferPointer(start: allocation.baseAddress.assumingMemoryBound(to: Element.self), count: allocation.count))
    }

    /// Copies `count` elements from `source[sourceIndex...]` to `destination[destinationIndex...]` on the device
    /// (`clEnqueueSVMMemcpy`); both stay alive until it completes.
    /// - Throws: ``SwiftCLError/rangeOutOfBounds(operation:requested:bound:)`` for a range outside either, checked
    ///   before anything is enqueued; ``SwiftCLError/contextMismatch(object:belongsTo:expected:)``; ``OpenCLError``.
    public func copy<Element>(from source: SVMBuffer<Element>, at sourceIndex: Int = 0, to destination: SVMBuffer<Element>,
                              at destinationIndex: Int = 0, count: Int? = nil) throws {
        try checkUsable()
        try checkSVMContext(source, operation: "copy")
        try checkSVMContext(destination, operation: "copy")
        // Indices first (so the default count cannot overflow), then the count against what follows each index.
        guard (0...source.count).contains(sourceIndex), (0...destination.count).contains(destinationIndex) else {
            let sourceBad = !(0...source.count).contains(sourceIndex)
            throw SwiftCLError.rangeOutOfBounds(operation: sourceBad ? "copy from SVM" : "copy to SVM",
                                                requested: Self.reported(sourceBad ? sourceIndex : destinationIndex, count ?? 0),
                                                bound: sourceBad ? source.count : destination.count)
        }
        let count = count ?? Swift.min(source.count - sourceIndex, destination.count - destinationIndex)
        guard count >= 0, count <= source.count - sourceIndex else {
            throw SwiftCLError.rangeOutOfBounds(operation: "copy from SVM", requested: Self.reported(sourceIndex, count), bound: source.count)
        }
        guard count <= destination.count - destinationIndex else {
            throw SwiftCLError.rangeOutOfBounds(operation: "copy to SVM", requested: Self.reported(destinationIndex, count), bound: destination.count)
        }
        guard count > 0 else { return }
        let stride = MemoryLayout<Element>.stride
        record(try CL.enqueueSVMMemcpy(queue.id, to: destination.baseAddress + destinationIndex * stride,
                                       from: source.baseAddress + sourceIndex * stride, byteCount: count * stride,
                                       blocking: false, options: enqueueOptions), label: "copy SVM")
        keepAlive(source, destination)
    }

    /// Sets every element of `allocation` to `value` on the device (`clEnqueueSVMMemFill`).
    /// - Throws: ``SwiftCLError/contextMismatch(object:belongsTo:expected:)``, ``OpenCLError``.
    public func fill<Element>(_ allocation: SVMBuffer<Element>, with value: Element) throws {
        try checkUsable()
        try checkSVMContext(allocation, operation: "fill")
        let stride = MemoryLayout<Element>.stride
        // OpenCL takes patterns of 1, 2, 4, …, 128 bytes; other element sizes are filled by a host-side pattern copy.
        if stride.nonzeroBitCount == 1, stride <= 128 {
            // The value's bytes padded to its stride (an empty struct's pattern is one zero byte).
            let pattern = withUnsafeBytes(of: value) { Array($0) } + [UInt8](repeating: 0, count: stride - MemoryLayout<Element>.size)
            record(try pattern.withUnsafeBytes { raw in
                try CL.enqueueSVMMemFill(queue.id, allocation.baseAddress, pattern: raw.baseAddress, patternBytes: stride,
                                         byteCount: allocation.byteCount, options: enqueueOptions)
            }, label: "fill SVM")
            keepAlive(allocation)
        } else {
            try withMapped(allocation) { elements in elements.initialize(repeating: value) }
        }
    }

    /// ``launch(_:_:arguments:)`` for a kernel that also follows pointers stored in its data into `allocations`
    /// (`CL_KERNEL_EXEC_INFO_SVM_PTRS`, set with the arguments); they stay alive until the kernel completes.
    /// - Throws: as ``launch(_:_:arguments:)``, and ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` for an
    ///   allocation of another context.
    public func launch(_ kernel: Kernel, _ range: NDRange, arguments: [any KernelArgument], reaching allocations: [any SVMAllocation]) throws {
        for allocation in allocations { try checkSVMContext(allocation, operation: "launch \(kernel.name)") }
        svmReach = allocations.map { Optional($0.baseAddress) }
        defer { svmReach = nil }
        try launch(kernel, range, arguments: arguments)
        inFlight.append(contentsOf: allocations.map { $0 as AnyObject })
    }

    /// `start..<start + count` for an error message, clamped so that no overflow or negative count can trap.
    private static func reported(_ start: Int, _ count: Int) -> Range<Int> {
        start..<Swift.max(start, start &+ Swift.max(count, 0))
    }

    private func checkSVMContext(_ allocation: any SVMAllocation, operation: String) throws {
        guard allocation.context === queue.context else {
            throw SwiftCLError.contextMismatch(object: "\(operation): an SVM allocation", belongsTo: "\(allocation.context)",
                                                expected: "the queue's \(queue.context)")
        }
    }
}
