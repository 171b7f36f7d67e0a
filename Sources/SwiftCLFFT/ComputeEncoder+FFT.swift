import SwiftCL

/// Fast Fourier transforms on VkFFT, clFFT or, on a CPU device, FFTW (``FFTEngine``), enqueued in order with the closure's
/// other commands; each returns its `CommandEvent`. Shapes are row-major like `DeviceArray`'s (`[rows, columns]`, the last dimension contiguous), 1 to 3
/// dimensions; `batch` transforms lie one after another in each buffer. Buffers are used from their first element,
/// packed. Plans are made on first use of a (context, device, precision, kind, shape, batch, placement) and cached.
extension ComputeEncoder {
    /// A complex-to-complex transform of `batch` arrays of `shape` from `input` into `output` (`input` itself when
    /// both are the same buffer: in place). ``FFTDirection/inverse`` divides by the number of elements per transform.
    /// - Throws: `FFTError.Code.unsupportedLength` naming the length and its factor,
    ///   `FFTError.Code.bufferTooSmall` naming the buffer, `FFTError.Code.invalidArgument`,
    ///   `FFTError.Code.unsupportedPrecision`, `FFTError.Code.library` (a clFFT failure), and SwiftCL's errors for
    ///   an expired encoder or a buffer of another context.
    @discardableResult
    public func fft<T: FFTScalar>(_ input: Buffer<SIMD2<T>>, into output: Buffer<SIMD2<T>>, shape: [Int], batch: Int = 1,
                                  direction: FFTDirection = .forward, engine: FFTEngine = .preferred) throws -> CommandEvent {
        try transform(.complexToComplex, T.self, input, into: output, shape: shape, batch: batch, direction: direction, routine: "fft",
                      engine: engine)
    }

    /// ``fft(_:into:shape:batch:direction:engine:)`` in place: `data` holds the transform's result afterwards.
    /// - Throws: as ``fft(_:into:shape:batch:direction:engine:)``.
    @discardableResult
    public func fft<T: FFTScalar>(inPlace data: Buffer<SIMD2<T>>, shape: [Int], batch: Int = 1,
                                  direction: FFTDirection = .forward, engine: FFTEngine = .preferred) throws -> CommandEvent {
        try fft(data, into: data, shape: shape, batch: batch, direction: direction, engine: engine)
    }

    /// The forward transform of real data: each of `batch` real arrays of `shape` in `input` gives a complex array of
    /// `shape` with the last dimension `n/2 + 1` long in `output` (the other values are the complex conjugates of
    /// these, as in numpy's `rfftn`). Out of place only.
    /// - Throws: as ``fft(_:into:shape:batch:direction:engine:)``.
    @discardableResult
    public func realFFT<T: FFTScalar>(_ input: Buffer<T>, into output: Buffer<SIMD2<T>>, shape: [Int], batch: Int = 1,
                                      engine: FFTEngine = .preferred) throws -> CommandEvent {
        try transform(.realToComplex, T.self, input, into: output, shape: shape, batch: batch, direction: .forward, routine: "realFFT",
                      engine: engine)
    }

    /// The inverse of ``realFFT(_:into:shape:batch:engine:)``: `batch` half-spectra (last dimension `n/2 + 1` of `shape`'s
    /// `n`) in `input` give real arrays of `shape` in `output`, divided by the number of elements (numpy's `irfftn`).
    /// `input` is left as it was.
    /// - Throws: as ``fft(_:into:shape:batch:direction:engine:)``.
    @discardableResult
    public func inverseRealFFT<T: FFTScalar>(_ input: Buffer<SIMD2<T>>, into output: Buffer<T>, shape: [Int], batch: Int = 1,
                                             engine: FFTEngine = .preferred) throws -> CommandEvent {
        try transform(.complexToReal, T.self, input, into: output, shape: shape, batch: batch, direction: .inverse,
                      routine: "inverseRealFFT", engine: engine)
    }

