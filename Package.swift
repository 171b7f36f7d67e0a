// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "SwiftCL",
    products: [
        .library(name: "SwiftCL", targets: ["SwiftCL"]),
        .library(name: "SwiftCLBinaryCache", targets: ["SwiftCLBinaryCache"]),
        .library(name: "SwiftCLArrays", targets: ["SwiftCLArrays"]),
        .library(name: "SwiftCLBLAS", targets: ["SwiftCLBLAS"]),
        .library(name: "SwiftCLFFT", targets: ["SwiftCLFFT"]),
        .library(name: "SwiftCLImageIO", targets: ["SwiftCLImageIO"]),
        .library(name: "SwiftCLMPI", targets: ["SwiftCLMPI"]),
        .executable(name: "swiftcl-mpi", targets: ["swiftcl-mpi"]),
        .library(name: "SwiftCLKernels", targets: ["SwiftCLKernels"]),
        .library(name: "SwiftCLValidation", targets: ["SwiftCLValidation"]),
        .library(name: "SwiftCLBenchmarkHarness", targets: ["SwiftCLBenchmarkHarness"]),
        .library(name: "SwiftCLBenchmarkSuites", targets: ["SwiftCLBenchmarkSuites"]),
        .executable(name: "swiftcl", targets: ["swiftcl"]),
        .plugin(name: "SwiftCLKernelPlugin", targets: ["SwiftCLKernelPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // `swift package generate-documentation`: renders the DocC catalogues (a command plugin; nothing links it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Property-based tests that drive the public API with random and extreme integers.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // The only place C types live: the ICD loader's headers and library. Inside SwiftCL only the
        // `OpenCL/` folder imports it.
        .systemLibrary(
            name: "COpenCL",
            pkgConfig: "OpenCL",
            providers: [.apt(["ocl-icd-opencl-dev", "opencl-headers", "pocl-opencl-icd"])]
        ),
        // The one reader of OpenCL C source (package access), shared by the runtime's argument checks and the
        // code generator: the type table, the tokenizer with preprocessor conditionals, the kernel-signature parser
        // and struct layouts.
        .target(name: "OpenCLSource"),
        // The runtime: discovery, contexts, queues, programs, kernels, buffers and images.
        .target(
            name: "SwiftCL",
            dependencies: [
                "COpenCL",
                "OpenCLSource",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The verified on-disk cache of built program binaries (SHA-256 keys, Foundation): a ProgramBinaryStore that
        // contexts use only when given one (its SHA-256 comes from the system libcrypto: nothing compiled for it).
        .target(
            name: "SwiftCLBinaryCache",
            dependencies: ["SwiftCL", "OpenCLSource", "CLibCrypto"]
        ),
        // Device arrays (PyOpenCL's array layer): fused elementwise expressions, user elementwise and reduction
        // kernels, reductions; generated OpenCL C built through the context's program cache. SwiftCL alone.
        .target(name: "SwiftCLArrays", dependencies: ["SwiftCL"]),
        // CLBlast's C API (Debian libclblast-dev), imported only inside SwiftCLBLAS (internal import).
        .systemLibrary(name: "CCLBlast", pkgConfig: "clblast", providers: [.apt(["libclblast-dev"])]),
        // SHA-256 for the program binary cache's keys and entry checks, from the system's libcrypto (never a hand-written
        // hash, and no cryptography library compiled here: swift-crypto compiled ~360 C/C++ files into every client build).
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // BLAS on CLBlast through SwiftCL's buffers, arrays, queues and events; a separate product, so users who do not
        // need BLAS need no CLBlast.
        .target(name: "SwiftCLBLAS", dependencies: ["SwiftCL", "SwiftCLArrays", "CCLBlast"]),
        // clFFT's C API (Debian libclfft-dev), imported only inside SwiftCLFFT (internal import).
        .systemLibrary(name: "CCLFFT", pkgConfig: "clFFT", providers: [.apt(["libclfft-dev"])]),
        // VkFFT's OpenCL backend (Debian libvkfft-dev, one header of static functions) compiled once behind a small C
        // surface, imported only inside SwiftCLFFT (internal import): the FFT engine on GPUs, every length.
        .target(name: "CVkFFT", dependencies: ["COpenCL"], linkerSettings: [.linkedLibrary("OpenCL"), .linkedLibrary("m")]),
        // FFTs on VkFFT, clFFT or FFTW through SwiftCL's buffers, queues and events; a separate product like SwiftCLBLAS.
        .target(name: "SwiftCLFFT", dependencies: ["SwiftCL", "SwiftCLArrays", "CCLFFT", "CVkFFT"]),
        // libpng (Debian libpng-dev), imported only inside SwiftCLImageIO (internal import).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // PNG, PGM and PPM files to and from pictures, SwiftCL images and buffers.
        .target(name: "SwiftCLImageIO", dependencies: ["SwiftCL", "CPNG"]),
        // Open MPI's C API (Debian libopenmpi-dev), imported only inside SwiftCLMPI (internal import).
        .systemLibrary(name: "CMPI", pkgConfig: "ompi-c", providers: [.apt(["libopenmpi-dev"])]),
        // MPI on host arrays, SwiftCL buffers and DeviceArrays (blocking and non-blocking), row decompositions, halo
        // exchange, distributed row filters. SwiftCLArrays is needed for the DeviceArray forms and distributed reductions.
        .target(name: "SwiftCLMPI", dependencies: ["SwiftCL", "SwiftCLArrays", "CMPI"]),
        // Runs under mpirun: checks the collectives on every rank, the distributed box filter against one process, fleet
        // validation and benchmarks (the shipped kernels' suites and users' kernels), the overlap measurement.
        .executableTarget(name: "swiftcl-mpi", dependencies: [
            "SwiftCL", "SwiftCLArrays", "SwiftCLKernels", "SwiftCLMPI", "SwiftCLValidation", "SwiftCLValidationSuites",
            "SwiftCLBenchmarkHarness", "SwiftCLBenchmarkSuites", "SwiftCLCommandLine",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The shipped kernel library: every .cl file here becomes a typed Swift namespace
        // (square.cl → SquareCL) at build time, plus the box-filter runner and its host reference.
        .target(
            name: "SwiftCLKernels",
            dependencies: ["SwiftCL"],
            path: "Kernels",
            plugins: ["SwiftCLKernelPlugin"]
        ),
        // The validation engine: kernel checks, tolerances, the validator and the Oclgrind runner.
        .target(name: "SwiftCLValidation", dependencies: ["SwiftCL"]),
        // The checks of the shipped kernels (SwiftCLArrays' generated ones too) and the deliberately broken kernels (for --memcheck).
        .target(name: "SwiftCLValidationSuites", dependencies: ["SwiftCL", "SwiftCLArrays", "SwiftCLKernels", "SwiftCLValidation"]),
        // The benchmark harness: variants, comparisons (verify, then time), summaries, reports, charts.
        .target(name: "SwiftCLBenchmarkHarness", dependencies: ["SwiftCL", "SwiftCLValidation", "OpenCLSource"]),
        // The shipped kernels' benchmark suites (box, square, copy: each against the copy bound of the same run), run by
        // `swiftcl bench`. The lab's suites (plain C yardsticks, launch, BLAS, FFT, arrays, builds) are the Benchmarks/ package.
        .target(
            name: "SwiftCLBenchmarkSuites",
            dependencies: ["SwiftCL", "SwiftCLKernels", "SwiftCLValidation", "SwiftCLBenchmarkHarness"]
        ),
        // The .cl signature parser and Swift code generator behind the build plugin.
        .target(name: "SwiftCLGenerator", dependencies: ["OpenCLSource"]),
        // The build tool: generates the Swift and compiles the file through the C API (it links the source reader and the
        // C module, not the runtime, so a client applying the plugin compiles SwiftCL once).
        .executableTarget(name: "swiftcl-kernelgen", dependencies: ["SwiftCLGenerator", "OpenCLSource", "COpenCL"]),
        .plugin(name: "SwiftCLKernelPlugin", capability: .buildTool(), dependencies: ["swiftcl-kernelgen"]),
        // The guide's sample programs (Listings 3-2 and 6-5), run by `swiftcl sample`.
        .target(name: "GuideSamples", dependencies: ["SwiftCL", "SwiftCLKernels"], path: "Examples/GuideSamples"),
        // A target that applies the plugin to its .cl files, as a user's package would.
        .target(
            name: "PluginExample",
            dependencies: ["SwiftCL"],
            path: "Examples/PluginExample",
            plugins: ["SwiftCLKernelPlugin"]
        ),
        // What both command-line tools parse and read for a user's .cl file (--kernel, --args, --sizes, -D, …).
        .target(name: "SwiftCLCommandLine", dependencies: [
            "SwiftCL", "SwiftCLBenchmarkHarness", "SwiftCLGenerator", "SwiftCLValidation",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(
            name: "swiftcl",
            dependencies: [
                "SwiftCL", "SwiftCLBinaryCache", "SwiftCLKernels", "SwiftCLValidation", "SwiftCLValidationSuites", "SwiftCLBenchmarkHarness",
                "SwiftCLBenchmarkSuites", "SwiftCLGenerator", "SwiftCLImageIO", "GuideSamples", "SwiftCLCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Tests: one target per module, sharing the device list and small helpers.
        .target(name: "SwiftCLTestSupport", dependencies: ["SwiftCL"], path: "Tests/SwiftCLTestSupport"),
        // A small C OpenCL "library" that works on the raw handles SwiftCL lends (the interop tests' other side).
        .target(name: "CInteropFixture", dependencies: ["COpenCL"], path: "Tests/CInteropFixture"),
        .testTarget(
            name: "SwiftCLTests",
            dependencies: ["SwiftCL", "OpenCLSource", "SwiftCLBinaryCache", "SwiftCLKernels", "SwiftCLTestSupport", "CInteropFixture",
                           .product(name: "PropertyBased", package: "swift-property-based"),
                           .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "OpenCLSourceTests", dependencies: ["OpenCLSource"]),
        .testTarget(
            name: "SwiftCLBinaryCacheTests",
            dependencies: ["SwiftCL", "OpenCLSource", "SwiftCLBinaryCache", "SwiftCLKernels", "SwiftCLTestSupport",
                           .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "SwiftCLCommandLineTests", dependencies: [
            "SwiftCLCommandLine", "SwiftCLBenchmarkHarness", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(
            name: "SwiftCLArraysTests",
            dependencies: ["SwiftCL", "SwiftCLArrays", "SwiftCLTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "SwiftCLBLASTests", dependencies: ["SwiftCL", "SwiftCLArrays", "SwiftCLBLAS", "SwiftCLFFT", "SwiftCLTestSupport"]),
        .testTarget(name: "SwiftCLFFTTests", dependencies: ["SwiftCL", "SwiftCLArrays", "SwiftCLFFT", "SwiftCLTestSupport"]),
        .testTarget(name: "SwiftCLMPITests", dependencies: ["swiftcl-mpi", "SwiftCLMPI", "SwiftCLTestSupport"]),
        .testTarget(name: "SwiftCLImageIOTests", dependencies: ["SwiftCL", "SwiftCLImageIO", "SwiftCLKernels", "SwiftCLTestSupport"]),
        .testTarget(name: "SwiftCLKernelsTests", dependencies: ["SwiftCL", "SwiftCLKernels", "SwiftCLValidation", "SwiftCLTestSupport"]),
        // SwiftCL too: the generated Swift is type-checked against the real module.
        .testTarget(name: "SwiftCLGeneratorTests", dependencies: ["SwiftCLGenerator", "SwiftCL", "SwiftCLTestSupport"]),
        .testTarget(name: "SwiftCLKernelPluginTests", dependencies: ["SwiftCL", "PluginExample", "SwiftCLTestSupport"]),
        .testTarget(
            name: "SwiftCLValidationTests",
            dependencies: ["SwiftCL", "SwiftCLKernels", "SwiftCLValidation", "SwiftCLValidationSuites", "SwiftCLTestSupport"]
        ),
        .testTarget(name: "SwiftCLBenchmarkHarnessTests", dependencies: [
            "SwiftCL", "SwiftCLBenchmarkHarness", "SwiftCLValidation", "SwiftCLTestSupport",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(
            name: "SwiftCLBenchmarkSuitesTests",
            dependencies: ["SwiftCL", "SwiftCLKernels", "SwiftCLBenchmarkHarness", "SwiftCLBenchmarkSuites", "SwiftCLTestSupport"]
        ),
        .testTarget(name: "GuideSamplesTests", dependencies: ["SwiftCL", "SwiftCLKernels", "GuideSamples", "SwiftCLTestSupport"]),
        // The command-line tool, run as a child process (it is built next to the tests).
        .testTarget(name: "swiftclTests", dependencies: ["swiftcl", "SwiftCLValidation", "SwiftCLImageIO", "SwiftCLKernels", "SwiftCLTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
