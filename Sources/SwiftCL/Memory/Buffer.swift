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
    /// Where the buffer's bytes lie in a buffer that is not a sub-buffer (itself, from 0, unless it is one), so
    /// a sub-buffer of a sub-buffer can be made from the root, as OpenCL requires.
    let placement: BufferPlacement
    /// The shared virtual memory the buffer's bytes are (``init(sharing:access:)``), kept alive with it; nil otherwise.
    public let sharedAllocation: SVMBuffer<Element>?

    /// Where a buffer's memory lives.
    public enum Memory: Hashable, Sendable {
        /// Wherever the runtime chooses.
        case runtimeChosen
        /// Host-accessible memory the runtime allocates (`CL_MEM_ALLOC_HOST_PTR`): maps need no copy on CPU devices
        /// and the memory can be transferred to a GPU without staging.
        case hostAllocated
    }

    /// An uninitialised buffer of `count` elements, in `memory`.
    /// - Throws: ``SwiftCLError/invalidCount(operation:count:minimum:)`` for a count below 1, ``SwiftCLError/sizeOverflow(operation:)``,
    ///   ``SwiftCLError/allocationTooLarge(byteCount:limit:device:)`` (naming the device limit), ``OpenCLError``.
    public convenience init(count: Int, context: Context, access: KernelAccess = .readWrite, hostAccess: HostAccess = .readWrite,
                            memory: Memory) throws {
        let byteCount = try Self.checkedByteCount(count, context: context)
        let flags = access.flags | hostAccess.flags
        let handle = switch memory {
        case .runtimeChosen: try CL.createBuffer(context.id, flags: flags, byteCount: byteCount, copying: nil)
        case .hostAllocated: try CL.createBuffer(context.id, flags: flags, byteCount: byteCount, allocatingHostMemory: ())
        }
        self.init(owning: handle, count: count, byteCount: byteCount, context: context, access: access, hostAccess: hostAccess)
    }

    /// A buffer over `memory` the caller owns (`CL_MEM_USE_HOST_PTR`): on CPU devices kernels and maps use those
    /// bytes directly (zero copy). Unsafe because of its lifetime rule: `memory` must stay allocated, and must not
    /// be read or written except through this buffer's maps and transfers, until the buffer and every command
    /// using it are gone.
    /// - Throws: as ``init(count:context:access:hostAccess:)``.
    public static func unsafeWrapping(_ memory: UnsafeMutableBufferPointer<Element>, context: Context, access: KernelAccess = .readWrite,
                                      hostAccess: HostAccess = .readWrite) throws -> Buffer<Element> {
        let byteCount = try checkedByteCount(memory.count, context: context)
        guard let base = memory.baseAddress else {
            throw SwiftCLError.invalidCount(operation: "Buffer.unsafeWrapping", count: 0, minimum: 1)
        }
        let handle = try CL.createBuffer(context.id, flags: access.flags | hostAccess.flags, byteCount: byteCount,
                                         using: UnsafeMutableRawPointer(base))
        return Buffer(owning: handle, count: memory.count, byteCount: byteCount, context: context, access: access,
                      hostAccess: hostAccess, hostAddress: UnsafeMutableRawPointer(base))
    }

    /// An uninitialised buffer of `count` elements.
    /// - Throws: ``SwiftCLError/invalidCount(operation:count:minimum:)`` for a count below 1, ``SwiftCLError/sizeOverflow(operation:)``, ``SwiftCLError/allocationTooLarge(byteCount:limit:device:)`` (naming the device limit), ``OpenCLError``.
    public convenience init(count: Int, context: Context, access: KernelAccess = .readWrite,
                            hostAccess: HostAccess = .readWrite) throws {
        try self.init(count: count, context: context, access: access, hostAccess: hostAccess, memory: .runtimeChosen)
    }

    /// An uninitialised buffer of `count` elements (kernels and the host read and write it) from `pool`: memory the
    /// pool holds of the same byte count when it has some, else a new allocation; either way the memory returns to
    /// the pool when the buffer goes away (see ``MemoryPool``).
    /// - Throws: as ``init(count:context:access:hostAccess:)``.
    public convenience init(count: Int, context: Context, pool: MemoryPool) throws {
        let byteCount = try Self.checkedByteCount(count, context: context)
        let reused = pool.take(byteCount: byteCount, context: context)
        let handle = try reused
            ?? CL.createBuffer(context.id, flags: KernelAccess.readWrite.flags | HostAccess.readWrite.flags, byteCount: byteCount, copying: nil)
        self.init(owning: handle, count: count, byteCount: byteCount, context: context, access: .readWrite, hostAccess: .readWrite, pool: pool,
                  reusesPooledMemory: reused != nil)
        if reused == nil { try prepareNewMemory() }
    }

    /// A buffer initialised with a copy of `elements` (`CL_MEM_COPY_HOST_PTR`).
    /// - Throws: as ``init(count:context:access:hostAccess:)``.
    public convenience init<C: Collection<Element>>(
        copying elements: C, context: Context, access: KernelAccess = .readWrite, hostAccess: HostAccess = .readWrite
    ) throws {
        let count = elements.count
        let byteCount = try Self.checkedByteCount(count, context: context)
        func make(_ pointer: UnsafeBufferPointer<Element>) throws -> MemoryHandle {
            try CL.createBuffer(context.id, flags: access.flags | hostAccess.flags, byteCount: byteCount,
                                copying: UnsafeRawPointer(pointer.baseAddress))
        }
        let handle = try elements.withContiguousStorageIfAvailable { try make($0) } ?? Array(elements).withUnsafeBufferPointer { try make($0) }
        self.init(owning: handle, count: count, byteCount: byteCount, context: context, access: access, hostAccess: hostAccess)
    }

    /// Whether the buffer's memory came from a pool (used before, so its pages are there: on a CPU device
    /// non-temporal stores into it need not fault them in first).
    package let reusesPooledMemory: Bool

    /// Takes ownership of one reference to a `cl_mem`: a new buffer's, or a view's (a reinterpretation, a sub-buffer).
    init(owning handle: MemoryHandle, count: Int, byteCount: Int, context: Context, access: KernelAccess,
                 hostAccess: HostAccess, placement: BufferPlacement = BufferPlacement(root: nil, offsetBytes: 0),
                 sharing allocation: SVMBuffer<Element>? = nil, pool: MemoryPool? = nil, reusesPooledMemory: Bool = false,
                 hostAddress: UnsafeMutableRawPointer? = nil) {
        self.count = count
        self.reusesPooledMemory = reusesPooledMemory
        sharedAllocation = allocation
        self.kernelAccess = access
        self.hostAccess = hostAccess
        self.placement = placement
        super.init(id: handle, context: context, byteCount: byteCount, pool: pool,
                   hostAddress: hostAddress ?? allocation.map { UnsafeMutableRawPointer($0.baseAddress) })
    }

    override var storageRoot: (object: MemoryObject, offsetBytes: Int) {
        placement.root.map { ($0, placement.offsetBytes) } ?? (self, 0)
    }

    /// The same memory seen as elements of `T` (the same `cl_mem`, its element count recomputed): the explicit
    /// way to bind data a kernel reads as another type (float bits as `uint`, say), which a launch otherwise refuses.
    /// - Throws: ``SwiftCLError/notWholeElements(operation:byteCount:elementType:elementBytes:)`` when the
    ///   buffer's bytes are not a whole number of `T`; ``OpenCLError``.
    public func reinterpreted<T: BitwiseCopyable>(as _: T.Type) throws -> Buffer<T> {
        let stride = MemoryLayout<T>.stride
        guard byteCount % stride == 0 else {
            throw SwiftCLError.notWholeElements(operation: "reinterpreted(as: \(T.self))", byteCount: byteCount,
                                                elementType: "\(T.self)", elementBytes: stride)
        }
        // The view keeps its root alive (as a sub-buffer does), so a pooled root's memory returns only after its views.
        return Buffer<T>(owning: try CL.retainMemObject(id), count: byteCount / stride, byteCount: byteCount, context: context,
                         access: kernelAccess, hostAccess: hostAccess,
                         placement: placement.root == nil ? BufferPlacement(root: self, offsetBytes: 0) : placement)
    }

    /// A sub-buffer over `range` of this buffer's elements (`clCreateSubBuffer`): commands and kernels on it see
    /// only those elements, written straight into this buffer's memory. Its start must be a multiple of every
    /// device's `CL_DEVICE_MEM_BASE_ADDR_ALIGN`.
    /// - Throws: ``SwiftCLError/rangeOutOfBounds(operation:requested:bound:)``, ``SwiftCLError/invalidCount(operation:count:minimum:)``
    ///   for an empty range, ``SwiftCLError/misalignedSubBuffer(offsetBytes:alignmentBytes:device:)``, ``OpenCLError``.
    public subscript(range: Range<Int>) -> Buffer<Element> {
        get throws {
            let range = try checkedRange(range, "sub-buffer")
            guard !range.isEmpty else { throw SwiftCLError.invalidCount(operation: "sub-buffer", count: 0, minimum: 1) }
            let stride = MemoryLayout<Element>.stride
            let origin = placement.offsetBytes + range.lowerBound * stride
            for device in context.devices {
                let alignment = max(1, device.memoryBaseAddressAlignmentBits / 8)
                guard origin % alignment == 0 else {
                    throw SwiftCLError.misalignedSubBuffer(offsetBytes: origin, alignmentBytes: alignment, device: device.name)
                }
            }
            let root = placement.root ?? self
            let handle = try CL.createSubBuffer(root.id, originBytes: origin, byteCount: range.count * stride)
            return Buffer(owning: handle, count: range.count, byteCount: range.count * stride, context: context, access: kernelAccess,
                          hostAccess: hostAccess, placement: BufferPlacement(root: root, offsetBytes: origin))
        }
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

/// A buffer's bytes within its root buffer (the one that is not a sub-buffer).
struct BufferPlacement {
    /// The root buffer, or nil when the buffer is its own root.
    let root: MemoryObject?
    let offsetBytes: Int
}
