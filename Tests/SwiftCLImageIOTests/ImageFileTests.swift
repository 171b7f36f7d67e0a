import Foundation
import SwiftCL
import SwiftCLImageIO
import SwiftCLTestSupport
import Testing

/// Pictures of seeded random samples.
func randomPicture(width: Int, height: Int, channels: PixelImage.Channels, depth: PixelImage.Depth, seed: UInt64) throws -> PixelImage {
    var random = SplitMix(seed: seed)
    let bytes = (0..<(width * height * channels.count * (depth == .eight ? 1 : 2))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    return try PixelImage(width: width, height: height, channels: channels, depth: depth, bytes: bytes)
}

/// A scratch folder removed after the test.
func withScratchFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcl-images-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

func bytes(hex: String) -> [UInt8] {
    var result: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        result.append(UInt8(hex[index..<next], radix: 16)!)
        index = next
    }
    return result
}

@Suite("Image files: PNG through libpng, PGM and PPM")
struct ImageFileTests {
    static let sizes = [(1, 1), (7, 5), (33, 17), (2, 64)]

    @Test("PNG round trip of every layout and depth at odd sizes", arguments: PixelImage.Channels.allCases, PixelImage.Depth.allCases)
    func pngRoundTrip(channels: PixelImage.Channels, depth: PixelImage.Depth) throws {
        try withScratchFolder { folder in
            for (index, (width, height)) in Self.sizes.enumerated() {
                let picture = try randomPicture(width: width, height: height, channels: channels, depth: depth, seed: UInt64(index * 31 + channels.count))
                let path = folder.appendingPathComponent("p\(index).png").path
                try ImageFile.write(picture, to: path)
                let read = try ImageFile.read(contentsOf: path)
                #expect(read == picture, "\(width)×\(height) \(channels) \(depth.rawValue)-bit")
                #expect(try ImageFile.decode(ImageFile.encode(picture, as: .png)) == picture)
            }
        }
    }

    @Test("PGM (gray) and PPM (RGB) round trips at 8 and 16 bits", arguments: PixelImage.Depth.allCases)
    func netpbmRoundTrip(depth: PixelImage.Depth) throws {
        try withScratchFolder { folder in
            for (index, (width, height)) in Self.sizes.enumerated() {
                for (channels, ext) in [(PixelImage.Channels.gray, "pgm"), (.rgb, "ppm")] {
                    let picture = try randomPicture(width: width, height: height, channels: channels, depth: depth, seed: UInt64(index + 7))
                    let path = folder.appendingPathComponent("n\(index).\(ext.uppercased())").path
                    try ImageFile.write(picture, to: path)
                    #expect(try ImageFile.read(contentsOf: path) == picture)
                }
            }
        }
    }

    @Test("PNGs made without libpng decode to the pixels they hold: RGB, palette with transparency, 1-bit and 16-bit gray")
    func knownFiles() throws {
        let rgb = try ImageFile.decode(bytes(hex: "89504e470d0a1a0a0000000d49484452000000030000000208020000001216f14d0000001749444154789c63f8cfc0c000c15c22721a46366e015100335904c0e42498cb0000000049454e44ae426082"))
        #expect(rgb.width == 3 && rgb.height == 2 && rgb.channels == .rgb && rgb.depth == .eight)
        #expect(rgb.bytes == [255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 40, 50, 60, 70, 80, 90])
        let palette = try ImageFile.decode(bytes(hex: "89504e470d0a1a0a0000000d49484452000000020000000208030000004568fd1600000006504c5445ff00000000ff6ca1fd8e0000000174524e5380ad5e5b460000000c49444154789c636060044200000c00032b63cb500000000049454e44ae426082"))
        #expect(palette.channels == .rgba && palette.bytes == [255, 0, 0, 128, 0, 0, 255, 255, 0, 0, 255, 255, 255, 0, 0, 128])
        let oneBit = try ImageFile.decode(bytes(hex: "89504e470d0a1a0a0000000d4948445200000008000000010100000000cb7bd2ee0000000a49444154789c63d8040000b400b32418b7a20000000049454e44ae426082"))
        #expect(oneBit.channels == .gray && oneBit.depth == .eight && oneBit.bytes == [255, 0, 255, 255, 0, 0, 255, 0])
        let wide = try ImageFile.decode(bytes(hex: "89504e470d0a1a0a0000000d494844520000000200000001100000000081d9fc150000000d49444154789c631032f977070003c102210de347320000000049454e44ae426082"))
        #expect(wide.depth == .sixteen)
        #expect(try wide.sample(x: 0, y: 0, channel: 0) == 0x1234 && wide.sample(x: 1, y: 0, channel: 0) == 0xFEDC)
    }

    @Test("plain-text Netpbm and other maximum values are read and rescaled")
    func plainNetpbm() throws {
        let gray = try ImageFile.decode(Array("P2\n# a comment\n3 1\n15\n0 15 7\n".utf8))
        #expect(gray.depth == .eight && gray.bytes == [0, 255, 119])
        let color = try ImageFile.decode(Array("P3 1 1 1000 1000 0 500".utf8))
        #expect(color.depth == .sixteen && color.channels == .rgb)
        #expect(try [0, 1, 2].map { try color.sample(x: 0, y: 0, channel: $0) } == [65535, 0, 32768])
    }

