import SwiftCL

/// A box-filter variant built for a context and a `RANGE`, ready to enqueue:
///
/// ```swift
/// let filter = try BoxFilter(variant: .band, context: queue.context, range: 2)
/// let workspace = try filter.makeWorkspace(width: w, height: h)
/// try queue.sync { cl in try filter.encode(cl, input: a, output: b, workspace: workspace) }
/// ```
public final class BoxFilter: Sendable {
    /// The variant this filter runs.
    public let variant: BoxFilterVariant
    /// The box half-width (`RANGE`): the box is `2 * range + 1` pixels wide.
    public let range: Int
    /// The context the kernels were built for.
    public let context: Context
    /// The kernels, in launch order.
    public let kernels: [Kernel]
    /// The sampler of the image variant (clamp to a zero border, nearest, pixel coordinates).
    let sampler: Sampler?

    /// Builds the variant's kernels (once per context, range and variant parameters).
    /// - Throws: ``BoxFilterError/rangeOutOfBounds(range:allowed:)``, `BuildError` or `OpenCLError` from the build.
    public init(variant: BoxFilterVariant = .fastest, context: Context, range: Int = 2) throws {
        guard (0...16).contains(range) else {
            throw BoxFilterError.rangeOutOfBounds(range: range, allowed: 0...16)
        }
        var options = BuildOptions()
        options.define("RANGE", range)
        if case let .separable(.h5(px, py), _) = variant.pipeline {
            options.define("PX", px)
            options.define("PY", py)
        }
        if case let .strip(rows) = variant.pipeline {
            options.define("KROWS", rows)
        }
        if case let .rows(perItem) = variant.pipeline {
            options.define("ROWS", perItem)
        }
        if case let .vector(width, band) = variant.pipeline {
            options.define("VW", width)
            options.define("BAND", band)
        }
        let source = variant.pipeline == .image ? BoxImageCL.source : BoxFilterCL.source
        let program = try context.program(source, options: options)
        sampler = variant.pipeline == .image ? try Sampler(context: context, addressing: .clamp, filter: .nearest) : nil
        self.variant = variant
        self.range = range
        self.context = context
        kernels = try variant.kernels.map { try program.kernel(named: $0) }
    }

    /// Scratch buffers a variant needs for one image size (a temporary image for two-pass variants,
    /// per-work-item rows for the banded ones). Allocate once, reuse across runs.
    public final class Workspace: Sendable {
        public let width: Int, height: Int
        /// Work items of the banded kernels.
        public let bands: Int
        let temporary: Buffer<Float>?
        let aux: Buffer<Float>?
        let image: Image?

        init(width: Int, height: Int, bands: Int, temporary: Buffer<Float>?, aux: Buffer<Float>?, image: Image? = nil) {
            self.width = width
            self.height = height
            self.bands = bands
            self.temporary = temporary
            self.aux = aux
            self.image = image
        }
    }