    /// Checks a transform's shape and buffers, then enqueues it (a batch of 0: only a marker).
    private func transform<T: FFTScalar, I, O>(_ kind: FFTGeometry.Kind, _: T.Type, _ input: Buffer<I>, into output: Buffer<O>,
                                               shape: [Int], batch: Int, direction: FFTDirection, routine: String,
                                               engine: FFTEngine) throws -> CommandEvent {
        let host = try engine.hostFFT(T.self, on: device, routine: routine)
        let geometry = try FFTGeometry(kind, shape: shape, batch: batch, routine: routine,
                                       anyLength: host != nil || engine.judgesLengthsItself)
        try check(input, holds: geometry.inputDistance, batch: batch, "input", routine)
        try check(output, holds: geometry.outputDistance, batch: batch, "output", routine)
        if batch == 0 { return try marker() }
        // clFFT runs out of place unless both are one buffer object: an output over the input's memory through another
        // object (a sub-buffer, a reinterpretation) would be overwritten while it is read.
        let read = input.memoryFootprint(elements: 0..<(geometry.inputDistance * batch))
        if input !== output, read.overlaps(output.memoryFootprint(elements: 0..<(geometry.outputDistance * batch))) {
            throw FFTError(.invalidArgument, routine: routine,
                           "the output shares memory with the input through another buffer object; pass one buffer for an in-place "
                           + "complex transform (fft(inPlace:)), or separate memory")
        }
        if let host {
            return try hostTransform(host, geometry, T.self, direction: direction, input: input, output: output, routine: routine)
        }
        if engine.deviceEngine(geometry) == .vkfft {
            return try VkFFT.enqueue(geometry, T.self, direction: direction, on: self, input: input, output: output, routine: routine)
        }
        // Lengths judged by clFFT's engine's rules where the engine asked for judged them itself (VkFFT sends a real
        // transform whose last axis is 1 long here).
        if engine.judgesLengthsItself { _ = try FFTGeometry(kind, shape: shape, batch: batch, routine: routine) }
        // A length clFFT has no kernels for: one axis at a time, those through Bluestein's algorithm.
        if AxisByAxis.isNeeded(for: geometry) {
            return try AxisByAxis.enqueue(geometry, T.self, direction: direction, on: self, input: input, output: output, routine: routine)
        }
        return try ClFFT.enqueue(geometry, T.self, direction: direction, on: self, input: input, output: output, routine: routine)
    }

    /// One batched transform on FFTW as a command of the queue: the plan is made (or found) now, it runs on the
    /// buffers' storage when the command runs; an inverse is divided by the elements per transform afterwards.
    private func hostTransform<T: FFTScalar, I, O>(_ host: HostFFT, _ geometry: FFTGeometry, _: T.Type, direction: FFTDirection,
                                                   input: Buffer<I>, output: Buffer<O>, routine: String) throws -> CommandEvent {
        let inPlace = input === output
        let plan = try host.plan(geometry, forward: direction == .forward, inPlace: inPlace, routine: routine)
        let scale: T? = direction == .inverse ? 1 / T(geometry.shape.reduce(1, *)) : nil
        let outputScalars = geometry.outputDistance * geometry.batch * (geometry.kind == .complexToReal ? 1 : 2)
        let inputBytes = geometry.inputDistance * geometry.batch * MemoryLayout<I>.stride
        let outputBytes = geometry.outputDistance * geometry.batch * MemoryLayout<O>.stride
        let kind = geometry.kind
        return try hostCommand(using: inPlace ? [input] : [input, output], label: "\(routine) (FFTW)") { storage in
            let source = storage[0], destination = inPlace ? storage[0] : storage[1]
            // The plans use FFTW's SIMD codelets, which need the alignment of fftw_malloc: buffers start at the device's
            // base-address alignment (128 bytes here), so they have it; an array that does not goes through scratch.
            func aligned(_ pointer: UnsafeMutableRawPointer) -> Bool { Int(bitPattern: pointer) % 64 == 0 }
            var scratch: [UnsafeMutableRawPointer] = []
            defer { scratch.forEach(host.free) }
            var from = source
            // FFTW's complex-to-real transforms overwrite their input; SwiftCLFFT's leave it as it was.
            if kind == .complexToReal || !aligned(source) {
                guard let copy = host.scratch(bytes: inputBytes) else { return }
                copy.copyMemory(from: source, byteCount: inputBytes)
                scratch.append(copy)
                from = copy
            }
            var to = inPlace ? from : destination
            if !inPlace, !aligned(destination) {
                guard let staging = host.scratch(bytes: outputBytes) else { return }
                scratch.append(staging)
                to = staging
            }
            host.execute(plan, kind, from: from, to: to)
            if to != destination { destination.copyMemory(from: to, byteCount: outputBytes) }
            if let scale {
                let values = destination.assumingMemoryBound(to: T.self)
                for index in 0..<outputScalars { values[index] *= scale }
            }
        }
    }

    /// Refuses a buffer smaller than `batch` transforms of `distance` elements, naming it.
    private func check<E>(_ buffer: Buffer<E>, holds distance: Int, batch: Int, _ name: String, _ routine: String) throws {
        let (needed, overflow) = distance.multipliedReportingOverflow(by: batch)
        guard !overflow, buffer.count >= needed else {
            throw FFTError(.bufferTooSmall, routine: routine,
                           "\(name) has \(buffer.count) elements; \(batch) transform\(batch == 1 ? "" : "s") of \(distance) need \(needed)")
        }
    }
}
