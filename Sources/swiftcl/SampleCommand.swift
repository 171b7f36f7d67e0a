import ArgumentParser
import SwiftCL
import GuideSamples

/// `swiftcl sample square`: the guide's Listing 3-2.
struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sample", abstract: "Run one of the guide's samples.")

    enum Name: String, ExpressibleByArgument, CaseIterable {
        case square
        case redToGreen = "red-to-green"
    }

    @Argument(help: "The sample to run: \(Name.allCases.map(\.rawValue).joined(separator: ", ")).")
    var name: Name = .square

    @Option(help: "How many values to square.")
    var count = 1024

    func run() throws {
        if name == .redToGreen {
            // Listing 6-5 asks for a CPU queue; a GPU-only machine runs it on its GPU.
            let queue = try ComputeQueue(preferring: [.cpu, .gpu])
            print("Using OpenCL device: \(queue.device.vendor) \(queue.device.name)")
            let outcome = try RedToGreenSample.run(on: queue)
            if outcome.mismatches == 0 {
                print("Image results OK! All \(outcome.pixels) pixels are 0xFF00FF00.")
            } else {
                print("\(outcome.mismatches) of \(outcome.pixels) pixels were wrong.")
                throw ExitCode.failure
            }
            return
        }
        let queue = try SquareSample.preferredQueue()
        print("Created a compute queue using \(queue.device.name)")
        let outcome = try SquareSample.run(on: queue, count: count)
        print("Work-group size: \(outcome.workGroupSize)")
        if outcome.mismatches == 0 {
            print("All \(outcome.count) values were properly squared.")
        } else {
            print("\(outcome.mismatches) of \(outcome.count) values were wrong.")
            throw ExitCode.failure
        }
    }
}
