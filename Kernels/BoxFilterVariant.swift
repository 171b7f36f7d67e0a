import SwiftCL

/// One way of running the box filter: which kernels, launched how. Every variant computes the same
/// thing (see `box_filter.cl`) and is selectable by its stable ``name``.
public struct BoxFilterVariant: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal passes.
    public enum Horizontal: Hashable, Sendable {
        /// `boxAvgH1`: one pixel per work item (2-D launch).
        case h1
        /// `boxAvgH2`/`H3`/`H4`: one row per work item (1-D launch over rows).
        case h2, h3, h4
        /// `boxAvgH5`: local memory and a barrier; `px × py` pixels per work item.
        case h5(px: Int, py: Int)
    }

    /// Vertical passes.
    public enum Vertical: Hashable, Sendable {
        /// `boxAvgV1`: one pixel per work item (2-D launch).
        case v1
        /// `boxAvgV3`: a band of rows per work item, direct taps along rows.
        case v3
        /// `boxAvgV4`: a column segment per work item with a running sum.
        case v4
        /// `boxAvgV4_ring`: V4 with a register ring (1 read per pixel).
        case v4Ring
        /// `boxAvgV4_float4`: V4 over float4 columns; width must be a multiple of 4.
        case v4Float4
    }

    enum Pipeline: Hashable, Sendable {
        case naive
        case separable(Horizontal, Vertical)
        case fused
        case band
        case strip(rows: Int)
        case vector(width: Int, band: Int)
        case rows(perItem: Int)
        case image
    }

    /// The stable name the benchmark suite and the CLI select the variant by.
    public let name: String
    /// One line on what the variant does.
    public let summary: String
    let pipeline: Pipeline

    public var description: String { name }

    /// Output rows per work item of a rows variant (nil for the others).
    public var rowsPerItem: Int? {
        if case let .rows(perItem) = pipeline { return perItem }
        return nil
    }

    /// The kernels the variant launches, in order.
    public var kernels: [String] {
        switch pipeline {
        case .naive: ["boxAvg1"]
        case .fused: ["boxAvg2"]
        case .band: ["boxAvgBand"]
        case .strip: ["boxAvgStrip", "boxAvg1"]
        case .vector: ["boxAvgVec", "boxAvg1"]
        case .rows: ["boxAvgRows"]
        case .image: ["boxAvgImage"]
        case let .separable(horizontal, vertical):
            [Self.kernelName(horizontal), Self.kernelName(vertical)]
        }
    }

    /// Whether a local-size sweep means anything for this variant (its first launch dimension is
    /// pixels or rows rather than a handful of bands).
    public var hasTunableLocalSize: Bool {
        switch pipeline {
        case .naive, .separable, .strip: true
        case .fused, .band, .vector, .rows, .image: false
        }
    }

    /// Why the variant cannot run on a `width × height` image, or nil when it can.
    public func unsupportedReason(width: Int, height: Int) -> String? {
        if width < 1 || height < 1 { return "\(name): the image must be at least 1×1, not \(width)×\(height)" }
        if case .separable(_, .v4Float4) = pipeline, width % 4 != 0 {
            return "\(name) reads float4 columns: the width must be a multiple of 4, not \(width)"
        }
        return nil
    }

    static func kernelName(_ horizontal: Horizontal) -> String {
        switch horizontal {
        case .h1: "boxAvgH1"
        case .h2: "boxAvgH2"
        case .h3: "boxAvgH3"
        case .h4: "boxAvgH4"
        case .h5: "boxAvgH5"
        }
    }

    static func kernelName(_ vertical: Vertical) -> String {
        switch vertical {
        case .v1: "boxAvgV1"
        case .v3: "boxAvgV3"
        case .v4: "boxAvgV4"
        case .v4Ring: "boxAvgV4_ring"
        case .v4Float4: "boxAvgV4_float4"
        }
    }

    // The guide's steps, in its order, then SwiftCL's own.
    public static let naive = BoxFilterVariant(name: "boxAvg1", summary: "naive: 25 taps per pixel with bounds checks", pipeline: .naive)
    public static let h1v1 = BoxFilterVariant(name: "H1+V1", summary: "separable, one pixel per work item", pipeline: .separable(.h1, .v1))
    public static let h2v1 = BoxFilterVariant(name: "H2+V1", summary: "CPU: one row per work item", pipeline: .separable(.h2, .v1))
    public static let h3v1 = BoxFilterVariant(name: "H3+V1", summary: "CPU: sliding running sums", pipeline: .separable(.h3, .v1))
    public static let h4v1 = BoxFilterVariant(name: "H4+V1", summary: "CPU: conditionals and division out of the inner loop", pipeline: .separable(.h4, .v1))
    public static let h4v3 = BoxFilterVariant(name: "H4+V3", summary: "CPU: multi-row vertical pass", pipeline: .separable(.h4, .v3))
    public static let fused = BoxFilterVariant(name: "fused", summary: "CPU: boxAvg2, both passes fused with a per-work-item aux row", pipeline: .fused)
    public static let h5Variants: [BoxFilterVariant] = [(1, 1), (1, 2), (1, 4), (2, 1), (4, 1), (8, 1)].map { px, py in
        BoxFilterVariant(name: "H5_\(px)x\(py)+V4", summary: "GPU: local memory + barrier, \(px)×\(py) pixels per work item",
                         pipeline: .separable(.h5(px: px, py: py), .v4))
    }
    public static let h4v4 = BoxFilterVariant(name: "H4+V4", summary: "GPU: several rows per work item (running sum down a column)", pipeline: .separable(.h4, .v4))
    public static let h4v4Ring = BoxFilterVariant(name: "H4+V4_ring", summary: "GPU: register ring, 1 read per pixel", pipeline: .separable(.h4, .v4Ring))
    public static let h4v4Float4 = BoxFilterVariant(name: "H4+V4_float4", summary: "GPU: V4 on float4 columns (width % 4 == 0)", pipeline: .separable(.h4, .v4Float4))
    public static let band = BoxFilterVariant(name: "band", summary: "SwiftCL: row bands, float16 direct taps through an aux row", pipeline: .band)
    public static let stripVariants: [BoxFilterVariant] = [4, 8].map { rows in
        BoxFilterVariant(name: "strip\(rows)", summary: "SwiftCL: one column × \(rows) rows per work item, unrolled, for PoCL's work-group vectoriser",
                         pipeline: .strip(rows: rows))
    }

    public static let vectorVariants: [BoxFilterVariant] = [(8, 64), (16, 64)].map { width, band in
        BoxFilterVariant(name: "vec\(width)x\(band)", summary: "SwiftCL: float\(width) columns × \(band)-row bands, register ring",
                         pipeline: .vector(width: width, band: band))
    }

    public static let rowsVariants: [BoxFilterVariant] = [2, 4, 8].map { rows in
        BoxFilterVariant(name: "rows\(rows)", summary: "SwiftCL: \(rows) rows × the whole width per work item, float16 registers, lane shuffles, streaming stores",
                         pipeline: .rows(perItem: rows))
    }

    /// The variant the box filter runs when none is named: `rows4`, the fastest verified variant at
    /// every size from 256² to 8192² on PoCL's CPU device (see the benchmark suite), and one that
    /// takes any width, height and range.
    public static let fastest = rowsVariants[1]

    public static let image = BoxFilterVariant(name: "image", summary: "read_imagef through a clamp sampler (PoCL emulates images)",
                                               pipeline: .image)

    /// Every variant, in the guide's order, then SwiftCL's own.
    public static let all: [BoxFilterVariant] = [naive, h1v1, h2v1, h3v1, h4v1, h4v3, fused] + h5Variants + [h4v4, h4v4Ring, h4v4Float4, band] + stripVariants + vectorVariants + rowsVariants + [image]

    /// The variant with this name; the error lists the names that exist.
    public static func named(_ name: String) throws -> BoxFilterVariant {
        guard let variant = all.first(where: { $0.name == name }) else {
            throw BoxFilterError.unknownVariant(name: name, available: all.map(\.name))
        }
        return variant
    }
}
