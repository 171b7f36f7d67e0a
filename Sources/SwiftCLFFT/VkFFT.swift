internal import CVkFFT
import SwiftCL

/// The one place SwiftCLFFT calls VkFFT (its OpenCL backend, through `CVkFFT`): plans made on first use of a
/// (context, device, precision, kind, lengths, batch) and cached like clFFT's (``ClFFT``), transforms enqueued on an
/// encoder's queue with their buffers kept alive.
///
/// VkFFT enqueues its kernels on the queue it is given, with no wait list and no events. So:
/// - it runs on in-order queues only (its kernels of one transform must run in turn; an out-of-order queue is refused);
/// - inside ``SwiftCL/ComputeEncoder/waiting(for:_:)``, or when the plan's previous command (from another queue) has
///   not ended, a barrier is enqueued first (a plan's temporary buffers must not serve two commands at once);
/// - the transform's event is a marker enqueued after its kernels.
///
/// Lengths of 1 are dropped (they transform nothing), so `[1, 8]` is the 1-D `[8]`; a complex transform of only
/// 1s is a copy. (A real transform whose last axis is 1 long, and a length with a prime factor above 13, go to
/// clFFT's engine: `FFTEngine.deviceEngine(_:)`.)
/// A forward out-of-place complex transform reads its input directly; an inverse one copies the input to the output
/// and transforms there. A real inverse copies its half spectrum into scratch first (from the context's memory pool),
/// since VkFFT's complex-to-real pass overwrites its input and SwiftCLFFT's leaves it as it was.
///
/// Plans are made on a queue of their own (VkFFT waits there for its set-up commands: Bluestein's tables), so making
/// one never waits for an encoder's commands.
enum VkFFT {
    /// Plans kept at most; the least recently used beyond this is destroyed.
    static let planLimit = 32

    private struct PlanKey: Hashable {
        let context: ObjectIdentifier
        let device: ObjectIdentifier
        let double: Bool
        /// A `swiftcl_vkfft_mode`: 0 complex in place, 1 real, 2 complex forward out of place.
        let mode: UInt32
        let lengths: [Int]
        let batch: Int
    }

    /// The plans, as `swiftcl_vkfft_plan` pointers' bits.
    private static let plans = Locked(PlanCache<PlanKey, UInt>(limit: planLimit) { swiftcl_vkfft_destroy(OpaquePointer(bitPattern: $0)) })

    /// Plans cached for `context` now.
    static func plansCached(in context: Context) -> Int {
        plans.withLock { plans in plans.count(in: context) }
    }

    /// Enqueues one batched transform described by `geometry` from `input` to `output` (the same buffer: in place).
    static func enqueue<T: FFTScalar, I, O>(_ geometry: FFTGeometry, _: T.Type, direction: FFTDirection, on encoder: ComputeEncoder,
                                            input: Buffer<I>, output: Buffer<O>, routine: String) throws -> CommandEvent {
        if T.isDoublePrecision, !encoder.device.supportsDoublePrecision {
            throw FFTError(.unsupportedPrecision, routine: routine, "\(encoder.device.name) lacks cl_khr_fp64 (Double transforms)")
        }
        if encoder.queue.isOutOfOrder {
            throw FFTError(.invalidArgument, routine: routine, "VkFFT enqueues its kernels without events, so it runs on in-order queues "
                           + "only; this queue is out of order (use the clfft engine or .automatic)")
        }
        let real = geometry.kind != .complexToComplex
        // The fastest axis of a real transform stays (it is the real axis, longer than 1 here); other 1s go.
        let lengths = geometry.lengths.enumerated().filter { $0.offset == 0 && real || $0.element > 1 }.map(\.element)
        if !real, let complexInput = input as? Buffer<SIMD2<T>>, let complexOutput = output as? Buffer<SIMD2<T>> {
            // A forward transform reads another buffer directly; an inverse one works on a copy in the output.
            if input !== output, direction == .forward, !lengths.isEmpty {
                return try transform(lengths, geometry.batch, T.self, mode: 2, inverse: false, on: encoder,
                                     complex: complexOutput, input: complexInput, routine: routine)
            }
            if input !== output {
                try encoder.copy(from: complexInput, to: complexOutput, count: geometry.inputDistance * geometry.batch)
            }
            if lengths.isEmpty { return try encoder.marker() }
            return try transform(lengths, geometry.batch, T.self, mode: 0, inverse: direction == .inverse, on: encoder,
                                 complex: complexOutput, input: nil as Buffer<T>?, routine: routine)
        }
        switch (geometry.kind, input, output) {
        case (.realToComplex, let realInput as Buffer<T>, let spectrum as Buffer<SIMD2<T>>):
            return try transform(lengths, geometry.batch, T.self, mode: 1, inverse: false, on: encoder,
                                 complex: spectrum, input: realInput, routine: routine)
        case (.complexToReal, let spectrum as Buffer<SIMD2<T>>, let realOutput as Buffer<T>):
            return try transform(lengths, geometry.batch, T.self, mode: 1, inverse: true, on: encoder,
                                 complex: spectrum, input: realOutput, routine: routine)
        default:
            throw FFTError(.invalidArgument, routine: routine, "buffers of \(I.self) and \(O.self) do not fit a \(geometry.kind) transform")
        }
    }

