import SwiftCL

/// The `.cl` files this module ships, embedded in the binary at build time.
public enum ShippedSources {
    /// Listing 3-1: `square`.
    public static let square = ProgramSource(name: "square.cl", utf8: PackageResources.square_cl)
    /// Listing 11-3: `copy`, the bandwidth bound.
    public static let copy = ProgramSource(name: "copy.cl", utf8: PackageResources.copy_cl)
    /// Listings 8-1 and 8-3: `add_arrays`.
    public static let addArrays = ProgramSource(name: "add_arrays.cl", utf8: PackageResources.add_arrays_cl)

    /// "Improving Performance": the whole `boxAvg` family.
    public static let boxFilter = ProgramSource(name: "box_filter.cl", utf8: PackageResources.box_filter_cl)

    /// Listing 6-6: `red_to_green`.
    public static let redToGreen = ProgramSource(name: "red_to_green.cl", utf8: PackageResources.red_to_green_cl)
    /// The box filter read through an image and a sampler.
    public static let boxImage = ProgramSource(name: "box_image.cl", utf8: PackageResources.box_image_cl)

    /// Every shipped source, for validation and `swiftcl check`.
    public static let all: [ProgramSource] = [square, copy, addArrays, boxFilter, redToGreen, boxImage]
}
