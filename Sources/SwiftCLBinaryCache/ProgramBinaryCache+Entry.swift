import Foundation
import SwiftCL

extension ProgramBinaryCache {
    /// The kernels a cached binary defines and their parameters (OpenCL gives no argument information
    /// for programs created from binaries, so the entry carries what the source build reported).
    struct Metadata: Codable, Equatable {
        let kernelNames: [String]
        /// By kernel name; kernels built without argument information are absent.
        let parameters: [String: [StoredParameter]]

        init(kernelNames: [String], parameters: [String: [StoredParameter]]) {
            self.kernelNames = kernelNames
            self.parameters = parameters
        }

        init(_ stored: StoredProgramBinary) {
            kernelNames = stored.kernelNames
            parameters = stored.parameters.mapValues { $0.map(StoredParameter.init) }
        }

        /// The parameters as the runtime takes them, or nil when one is malformed.
        var kernelParameters: [String: [KernelParameter]]? {
            var result: [String: [KernelParameter]] = [:]
            for (kernel, stored) in parameters {
                let mapped = stored.compactMap(\.parameter)
                guard mapped.count == stored.count else { return nil }
                result[kernel] = mapped
            }
            return result
        }
    }

    /// One cached build: the device binary and the kernels' argument information.
    ///
    /// On disk: an 88-byte header, then the payload.
    ///
    /// | bytes | field |
    /// |---|---|
    /// | 0..<8 | magic `SWCLBIN\0` |
    /// | 8..<12 | format version (little-endian) |
    /// | 12..<16 | reserved, zero |
    /// | 16..<24 | payload length (little-endian) |
    /// | 24..<56 | SHA-256 of the key material |
    /// | 56..<88 | SHA-256 of the key's SHA-256 followed by the payload |
    ///
    /// The payload is the argument information's length (8 bytes, little-endian), the argument
    /// information (JSON), then the binary. The payload hash covers the key too, so an entry of other
    /// code cannot be made to pass by editing its key hash alone.
    struct Entry: Equatable {
        static let magic: [UInt8] = Array("SWCLBIN".utf8) + [0]
        static let formatVersion: UInt32 = 1
        static let headerBytes = 88
        /// Entries larger than this are refused unread.
        static let maximumFileBytes = 1 << 30

        /// The program binary `clCreateProgramWithBinary` takes.
        let binary: [UInt8]
        /// The kernels and their parameters.
        let metadata: Metadata

        init(binary: [UInt8], metadata: Metadata) {
            self.binary = binary
            self.metadata = metadata
        }

        /// Why an entry is refused.
        enum Problem: Error, CustomStringConvertible {
            case tooShort(Int)
            case badMagic
            case unsupportedVersion(UInt32)
            case lengthMismatch(declared: UInt64, actual: Int)
            case keyMismatch
            case payloadHashMismatch
            case malformedPayload(String)

            var description: String {
                switch self {
                case let .tooShort(count): "\(count) bytes is shorter than the header"
                case .badMagic: "not a SwiftCL entry (bad magic)"
                case let .unsupportedVersion(version): "entry format \(version) is not \(Entry.formatVersion)"
                case let .lengthMismatch(declared, actual): "payload is \(actual) bytes, the header says \(declared)"
                case .keyMismatch: "the entry was made for another key"
                case .payloadHashMismatch: "the payload does not match its SHA-256 (with the key)"
                case let .malformedPayload(why): "malformed payload: \(why)"
                }
            }
        }

        /// Decodes and verifies a whole entry file against the key it was loaded for.
        init(decoding bytes: [UInt8], expectedKey: Key) throws(Problem) {
            guard bytes.count >= Self.headerBytes else { throw .tooShort(bytes.count) }
            guard Array(bytes[0..<8]) == Self.magic else { throw .badMagic }
            let version = Self.integer(UInt32.self, in: bytes, at: 8)
            guard version == Self.formatVersion else { throw .unsupportedVersion(version) }
            let declared = Self.integer(UInt64.self, in: bytes, at: 16)
            let actual = bytes.count - Self.headerBytes
            guard declared == UInt64(actual) else { throw .lengthMismatch(declared: declared, actual: actual) }
            guard Array(bytes[24..<56]) == expectedKey.digest else { throw .keyMismatch }
            let payload = bytes[Self.headerBytes...]
            guard let hash = Self.payloadHash(payload, key: expectedKey), Array(bytes[56..<88]) == hash else { throw .payloadHashMismatch }
            guard payload.count >= 8 else { throw .malformedPayload("no argument-information length") }
            let infoLength = Self.integer(UInt64.self, in: bytes, at: Self.headerBytes)
            guard infoLength <= UInt64(payload.count - 8) else { throw .malformedPayload("argument information overruns the payload") }
            let infoStart = Self.headerBytes + 8, infoEnd = infoStart + Int(infoLength)
            let decoded: Metadata
            do {
                decoded = try JSONDecoder().decode(Metadata.self, from: Data(bytes[infoStart..<infoEnd]))
            } catch {
                throw .malformedPayload("argument information: \(error)")
            }
            guard infoEnd < bytes.count else { throw .malformedPayload("empty binary") }
            binary = Array(bytes[infoEnd...])
            metadata = decoded
        }

        /// The entry file for `key`: header, then payload.
        func encoded(key: Key) throws -> [UInt8] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let info = [UInt8](try encoder.encode(metadata))
            var payload: [UInt8] = []
            payload.reserveCapacity(8 + info.count + binary.count)
            Self.append(UInt64(info.count), to: &payload)
            payload += info
            payload += binary
            var file = Self.magic
            file.reserveCapacity(Self.headerBytes + payload.count)
            Self.append(Self.formatVersion, to: &file)
            Self.append(UInt32(0), to: &file)
            Self.append(UInt64(payload.count), to: &file)
            file += key.digest
            guard let hash = Self.payloadHash(payload[...], key: key) else { throw Problem.payloadHashMismatch }
            file += hash
            file += payload
            return file
        }

        /// SHA-256 of the key's digest followed by the payload: the payload bound to the key it was stored for.
        /// (nil when libcrypto fails: the entry is then neither written nor trusted.)
        private static func payloadHash(_ payload: ArraySlice<UInt8>, key: Key) -> [UInt8]? {
            SHA256Digest.of([key.digest[...], payload])
        }

        private static func integer<T: FixedWidthInteger>(_: T.Type, in bytes: [UInt8], at offset: Int) -> T {
            var value: T = 0
            for index in 0..<MemoryLayout<T>.size {
                value |= T(bytes[offset + index]) << (8 * index)
            }
            return value
        }

        private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
    }
}

/// A kernel parameter as an entry's JSON records it.
struct StoredParameter: Codable, Equatable {
    let name: String
    let typeName: String
    let addressSpace: String
    let isConst: Bool

    init(_ parameter: KernelParameter) {
        name = parameter.name
        typeName = parameter.typeName
        addressSpace = parameter.addressSpace.rawValue
        isConst = parameter.isConst
    }

    /// The parameter, or nil for an address space no runtime reports.
    var parameter: KernelParameter? {
        KernelParameter.AddressSpace(rawValue: addressSpace).map {
            KernelParameter(name: name, typeName: typeName, addressSpace: $0, isConst: isConst)
        }
    }
}
