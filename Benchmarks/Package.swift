// swift-tools-version: 6.1
// The lab: SwiftCL's own measurements, kept out of the library's manifest so a client builds only what it uses.
// Suites that compare SwiftCL with plain C (launch, square-c), the BLAS/FFT/arrays/build suites, the raw C yardsticks,
// the launch probe (scripts/launch-instructions.sh) and the PyOpenCL/NumPy comparison scripts (pyopencl/).
import PackageDescription

let package = Package(
    name: "SwiftCLBenchmarks",
    dependencies: [
        .package(name: "SwiftCL", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Plain C OpenCL loops, the yardstick the launch and square-c suites compare SwiftCL against.
        .target(name: "RawOpenCL", linkerSettings: [.linkedLibrary("OpenCL")]),
        // CLBlast called straight from C, the yardstick for SwiftCLBLAS's per-call overhead in the BLAS suite.
        .target(name: "RawCLBlast", linkerSettings: [.linkedLibrary("clblast"), .linkedLibrary("OpenCL")]),
        // The lab's suites, beside the shipped ones (box, square, copy) from the root package.
        .target(name: "SwiftCLLabSuites", dependencies: [
            "RawOpenCL", "RawCLBlast",
            .product(name: "SwiftCL", package: "SwiftCL"),
            .product(name: "SwiftCLArrays", package: "SwiftCL"),
            .product(name: "SwiftCLBLAS", package: "SwiftCL"),
            .product(name: "SwiftCLFFT", package: "SwiftCL"),
            .product(name: "SwiftCLBinaryCache", package: "SwiftCL"),
            .product(name: "SwiftCLKernels", package: "SwiftCL"),
            .product(name: "SwiftCLValidation", package: "SwiftCL"),
            .product(name: "SwiftCLBenchmarkHarness", package: "SwiftCL"),
            .product(name: "SwiftCLBenchmarkSuites", package: "SwiftCL"),
        ]),
        // `swiftcl-lab bench [SUITE …]`: every suite, shipped and lab, with swiftcl bench's reports.
        .executableTarget(name: "swiftcl-lab", dependencies: [
            "SwiftCLLabSuites",
            .product(name: "SwiftCL", package: "SwiftCL"),
            .product(name: "SwiftCLBinaryCache", package: "SwiftCL"),
            .product(name: "SwiftCLBenchmarkHarness", package: "SwiftCL"),
            .product(name: "SwiftCLBenchmarkSuites", package: "SwiftCL"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Runs one launch path N times, for counting its instructions (scripts/launch-instructions.sh).
        .executableTarget(name: "swiftcl-launch-probe", dependencies: [
            "SwiftCLLabSuites",
            .product(name: "SwiftCL", package: "SwiftCL"),
            .product(name: "SwiftCLKernels", package: "SwiftCL"),
        ]),
        .testTarget(name: "SwiftCLLabSuitesTests", dependencies: [
            "SwiftCLLabSuites",
            .product(name: "SwiftCL", package: "SwiftCL"),
            .product(name: "SwiftCLBenchmarkHarness", package: "SwiftCL"),
            .product(name: "SwiftCLBenchmarkSuites", package: "SwiftCL"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
