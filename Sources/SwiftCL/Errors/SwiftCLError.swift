/// A request SwiftCL refused before it reached OpenCL: bad input from the caller, checked up front so
/// that no C call ever sees it and nothing is lost.
public struct SwiftCLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of refusal this is. An open set of codes (a struct with static members, not an enum): a new
    /// refusal adds a code without breaking anyone's `switch`. Compare with `==`: `error.code == .rangeOutOfBounds`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in the static member (`"rangeOutOfBounds"`).
        public let name: String
        init(_ name: String) { self.name = name }
        public var description: String { name }

        public static let noDevice = Code("noDevice")
        public static let rangeOutOfBounds = Code("rangeOutOfBounds")
        public static let sizeOverflow = Code("sizeOverflow")
        public static let allocationTooLarge = Code("allocationTooLarge")
        public static let invalidNDRange = Code("invalidNDRange")
        public static let argumentCount = Code("argumentCount")
        public static let argumentType = Code("argumentType")
        public static let kernelNotFound = Code("kernelNotFound")
        public static let contextMismatch = Code("contextMismatch")
        public static let invalidCount = Code("invalidCount")
        public static let overlappingCopy = Code("overlappingCopy")
        public static let invalidRect = Code("invalidRect")
        public static let hostAccessDenied = Code("hostAccessDenied")
        public static let alreadyMapped = Code("alreadyMapped")
        public static let hostDataSize = Code("hostDataSize")
        public static let notWholeElements = Code("notWholeElements")
        public static let emptyDeviceList = Code("emptyDeviceList")
        public static let invalidPartition = Code("invalidPartition")
        public static let noImageSupport = Code("noImageSupport")
        public static let invalidImageExtent = Code("invalidImageExtent")
        public static let regionOutsideImage = Code("regionOutsideImage")
        public static let fillColorMismatch = Code("fillColorMismatch")
        public static let samplerNeedsNormalizedCoordinates = Code("samplerNeedsNormalizedCoordinates")
        public static let invalidDefinition = Code("invalidDefinition")
        public static let partitionUnsupported = Code("partitionUnsupported")
        public static let reentrantSync = Code("reentrantSync")
        public static let encoderExpired = Code("encoderExpired")
        public static let unsupportedImageFormat = Code("unsupportedImageFormat")
        public static let imageLimitExceeded = Code("imageLimitExceeded")
        public static let imageFormatMismatch = Code("imageFormatMismatch")
        public static let embeddedNUL = Code("embeddedNUL")
        public static let localMemoryExceeded = Code("localMemoryExceeded")
        public static let integerOutOfRange = Code("integerOutOfRange")
        public static let outOfOrderUnsupported = Code("outOfOrderUnsupported")
        public static let launchRequirement = Code("launchRequirement")
        public static let unreadableFile = Code("unreadableFile")
        public static let misalignedSubBuffer = Code("misalignedSubBuffer")
    }

    /// The refusal with its details; package access, so its cases can grow without breaking clients, which read
    /// ``code``, ``description`` and the typed accessors.
    package let reason: Reason

    package init(reason: Reason) { self.reason = reason }

    /// What kind of refusal this is.
    public var code: Code {
        switch reason {
        case .noDevice: .noDevice
        case .rangeOutOfBounds: .rangeOutOfBounds
        case .sizeOverflow: .sizeOverflow
        case .allocationTooLarge: .allocationTooLarge
        case .invalidNDRange: .invalidNDRange
        case .argumentCount: .argumentCount
        case .argumentType: .argumentType
        case .kernelNotFound: .kernelNotFound
        case .contextMismatch: .contextMismatch
        case .invalidCount: .invalidCount
        case .overlappingCopy: .overlappingCopy
        case .invalidRect: .invalidRect
        case .hostAccessDenied: .hostAccessDenied
        case .alreadyMapped: .alreadyMapped
        case .hostDataSize: .hostDataSize
        case .notWholeElements: .notWholeElements
        case .emptyDeviceList: .emptyDeviceList
        case .invalidPartition: .invalidPartition
        case .noImageSupport: .noImageSupport
        case .invalidImageExtent: .invalidImageExtent
        case .regionOutsideImage: .regionOutsideImage
        case .fillColorMismatch: .fillColorMismatch
        case .samplerNeedsNormalizedCoordinates: .samplerNeedsNormalizedCoordinates
        case .invalidDefinition: .invalidDefinition
        case .partitionUnsupported: .partitionUnsupported
        case .reentrantSync: .reentrantSync
        case .encoderExpired: .encoderExpired
        case .unsupportedImageFormat: .unsupportedImageFormat
        case .imageLimitExceeded: .imageLimitExceeded
        case .imageFormatMismatch: .imageFormatMismatch
        case .embeddedNUL: .embeddedNUL
        case .localMemoryExceeded: .localMemoryExceeded
        case .integerOutOfRange: .integerOutOfRange
        case .outOfOrderUnsupported: .outOfOrderUnsupported
        case .launchRequirement: .launchRequirement
        case .unreadableFile: .unreadableFile
        case .misalignedSubBuffer: .misalignedSubBuffer
        }
    }

    /// The whole message, naming the operation, the limit and the values involved.
    public var description: String { reason.description }

    /// The operation that was refused, where the refusal names one (`"copy"`, `"write"`, …).
    public var operation: String? {
        switch reason {
        case let .rangeOutOfBounds(v, _, _): v
        case let .sizeOverflow(v): v
        case let .invalidCount(v, _, _): v
        case let .overlappingCopy(v): v
        case let .invalidRect(v, _): v
        case let .hostAccessDenied(v, _, _): v
        case let .alreadyMapped(v, _): v
        case let .hostDataSize(v, _, _): v
        case let .notWholeElements(v, _, _, _): v
        case let .regionOutsideImage(v, _, _, _): v
        default: nil
        }
    }

    /// The kernel a refused launch or argument belongs to, where there is one.
    public var kernel: String? {
        switch reason {
        case let .argumentCount(v, _, _): v
        case let .argumentType(v, _, _, _, _): v
        case let .localMemoryExceeded(v, _, _, _, _): v
        case let .integerOutOfRange(v, _, _, _, _, _): v
        default: nil
        }
    }

    /// The device whose limit or capability refused the request, where one is named.
    public var device: String? {
        switch reason {
        case let .allocationTooLarge(_, _, v): v
        case let .invalidPartition(v, _, _, _): v
        case let .noImageSupport(v): v
        case let .partitionUnsupported(v, _, _): v
        case let .imageLimitExceeded(_, _, _, _, v): v
        case let .localMemoryExceeded(_, _, _, _, v): v
        case let .outOfOrderUnsupported(v): v
        case let .misalignedSubBuffer(_, _, v): v
        default: nil
        }
    }

    /// The broken ND-range limit, for ``Code/invalidNDRange``.
    public var ndRangeViolation: NDRangeViolation? {
        if case let .invalidNDRange(violation) = reason { violation } else { nil }
    }

    /// The broken rectangle rule, for ``Code/invalidRect``.
    public var rectViolation: RectViolation? {
        if case let .invalidRect(_, violation) = reason { violation } else { nil }
    }

    /// The kernel's unmet launch requirement, for ``Code/launchRequirement``.
    public var launchRequirementViolation: LaunchRequirementViolation? {
        if case let .launchRequirement(violation) = reason { violation } else { nil }
    }

    // One factory per refusal, named as the code: `throw SwiftCLError.rangeOutOfBounds(operation:requested:bound:)`.

    /// No device of the requested type; `available` lists every device that exists ("GPU: name (platform)"),
    /// `platforms` every platform the ICD loader reports (empty: no OpenCL driver is installed).
    public static func noDevice(requested: DeviceType, available: [String], platforms: [String]) -> SwiftCLError {
        SwiftCLError(reason: .noDevice(requested: requested, available: available, platforms: platforms))
    }

    /// A host or device element range does not fit the object it addresses.
    public static func rangeOutOfBounds(operation: String, requested: Range<Int>, bound: Int) -> SwiftCLError {
        SwiftCLError(reason: .rangeOutOfBounds(operation: operation, requested: requested, bound: bound))
    }

    /// An element count multiplied out to more bytes than `Int` can hold.
    public static func sizeOverflow(operation: String) -> SwiftCLError {
        SwiftCLError(reason: .sizeOverflow(operation: operation))
    }

    /// An allocation is bigger than `CL_DEVICE_MAX_MEM_ALLOC_SIZE` of a device in the context.
    public static func allocationTooLarge(byteCount: Int, limit: Int, device: String) -> SwiftCLError {
        SwiftCLError(reason: .allocationTooLarge(byteCount: byteCount, limit: limit, device: device))
    }

    /// The ND-range cannot be launched; the violation names the limit broken.
    public static func invalidNDRange(_ value0: NDRangeViolation) -> SwiftCLError {
        SwiftCLError(reason: .invalidNDRange(value0))
    }

    /// A kernel was given the wrong number of arguments.
    public static func argumentCount(kernel: String, expected: Int, given: Int) -> SwiftCLError {
        SwiftCLError(reason: .argumentCount(kernel: kernel, expected: expected, given: given))
    }

    /// A kernel argument does not match the parameter's declared type or address space.
    public static func argumentType(kernel: String, index: Int, parameter: String, expected: String, given: String) -> SwiftCLError {
        SwiftCLError(reason: .argumentType(kernel: kernel, index: index, parameter: parameter, expected: expected, given: given))
    }

    /// `Program.kernel(named:)` found no such kernel; `available` lists the program's kernels.
    public static func kernelNotFound(name: String, available: [String]) -> SwiftCLError {
        SwiftCLError(reason: .kernelNotFound(name: name, available: available))
    }

    /// An object from one context was used with a queue or object from another.
    public static func contextMismatch(_ value0: String) -> SwiftCLError {
        SwiftCLError(reason: .contextMismatch(value0))
    }

    /// An element count below what the operation accepts (a buffer needs at least 1, a copy at least 0).
    public static func invalidCount(operation: String, count: Int, minimum: Int) -> SwiftCLError {
        SwiftCLError(reason: .invalidCount(operation: operation, count: count, minimum: minimum))
    }

    /// A copy whose source and destination overlap in the same buffer.
    public static func overlappingCopy(operation: String) -> SwiftCLError {
        SwiftCLError(reason: .overlappingCopy(operation: operation))
    }

    /// A buffer rectangle (origin, region and pitches) that cannot address memory.
    public static func invalidRect(operation: String, _ value1: RectViolation) -> SwiftCLError {
        SwiftCLError(reason: .invalidRect(operation: operation, value1))
    }

    /// A read or write of an object whose `HostAccess` forbids it.
    public static func hostAccessDenied(operation: String, object: String, access: HostAccess) -> SwiftCLError {
        SwiftCLError(reason: .hostAccessDenied(operation: operation, object: object, access: access))
    }

    /// A command on an object that an enclosing `withMapped` has mapped.
    public static func alreadyMapped(operation: String, object: String) -> SwiftCLError {
        SwiftCLError(reason: .alreadyMapped(operation: operation, object: object))
    }

    /// Host data whose byte count does not fit the object or region it is copied to or from.
    public static func hostDataSize(operation: String, givenBytes: Int, requiredBytes: Int) -> SwiftCLError {
        SwiftCLError(reason: .hostDataSize(operation: operation, givenBytes: givenBytes, requiredBytes: requiredBytes))
    }

    /// A byte count that is not a whole number of the requested element type.
    public static func notWholeElements(operation: String, byteCount: Int, elementType: String, elementBytes: Int) -> SwiftCLError {
        SwiftCLError(reason: .notWholeElements(operation: operation, byteCount: byteCount, elementType: elementType, elementBytes: elementBytes))
    }

    /// A context was asked for with an empty device list.
    public static var emptyDeviceList: SwiftCLError { SwiftCLError(reason: .emptyDeviceList) }

    /// A partition request outside the device's compute units or sub-device limit.
    public static func invalidPartition(device: String, requested: String, computeUnits: Int, maxSubDevices: Int) -> SwiftCLError {
        SwiftCLError(reason: .invalidPartition(device: device, requested: requested, computeUnits: computeUnits, maxSubDevices: maxSubDevices))
    }

    /// Images or samplers on a device whose `CL_DEVICE_IMAGE_SUPPORT` is false.
    public static func noImageSupport(device: String) -> SwiftCLError {
        SwiftCLError(reason: .noImageSupport(device: device))
    }

    /// An image extent below 1.
    public static func invalidImageExtent(dimension: String, value: Int) -> SwiftCLError {
        SwiftCLError(reason: .invalidImageExtent(dimension: dimension, value: value))
    }

    /// An image region that is empty or reaches outside the image.
    public static func regionOutsideImage(operation: String, origin: [Int], region: [Int], extent: [Int]) -> SwiftCLError {
        SwiftCLError(reason: .regionOutsideImage(operation: operation, origin: origin, region: region, extent: extent))
    }

    /// An image fill colour of another channel kind than the image's format samples as.
    public static func fillColorMismatch(format: ImageFormat, color: String) -> SwiftCLError {
        SwiftCLError(reason: .fillColorMismatch(format: format, color: color))
    }

    /// A sampler whose addressing mode needs normalized coordinates was asked for with pixel coordinates.
    public static func samplerNeedsNormalizedCoordinates(addressing: String) -> SwiftCLError {
        SwiftCLError(reason: .samplerNeedsNormalizedCoordinates(addressing: addressing))
    }

    /// A `-D` build option whose name is not a C identifier or whose value is empty or has blanks.
    public static func invalidDefinition(name: String, value: String?) -> SwiftCLError {
        SwiftCLError(reason: .invalidDefinition(name: name, value: value))
    }

    /// The device cannot be partitioned the requested way.
    public static func partitionUnsupported(device: String, requested: String, supported: [String]) -> SwiftCLError {
        SwiftCLError(reason: .partitionUnsupported(device: device, requested: requested, supported: supported))
    }

    /// `sync` was called from inside a closure already running on the same queue (it would deadlock).
    public static func reentrantSync(queue: String) -> SwiftCLError {
        SwiftCLError(reason: .reentrantSync(queue: queue))
    }

    /// An encoder was used after the closure it was handed to had returned.
    public static var encoderExpired: SwiftCLError { SwiftCLError(reason: .encoderExpired) }

    /// The image format is not supported for this kind of image and access; `supported` lists those that are.
    public static func unsupportedImageFormat(_ value0: ImageFormat, kind: ImageKind, supported: [ImageFormat]) -> SwiftCLError {
        SwiftCLError(reason: .unsupportedImageFormat(value0, kind: kind, supported: supported))
    }

    /// An image dimension exceeds a device limit, named by its `CL_DEVICE_*` query.
    public static func imageLimitExceeded(dimension: String, value: Int, limit: String, maximum: Int, device: String) -> SwiftCLError {
        SwiftCLError(reason: .imageLimitExceeded(dimension: dimension, value: value, limit: limit, maximum: maximum, device: device))
    }

    /// Two images (or an image and a request) disagree on the pixel format.
    public static func imageFormatMismatch(expected: ImageFormat, given: ImageFormat) -> SwiftCLError {
        SwiftCLError(reason: .imageFormatMismatch(expected: expected, given: given))
    }

    /// A NUL byte inside text handed to OpenCL as a C string (program source, a build option, a kernel
    /// name), where OpenCL would silently drop everything after it.
    public static func embeddedNUL(what: String, byteOffset: Int) -> SwiftCLError {
        SwiftCLError(reason: .embeddedNUL(what: what, byteOffset: byteOffset))
    }

    /// A kernel's own `local` arrays plus its ``LocalMemory`` arguments exceed `CL_DEVICE_LOCAL_MEM_SIZE`.
    public static func localMemoryExceeded(kernel: String, staticBytes: Int, argumentBytes: Int, limit: Int, device: String) -> SwiftCLError {
        SwiftCLError(reason: .localMemoryExceeded(kernel: kernel, staticBytes: staticBytes, argumentBytes: argumentBytes, limit: limit, device: device))
    }

    /// An integer argument (`Int`, or any integer a typed kernel accepts) does not fit the parameter's integer type.
    public static func integerOutOfRange(kernel: String, index: Int, parameter: String, value: String, type: String, range: String) -> SwiftCLError {
        SwiftCLError(reason: .integerOutOfRange(kernel: kernel, index: index, parameter: parameter, value: value, type: type, range: range))
    }

    /// The device's host queues cannot run commands out of order (`CL_DEVICE_QUEUE_ON_HOST_PROPERTIES`).
    public static func outOfOrderUnsupported(device: String) -> SwiftCLError {
        SwiftCLError(reason: .outOfOrderUnsupported(device: device))
    }

    /// A launch whose range its buffers or images cannot serve, by a requirement the kernel declares
    /// (`// @requires` in its `.cl` file, checked by the generated typed kernel).
    public static func launchRequirement(_ value0: LaunchRequirementViolation) -> SwiftCLError {
        SwiftCLError(reason: .launchRequirement(value0))
    }

    /// A file SwiftCL was asked to read is missing, not a regular file (a FIFO, a device, a folder), too large or not
    /// UTF-8 text; nothing was read from a special file (it is never opened blocking).
    public static func unreadableFile(path: String, reason: String) -> SwiftCLError {
        SwiftCLError(reason: .unreadableFile(path: path, reason: reason))
    }

    /// A sub-buffer's origin is not a multiple of a device's `CL_DEVICE_MEM_BASE_ADDR_ALIGN`.
    public static func misalignedSubBuffer(offsetBytes: Int, alignmentBytes: Int, device: String) -> SwiftCLError {
        SwiftCLError(reason: .misalignedSubBuffer(offsetBytes: offsetBytes, alignmentBytes: alignmentBytes, device: device))
    }

    /// Every refusal and its details.
    package enum Reason: Hashable, Sendable, CustomStringConvertible {

        /// No device of the requested type; `available` lists every device that exists ("GPU: name (platform)"),
        /// `platforms` every platform the ICD loader reports (empty: no OpenCL driver is installed).
        case noDevice(requested: DeviceType, available: [String], platforms: [String])
        /// A host or device element range does not fit the object it addresses.
        case rangeOutOfBounds(operation: String, requested: Range<Int>, bound: Int)
        /// An element count multiplied out to more bytes than `Int` can hold.
        case sizeOverflow(operation: String)
        /// An allocation is bigger than `CL_DEVICE_MAX_MEM_ALLOC_SIZE` of a device in the context.
        case allocationTooLarge(byteCount: Int, limit: Int, device: String)
        /// The ND-range cannot be launched; the violation names the limit broken.
        case invalidNDRange(NDRangeViolation)
        /// A kernel was given the wrong number of arguments.
        case argumentCount(kernel: String, expected: Int, given: Int)
        /// A kernel argument does not match the parameter's declared type or address space.
        case argumentType(kernel: String, index: Int, parameter: String, expected: String, given: String)
        /// `Program.kernel(named:)` found no such kernel; `available` lists the program's kernels.
        case kernelNotFound(name: String, available: [String])
        /// An object from one context was used with a queue or object from another.
        case contextMismatch(String)
        /// An element count below what the operation accepts (a buffer needs at least 1, a copy at least 0).
        case invalidCount(operation: String, count: Int, minimum: Int)
        /// A copy whose source and destination overlap in the same buffer.
        case overlappingCopy(operation: String)
        /// A buffer rectangle (origin, region and pitches) that cannot address memory.
        case invalidRect(operation: String, RectViolation)
        /// A read or write of an object whose `HostAccess` forbids it.
        case hostAccessDenied(operation: String, object: String, access: HostAccess)
        /// A command on an object that an enclosing `withMapped` has mapped.
        case alreadyMapped(operation: String, object: String)
        /// Host data whose byte count does not fit the object or region it is copied to or from.
        case hostDataSize(operation: String, givenBytes: Int, requiredBytes: Int)
        /// A byte count that is not a whole number of the requested element type.
        case notWholeElements(operation: String, byteCount: Int, elementType: String, elementBytes: Int)
        /// A context was asked for with an empty device list.
        case emptyDeviceList
        /// A partition request outside the device's compute units or sub-device limit.
        case invalidPartition(device: String, requested: String, computeUnits: Int, maxSubDevices: Int)
        /// Images or samplers on a device whose `CL_DEVICE_IMAGE_SUPPORT` is false.
        case noImageSupport(device: String)
        /// An image extent below 1.
        case invalidImageExtent(dimension: String, value: Int)
        /// An image region that is empty or reaches outside the image.
        case regionOutsideImage(operation: String, origin: [Int], region: [Int], extent: [Int])
        /// An image fill colour of another channel kind than the image's format samples as.
        case fillColorMismatch(format: ImageFormat, color: String)
        /// A sampler whose addressing mode needs normalized coordinates was asked for with pixel coordinates.
        case samplerNeedsNormalizedCoordinates(addressing: String)
        /// A `-D` build option whose name is not a C identifier or whose value is empty or has blanks.
        case invalidDefinition(name: String, value: String?)
        /// The device cannot be partitioned the requested way.
        case partitionUnsupported(device: String, requested: String, supported: [String])
        /// `sync` was called from inside a closure already running on the same queue (it would deadlock).
        case reentrantSync(queue: String)
        /// An encoder was used after the closure it was handed to had returned.
        case encoderExpired
        /// The image format is not supported for this kind of image and access; `supported` lists those that are.
        case unsupportedImageFormat(ImageFormat, kind: ImageKind, supported: [ImageFormat])
        /// An image dimension exceeds a device limit, named by its `CL_DEVICE_*` query.
        case imageLimitExceeded(dimension: String, value: Int, limit: String, maximum: Int, device: String)
        /// Two images (or an image and a request) disagree on the pixel format.
        case imageFormatMismatch(expected: ImageFormat, given: ImageFormat)
        /// A NUL byte inside text handed to OpenCL as a C string (program source, a build option, a kernel
        /// name), where OpenCL would silently drop everything after it.
        case embeddedNUL(what: String, byteOffset: Int)
        /// A kernel's own `local` arrays plus its ``LocalMemory`` arguments exceed `CL_DEVICE_LOCAL_MEM_SIZE`.
        case localMemoryExceeded(kernel: String, staticBytes: Int, argumentBytes: Int, limit: Int, device: String)
        /// An integer argument (`Int`, or any integer a typed kernel accepts) does not fit the parameter's integer type.
        case integerOutOfRange(kernel: String, index: Int, parameter: String, value: String, type: String, range: String)
        /// The device's host queues cannot run commands out of order (`CL_DEVICE_QUEUE_ON_HOST_PROPERTIES`).
        case outOfOrderUnsupported(device: String)
        /// A launch whose range its buffers or images cannot serve, by a requirement the kernel declares
        /// (`// @requires` in its `.cl` file, checked by the generated typed kernel).
        case launchRequirement(LaunchRequirementViolation)
        /// A file SwiftCL was asked to read is missing, not a regular file (a FIFO, a device, a folder), too large or not
        /// UTF-8 text; nothing was read from a special file (it is never opened blocking).
        case unreadableFile(path: String, reason: String)
        /// A sub-buffer's origin is not a multiple of a device's `CL_DEVICE_MEM_BASE_ADDR_ALIGN`.
        case misalignedSubBuffer(offsetBytes: Int, alignmentBytes: Int, device: String)

    public var description: String {
            switch self {
            case let .noDevice(requested, available, platforms):
                let list = if !available.isEmpty {
                    available.joined(separator: "; ")
                } else if platforms.isEmpty {
                    "none: the ICD loader reports no OpenCL platform (is an ICD such as pocl-opencl-icd installed?)"
                } else {
                    "none: the platforms \(platforms.joined(separator: ", ")) report no devices"
                }
                return "no OpenCL device of type \(requested); available: \(list)"
            case let .rangeOutOfBounds(operation, requested, bound):
                return "\(operation): elements \(requested.lowerBound)..<\(requested.upperBound) are outside 0..<\(bound)"
            case let .sizeOverflow(operation):
                return "\(operation): the byte count overflows Int"
            case let .allocationTooLarge(byteCount, limit, device):
                return "allocation of \(byteCount) bytes exceeds CL_DEVICE_MAX_MEM_ALLOC_SIZE (\(limit) bytes) of \(device)"
            case let .invalidNDRange(violation):
                return "invalid ND-range: \(violation)"
            case let .argumentCount(kernel, expected, given):
                return "kernel \(kernel) takes \(expected) argument(s), \(given) given"
            case let .argumentType(kernel, index, parameter, expected, given):
                return "kernel \(kernel) argument \(index) (\(parameter)): expected \(expected), given \(given)"
            case let .kernelNotFound(name, available):
                return "no kernel named \(name) in the program; it has: \(available.joined(separator: ", "))"
            case let .contextMismatch(what):
                return "context mismatch: \(what)"
            case let .invalidCount(operation, count, minimum):
                return "\(operation): element count \(count) is below \(minimum)"
            case let .overlappingCopy(operation):
                return "\(operation): source and destination overlap in the same buffer"
            case let .invalidRect(operation, violation):
                return "\(operation): \(violation)"
            case let .hostAccessDenied(operation, object, access):
                return "\(operation): the \(object) was created with host access \(access)"
            case let .alreadyMapped(operation, object):
                return "\(operation): this \(object) is already mapped by an enclosing withMapped; use the mapped span or unmap first"
            case let .hostDataSize(operation, given, required):
                return "\(operation): host data holds \(given) bytes, \(required) needed"
            case let .notWholeElements(operation, byteCount, type, bytes):
                return "\(operation): \(byteCount) bytes are not a whole number of \(type) (\(bytes) bytes)"
            case .emptyDeviceList:
                return "a context needs at least one device"
            case let .invalidPartition(device, requested, units, maxSubDevices):
                return "partition \(requested) of \(device): needs 1...\(maxSubDevices) sub-devices of 1...\(units) compute units in all"
            case let .noImageSupport(device):
                return "\(device) has no image support (CL_DEVICE_IMAGE_SUPPORT is false)"
            case let .invalidImageExtent(dimension, value):
                return "image \(dimension) must be at least 1, \(value) given"
            case let .regionOutsideImage(operation, origin, region, extent):
                func text(_ v: [Int]) -> String { v.map(String.init).joined(separator: "×") }
                return "\(operation): origin \(text(origin)) + region \(text(region)) is outside the image of extent \(text(extent))"
            case let .fillColorMismatch(format, color):
                return "image fill: a \(format) image is filled with a \(format.type.sampledAs) colour, not \(color)"
            case let .samplerNeedsNormalizedCoordinates(addressing):
                return "sampler: \(addressing) addressing needs normalized coordinates"
            case let .invalidDefinition(name, value):
                if let value { return "build option -D \(name)=\(value): the value must be non-empty with no blanks" }
                return "build option -D \(name): not a C identifier"
            case let .partitionUnsupported(device, requested, supported):
                return "\(device) cannot be partitioned \(requested); supported: "
                    + (supported.isEmpty ? "none" : supported.joined(separator: ", "))
            case let .reentrantSync(queue):
                return "sync called on \(queue) from a closure already running on it (this would deadlock)"
            case .encoderExpired:
                return "a ComputeEncoder was used after its closure returned"
            case let .unsupportedImageFormat(format, kind, supported):
                return "image format \(format) is not supported for \(kind); supported: "
                    + (supported.isEmpty ? "none" : supported.map(\.description).joined(separator: ", "))
            case let .imageLimitExceeded(dimension, value, limit, maximum, device):
                return "image \(dimension) \(value) exceeds \(limit) (\(maximum)) of \(device)"
            case let .imageFormatMismatch(expected, given):
                return "image format mismatch: expected \(expected), given \(given)"
            case let .embeddedNUL(what, offset):
                return "\(what) contains a NUL byte at byte \(offset); OpenCL would ignore everything after it"
            case let .integerOutOfRange(kernel, index, parameter, value, type, range):
                return "kernel \(kernel) argument \(index) (\(parameter)): \(value) does not fit \(type) (\(range))"
            case let .outOfOrderUnsupported(device):
                return "\(device) cannot run a queue's commands out of order (CL_DEVICE_QUEUE_ON_HOST_PROPERTIES lacks "
                    + "CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE); use an in-order queue"
            case let .unreadableFile(path, reason):
                return "\(path): \(reason)"
            case let .launchRequirement(violation):
                return violation.description
            case let .misalignedSubBuffer(offset, alignment, device):
                return "a sub-buffer must start at a multiple of CL_DEVICE_MEM_BASE_ADDR_ALIGN (\(alignment) bytes on \(device)); "
                    + "this one starts at byte \(offset)"
            case let .localMemoryExceeded(kernel, staticBytes, argumentBytes, limit, device):
                let arguments = argumentBytes == Int.max ? "more than Int.max bytes" : "\(argumentBytes) bytes"
                return "kernel \(kernel): \(staticBytes) bytes of local arrays (CL_KERNEL_LOCAL_MEM_SIZE) plus \(arguments) of "
                    + "LocalMemory arguments exceed CL_DEVICE_LOCAL_MEM_SIZE (\(limit)) of \(device)"
            }
        }
    }
}

