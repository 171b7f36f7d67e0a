import SwiftCL

/// Transforms on clFFT's engine whose shape has a length clFFT has no kernels for (a prime factor above 13), one axis
/// at a time (the multi-dimensional transform is separable), in order on the encoder's queue:
/// - such an axis runs through ``Bluestein``'s algorithm, which reads and writes strided lines itself;
/// - another axis runs on clFFT: the last (contiguous) one directly as a batch of rows, an earlier one gathered into
///   rows, transformed in place and scattered back;
/// - a real forward transform starts with its last axis (real rows to half spectra), then transforms the others in
///   place in the output; a real inverse transforms the other axes of a copy of its input first (its input stays as
///   it was), then its last axis (half spectra to real rows), like numpy's `rfftn`/`irfftn`.
/// Each axis's inverse divides by its length, so the whole divides by the elements per transform. Work buffers come
/// from the context's memory pool; on an out-of-order queue a barrier keeps the steps in turn.
enum AxisByAxis {
    /// Whether `geometry` needs this path on clFFT's engine: some length has a prime factor clFFT lacks.
    static func isNeeded(for geometry: FFTGeometry) -> Bool {
        geometry.shape.contains { FFTGeometry.unsupportedFactor(of: $0) != nil }
    }

    /// Enqueues one batched transform described by `geometry` from `input` to `output` (the same buffer: in place).
    static func enqueue<T: FFTScalar, I, O>(_ geometry: FFTGeometry, _: T.Type, direction: FFTDirection, on encoder: ComputeEncoder,
                                            input: Buffer<I>, output: Buffer<O>, routine: String) throws -> CommandEvent {
        if T.isDoublePrecision, !encoder.device.supportsDoublePrecision {
            throw FFTError(.unsupportedPrecision, routine: routine, "\(encoder.device.name) lacks cl_khr_fp64 (Double transforms)")
        }
        let shape = geometry.shape, batch = geometry.batch
        let lastAxis = shape.count - 1
        let rows = FFTLines(axis: lastAxis, of: shape, batch: batch)
        switch (geometry.kind, input, output) {
        case (.complexToComplex, let source as Buffer<SIMD2<T>>, let destination as Buffer<SIMD2<T>>):
            return try complexAxes(Array(shape.indices), of: shape, batch: batch, T.self, direction: direction, on: encoder,
                                   from: source, to: destination, routine: routine)
        case (.realToComplex, let source as Buffer<T>, let spectrum as Buffer<SIMD2<T>>):
            var event = try isSmooth(rows.length)
                ? ClFFT.enqueue(try rowGeometry(.realToComplex, rows, routine), T.self, direction: .forward, on: encoder,
                                input: source, output: spectrum, routine: routine)
                : Bluestein.enqueue(rows, T.self, direction: .forward, on: encoder, from: .real(source), to: .halfSpectrum(spectrum),
                                    routine: routine)
            if shape.dropLast().contains(where: { $0 > 1 }) {
                try inTurn(encoder)
                event = try complexAxes(Array(0..<lastAxis), of: geometry.complexShape, batch: batch, T.self, direction: .forward,
                                        on: encoder, from: spectrum, to: spectrum, routine: routine)
            }
            return event
        case (.complexToReal, let spectrum as Buffer<SIMD2<T>>, let destination as Buffer<T>):
            var source = spectrum
            if shape.dropLast().contains(where: { $0 > 1 }) {
                let context = encoder.context
                source = try Buffer(count: geometry.inputDistance * batch, context: context, pool: context.memoryPool)
                _ = try complexAxes(Array(0..<lastAxis), of: geometry.complexShape, batch: batch, T.self, direction: .inverse,
                                    on: encoder, from: spectrum, to: source, routine: routine)
                try inTurn(encoder)
            }
            return try isSmooth(rows.length)
                ? ClFFT.enqueue(try rowGeometry(.complexToReal, rows, routine), T.self, direction: .inverse, on: encoder,
                                input: source, output: destination, routine: routine)
                : Bluestein.enqueue(rows, T.self, direction: .inverse, on: encoder, from: .halfSpectrum(source), to: .real(destination),
                                    routine: routine)
        default:
            throw FFTError(.invalidArgument, routine: routine, "buffers of \(I.self) and \(O.self) do not fit a \(geometry.kind) transform")
        }
    }

