// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "SwiftCL",
    products: [
        .library(name: "SwiftCL", targets: ["SwiftCL"]),
        .library(name: "SwiftCLKernels", targets: ["SwiftCLKernels"]),
        .library(name: "SwiftCLBench", targets: ["SwiftCLBench"]),
        .library(name: "SwiftCLValidation", targets: ["SwiftCLValidation"]),
        .executable(name: "swiftcl", targets: ["swiftcl"]),
        .plugin(name: "SwiftCLKernelPlugin", targets: ["SwiftCLKernelPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // SHA-256 for the program binary cache's keys and entry checks (never a hand-written hash).
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        // Property-based tests that drive the public API with random and extreme integers.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // The only place C types live: the ICD loader's headers and library.
        .systemLibrary(
            name: "COpenCL",
            pkgConfig: "OpenCL",
            providers: [.apt(["ocl-icd-opencl-dev", "opencl-headers", "pocl-opencl-icd"])]
        ),
        .target(
            name: "SwiftCL",
            dependencies: [
                "COpenCL",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "SwiftCLKernels",
            dependencies: ["SwiftCL"],
            path: "Kernels",
            // Every .cl file here becomes a typed Swift namespace (square.cl → SquareCL) at build time.
            plugins: ["SwiftCLKernelPlugin"]
        ),
        .target(
            name: "SwiftCLBench",
            dependencies: ["SwiftCL"]
        ),
        // The .cl signature parser and Swift code generator behind the build plugin.
        .target(name: "SwiftCLGenerator"),
        .executableTarget(name: "swiftcl-kernelgen", dependencies: ["SwiftCLGenerator", "SwiftCL"]),
        .plugin(name: "SwiftCLKernelPlugin", capability: .buildTool(), dependencies: ["swiftcl-kernelgen"]),
        // A target that applies the plugin to its .cl files, as a user's package would.
        .target(
            name: "PluginExample",
            dependencies: ["SwiftCL"],
            path: "Examples/PluginExample",
            plugins: ["SwiftCLKernelPlugin"]
        ),
        // The validation suites of the shipped kernels and the deliberately broken ones.
        .target(
            name: "SwiftCLValidation",
            dependencies: ["SwiftCL", "SwiftCLKernels", "SwiftCLBench"]
        ),
        // Raw C OpenCL loops, the yardstick the launch and square suites compare SwiftCL against.
        .target(
            name: "RawOpenCL",
            dependencies: ["COpenCL"],
            path: "Benchmarks/RawOpenCL"
        ),
        .target(
            name: "SwiftCLBenchmarks",
            dependencies: ["SwiftCL", "SwiftCLKernels", "SwiftCLBench", "RawOpenCL"],
            path: "Benchmarks/SwiftCLBenchmarks"
        ),
        .executableTarget(
            name: "swiftcl",
            dependencies: [
                "SwiftCL", "SwiftCLKernels", "SwiftCLBench", "SwiftCLBenchmarks", "SwiftCLValidation", "SwiftCLGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "SwiftCLTests",
            dependencies: ["SwiftCL", "SwiftCLKernels", "SwiftCLBench", "SwiftCLBenchmarks", "SwiftCLValidation", "swiftcl",
                           "SwiftCLGenerator", "PluginExample",
                           .product(name: "PropertyBased", package: "swift-property-based"),
                           .product(name: "Logging", package: "swift-log")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
