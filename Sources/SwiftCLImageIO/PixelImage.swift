/// A picture in host memory, as image files hold it: `width × height` pixels of 1–4 interleaved channels (gray,
/// gray + alpha, RGB, RGBA), 8 or 16 bits per sample, rows top to bottom with no padding.
///
/// Read one with ``ImageFile/read(contentsOf:)``, move it to the device as a SwiftCL `Image`
/// (``SwiftCL/Image/init(copying:context:access:)``) or as one `Buffer<Float>` per channel (``plane(_:)``), and
/// write it back with ``ImageFile/write(_:to:format:)``.
public struct PixelImage: Hashable, Sendable {
    /// Which channels a pixel has, in their stored order.
    public enum Channels: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case gray = 1, grayAlpha = 2, rgb = 3, rgba = 4

        /// Samples per pixel.
        public var count: Int { rawValue }

        public var description: String {
            switch self {
            case .gray: "gray"
            case .grayAlpha: "gray+alpha"
            case .rgb: "RGB"
            case .rgba: "RGBA"
            }
        }
    }

    /// Bits per sample.
    public enum Depth: Int, Hashable, Sendable, CaseIterable {
        case eight = 8, sixteen = 16

        /// The largest sample value (255 or 65535).
        public var maximum: Int { (1 << rawValue) - 1 }
        var bytes: Int { rawValue / 8 }
    }

    public let width: Int
    public let height: Int
    public let channels: Channels
    public let depth: Depth
    /// The samples, interleaved per pixel, row after row; 16-bit samples in host byte order.
    public private(set) var bytes: [UInt8]

    /// The largest picture read or made: 2^28 pixels (a 16384 × 16384 picture), so a corrupt header cannot ask
    /// for terabytes.
    public static let maximumPixels = 1 << 28

    /// A picture from its samples.
    /// - Throws: ``ImageFileError`` with code `.invalidPicture` when a side is not positive, the picture is over
    ///   ``maximumPixels``, or `bytes` does not hold exactly `width × height × channels` samples.
    public init(width: Int, height: Int, channels: Channels, depth: Depth, bytes: [UInt8]) throws {
        try Self.checkSize(width: width, height: height)
        let expected = width * height * channels.count * depth.bytes
        guard bytes.count == expected else {
            throw ImageFileError(.invalidPicture, path: nil,
                                 message: "\(width)×\(height) \(channels) at \(depth.rawValue) bits needs \(expected) bytes, got \(bytes.count)")
        }
        self.width = width
        self.height = height
        self.channels = channels
        self.depth = depth
        self.bytes = bytes
    }

    /// A picture from samples scaled to 0…1 (interleaved as ``bytes``): each is clamped to 0…1 and rounded to the
    /// nearest of the depth's levels (NaN becomes 0).
    /// - Throws: as ``init(width:height:channels:depth:bytes:)``, with the count of `normalized` checked instead.
    public init(width: Int, height: Int, channels: Channels, depth: Depth, normalized: [Float]) throws {
        try Self.checkSize(width: width, height: height)
        guard normalized.count == width * height * channels.count else {
            throw ImageFileError(.invalidPicture, path: nil,
                                 message: "\(width)×\(height) \(channels) needs \(width * height * channels.count) samples, got \(normalized.count)")
        }
        let maximum = Float(depth.maximum)
        func level(_ value: Float) -> Int { value.isNaN ? 0 : Int((min(max(value, 0), 1) * maximum).rounded()) }
        var bytes = [UInt8]()
        switch depth {
        case .eight: bytes = normalized.map { UInt8(level($0)) }
        case .sixteen:
            bytes = [UInt8](repeating: 0, count: normalized.count * 2)
            bytes.withUnsafeMutableBytes { raw in
                for (index, value) in normalized.enumerated() { raw.storeBytes(of: UInt16(level(value)), toByteOffset: index * 2, as: UInt16.self) }
            }
        }
        try self.init(width: width, height: height, channels: channels, depth: depth, bytes: bytes)
    }

    static func checkSize(width: Int, height: Int) throws {
        guard width > 0, height > 0 else {
            throw ImageFileError(.invalidPicture, path: nil, message: "a picture needs positive sides, got \(width)×\(height)")
        }
        guard width <= maximumPixels / height else {
            throw ImageFileError(.tooLarge, path: nil, message: "\(width)×\(height) is over the \(maximumPixels)-pixel limit")
        }
    }

    /// The sample of `channel` at (`x`, `y`), 0…``Depth/maximum``.
    /// - Throws: ``ImageFileError`` `.outOfRange` for a pixel or channel outside the picture.
    public func sample(x: Int, y: Int, channel: Int) throws -> Int {
        guard (0..<width).contains(x), (0..<height).contains(y), (0..<channels.count).contains(channel) else {
            throw ImageFileError(.outOfRange, path: nil,
                                 message: "(\(x), \(y)) channel \(channel) is outside a \(width)×\(height) \(channels) picture")
        }
        let index = (y * width + x) * channels.count + channel
        return switch depth {
        case .eight: Int(bytes[index])
        case .sixteen: bytes.withUnsafeBytes { Int($0.load(fromByteOffset: index * 2, as: UInt16.self)) }
        }
    }

    /// Every sample scaled to 0…1, interleaved as stored.
    public var normalized: [Float] { scaled(stride: 1, from: 0) }

    /// One channel's samples scaled to 0…1, `width × height` of them row after row: what a single-channel kernel
    /// such as the box filter reads from a `Buffer<Float>`.
    /// - Throws: ``ImageFileError`` `.outOfRange` for a channel the picture does not have.
    public func plane(_ channel: Int) throws -> [Float] {
        guard (0..<channels.count).contains(channel) else {
            throw ImageFileError(.outOfRange, path: nil, message: "channel \(channel) of a \(channels) picture (it has \(channels.count))")
        }
        return scaled(stride: channels.count, from: channel)
    }

    /// Every `stride`-th sample from `first`, scaled to 0…1 (only those samples are converted).
    private func scaled(stride: Int, from first: Int) -> [Float] {
        let scale = 1 / Float(depth.maximum)
        return switch depth {
        case .eight: Swift.stride(from: first, to: bytes.count, by: stride).map { Float(bytes[$0]) * scale }
        case .sixteen:
            bytes.withUnsafeBytes { raw in
                let samples = raw.bindMemory(to: UInt16.self)
                return Swift.stride(from: first, to: samples.count, by: stride).map { Float(samples[$0]) * scale }
            }
        }
    }

    /// The picture with each channel replaced by a plane of 0…1 values (``plane(_:)``'s layout), clamped and rounded.
    /// - Throws: ``ImageFileError`` `.invalidPicture` when the number of planes or a plane's size is wrong.
    public func replacingPlanes(_ planes: [[Float]]) throws -> PixelImage {
        guard planes.count == channels.count, planes.allSatisfy({ $0.count == width * height }) else {
            throw ImageFileError(.invalidPicture, path: nil,
                                 message: "a \(width)×\(height) \(channels) picture needs \(channels.count) planes of \(width * height) values")
        }
        var interleaved = [Float](repeating: 0, count: width * height * channels.count)
        for (channel, plane) in planes.enumerated() {
            for index in plane.indices { interleaved[index * channels.count + channel] = plane[index] }
        }
        return try PixelImage(width: width, height: height, channels: channels, depth: depth, normalized: interleaved)
    }
}