    /// Complex transforms along `axes` of `batch` arrays of row-major `shape`, the last axis first: the first axis
    /// transformed reads `source` and writes `destination`, the others work in place there.
    private static func complexAxes<T: FFTScalar>(_ axes: [Int], of shape: [Int], batch: Int, _: T.Type, direction: FFTDirection,
                                                  on encoder: ComputeEncoder, from source: Buffer<SIMD2<T>>,
                                                  to destination: Buffer<SIMD2<T>>, routine: String) throws -> CommandEvent {
        var from = source
        var last: CommandEvent?
        for axis in axes.reversed() where shape[axis] > 1 {
            if last != nil { try inTurn(encoder) }
            let lines = FFTLines(axis: axis, of: shape, batch: batch)
            if !isSmooth(lines.length) {
                last = try Bluestein.enqueue(lines, T.self, direction: direction, on: encoder, from: .complex(from), to: .complex(destination),
                                             routine: routine)
            } else if lines.inner == 1 {
                last = try ClFFT.enqueue(try rowGeometry(.complexToComplex, lines, routine), T.self, direction: direction, on: encoder,
                                         input: from, output: destination, routine: routine)
            } else {
                last = try gathered(lines, T.self, direction: direction, on: encoder, from: from, to: destination, routine: routine)
            }
            from = destination
        }
        if let last { return last }
        // Every axis is 1 long: the transform is the identity.
        if source !== destination { try encoder.copy(from: source, to: destination, count: shape.reduce(1, *) * batch) }
        return try encoder.marker()
    }

    /// Strided lines of a length clFFT takes: gathered into rows (a work buffer), transformed there, scattered back.
    private static func gathered<T: FFTScalar>(_ lines: FFTLines, _: T.Type, direction: FFTDirection, on encoder: ComputeEncoder,
                                               from source: Buffer<SIMD2<T>>, to destination: Buffer<SIMD2<T>>,
                                               routine: String) throws -> CommandEvent {
        let context = encoder.context
        let work = try Buffer<SIMD2<T>>(count: lines.length * lines.count, context: context, pool: context.memoryPool)
        let kernels = try LineKernels.program(T.self, in: context)
        let range = try NDRange(global: [lines.length, lines.count])
        try encoder.launch(try kernels.sharedKernel(named: "swiftcl_lines_gather"), range, arguments: [source, work, lines.length, lines.inner])
        try inTurn(encoder)
        _ = try ClFFT.enqueue(try rowGeometry(.complexToComplex, lines, routine), T.self, direction: direction, on: encoder,
                              input: work, output: work, routine: routine)
        try inTurn(encoder)
        return try encoder.commandEvent {
            try encoder.launch(try kernels.sharedKernel(named: "swiftcl_lines_scatter"), range,
                               arguments: [work, destination, lines.length, lines.inner])
        }
    }

    /// A batch of 1-D transforms, one per line (as rows one after another).
    private static func rowGeometry(_ kind: FFTGeometry.Kind, _ lines: FFTLines, _ routine: String) throws -> FFTGeometry {
        try FFTGeometry(kind, shape: [lines.length], batch: lines.count, routine: routine)
    }

    private static func isSmooth(_ length: Int) -> Bool { FFTGeometry.unsupportedFactor(of: length) == nil }

    /// On an out-of-order queue, makes the next step wait for the one before it (Bluestein's steps too).
    static func inTurn(_ encoder: ComputeEncoder) throws {
        if encoder.queue.isOutOfOrder { try encoder.barrier() }
    }
}
