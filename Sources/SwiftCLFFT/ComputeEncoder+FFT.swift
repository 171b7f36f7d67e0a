import SwiftCL

/// Fast Fourier transforms on clFFT, enqueued in order with the closure's other commands; each returns its
/// `CommandEvent`. Shapes are row-major like `DeviceArray`'s (`[rows, columns]`, the last dimension contiguous), 1 to 3
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
                                  direction: FFTDirection = .forward) throws -> CommandEvent {
        try transform(.complexToComplex, T.self, input, into: output, shape: shape, batch: batch, direction: direction, routine: "fft")
    }

    /// ``fft(_:into:shape:batch:direction:)`` in place: `data` holds the transform's result afterwards.
    /// - Throws: as ``fft(_:into:shape:batch:direction:)``.
    @discardableResult
    public func fft<T: FFTScalar>(inPlace data: Buffer<SIMD2<T>>, shape: [Int], batch: Int = 1,
                                  direction: FFTDirection = .forward) throws -> CommandEvent {
        try fft(data, into: data, shape: shape, batch: batch, direction: direction)
    }

    /// The forward transform of real data: each of `batch` real arrays of `shape` in `input` gives a complex array of
    /// `shape` with the last dimension `n/2 + 1` long in `output` (the other values are the complex conjugates of
    /// these, as in numpy's `rfftn`). Out of place only.
    /// - Throws: as ``fft(_:into:shape:batch:direction:)``.
    @discardableResult
    public func realFFT<T: FFTScalar>(_ input: Buffer<T>, into output: Buffer<SIMD2<T>>, shape: [Int], batch: Int = 1) throws -> CommandEvent {
        try transform(.realToComplex, T.self, input, into: output, shape: shape, batch: batch, direction: .forward, routine: "realFFT")
    }

    /// The inverse of ``realFFT(_:into:shape:batch:)``: `batch` half-spectra (last dimension `n/2 + 1` of `shape`'s
    /// `n`) in `input` give real arrays of `shape` in `output`, divided by the number of elements (numpy's `irfftn`).
    /// `input` is left as it was.
    /// - Throws: as ``fft(_:into:shape:batch:direction:)``.
    @discardableResult
    public func inverseRealFFT<T: FFTScalar>(_ input: Buffer<SIMD2<T>>, into output: Buffer<T>, shape: [Int], batch: Int = 1) throws -> CommandEvent {
        try transform(.complexToReal, T.self, input, into: output, shape: shape, batch: batch, direction: .inverse,
                      routine: "inverseRealFFT")
    }

    /// Checks a transform's shape and buffers, then enqueues it (a batch of 0: only a marker).
    private func transform<T: FFTScalar, I, O>(_ kind: FFTGeometry.Kind, _: T.Type, _ input: Buffer<I>, into output: Buffer<O>,
                                               shape: [Int], batch: Int, direction: FFTDirection, routine: String) throws -> CommandEvent {
        let geometry = try FFTGeometry(kind, shape: shape, batch: batch, routine: routine)
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
        return try ClFFT.enqueue(geometry, T.self, direction: direction, on: self, input: input, output: output, routine: routine)
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