/// Why a buffer rectangle cannot address memory.
public enum RectViolation: Hashable, Sendable, CustomStringConvertible {
    /// The region is below 1 in some dimension.
    case emptyRegion(Extent3D)
    /// The origin is negative in some dimension.
    case negativeOrigin(Origin3D)
    /// The row pitch cannot hold `width` elements from `x`.
    case rowPitch(rowPitch: Int, width: Int, x: Int)
    /// The slice pitch is not a multiple of the row pitch of at least `rowPitch × height`.
    case slicePitch(slicePitch: Int, rowPitch: Int, height: Int)

    public var description: String {
        switch self {
        case let .emptyRegion(region): "region \(region) must be at least 1 in every dimension"
        case let .negativeOrigin(origin): "origin \(origin) is negative"
        case let .rowPitch(pitch, width, x): "row pitch \(pitch) cannot hold \(width) elements from x = \(x)"
        case let .slicePitch(slice, row, height):
            "slice pitch \(slice) must be a multiple of the row pitch \(row) and at least \(row) × \(height)"
        }
    }
}

/// Why an ``NDRange`` cannot be launched, naming the limit that was broken.
public enum NDRangeViolation: Hashable, Sendable, CustomStringConvertible {
    case dimensionCount(Int)
    case rankMismatch(global: Int, other: Int, what: String)
    case zeroGlobalSize(dimension: Int)
    case zeroLocalSize(dimension: Int)
    case negativeValue(dimension: Int, what: String)
    case offsetOverflow(dimension: Int)
    case tooManyDimensions(given: Int, deviceMaximum: Int)
    case localSizeExceedsWorkItemLimit(dimension: Int, local: Int, limit: Int)
    case workGroupExceedsDeviceLimit(total: Int, limit: Int)
    case workGroupExceedsKernelLimit(total: Int, limit: Int)
    case localSizeDoesNotDivideGlobal(dimension: Int, global: Int, local: Int)
    case requiredWorkGroupSize(required: [Int], given: [Int])
    /// The product of the global sizes does not fit in `Int`.
    case workItemCountOverflow(global: [Int])
    /// A global index (or, with `dimension` nil, the work-item count) does not fit the device's
    /// `CL_DEVICE_ADDRESS_BITS`-bit `size_t`.
    case exceedsAddressBits(dimension: Int?, addressBits: Int)

