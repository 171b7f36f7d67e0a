import SwiftCL

/// The `.cl` files this module ships, embedded at build time by SwiftCLKernelPlugin (see the generated
/// `SquareCL`, `CopyCL`, … namespaces for their typed kernel functions).
public enum ShippedSources {
    /// Listing 3-1: `square`.
    public static let square = SquareCL.source
    /// Listing 11-3: `copy`, the bandwidth bound.
    public static let copy = CopyCL.source
    /// Listings 8-1 and 8-3: `add_arrays`.
    public static let addArrays = AddArraysCL.source

    /// "Improving Performance": the whole `boxAvg` family.
    public static let boxFilter = BoxFilterCL.source

    /// Listing 6-6: `red_to_green`.
    public static let redToGreen = RedToGreenCL.source
    /// The box filter read through an image and a sampler.
    public static let boxImage = BoxImageCL.source

    /// Every shipped source, for validation and `swiftcl check`.
    public static let all: [ProgramSource] = [square, copy, addArrays, boxFilter, redToGreen, boxImage]
}
