import ArgumentParser
import Foundation
import SwiftCL

/// `swiftcl devices`: a clinfo-like summary of every platform and device.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "devices", abstract: "List OpenCL platforms and devices.")

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "Also list each device's supported image formats per image kind (read-write access).")
    var imageFormats = false

    func run() throws {
        let platforms = try Platform.all.map { platform in
            PlatformReport(name: platform.name, vendor: platform.vendor, version: platform.version,
                           devices: try platform.devices().map(DeviceReport.init))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(["platforms": platforms]), as: UTF8.self))
            return
        }
        if platforms.isEmpty {
            print("No OpenCL platforms. Install an ICD, e.g. `apt-get install pocl-opencl-icd`.")
            return
        }
        for (index, platform) in platforms.enumerated() {
            print("Platform #\(index): \(platform.name) (\(platform.vendor)), \(platform.version)")
            for device in platform.devices {
                device.printText()
            }
        }
        guard imageFormats else { return }
        for device in try Device.all where device.supportsImages {
            let context = try Context(devices: [device])
            print("Image formats of \(device.name) (read-write):")
            for kind in ImageKind.allCases {
                let formats = try context.supportedImageFormats(for: kind, access: .readWrite)
                print("  \(kind): " + formats.map(\.description).joined(separator: ", "))
            }
        }
    }
}

struct PlatformReport: Codable {
    let name: String, vendor: String, version: String
    let devices: [DeviceReport]
}

struct DeviceReport: Codable {
    let name: String, vendor: String, version: String, driverVersion: String, openCLCVersion: String
    let type: String, available: Bool
    let computeUnits: Int, maxClockFrequencyMHz: Int
    let maxWorkGroupSize: Int, maxWorkItemSizes: [Int]
    let localMemoryBytes: Int, globalMemoryBytes: Int, maxAllocationBytes: Int, globalCacheBytes: Int
    let supportsImages: Bool, image2DMax: [Int], image3DMax: [Int]
    let partitionMaxSubDevices: Int, partitionKinds: [String]
    let extensions: [String]

    init(_ device: Device) {
        name = device.name; vendor = device.vendor; version = device.version
        driverVersion = device.driverVersion; openCLCVersion = device.openCLCVersion
        type = device.type.description; available = device.isAvailable
        computeUnits = device.computeUnits; maxClockFrequencyMHz = device.maxClockFrequencyMHz
        maxWorkGroupSize = device.maxWorkGroupSize; maxWorkItemSizes = device.maxWorkItemSizes
        localMemoryBytes = device.localMemoryBytes; globalMemoryBytes = device.globalMemoryBytes
        maxAllocationBytes = device.maxMemoryAllocationBytes; globalCacheBytes = device.globalMemoryCacheBytes
        supportsImages = device.supportsImages
        image2DMax = [device.imageLimits.max2DWidth, device.imageLimits.max2DHeight]
        image3DMax = [device.imageLimits.max3DWidth, device.imageLimits.max3DHeight, device.imageLimits.max3DDepth]
        partitionMaxSubDevices = device.partitionMaxSubDevices
        partitionKinds = device.partitionKinds.map(\.description)
        extensions = device.extensions
    }

    func printText() {
        // Below 1 MiB in KiB: a GPU's 48 KiB of local memory is not "0.0 MiB".
        func mib(_ bytes: Int) -> String {
            bytes < 1_048_576 ? String(format: "%.0f KiB", Double(bytes) / 1024) : String(format: "%.1f MiB", Double(bytes) / 1_048_576)
        }
        let rows: [(String, String)] = [
            ("Type", type), ("Vendor", vendor), ("Version", version), ("Driver version", driverVersion),
            ("OpenCL C", openCLCVersion), ("Available", available ? "yes" : "no"),
            ("Compute units", "\(computeUnits)"), ("Max clock", "\(maxClockFrequencyMHz) MHz"),
            ("Max work-group size", "\(maxWorkGroupSize)"),
            ("Max work-item sizes", maxWorkItemSizes.map(String.init).joined(separator: " × ")),
            ("Local memory", mib(localMemoryBytes)), ("Global memory", mib(globalMemoryBytes)),
            ("Global cache", mib(globalCacheBytes)), ("Max allocation", mib(maxAllocationBytes)),
            ("Image support", supportsImages
                ? "yes (2D \(image2DMax[0])×\(image2DMax[1]), 3D \(image3DMax[0])×\(image3DMax[1])×\(image3DMax[2]))" : "no"),
            ("Partitioning", partitionMaxSubDevices > 1
                ? "up to \(partitionMaxSubDevices) sub-devices: \(partitionKinds.joined(separator: ", "))" : "none"),
            ("Extensions", extensions.joined(separator: " ")),
        ]
        print("  Device: \(name)")
        for (label, value) in rows {
            print("    " + label.padding(toLength: 22, withPad: " ", startingAt: 0) + value)
        }
    }
}
