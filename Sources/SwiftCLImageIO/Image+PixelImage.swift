import SwiftCL

extension Image {
    /// The picture as a 2-D device image that kernels sample as 0…1 floats (`read_imagef`): gray → `R`; gray + alpha,
    /// RGB and RGBA → `RGBA` (`RG` is optional in OpenCL and PoCL lacks it, so gray + alpha becomes (g, g, g, a); RGB gets
    /// an opaque alpha, as OpenCL has no three-channel 8/16-bit format), with `UNORM_INT8` or `UNORM_INT16` channels.
    /// - Throws: SwiftCL's image errors (`SwiftCLError.unsupportedImageFormat` lists what the device supports).
    public convenience init(copying picture: PixelImage, context: Context, access: KernelAccess = .readOnly) throws {
        let (format, bytes) = picture.deviceLayout()
        try self.init(format: format, width: picture.width, height: picture.height, copying: bytes, context: context, access: access)
    }
}

extension PixelImage {
    /// The device image format the picture goes to, and its samples in that layout.
    func deviceLayout() -> (ImageFormat, [UInt8]) {
        let type: ChannelType = depth == .eight ? .unormInt8 : .unormInt16
        switch channels {
        case .gray: return (ImageFormat(.r, type), bytes)
        case .rgba: return (ImageFormat(.rgba, type), bytes)
        case .rgb, .grayAlpha:
            // Each RGBA sample's source sample: (r, g, b, opaque) or (g, g, g, a).
            let sources: [Int?] = channels == .rgb ? [0, 1, 2, nil] : [0, 0, 0, 1]
            let sample = depth.bytes, stride = channels.count * sample
            var padded = [UInt8](repeating: 0xFF, count: width * height * 4 * sample)
            for pixel in 0..<(width * height) {
                for (lane, source) in sources.enumerated() {
                    guard let source else { continue }
                    for byte in 0..<sample { padded[(pixel * 4 + lane) * sample + byte] = bytes[pixel * stride + source * sample + byte] }
                }
            }
            return (ImageFormat(.rgba, type), padded)
        }
    }

    /// The picture a 2-D image holds, read on `queue`: `R` or `RGBA` images of `UNORM_INT8`/`UNORM_INT16` channels
    /// (what ``SwiftCL/Image/init(copying:context:access:)`` makes and kernels write with `write_imagef`). `channels`
    /// chooses the picture's layout from an RGBA image (default `.rgba`; `.rgb` drops alpha, `.grayAlpha` keeps red and
    /// alpha, `.gray` keeps red).
    /// - Throws: ``ImageFileError`` `.invalidPicture` for another image format, kind or a `channels` that does not fit;
    ///   SwiftCL's errors from the read.
    @available(*, noasync, message: "blocks while the image is read; read it inside queue.run from async code")
    public init(reading image: Image, on queue: ComputeQueue, channels: Channels? = nil) throws {
        let depth: Depth? = switch image.format.type {
        case .unormInt8: .eight
        case .unormInt16: .sixteen
        default: nil
        }
        let stored: Channels? = switch image.format.order {
        case .r: .gray
        case .rgba: .rgba
        default: nil
        }
        guard let depth, let stored else {
            throw ImageFileError(.invalidPicture, path: nil, message: "an image of \(image.format) has no picture layout "
                                 + "(use R or RGBA with UNORM_INT8 or UNORM_INT16)")
        }
        guard image.kind == .image2D else {
            throw ImageFileError(.invalidPicture, path: nil, message: "only 2-D images are pictures, this one is \(image.kind)")
        }
        let wanted = channels ?? stored
        guard wanted == stored || stored == .rgba else {
            throw ImageFileError(.invalidPicture, path: nil, message: "a \(stored) image cannot be read as a \(wanted) picture")
        }
        let bytes = try queue.sync { cl in try cl.read(image, as: UInt8.self) }
        guard wanted != stored else {
            try self.init(width: image.width, height: image.height, channels: wanted, depth: depth, bytes: bytes)
            return
        }
        // The RGBA lanes each picture channel comes from.
        let lanes: [Int] = switch wanted {
        case .gray: [0]
        case .grayAlpha: [0, 3]
        case .rgb: [0, 1, 2]
        case .rgba: [0, 1, 2, 3]
        }
        let sample = depth.bytes
        var packed = [UInt8](repeating: 0, count: image.width * image.height * lanes.count * sample)
        for pixel in 0..<(image.width * image.height) {
            for (channel, lane) in lanes.enumerated() {
                for byte in 0..<sample { packed[(pixel * lanes.count + channel) * sample + byte] = bytes[(pixel * 4 + lane) * sample + byte] }
            }
        }
        try self.init(width: image.width, height: image.height, channels: wanted, depth: depth, bytes: packed)
    }
}