    public var description: String {
        switch self {
        case let .dimensionCount(n): return "\(n) dimensions given; OpenCL takes 1 to 3"
        case let .rankMismatch(global, other, what): return "\(what) has \(other) dimension(s) but global has \(global)"
        case let .zeroGlobalSize(d): return "global size is 0 in dimension \(d)"
        case let .zeroLocalSize(d): return "local size is 0 in dimension \(d)"
        case let .negativeValue(d, what): return "\(what) is negative in dimension \(d)"
        case let .offsetOverflow(d): return "offset + global size overflows in dimension \(d)"
        case let .tooManyDimensions(given, maximum):
            return "\(given) dimensions exceed CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS (\(maximum))"
        case let .localSizeExceedsWorkItemLimit(d, local, limit):
            return "local size \(local) in dimension \(d) exceeds CL_DEVICE_MAX_WORK_ITEM_SIZES[\(d)] (\(limit))"
        case let .workGroupExceedsDeviceLimit(total, limit):
            return "work-group of \(total) items exceeds CL_DEVICE_MAX_WORK_GROUP_SIZE (\(limit))"
        case let .workGroupExceedsKernelLimit(total, limit):
            return "work-group of \(total) items exceeds the kernel's CL_KERNEL_WORK_GROUP_SIZE (\(limit))"
        case let .localSizeDoesNotDivideGlobal(d, global, local):
            return "local size \(local) does not divide global size \(global) in dimension \(d) (uniform work-groups required; "
                + "NDRange(covering:local:) rounds the global size up to a multiple of the local size)"
        case let .requiredWorkGroupSize(required, given):
            return "kernel requires reqd_work_group_size \(required), given \(given)"
        case let .workItemCountOverflow(global):
            return "global sizes \(global) multiply to more work items than Int can count"
        case let .exceedsAddressBits(dimension, bits):
            let what = dimension.map { "offset + global size in dimension \($0)" } ?? "the work-item count"
            return "\(what) exceeds the device's \(bits)-bit size_t (CL_DEVICE_ADDRESS_BITS)"
        }
    }
}
