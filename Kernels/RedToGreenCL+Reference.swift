import SwiftCL

/// `red_to_green` (Listing 6-6): swaps the red and green channels of an RGBA, 8-bit unsigned image.
/// `RedToGreenCL.RedToGreen` is generated from `red_to_green.cl` by SwiftCLKernelPlugin.
extension RedToGreenCL.RedToGreen {
    /// The host reference for one packed 0xAABBGGRR pixel.
    public static func reference(_ pixel: UInt32) -> UInt32 {
        let red = pixel & 0xFF, green = (pixel >> 8) & 0xFF
        return (pixel & 0xFFFF_0000) | (red << 8) | green
    }
}
