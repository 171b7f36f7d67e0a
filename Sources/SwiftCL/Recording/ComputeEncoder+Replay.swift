extension ComputeEncoder {
    /// Enqueues every command of `recording`, in order, after everything enqueued before: with a command buffer, one
    /// `clEnqueueCommandBufferKHR`; otherwise the commands one by one. Checks nothing again (the commands were checked
    /// when recorded). Composes like a launch: inside ``waiting(for:_:)`` the replay waits for those events first,
    /// inside ``commandEvent(_:)`` (or with ``replay(_:waitingFor:)``) its event comes back, and in a measured closure
    /// it is timed. The recording (and all it keeps alive) stays alive until the replay completes.
    ///
    /// Where the device cannot enqueue a command buffer while an earlier replay of it is pending (no
    /// ``CommandBufferCapabilities/simultaneousUse``), the host waits for that replay first.
    /// - Throws: ``SwiftCLError/recordingQueueMismatch(recordedFor:replayedOn:)`` for a recording of another queue,
    ///   ``SwiftCLError/notRecordable(operation:)`` inside a recording, ``SwiftCLError/encoderExpired``, ``OpenCLError``.
    public func replay(_ recording: CommandRecording) throws {
        try checkUsable()
        guard recording.queue === queue else {
            throw SwiftCLError.recordingQueueMismatch(recordedFor: "\(recording.queue)", replayedOn: "\(queue)")
        }
        let label = "replay of \(recording.commands.count) commands"
        switch recording.storage.recorder.target {
        case let .commandBuffer(handle, entryPoints, simultaneousUse):
            if simultaneousUse {
                record(try CL.enqueueCommandBufferKHR(entryPoints, handle, options: enqueueOptions), label: label)
            } else {
                // The previous replay's event is kept under the recording's lock until this replay has been enqueued.
                try recording.lastReplay.withLock { last in
                    if let previous = last { try CL.waitForEvents([previous]) }
                    let event = try CL.enqueueCommandBufferKHR(entryPoints, handle, options: enqueueOptions(wantEvent: true))
                    last = event
                    record(event, label: label)
                }
            }
        case .oneByOne:
            try replayOneByOne(recording.storage.recorder.commands, labels: recording.commands)
        }
        keepAlive(recording)
        ReplayPending.replayed(recording.storage.recorder.madeWhileRecording)
    }

    /// ``replay(_:)`` that waits, on the device, for `events` first and returns its own event.
    /// - Throws: as ``replay(_:)``, and ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` for an event of another context.
    @discardableResult
    public func replay(_ recording: CommandRecording, waitingFor events: [CommandEvent]) throws -> CommandEvent {
        try commandEvent(waitingFor: events) { try replay(recording) }
    }

    /// The one-by-one replay: the first command waits for the enclosing wait list; on an out-of-order queue each later
    /// one waits for the one before (a recording replays in order). Each command is labelled and timed like an
    /// enqueued one; the last one's event is the replay's.
    private func replayOneByOne(_ commands: [RecordedCommand], labels: [String]) throws {
        var previous: CLEvent?
        for index in commands.indices {
            let last = index == commands.count - 1
            var options = enqueueOptions(wantEvent: measuring || (capturingEvent && last) || queue.isOutOfOrder)
            if index > 0 { options.waitList = previous.map { [$0] } ?? [] }
            let event = try commands[index].enqueue(on: queue.id, options: options)
            record(event, label: labels[index])
            previous = event
        }
    }
}
