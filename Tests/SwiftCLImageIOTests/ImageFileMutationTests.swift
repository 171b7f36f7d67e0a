import Foundation
import SwiftCLImageIO
import SwiftCLTestSupport
import Testing

/// Issue 40: PNG, PPM and PGM files mutated byte by byte (flips, truncations, inserted and overwritten runs, extreme
/// header numbers), decoded in process: each gives a typed `ImageFileError` or a picture consistent with its header;
/// none crashes or hangs.
@Suite("Image files under mutation")
struct ImageFileMutationTests {
    @Test("400 mutated files per format: a typed error or a consistent picture")
    func mutations() throws {
        var generator = SplitMix(seed: 40)
        var (decoded, refused) = (0, 0)
        for format in [ImageFileFormat.png, .ppm, .pgm] {
            let channels: PixelImage.Channels = format == .pgm ? .gray : .rgb
            let picture = try randomPicture(width: 13, height: 7, channels: channels, depth: .eight, seed: 3)
            let original = try ImageFile.encode(picture, as: format)
            for round in 0..<400 {
                var bytes = original
                switch round % 5 {
                case 0:   // flip a few bits anywhere
                    for _ in 0..<(1 + Int(generator.next() % 4)) {
                        let index = Int(generator.next() % UInt64(bytes.count))
                        bytes[index] ^= UInt8(1 << (generator.next() % 8))
                    }
                case 1:   // truncate
                    bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))
                case 2:   // overwrite a run with extreme bytes
                    let start = Int(generator.next() % UInt64(bytes.count))
                    for index in start..<min(bytes.count, start + 1 + Int(generator.next() % 8)) { bytes[index] = [0, 0xFF, 0x7F, 0x80][round % 4] }
                case 3:   // insert garbage
                    let at = Int(generator.next() % UInt64(bytes.count + 1))
                    bytes.insert(contentsOf: (0..<(1 + Int(generator.next() % 16))).map { _ in UInt8(truncatingIfNeeded: generator.next()) }, at: at)
                default:  // extreme header numbers: PNG's width/height words, Netpbm's decimal fields
                    if format == .png {
                        let value = [UInt32.max, 0, 1 << 31, 0x7FFF_FFFF, 65_536][round % 5]
                        let offset = [16, 20][round % 2]
                        for k in 0..<4 { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * k)) }
                    } else {
                        let header = String(decoding: bytes.prefix(16), as: UTF8.self)
                        let replaced = header.replacingOccurrences(of: "13", with: ["0", "-1", "99999999999999999999", "4294967297"][round % 4])
                        bytes = Array(replaced.utf8) + bytes.dropFirst(16)
                    }
                }
                do {
                    let image = try ImageFile.decode(bytes)
                    #expect(image.width >= 1 && image.height >= 1)
                    for channel in 0..<image.channels.count {
                        #expect(try image.plane(channel).count == image.width * image.height)
                    }
                    decoded += 1
                } catch is ImageFileError {
                    refused += 1
                }
            }
        }
        print("Image files: \(decoded + refused) mutated inputs, \(decoded) decoded consistently, \(refused) typed refusals")
        #expect(refused > 0)
    }
}
