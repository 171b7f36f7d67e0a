import SwiftCL

/// Every `.cl` file this module ships, embedded at build time by SwiftCLKernelPlugin, for validation and
/// `swiftcl check`. Each file's namespace (`SquareCL`, `BoxFilterCL`, …) holds its `source` and typed kernels.
public enum ShippedSources {
    /// Every shipped source.
    public static let all: [ProgramSource] = [
        SquareCL.source, CopyCL.source, AddArraysCL.source, BoxFilterCL.source, RedToGreenCL.source, BoxImageCL.source,
    ]
}
