/// A typed OpenCL buffer of `count` elements (the guide's `gcl_malloc`), freed by ARC.
///
/// Counts and offsets are in elements; byte sizes say so (``byteCount``). Every transfer checks its
/// host and device ranges before the C call (see ``ComputeEncoder``).
public final class Buffer<Element: BitwiseCopyable>: MemoryObject, KernelArgument, @unchecked Sendable {
    // `@unchecked` restates MemoryObject's (an open class); every stored property is a constant of a Sendable type.
    /// Number of elements.
    public let count: Int
    /// How kernels may use the buffer.
    public let kernelAccess: KernelAccess
    /// How the host may use the buffer.
    public let hostAccess: HostAccess
    /// The OpenCL C name of the element type when it has one ("float"), checked against kernel parameters.
    let elementTypeName: String? = (Element.self as? any KernelScalar.Type)?.openCLTypeName

    /// An uninitialised buffer of `count` elements.
    /// - Throws: ``SwiftCLError/invalidCount(operation:count:minimum:)`` for a count below 1, ``SwiftCLError/sizeOverflow(operation:)``, ``SwiftCLError/allocationTooLarge(byteCount:limit:device:)`` (naming the device limit), ``OpenCLError``.
    public init(count: Int, context: Context, access: KernelAccess = .readWrite, hostAccess: HostAccess = .readWrite) throws {
        let byteCount = try Self.checkedByteCount(count, context: context)
        let handle = try CL.createBuffer(context.id, flags: access.flags | hostAccess.flags, byteCount: byteCount, copying: nil)
        self.count = count
        self.kernelAccess = access
        self.hostAccess = hostAccess
        super.init(id: handle, context: context, byteCount: byteCount)
    }

    /// A buffer initialised with a copy of `elements` (`CL_MEM_COPY_HOST_PTR`).
    /// - Throws: as ``init(count:context:access:hostAccess:)``.
    public init<C: Collection<Element>>(
        copying elements: C, context: Context, access: KernelAccess = .readWrite, hostAccess: HostAccess = .readWrite
    ) throws {
        let count = elements.count
        let byteCount = try Self.checkedByteCount(count, context: context)
        func make(_ pointer: UnsafeBufferPointer<Element>) throws -> MemoryHandle {
            try CL.createBuffer(context.id, flags: access.flags | hostAccess.flags, byteCount: byteCount,
                                copying: UnsafeRawPointer(pointer.baseAddress))
        }
        let handle = try elements.withContiguousStorageIfAvailable { try make($0) } ?? Array(elements).withUnsafeBufferPointer { try make($0) }
        self.count = count
        self.kernelAccess = access
        self.hostAccess = hostAccess
        super.init(id: handle, context: context, byteCount: byteCount)
    }

    /// The byte size of `count` elements, checked against `Int` and every device's allocation limit.
    static func checkedByteCount(_ count: Int, context: Context) throws -> Int {
        guard count > 0 else {
            throw SwiftCLError.invalidCount(operation: "Buffer<\(Element.self)>(count:)", count: count, minimum: 1)
        }
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        if overflow { throw SwiftCLError.sizeOverflow(operation: "Buffer<\(Element.self)>(count: \(count))") }
        for device in context.devices where byteCount > device.maxMemoryAllocationBytes {
            throw SwiftCLError.allocationTooLarge(byteCount: byteCount, limit: device.maxMemoryAllocationBytes, device: device.name)
        }
        return byteCount
    }

    /// Checks that `range` lies inside the buffer; nil means the whole buffer.
    func checkedRange(_ range: Range<Int>?, _ operation: String) throws -> Range<Int> {
        let range = range ?? 0..<count
        guard range.lowerBound >= 0, range.upperBound <= count else {
            throw SwiftCLError.rangeOutOfBounds(operation: operation, requested: range, bound: count)
        }
        return range
    }

    /// Checks that `count` elements from `offset` lie inside the buffer, without overflowing.
    func checkedRange(offset: Int, count: Int, _ operation: String) throws -> Range<Int> {
        let (end, overflow) = offset.addingReportingOverflow(count)
        guard !overflow, offset >= 0, count >= 0, end <= self.count else {
            let upper = overflow ? Int.max : end
            throw SwiftCLError.rangeOutOfBounds(operation: operation, requested: offset..<max(offset, upper), bound: self.count)
        }
        return offset..<end
    }

    public var kernelArgument: KernelArgumentValue {
        KernelArgumentValue(.memory(self, elementTypeName: elementTypeName))
    }

    override var declaredKernelAccess: KernelAccess { kernelAccess }

    override var kindDescription: String { "Buffer<\(Element.self)>" }
}
