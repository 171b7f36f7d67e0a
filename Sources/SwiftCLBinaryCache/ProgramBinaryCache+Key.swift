import Foundation
import OpenCLSource
import SwiftCL

extension ProgramBinaryCache {
    /// The identity of one device's build: the SHA-256 of its key material, which also names the entry.
    struct Key: Hashable, Sendable {
        /// SHA-256 of the key material.
        let digest: [UInt8]

        /// The entry's file name: the digest in hex.
        var entryName: String { digest.map { String($0, radix: 16).leftPadded(to: 2) }.joined() + ".clbin" }

        /// The key for building `source` with `options` on `device`, or nil when the source includes a
        /// file that cannot be found (then nothing is cached: a stale header could not be noticed).
        init?(device: Device, source: String, options: BuildOptions) {
            let rendered = options.description
            guard let resolution = try? IncludeResolver(options: rendered).resolve(source: source, sourceName: "<source>"),
                  resolution.isComplete else { return nil }
            let includes = resolution.files
            var material = KeyMaterial()
            material.append("swiftcl-program-binary-cache")
            material.append(String(Entry.formatVersion))
            material.append(SwiftCLVersion.current)
            material.append(device.platform.name)
            material.append(device.platform.version)
            material.append(device.vendor)
            material.append(device.name)
            material.append(device.version)
            material.append(device.driverVersion)
            material.append(device.openCLCVersion)
            material.append(device.type.description)
            material.append(rendered)
            material.append(Array(source.utf8))
            material.append(String(includes.count))
            for include in includes {
                material.append(include.path)
                material.append(include.bytes)
            }
            guard let digest = SHA256Digest.of(material.bytes) else { return nil }
            self.digest = digest
        }
    }

    /// Key material as unambiguous fields: each is its byte count (8 bytes, little-endian), then its bytes,
    /// so no field's content can be mistaken for a boundary.
    struct KeyMaterial {
        private(set) var bytes: [UInt8] = []

        mutating func append(_ field: [UInt8]) {
            withUnsafeBytes(of: UInt64(field.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: field)
        }

        mutating func append(_ field: String) { append(Array(field.utf8)) }
    }
}

extension String {
    /// The string with `0` prepended up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
