extension ComputeQueue {
    /// Records the launches, device copies (`copy`, `copyRect`, image↔image and image↔buffer copies), fills of
    /// buffers and images, and barriers `body` makes — typed kernels and `DeviceArray` expressions included — into a
    /// ``CommandRecording`` that ``ComputeEncoder/replay(_:)`` enqueues again, as often as needed, with one call where the
    /// device has `cl_khr_command_buffer`.
    ///
    /// Nothing runs while recording. Every command is checked as it would be when enqueued, with the arguments it
    /// has now (a replay binds the same ones); any other command (a host read or write, a map, an event, a marker, a
    /// host command, an SVM command) throws ``SwiftCLError/notRecordable(operation:)`` naming it, and the recording
    /// is not made. The commands replay in the order they were recorded, also on an out-of-order queue.
    ///
    /// - Parameters:
    ///   - engine: ``RecordingEngine/commandBuffer`` or ``RecordingEngine/oneByOne``; by default the command buffer where
    ///     the device and queue allow one, and one by one elsewhere (``CommandRecording/fallbackReason`` says why).
    ///   - body: The commands to record, given the recording encoder; it runs once, on the calling thread.
    /// - Throws: what `body` throws, ``SwiftCLError/notRecordable(operation:)``,
    ///   ``SwiftCLError/commandBufferUnsupported(device:reason:)`` when a command buffer was asked for and cannot be had,
    ///   ``OpenCLError``.
    public func record(engine: RecordingEngine? = nil, _ body: (ComputeEncoder) throws -> Void) throws -> CommandRecording {
        try record(engine: engine, simultaneousUse: nil, body)
    }

    /// ``record(engine:_:)`` whose command buffer asks for simultaneous use as `simultaneousUse` says (nil: where the
    /// device offers it); tests use `false` for the replay path of devices without it.
    package func record(engine: RecordingEngine?, simultaneousUse: Bool?, _ body: (ComputeEncoder) throws -> Void) throws
        -> CommandRecording {
        let (target, fallbackReason) = try recordingTarget(engine, simultaneousUse: simultaneousUse)
        let recorder = CommandRecorder(target)
        var lists = EncoderLists()
        let encoder = ComputeEncoder(queue: self, measuring: false, reusing: &lists, recorder: recorder)
        do {
            try RecordingScope.recording(with: encoder) { try body(encoder) }
        } catch {
            _ = encoder.endRecording()
            throw error
        }
        let retained = encoder.endRecording()
        try recorder.finalize()
        return CommandRecording(queue: self, fallbackReason: fallbackReason, storage: .init(recorder: recorder, retained: retained))
    }

    /// Enqueues `body`'s commands and returns without waiting for them or making an event: the path for libraries
    /// whose operations return before their commands complete (`DeviceArray` expressions, reductions, scans, sorts).
    /// Inside a ``record(engine:_:)`` closure of this queue on the same thread, `body` receives the recording encoder,
    /// so those operations are recorded with the closure's own commands.
    /// - Throws: what `body` throws, ``OpenCLError``.
    @available(*, noasync, message: "briefly blocks the calling thread while the closure enqueues; use submit(_:) from async code")
    public func enqueue(_ body: (ComputeEncoder) throws -> Void) throws {
        if let encoder = RecordingScope.encoder(recording: self) { return try body(encoder) }
        _ = try submit(body)
    }

    /// Where a recording for this queue goes, and why not into a command buffer when SwiftCL chose one by one.
    private func recordingTarget(_ engine: RecordingEngine?, simultaneousUse asked: Bool?) throws -> (CommandRecorder.Target, String?) {
        if engine == .oneByOne { return (.oneByOne, nil) }
        switch commandBufferAvailability() {
        case let .success((entryPoints, offered)):
            let simultaneousUse = asked ?? offered
            let handle = try CL.createCommandBufferKHR(entryPoints, queue: id, simultaneousUse: simultaneousUse)
            return (.commandBuffer(handle, entryPoints, simultaneousUse: simultaneousUse), nil)
        case let .failure(reason):
            if engine == .commandBuffer { throw SwiftCLError.commandBufferUnsupported(device: device.name, reason: reason.text) }
            return (.oneByOne, reason.text)
        }
    }

    /// Why this queue cannot record a command buffer.
    private struct Unavailable: Error { let text: String }

    /// The extension's entry points and whether replays may overlap, or why there is no command buffer for this queue.
    private func commandBufferAvailability() -> Result<(CommandBufferEntryPoints, Bool), Unavailable> {
        let required = device.commandBufferRequiredQueueProperties
        let properties = required == 0 ? 0 : (try? CL.getCommandQueueInfo(id, .CL_QUEUE_PROPERTIES).value(UInt64.self)) ?? 0
        if let refusal = Self.commandBufferRefusal(capabilities: device.commandBufferCapabilities, outOfOrder: isOutOfOrder,
                                                   requiredQueueProperties: required, queueProperties: properties) {
            return .failure(Unavailable(text: refusal))
        }
        switch CommandBufferEntryPoints.load(platform: device.platform.id) {
        case let .success(entryPoints):
            return .success((entryPoints, device.commandBufferCapabilities?.contains(.simultaneousUse) ?? false))
        case let .failure(missing):
            return .failure(Unavailable(text: "the platform gives no address for \(missing.name)"))
        }
    }

    /// Why a queue cannot record a command buffer, from what its device reports (nil: it can). Package-visible so tests
    /// can describe devices PoCL is not.
    package static func commandBufferRefusal(capabilities: CommandBufferCapabilities?, outOfOrder: Bool,
                                             requiredQueueProperties required: UInt64, queueProperties: UInt64) -> String? {
        guard let capabilities else { return "the device does not report cl_khr_command_buffer" }
        if outOfOrder, !capabilities.contains(.outOfOrder) {
            return "the queue is out of order and the device's command buffers are not (capabilities: \(capabilities))"
        }
        if required & ~queueProperties != 0 {
            return "the queue lacks properties its command buffers require (CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR "
                + "0x\(String(required, radix: 16)), the queue has 0x\(String(queueProperties, radix: 16)))"
        }
        return nil
    }
}