    /// Finds or makes the plan, gates it behind the events it must wait for, and enqueues VkFFT's kernels and a marker.
    /// `input`: the real buffer of a real plan (mode 1), the complex input of a forward out-of-place one (mode 2).
    private static func transform<T: FFTScalar, I>(_ lengths: [Int], _ batch: Int, _: T.Type, mode: UInt32, inverse: Bool,
                                                   on encoder: ComputeEncoder, complex: Buffer<SIMD2<T>>, input: Buffer<I>?,
                                                   routine: String) throws -> CommandEvent {
        let key = PlanKey(context: ObjectIdentifier(encoder.context), device: ObjectIdentifier(encoder.device),
                          double: T.isDoublePrecision, mode: mode, lengths: lengths, batch: batch)
        return try plans.withLock { plans in
            let handle = try plans.plan(for: key, context: encoder.context) {
                try makePlan(for: key, T.self, encoder: encoder, complex: complex, input: input)
            }
            // Gates: the events of an enclosing `waiting(for:)` (through a marker that carries them) and the plan's
            // previous command when it has not ended (it may be on another queue).
            var gates: [CommandEvent] = []
            if encoder.hasPendingWaits { gates.append(try encoder.marker()) }
            if let previous = plans.unfinishedCommand(of: key) { gates.append(previous) }
            if !gates.isEmpty { try encoder.wait(for: gates) }
            // A real inverse works on a copy of its half spectrum, from the context's memory pool (a buffer the plan
            // kept would keep the context alive: a buffer holds its context).
            var source = complex
            if inverse, mode == 1 {
                let spectrumCount = (lengths[0] / 2 + 1) * lengths.dropFirst().reduce(1, *) * batch
                source = try Buffer(count: spectrumCount, context: encoder.context, pool: encoder.context.memoryPool)
                try encoder.copy(from: complex, to: source, count: spectrumCount)
            }
            let used: [MemoryObject] = [source, complex] + (input.map { [$0] } ?? [])
            let status = try encoder.withUnsafeQueueHandle(keepingAlive: used) { queue in
                try source.withUnsafeHandle { complexHandle in
                    try withOptionalHandle(input) { inputHandle in
                        swiftcl_vkfft_enqueue(OpaquePointer(bitPattern: handle), queue, inverse ? 1 : 0, complexHandle, inputHandle)
                    }
                }
            }
            guard status == 0 else { throw libraryError("VkFFTAppend", status, routine: routine) }
            let command = try encoder.marker()
            try plans.record(command, for: key)
            try encoder.flush()
            return command
        }
    }

    /// A new plan for `key`, made on a queue of its own (nothing waits for the encoder's commands).
    private static func makePlan<T: FFTScalar, I>(for key: PlanKey, _: T.Type, encoder: ComputeEncoder, complex: Buffer<SIMD2<T>>,
                                                  input: Buffer<I>?) throws -> UInt {
        var lengths = key.lengths.map { UInt64($0) }
        var made: OpaquePointer?
        let status = try encoder.device.withUnsafeHandle { device in
            try encoder.context.withUnsafeHandle { context in
                try complex.withUnsafeHandle { complexHandle in
                    try withOptionalHandle(input) { inputHandle in
                        CompilerConsole.routingSummaryLines(of: "initializeVkFFT") {
                            swiftcl_vkfft_create(&made, device, context, swiftcl_vkfft_mode(rawValue: key.mode), UInt32(lengths.count),
                                                 &lengths, UInt64(key.batch), key.double ? 1 : 0, complexHandle, inputHandle)
                        }
                    }
                }
            }
        }
        guard status == 0, let made else { throw libraryError("initializeVkFFT", status, routine: "VkFFT plan for \(key.lengths)") }
        return UInt(bitPattern: made)
    }

    private static func withOptionalHandle<R>(_ buffer: MemoryObject?, _ body: (OpaquePointer?) throws -> R) throws -> R {
        guard let buffer else { return try body(nil) }
        return try buffer.withUnsafeHandle { try body($0) }
    }

    private static func libraryError(_ call: String, _ status: Int32, routine: String) -> FFTError {
        let name = swiftcl_vkfft_result_name(status).map { String(cString: $0) } ?? "VkFFT result"
        return FFTError(.library, routine: call, "\(routine): failed with \(name) (\(status))", status: status)
    }
}
