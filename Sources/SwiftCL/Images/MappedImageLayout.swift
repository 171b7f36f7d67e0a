/// Where a mapped image region lies in the mapped bytes: the region and the runtime's byte pitches
/// (the image counterpart of ``RectLayout``, whose pitches are in elements).
public struct MappedImageLayout: Hashable, Sendable {
    /// The mapped region in pixels.
    public let extent: Extent3D
    /// Bytes from one row to the next.
    public let rowPitchBytes: Int
    /// Bytes from one slice (or layer) to the next (0 for a single slice).
    public let slicePitchBytes: Int
    public let bytesPerPixel: Int

    /// Byte offset of pixel (x, y, z) of the region.
    public func offset(x: Int, y: Int, z: Int = 0) -> Int {
        z * slicePitchBytes + y * rowPitchBytes + x * bytesPerPixel
    }
}
