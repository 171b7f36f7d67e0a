/// How an ``SVMBuffer`` is shared between the host and the devices.
public enum SVMGranularity: Sendable, Hashable, CustomStringConvertible {
    /// Shared addresses; the host reaches the contents through a map (``ComputeEncoder/withMapped(_:_:)``), which
    /// also makes the device's writes visible.
    case coarseGrain
    /// The host reads and writes the contents directly (``SVMBuffer/withUnsafeMutableBufferPointer(_:)``) while no
    /// command uses them.
    case fineGrain
    /// Fine grain with atomics coherent between the host and the device while commands run.
    case fineGrainWithAtomics

    /// The capabilities every device of the context needs for this granularity.
    var required: SVMCapabilities {
        switch self {
        case .coarseGrain: .coarseGrainBuffer
        case .fineGrain: .fineGrainBuffer
        case .fineGrainWithAtomics: [.fineGrainBuffer, .atomics]
        }
    }

    /// Throws ``SwiftCLError/svmUnsupported(device:requested:offered:)`` for the first device (name, capabilities)
    /// that lacks this granularity.
    package func checkOffered(by devices: [(name: String, capabilities: SVMCapabilities)]) throws {
        for device in devices where !device.capabilities.isSuperset(of: required) {
            throw SwiftCLError.svmUnsupported(device: device.name, requested: self, offered: device.capabilities)
        }
    }

    public var description: String {
        switch self {
        case .coarseGrain: "coarse-grain buffer"
        case .fineGrain: "fine-grain buffer"
        case .fineGrainWithAtomics: "fine-grain buffer with atomics"
        }
    }
}

/// Shared virtual memory (OpenCL 2.0): `count` elements that the host and every device of the context address with
/// the same pointer, so pointers stored inside the data (a linked list, a tree, a graph) are valid on both sides.
///
/// Pass it (or ``pointer(at:)``, a pointer into it) to a `global` pointer parameter like a buffer; a launch keeps it
/// alive until the kernel completes. A kernel that follows pointers stored in the data to *other* allocations names
/// them with ``ComputeEncoder/launch(_:_:arguments:reaching:)``. The allocation is freed when the last reference
/// (yours or a pending command's) goes.
public final class SVMBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
    // @unchecked: the pointer and the counts never change after init; the contents are shared memory whose accesses
    // are ordered by the queue (device) and by the caller (host, between commands), as a Buffer's mapped memory is.

    /// The elements.
    public let count: Int
    public let granularity: SVMGranularity
    public let context: Context
    /// The shared address of element 0 (valid on the host and on the devices).
    public let baseAddress: UnsafeMutableRawPointer

    /// Allocates `count` elements of `granularity` for every device of `context`.
    /// - Throws: ``SwiftCLError/svmUnsupported(device:requested:offered:)`` naming a device without that granularity
    ///   and what it offers; ``SwiftCLError/invalidCount(operation:count:minimum:)``,
    ///   ``SwiftCLError/sizeOverflow(operation:)``, ``SwiftCLError/allocationTooLarge(byteCount:limit:device:)``;
    ///   ``OpenCLError`` when the runtime has no memory for it.
    public init(count: Int, granularity: SVMGranularity = .coarseGrain, context: Context) throws {
        try granularity.checkOffered(by: context.devices.map { ($0.name, $0.svmCapabilities) })
        let byteCount = try Buffer<Element>.checkedByteCount(count, context: context)
        self.count = count
        self.granularity = granularity
        self.context = context
        baseAddress = try CL.svmAlloc(context.id, flags: granularity.flags, byteCount: byteCount,
                                      alignment: Swift.max(MemoryLayout<Element>.alignment, 128))
        LiveObjectCounts.track(.svmBuffer, +1)
    }

    deinit {
        CL.svmFree(context.id, baseAddress)
        LiveObjectCounts.track(.svmBuffer, -1)
    }

    /// The bytes the elements take.
    public var byteCount: Int { count * MemoryLayout<Element>.stride }

    /// A kernel argument pointing at element `index` (`0...count`: one past the end is a valid end pointer).
    /// - Throws: ``SwiftCLError/rangeOutOfBounds(operation:requested:bound:)`` outside that range.
    public func pointer(at index: Int) throws -> KernelArgumentValue {
        guard (0...count).contains(index) else {
            throw SwiftCLError.rangeOutOfBounds(operation: "SVMBuffer.pointer(at:)", requested: index..<Swift.max(index, index &+ 1), bound: count)
        }
        return KernelArgumentValue(.svm(self, byteOffset: index * MemoryLayout<Element>.stride,
                                        elementTypeName: (Element.self as? any KernelScalar.Type)?.openCLTypeName))
    }

    /// The shared address of element `index` as the device sees it, to store inside the data (a `next` pointer).
    /// - Throws: as ``pointer(at:)``.
    public func address(of index: Int) throws -> UInt64 {
        guard (0...count).contains(index) else {
            throw SwiftCLError.rangeOutOfBounds(operation: "SVMBuffer.address(of:)", requested: index..<Swift.max(index, index &+ 1), bound: count)
        }
        return UInt64(UInt(bitPattern: baseAddress + index * MemoryLayout<Element>.stride))
    }

    /// Runs `body` with the elements in place, for fine-grain allocations (no copy, no map). Only while no command
    /// that uses the allocation is running: wait for its queue or event first.
    /// - Throws: ``SwiftCLError/svmHostAccess(_:)`` for a coarse-grain allocation (map it:
    ///   ``ComputeEncoder/withMapped(_:_:)``); what `body` throws.
    public func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) throws -> R) throws -> R {
        guard granularity != .coarseGrain else {
            throw SwiftCLError.svmHostAccess("a coarse-grain SVMBuffer is read and written on the host through a map "
                                             + "(ComputeEncoder.withMapped), not directly")
        }
        return try body(UnsafeMutableBufferPointer(start: baseAddress.assumingMemoryBound(to: Element.self), count: count))
    }
}

extension SVMBuffer: KernelArgument {
    /// The allocation's base address, for a `global` pointer parameter of the element type.
    public var kernelArgument: KernelArgumentValue {
        KernelArgumentValue(.svm(self, byteOffset: 0, elementTypeName: (Element.self as? any KernelScalar.Type)?.openCLTypeName))
    }
}

/// Any SVM allocation, for the list of those a kernel reaches through pointers in data.
public protocol SVMAllocation: AnyObject, Sendable {
    var baseAddress: UnsafeMutableRawPointer { get }
    var byteCount: Int { get }
    var context: Context { get }
}

extension SVMBuffer: SVMAllocation {}
