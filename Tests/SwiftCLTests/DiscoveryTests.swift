import Foundation
import SwiftCL
import SwiftCLTestSupport
import Testing

@Suite("Discovery")
struct DiscoveryTests {
    @Test("an OpenCL platform and device exist (PoCL on CI): device tests would otherwise run zero cases")
    func devicesExist() throws {
        #expect(!(try Platform.all).isEmpty, "no OpenCL platform: install pocl-opencl-icd")
        #expect(!TestDevices.all.isEmpty, "no OpenCL device")
    }

    @Test("device info is typed and sane", arguments: TestDevices.all)
    func deviceInfo(device: Device) throws {
        #expect(!device.name.isEmpty)
        #expect(device.version.hasPrefix("OpenCL "))
        #expect(device.openCLCVersion.hasPrefix("OpenCL C "))
        #expect(!device.driverVersion.isEmpty)
        #expect(device.computeUnits >= 1)
        #expect(device.maxWorkGroupSize >= 1)
        #expect((1...3).contains(device.maxWorkItemSizes.count))
        #expect(device.maxWorkItemSizes.allSatisfy { $0 >= 1 })
        #expect(device.globalMemoryBytes >= device.maxMemoryAllocationBytes)
        #expect(device.localMemoryBytes > 0)
        #expect(device.isAvailable)
        #expect(!device.type.isEmpty)
        if device.supportsImages {
            #expect(device.imageLimits.max2DWidth >= 2048, "an image-capable device supports 2048-wide 2D images")
        }
        #expect(device.openCLCLanguageVersion.major >= 1)
    }

    @Test("a platform lists its devices, and each knows its platform")
    func platformDevices() throws {
        for platform in try Platform.all {
            #expect(!platform.name.isEmpty)
            #expect(platform.version.hasPrefix("OpenCL "))
            for device in try platform.devices() {
                #expect(device.platform == platform)
            }
        }
    }

    @Test("selection by type picks the device with the most compute units")
    func defaultPicksMostComputeUnits() throws {
        for type in [DeviceType.cpu, .gpu, .accelerator] {
            let candidates = try Device.all(ofType: type)
            guard let most = candidates.map(\.computeUnits).max() else { continue }
            let chosen = try Device.default(ofType: type)
            #expect(chosen.type.contains(type))
            #expect(chosen.computeUnits == most)
        }
    }

    @Test("asking for a type with no device names the type and lists what exists")
    func noDeviceOfType() throws {
        let missing = [DeviceType.custom, .accelerator, .gpu].first { (try? Device.all(ofType: $0).isEmpty) == true }
        let type = try #require(missing, "every device type exists here; nothing to ask for in vain")
        let error = thrownError { _ = try Device.default(ofType: type) }
        guard let refusal = error as? SwiftCLError, refusal.code == .noDevice else {
            Issue.record("expected SwiftCLError.noDevice, got \(String(describing: error))")
            return
        }
        #expect(refusal.description.hasPrefix("no OpenCL device of type \(type); available: "))
        let available = refusal.description.split(separator: "available: ", maxSplits: 1).last.map { $0.split(separator: "; ") } ?? []
        #expect(available.count == TestDevices.all.count)
        #expect(available.allSatisfy { $0.contains(":") }, "each entry names the type and device: \(available)")
        #expect((error as? SwiftCLError)?.description.contains("available") == true)
        // The same through the queue initialiser, and the process stays usable.
        #expect(throws: SwiftCLError.self) { _ = try ComputeQueue(type) }
        #expect(!(try Device.all).isEmpty)
    }

    @Test("the guide's Listing 5-1: list the shared context's devices, GPU queue or CPU fallback, queue by device id")
    func listing5_1() throws {
        let platform = try #require(try Platform.all.first)
        let context = try Context.shared(for: platform)
        #expect(context.devices.count == (try platform.devices()).count)
        #expect(try Context.shared(for: platform) === context, "the shared context is created once")
        let gpuQueue = try? ComputeQueue(.gpu)
        if let gpuQueue { #expect(gpuQueue.device.type.contains(.gpu)) }
        if !(try Device.all(ofType: .cpu)).isEmpty {
            let cpuQueue = try ComputeQueue(.cpu)
            #expect(cpuQueue.device.type.contains(.cpu))
        }
        let first = try #require(context.devices.first)
        let custom = try ComputeQueue(device: first)
        #expect(custom.device == first)
        #expect(custom.context === context)
    }
}

@Suite("Discovery from many threads")
struct ConcurrentDiscoveryTests {
    /// In a fresh process, `threads` threads released at once each make their first discovery call
    /// (half `Device.all`, half `ComputeQueue(preferring: [.gpu, .cpu])`, so it runs on a GPU-only machine too); every one must see the same devices.
    static func firstCallsAgree(threads: Int) -> Bool {
        let results = Locked<[String]>([])
        let ready = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0), done = DispatchGroup()
        for index in 0..<threads {
            done.enter()
            let thread = Thread {
                ready.signal()
                go.wait()
                let seen: String
                do {
                    if index % 2 == 0 {
                        seen = try Device.all.map(\.name).joined(separator: ",")
                    } else {
                        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
                        seen = try Device.all.contains(queue.device) ? Device.all.map(\.name).joined(separator: ",") : "queue device not listed"
                    }
                } catch {
                    seen = "error: \(error)"
                }
                results.withLock { $0.append(seen) }
                done.leave()
            }
            thread.start()
        }
        for _ in 0..<threads { ready.wait() }
        for _ in 0..<threads { go.signal() }
        done.wait()
        let seen = results.withLock { $0 }
        let distinct = Set(seen)
        print("\(threads) threads saw: \(distinct)")
        return seen.count == threads && distinct.count == 1 && !(seen.first ?? "").isEmpty && !(seen.first ?? "error").hasPrefix("error")
    }

    @Test("8 and 32 simultaneous first calls, each in 4 fresh processes (2 under a sanitizer), all see the same devices",
          arguments: [8, 32])
    func simultaneousFirstCalls(threads: Int) async {
        for _ in 0..<TestScale.size(4, sanitized: 2) {
            await #expect(processExitsWith: .success) { [threads = threads as Int] in
                if !ConcurrentDiscoveryTests.firstCallsAgree(threads: threads) { exit(1) }
            }
        }
    }
}
