/// Host functions as commands of the queue (`clEnqueueNativeKernel`), for devices that compute in host memory.
extension ComputeEncoder {
    /// Runs `body` as a command of this queue, in order with the others: it starts once the commands before it (and
    /// those an enclosing ``waiting(for:_:)`` names) have completed, the commands after it wait for it, and its event
    /// times it like any command's. `body` gets the address of each buffer's storage as the device sees it (on a CPU
    /// device, host memory: an optimised host library can work on it in place), in the order given, and runs on one of
    /// the device's threads; the buffers stay alive until it has run. It must not throw or block on this queue.
    ///
    /// Only devices whose `CL_DEVICE_EXECUTION_CAPABILITIES` include native kernels offer this (``Device/supportsNativeKernels``:
    /// PoCL's CPU device does, GPUs do not).
    /// - Throws: ``SwiftCLError/nativeKernelsUnsupported(device:operation:)``,
    ///   ``SwiftCLError/contextMismatch(object:belongsTo:expected:)``, ``OpenCLError``.
    @discardableResult
    public func hostCommand(using buffers: [MemoryObject], label: String = "host command",
                            _ body: @escaping @Sendable (_ storage: [UnsafeMutableRawPointer]) -> Void) throws -> CommandEvent {
        try checkUsable()
        guard device.supportsNativeKernels else {
            throw SwiftCLError.nativeKernelsUnsupported(device: device.name, operation: "hostCommand")
        }
        for buffer in buffers { try checkContext(buffer, operation: "hostCommand") }
        // Each allocation once: a sub-buffer is reached through its root allocation and origin (PoCL gives sub-buffers
        // no address of their own).
        var roots: [MemoryObject] = []
        let places = buffers.map { buffer in
            let (root, offset) = buffer.storageRoot
            if let index = roots.firstIndex(where: { $0 === root }) { return (root: index, offset: offset) }
            roots.append(root)
            return (root: roots.count - 1, offset: offset)
        }
        let command = HostCommand(body: body, places: places, roots: roots.count)
        // One small native kernel per allocation records its address: with several memory objects in one native kernel
        // PoCL 3.1 fills the slots in an order of its own (seen: not the list's), so no command relies on that order.
        // They run first (in order, or waited for on an out-of-order queue) and move each allocation's contents to the
        // device, marking it changed, so the body sees the latest contents and later commands see what it wrote.
        var captures: [CLEvent] = []
        for (index, root) in roots.enumerated() {
            let retained = Unmanaged.passRetained(command)
            var block: [UnsafeRawPointer?] = [UnsafeRawPointer(retained.toOpaque()), UnsafeRawPointer(bitPattern: index + 1), nil]
            do {
                let event = try block.withUnsafeMutableBytes { raw in
                    try CL.enqueueNativeKernel(queue.id, function: recordHostCommandAddress, arguments: raw, memory: [root.id],
                                               memoryOffsets: [2 * MemoryLayout<UnsafeRawPointer?>.stride],
                                               options: enqueueOptions(wantEvent: true))
                }
                if let event { captures.append(event) }
            } catch {
                retained.release()
                throw error
            }
        }
        let retained = Unmanaged.passRetained(command)
        var block: [UnsafeRawPointer?] = [UnsafeRawPointer(retained.toOpaque())]
        let event: CLEvent?
        do {
            event = try block.withUnsafeMutableBytes { raw in
                try CL.enqueueNativeKernel(queue.id, function: runHostCommand, arguments: raw, memory: [], memoryOffsets: [],
                                           options: EnqueueOptions(wantEvent: true, waitList: pendingWaits + captures))
            }
        } catch {
            retained.release()
            throw error
        }
        guard let event else { throw OpenCLError(status: .invalidEvent, routine: "clEnqueueNativeKernel returned no event") }
        record(event, label: label)
        inFlight.append(contentsOf: buffers as [AnyObject])
        inFlight.append(contentsOf: roots as [AnyObject])
        return CommandEvent(event, context: context, label: label)
    }
}

/// One ``ComputeEncoder/hostCommand(using:label:_:)``: its body, where each buffer lies, and the allocations' addresses
/// as the capture commands record them (each written by one command that completes before the body's command starts).
private final class HostCommand: @unchecked Sendable {
    let body: @Sendable ([UnsafeMutableRawPointer]) -> Void
    /// Each buffer's allocation (an index into `addresses`) and byte offset into it.
    let places: [(root: Int, offset: Int)]
    let addresses: UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>

    init(body: @escaping @Sendable ([UnsafeMutableRawPointer]) -> Void, places: [(root: Int, offset: Int)], roots: Int) {
        self.body = body
        self.places = places
        addresses = .allocate(capacity: max(roots, 1))
        addresses.initialize(repeating: nil)
    }

    deinit { addresses.deallocate() }
}

/// A capture command: the argument block holds the command (released here), the allocation's index + 1, and the slot
/// OpenCL filled with its address.
private func recordHostCommandAddress(_ arguments: UnsafeMutableRawPointer?) {
    guard let slots = arguments?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self), let first = slots[0] else { return }
    let command = Unmanaged<HostCommand>.fromOpaque(first).takeRetainedValue()
    let index = Int(bitPattern: slots[1]) - 1
    command.addresses[index] = slots[2]
}

/// The body's command: the argument block holds the command (released here).
private func runHostCommand(_ arguments: UnsafeMutableRawPointer?) {
    guard let slots = arguments?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self), let first = slots[0] else { return }
    let command = Unmanaged<HostCommand>.fromOpaque(first).takeRetainedValue()
    let storage = command.places.enumerated().map { index, place in
        guard let base = command.addresses[place.root] else { fatalError("OpenCL gave no address for buffer \(index)") }
        return base + place.offset
    }
    command.body(storage)
}