    /// Checks the size against the variant and allocates its scratch buffers.
    /// - Throws: ``BoxFilterError/unsupportedSize(variant:width:height:reason:)``, ``BoxFilterError/exceedsIndexing(width:height:)``,
    ///   `SwiftCLError` or `OpenCLError` from the allocations.
    public func makeWorkspace(width: Int, height: Int) throws -> Workspace {
        if let reason = variant.unsupportedReason(width: width, height: height) {
            throw BoxFilterError.unsupportedSize(variant: variant.name, width: width, height: height, reason: reason)
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= Int(Int32.max) else {
            throw BoxFilterError.exceedsIndexing(width: width, height: height)
        }
        let computeUnits = context.devices.map(\.computeUnits).max() ?? 1
        let bands = min(height, max(8, 8 * computeUnits))
        switch variant.pipeline {
        case .image:
            return Workspace(width: width, height: height, bands: bands, temporary: nil, aux: nil,
                             image: try Image(format: .rFloat, width: width, height: height, context: context, access: .readOnly))
        case .naive, .strip, .vector, .rows:
            return Workspace(width: width, height: height, bands: bands, temporary: nil, aux: nil)
        case .separable:
            return Workspace(width: width, height: height, bands: bands,
                             temporary: try Buffer<Float>(count: pixels, context: context), aux: nil)
        case .fused:
            return Workspace(width: width, height: height, bands: bands, temporary: nil,
                             aux: try Buffer<Float>(count: bands * width, context: context))
        case .band:
            return Workspace(width: width, height: height, bands: bands, temporary: nil,
                             aux: try Buffer<Float>(count: bands * (width + 32), context: context))
        }
    }

    /// Enqueues the filter from `input` to `output` (both `width × height`). `localSize`, when given,
    /// is the work-group size along the first dimension of the pixel- or row-parallel launches.
    /// - Throws: ``BoxFilterError/pixelCountMismatch(what:count:width:height:)``, ``BoxFilterError/invalidLocalSize(variant:localSize:)``,
    ///   ``BoxFilterError/workspaceMismatch(variant:)``, and the launch's `SwiftCLError` or `OpenCLError`.
    public func encode(_ cl: ComputeEncoder, input: Buffer<Float>, output: Buffer<Float>, workspace: Workspace,
                       localSize: Int? = nil) throws {
        let w = workspace.width, h = workspace.height
        for (what, buffer) in [("input", input), ("output", output)] where buffer.count != w * h {
            throw BoxFilterError.pixelCountMismatch(what: "\(variant.name) \(what)", count: buffer.count, width: w, height: h)
        }
        if let localSize, localSize < 1 {
            throw BoxFilterError.invalidLocalSize(variant: variant.name, localSize: localSize)
        }
        let width = Int32(w), height = Int32(h)
        switch variant.pipeline {
        case .naive:
            try cl.launch(kernels[0], pixelRange(w, h, localSize), width, height, input, output)
        case .fused:
            guard let aux = workspace.aux else { throw missingScratch() }
            try cl.fill(output, with: 0)
            try cl.launch(kernels[0], NDRange(workspace.bands), width, height, input, output, aux)
        case .band:
            guard let aux = workspace.aux else { throw missingScratch() }
            try cl.launch(kernels[0], NDRange(workspace.bands), width, height, input, output, aux)
        case let .strip(rows):
            // Interior columns in whole work-groups, then the rest with the naive kernel.
            let local = localSize ?? 16
            let interior = max(0, w - 2 * range) / local * local
            if interior > 0 {
                try cl.launch(kernels[0], NDRange(global: [interior, (h + rows - 1) / rows], local: [local, 1], offset: [range, 0]),
                              width, height, input, output)
            }
            try encodeBorderColumns(cl, interior: interior, width: w, height: h, input: input, output: output)
        case let .rows(perItem):
            try cl.launch(kernels[0], try Self.rowBlocksRange(blocks: (h + perItem - 1) / perItem, kernel: kernels[0], device: cl.device),
                          width, height, input, output, Int32(Self.streamsOutput(width: w, height: h) ? 1 : 0))
        case .image:
            guard let image = workspace.image, let sampler else { throw missingScratch() }
            try cl.copy(from: input, to: image)
            try cl.launch(kernels[0], pixelRange(w, h, localSize), image, sampler, output, width, height)
        case let .vector(vectorWidth, band):
            let vectors = max(0, w - 2 * range) / vectorWidth
            if vectors > 0 {
                try cl.launch(kernels[0], NDRange(global: [vectors, (h + band - 1) / band]), width, height, input, output)
            }
            try encodeBorderColumns(cl, interior: vectors * vectorWidth, width: w, height: h, input: input, output: output)
        case let .separable(horizontal, vertical):
            guard let temporary = workspace.temporary else { throw missingScratch() }
            try encode(horizontal, cl, width: w, height: h, input: input, output: temporary, localSize: localSize)
            try encode(vertical, cl, workspace: workspace, input: temporary, output: output, localSize: localSize)
        }
    }

    private func encode(_ horizontal: BoxFilterVariant.Horizontal, _ cl: ComputeEncoder, width w: Int, height h: Int,
                        input: Buffer<Float>, output: Buffer<Float>, localSize: Int?) throws {
        let kernel = kernels[0], width = Int32(w), height = Int32(h)
        switch horizontal {
        case .h1:
            try cl.launch(kernel, pixelRange(w, h, localSize), width, height, input, output)
        case .h2, .h3, .h4:
            let range = try localSize.map { try NDRange(roundUp(h, $0), local: $0) } ?? NDRange(h)
            try cl.launch(kernel, range, width, height, input, output)
        case let .h5(px, py):
            let limit = try kernel.workGroupInfo(on: cl.device).maxWorkGroupSize
            let local = min(localSize ?? 64, limit)
            let columns = roundUp((w + px - 1) / px, local), rows = (h + py - 1) / py
            let scratch = LocalMemory<Float>(count: py * (local * px + 2 * range))
            try cl.launch(kernel, NDRange(global: [columns, rows], local: [local, 1]), width, height, input, output, scratch)
        }
    }

    private func encode(_ vertical: BoxFilterVariant.Vertical, _ cl: ComputeEncoder, workspace: Workspace,
                        input: Buffer<Float>, output: Buffer<Float>, localSize: Int?) throws {
        let kernel = kernels[1], w = workspace.width, h = workspace.height
        let width = Int32(w), height = Int32(h)
        switch vertical {
        case .v1:
            try cl.launch(kernel, pixelRange(w, h, localSize), width, height, input, output)
        case .v3:
            try cl.launch(kernel, NDRange(workspace.bands), width, height, input, output)
        case .v4, .v4Ring, .v4Float4:
            let columns = vertical == .v4Float4 ? w / 4 : w
            let segments = max(1, (h + 63) / 64)
            let range = try localSize.map { try NDRange(global: [roundUp(columns, $0), segments], local: [$0, 1]) }
                ?? NDRange(global: [columns, segments])
            try cl.launch(kernel, range, width, height, input, output)
        }
    }

    /// The columns left of and right of `interior` columns starting at `range`, with the naive kernel.
    private func encodeBorderColumns(_ cl: ComputeEncoder, interior: Int, width w: Int, height h: Int,
                                     input: Buffer<Float>, output: Buffer<Float>) throws {
        let naive = kernels[1], width = Int32(w), height = Int32(h)
        let leftEnd = interior > 0 ? range : 0
        let rightStart = interior > 0 ? range + interior : 0
        if leftEnd > 0 {
            try cl.launch(naive, NDRange(global: [leftEnd, h]), width, height, input, output)
        }
        if rightStart < w {
            try cl.launch(naive, NDRange(global: [w - rightStart, h], offset: [rightStart, 0]), width, height, input, output)
        }
    }

    /// The launch of the rows variants (and of any kernel walking row blocks the same way, such as the benchmark's
    /// halo copy): `blocks` work items, one work-group per compute unit, each a contiguous run of row blocks, so that
    /// a thread walks down the image and the rows shared by neighbouring blocks are still in its cache. Kernels must
    /// return for work items past `blocks`.
    /// - Throws: `OpenCLError` when the kernel's work-group limit cannot be read, `SwiftCLError` for an empty range.
    public static func rowBlocksRange(blocks: Int, kernel: Kernel, device: Device) throws -> NDRange {
        let limit = try kernel.workGroupInfo(on: device).maxWorkGroupSize
        let local = max(1, min(limit, (blocks + device.computeUnits - 1) / max(1, device.computeUnits)))
        return try NDRange(covering: blocks, local: local)
    }

    /// Whether the output goes around the caches: only when input and output together exceed what
    /// the caches could hold anyway (16 MiB), so small images stay cached for whatever reads them next.
    public static func streamsOutput(width: Int, height: Int) -> Bool {
        width * height * 2 * MemoryLayout<Float>.size > 16 << 20
    }

    private func pixelRange(_ w: Int, _ h: Int, _ localSize: Int?) throws -> NDRange {
        guard let localSize else { return try NDRange(global: [w, h]) }
        return try NDRange(global: [roundUp(w, localSize), h], local: [localSize, 1])
    }

    private func roundUp(_ value: Int, _ multiple: Int) -> Int {
        (value + multiple - 1) / multiple * multiple
    }

    private func missingScratch() -> BoxFilterError {
        .workspaceMismatch(variant: variant.name)
    }
}