    @Test("corrupt, truncated and unreadable files are typed errors naming the path; nothing is half-read")
    func badFiles() throws {
        try withScratchFolder { folder in
            let picture = try randomPicture(width: 40, height: 30, channels: .rgb, depth: .eight, seed: 9)
            let png = try ImageFile.encode(picture, as: .png)
            func code(_ bytes: [UInt8], _ name: String) throws -> ImageFileError? {
                let path = folder.appendingPathComponent(name).path
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                do {
                    _ = try ImageFile.read(contentsOf: path)
                    return nil
                } catch let error as ImageFileError {
                    #expect(error.path == path && error.description.hasPrefix(path + ": "))
                    return error
                }
            }
            #expect(try code(Array(png.prefix(png.count / 2)), "half.png")?.code == .truncated)
            var flipped = png
            flipped[png.count / 2] ^= 0x55
            #expect(try code(flipped, "flipped.png")?.code == .corrupt)
            #expect(try code([], "empty.png")?.code == .truncated)
            #expect(try code(Array("hello, world".utf8), "text.png")?.code == .corrupt)
            let ppm = try ImageFile.encode(picture, as: .ppm)
            let truncated = try code(Array(ppm.prefix(ppm.count - 1)), "short.ppm")
            #expect(truncated?.code == .truncated && truncated?.message.contains("truncated") == true)
            #expect(try code(Array("P5 2 2 0\n\0\0\0\0".utf8), "zero.pgm")?.code == .corrupt)
            #expect(try code(Array("P5 2 2 70000\n".utf8), "deep.pgm")?.code == .unsupported)
            #expect(try code(Array("P5 2 x 255\n".utf8), "header.pgm")?.code == .corrupt)
            #expect(try code(Array("P5 100000 100000 255\n".utf8), "huge.pgm")?.code == .tooLarge)
            #expect(try code(Array("P2 2 1 9 3 12".utf8), "over.pgm")?.code == .corrupt)
            let missing = folder.appendingPathComponent("none.png").path
            #expect(throws: ImageFileError(.unreadable, path: missing, message: "no such file")) { _ = try ImageFile.read(contentsOf: missing) }
            #expect(throws: ImageFileError(.unreadable, path: folder.path, message: "not a regular file (a directory)")) {
                _ = try ImageFile.read(contentsOf: folder.path)
            }
            // Writing: a layout the format cannot hold, an unknown extension, an unwritable place.
            let rgba = try randomPicture(width: 2, height: 2, channels: .rgba, depth: .eight, seed: 1)
            #expect(throws: ImageFileError.self) { try ImageFile.write(rgba, to: folder.appendingPathComponent("a.ppm").path) }
            #expect(throws: ImageFileError.self) { try ImageFile.write(rgba, to: folder.appendingPathComponent("a.jpeg").path) }
            #expect(throws: ImageFileError.self) { try ImageFile.write(rgba, to: folder.appendingPathComponent("no/such/dir.png").path) }
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.ppm").path), "nothing half-written")
            #expect(try ImageFile.decode(png) == picture, "still usable")
        }
    }

    @Test("pictures are checked when made; planes and normalized samples round-trip")
    func pictures() throws {
        #expect(throws: ImageFileError.self) { _ = try PixelImage(width: 0, height: 3, channels: .gray, depth: .eight, bytes: []) }
        #expect(throws: ImageFileError.self) { _ = try PixelImage(width: 2, height: 2, channels: .rgb, depth: .eight, bytes: [1, 2, 3]) }
        let picture = try randomPicture(width: 5, height: 3, channels: .rgba, depth: .sixteen, seed: 4)
        let planes = try (0..<4).map { try picture.plane($0) }
        // A channel or pixel the picture does not have is a typed error, not a trap.
        #expect(throws: ImageFileError(.outOfRange, path: nil, message: "channel 4 of a RGBA picture (it has 4)")) { _ = try picture.plane(4) }
        #expect(throws: ImageFileError.self) { _ = try picture.sample(x: 5, y: 0, channel: 0) }
        #expect(throws: ImageFileError.self) { _ = try picture.sample(x: 0, y: -1, channel: 0) }
        #expect(throws: ImageFileError.self) { _ = try picture.sample(x: 0, y: 0, channel: -1) }
        #expect(try picture.replacingPlanes(planes) == picture)
        #expect(try PixelImage(width: 5, height: 3, channels: .rgba, depth: .sixteen, normalized: picture.normalized) == picture)
        #expect(throws: ImageFileError.self) { _ = try picture.replacingPlanes(Array(planes.prefix(3))) }
        let clamped = try PixelImage(width: 3, height: 1, channels: .gray, depth: .eight, normalized: [-1, 2, .nan])
        #expect(clamped.bytes == [0, 255, 0])
    }
}

@Suite("Image files on the device")
struct ImageFileDeviceTests {
    @Test("a picture goes to a device image and back unchanged, every layout and depth", arguments: TestDevices.all)
    func deviceImages(device: Device) throws {
        let queue = try makeQueue(device)
        for channels in PixelImage.Channels.allCases {
            for depth in PixelImage.Depth.allCases {
                let picture = try randomPicture(width: 7, height: 5, channels: channels, depth: depth, seed: UInt64(channels.count * depth.rawValue))
                let image = try Image(copying: picture, context: queue.context, access: .readWrite)
                #expect(image.format.order == (channels == .gray ? .r : .rgba))
                #expect(try PixelImage(reading: image, on: queue, channels: channels) == picture, "\(channels) \(depth.rawValue)-bit")
            }
        }
        let float = try Image(format: .rFloat, width: 2, height: 2, context: queue.context)
        #expect(throws: ImageFileError.self) { _ = try PixelImage(reading: float, on: queue) }
    }
}
