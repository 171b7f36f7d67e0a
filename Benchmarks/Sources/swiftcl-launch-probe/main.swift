// swiftcl-launch-probe MODE COUNT: runs one launch path COUNT times (after 50 warm-up runs) on the first GPU, else the
// CPU, and prints the mean time per run. Made to be counted by callgrind (`scripts/launch-instructions.sh`): the
// calling thread's instructions per run of SwiftCL's path minus those of the raw C path on the same objects are what
// SwiftCL adds to a launch, exactly, where wall-clock time on a shared machine is noise.
//
// MODE: typed-round-trip (`queue.sync { square(cl, …) }`), plain-round-trip (`queue.sync { cl.launch(kernel, …) }`),
// raw-round-trip (C: set arguments, enqueue, clFinish, on SwiftCL's queue, kernel and buffers), empty-sync,
// typed-batched (COUNT launches in one `sync`), raw-batched (the C loop, one clFinish).
#if canImport(Glibc)
import Glibc
#endif
import SwiftCL
import SwiftCLLabSuites
import SwiftCLKernels

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count > 0 else {
    print("usage: swiftcl-launch-probe typed-round-trip|plain-round-trip|raw-round-trip|empty-sync|typed-batched|raw-batched COUNT")
    exit(64)
}
let mode = arguments[1]
let global = 64
let queue = try ComputeQueue(preferring: [.gpu, .cpu])
let square = try SquareCL.Square(context: queue.context)
let input = (0..<global).map { Float($0) - 3.5 }
let a = try Buffer(copying: input, context: queue.context)
let b = try Buffer<Float>(count: global, context: queue.context)
let range = try NDRange(global)

/// The raw C loop on SwiftCL's queue, kernel object and buffers (lent through the interop API).
func rawLoop(_ runs: Int, waitingEach: Bool) throws {
    _ = try RawCLoop.seconds(on: queue, kernel: square.kernel, input: a, output: b, global: global, launches: runs,
                             waitingEach: waitingEach)
}

func run(_ runs: Int) throws {
    switch mode {
    case "typed-round-trip": for _ in 0..<runs { try queue.sync { cl in try square(cl, range, input: a, output: b) } }
    case "plain-round-trip": for _ in 0..<runs { try queue.sync { cl in try cl.launch(square.kernel, range, a, b) } }
    case "raw-round-trip": try rawLoop(runs, waitingEach: true)
    case "empty-sync": for _ in 0..<runs { try queue.sync { _ in } }
    case "typed-batched": try queue.sync { cl in for _ in 0..<runs { try square(cl, range, input: a, output: b) } }
    case "raw-batched": try rawLoop(runs, waitingEach: false)
    default:
        print("unknown mode \(mode)")
        exit(64)
    }
}

// Verify before timing: the launch must square.
let output = try queue.sync { cl in
    try square(cl, range, input: a, output: b)
    return try cl.read(b)
}
guard output == SquareCL.Square.reference(input) else {
    print("square's output differs from the host reference")
    exit(1)
}
try run(50)
let clock = ContinuousClock()
let start = clock.now
try run(count)
print("\(mode) on \(queue.device.name): \(((clock.now - start) / count).formatted(.units(allowed: [.microseconds], fractionalPart: .show(length: 2)))) per run")
