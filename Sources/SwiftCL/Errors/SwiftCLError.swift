/// A request SwiftCL refused before it reached OpenCL: bad input from the caller, checked up front so
/// that no C call ever sees it and nothing is lost.
///
/// Shaped like swift-nio's `FileSystemError`: a ``code`` to match on (an open set), the whole message
/// (``description``), and the structured context the refusal names — ``operation``, ``kernel``, ``argumentIndex``,
/// ``device`` and the violated rule (``ndRangeViolation``, ``rectViolation``, ``launchRequirementViolation``). Each
/// refusal is one ``Code`` and one factory below, which builds the message from its context in one place.
public struct SwiftCLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of refusal this is (``ErrorCode``: an open set, compared with `==`).
    public typealias Code = ErrorCode<SwiftCLError>

    /// What kind of refusal this is.
    public let code: Code
    /// The whole message, naming the operation, the limit and the values involved.
    public let description: String
    /// The operation that was refused, where the refusal names one (`"copy"`, `"write"`, …).
    public let operation: String?
    /// The kernel a refused launch or argument belongs to, where there is one.
    public let kernel: String?
    /// The position of the refused kernel argument, for ``Code/argumentType`` and ``Code/integerOutOfRange``.
    public let argumentIndex: Int?
    /// The device whose limit or capability refused the request, where one is named.
    public let device: String?
    /// The object of another context, for ``Code/contextMismatch``.
    public let object: String?
    /// The broken ND-range limit, for ``Code/invalidNDRange``.
    public let ndRangeViolation: NDRangeViolation?
    /// The broken rectangle rule, for ``Code/invalidRect``.
    public let rectViolation: RectViolation?
    /// The kernel's unmet launch requirement, for ``Code/launchRequirement``.
    public let launchRequirementViolation: LaunchRequirementViolation?

    init(_ code: Code, _ description: String, operation: String? = nil, kernel: String? = nil, argumentIndex: Int? = nil,
         device: String? = nil, object: String? = nil, ndRangeViolation: NDRangeViolation? = nil, rectViolation: RectViolation? = nil,
         launchRequirementViolation: LaunchRequirementViolation? = nil) {
        self.code = code
        self.description = description
        self.operation = operation
        self.kernel = kernel
        self.argumentIndex = argumentIndex
        self.device = device
        self.object = object
        self.ndRangeViolation = ndRangeViolation
        self.rectViolation = rectViolation
        self.launchRequirementViolation = launchRequirementViolation
    }

    // One factory per refusal, named as its code: `throw SwiftCLError.rangeOutOfBounds(operation:requested:bound:)`.

    /// `platforms` every platform the ICD loader reports (empty: no OpenCL driver is installed).
    public static func noDevice(requested: DeviceType, available: [String], platforms: [String]) -> SwiftCLError {
        let message: String = {
            let list = if !available.isEmpty {
                available.joined(separator: "; ")
            } else if platforms.isEmpty {
                "none: the ICD loader reports no OpenCL platform (is an ICD such as pocl-opencl-icd installed?)"
            } else {
                "none: the platforms \(platforms.joined(separator: ", ")) report no devices"
            }
            return "no OpenCL device of type \(requested); available: \(list)"
        }()
        return SwiftCLError(.noDevice, message)
    }

    /// A host or device element range does not fit the object it addresses.
    public static func rangeOutOfBounds(operation: String, requested: Range<Int>, bound: Int) -> SwiftCLError {
        SwiftCLError(.rangeOutOfBounds, "\(operation): elements \(requested.lowerBound)..<\(requested.upperBound) are outside 0..<\(bound)", operation: operation)
    }

    /// An element count multiplied out to more bytes than `Int` can hold.
    public static func sizeOverflow(operation: String) -> SwiftCLError {
        SwiftCLError(.sizeOverflow, "\(operation): the byte count overflows Int", operation: operation)
    }

    /// An allocation is bigger than `CL_DEVICE_MAX_MEM_ALLOC_SIZE` of a device in the context.
    public static func allocationTooLarge(byteCount: Int, limit: Int, device: String) -> SwiftCLError {
        SwiftCLError(.allocationTooLarge, "allocation of \(byteCount) bytes exceeds CL_DEVICE_MAX_MEM_ALLOC_SIZE (\(limit) bytes) of \(device)", device: device)
    }

    /// The ND-range cannot be launched; the violation names the limit broken.
    public static func invalidNDRange(_ violation: NDRangeViolation) -> SwiftCLError {
        SwiftCLError(.invalidNDRange, "invalid ND-range: \(violation)", ndRangeViolation: violation)
    }

    /// A kernel was given the wrong number of arguments.
    public static func argumentCount(kernel: String, expected: Int, given: Int) -> SwiftCLError {
        SwiftCLError(.argumentCount, "kernel \(kernel) takes \(expected) argument(s), \(given) given", kernel: kernel)
    }

    /// A kernel argument does not match the parameter's declared type or address space.
    public static func argumentType(kernel: String, index: Int, parameter: String, expected: String, given: String) -> SwiftCLError {
        SwiftCLError(.argumentType, "kernel \(kernel) argument \(index) (\(parameter)): expected \(expected), given \(given)", kernel: kernel, argumentIndex: index)
    }

    /// `Program.kernel(named:)` found no such kernel; `available` lists the program's kernels.
    public static func kernelNotFound(name: String, available: [String]) -> SwiftCLError {
        SwiftCLError(.kernelNotFound, "no kernel named \(name) in the program; it has: \(available.joined(separator: ", "))")
    }

    /// `object` was used with something of another context: it belongs to `belongsTo` (nil: to no context SwiftCL
    /// knows of), the operation needs `expected` (the queue's, kernel's or program's context).
    public static func contextMismatch(object: String, belongsTo: String?, expected: String) -> SwiftCLError {
        let message = belongsTo.map { "context mismatch: \(object) belongs to \($0), not to \(expected)" }
            ?? "context mismatch: \(object) is not part of \(expected)"
        return SwiftCLError(.contextMismatch, message, object: object)
    }

    /// An element count below what the operation accepts (a buffer needs at least 1, a copy at least 0).
    public static func invalidCount(operation: String, count: Int, minimum: Int) -> SwiftCLError {
        SwiftCLError(.invalidCount, "\(operation): element count \(count) is below \(minimum)", operation: operation)
    }

    /// A copy whose source and destination overlap in the same buffer.
    public static func overlappingCopy(operation: String) -> SwiftCLError {
        SwiftCLError(.overlappingCopy, "\(operation): source and destination overlap in the same buffer", operation: operation)
    }

    /// A buffer rectangle (origin, region and pitches) that cannot address memory.
    public static func invalidRect(operation: String, _ violation: RectViolation) -> SwiftCLError {
        SwiftCLError(.invalidRect, "\(operation): \(violation)", operation: operation, rectViolation: violation)
    }

    /// A read or write of an object whose `HostAccess` forbids it.
    public static func hostAccessDenied(operation: String, object: String, access: HostAccess) -> SwiftCLError {
        SwiftCLError(.hostAccessDenied, "\(operation): the \(object) was created with host access \(access)", operation: operation)
    }

    /// A command on an object that an enclosing `withMapped` has mapped.
    public static func alreadyMapped(operation: String, object: String) -> SwiftCLError {
        SwiftCLError(.alreadyMapped, "\(operation): this \(object) is already mapped by an enclosing withMapped; use the mapped span or unmap first", operation: operation)
    }

    /// Host data whose byte count does not fit the object or region it is copied to or from.
    public static func hostDataSize(operation: String, givenBytes: Int, requiredBytes: Int) -> SwiftCLError {
        SwiftCLError(.hostDataSize, "\(operation): host data holds \(givenBytes) bytes, \(requiredBytes) needed", operation: operation)
    }

    /// A byte count that is not a whole number of the requested element type.
    public static func notWholeElements(operation: String, byteCount: Int, elementType: String, elementBytes: Int) -> SwiftCLError {
        SwiftCLError(.notWholeElements, "\(operation): \(byteCount) bytes are not a whole number of \(elementType) (\(elementBytes) bytes)", operation: operation)
    }

    /// A context was asked for with an empty device list.
    public static var emptyDeviceList: SwiftCLError {
        SwiftCLError(.emptyDeviceList, "a context needs at least one device")
    }

    /// A partition request outside the device's compute units or sub-device limit.
    public static func invalidPartition(device: String, requested: String, computeUnits: Int, maxSubDevices: Int) -> SwiftCLError {
        SwiftCLError(.invalidPartition, "partition \(requested) of \(device): needs 1...\(maxSubDevices) sub-devices of 1...\(computeUnits) compute units in all", device: device)
    }

    /// Images or samplers on a device whose `CL_DEVICE_IMAGE_SUPPORT` is false.
    public static func noImageSupport(device: String) -> SwiftCLError {
        SwiftCLError(.noImageSupport, "\(device) has no image support (CL_DEVICE_IMAGE_SUPPORT is false)", device: device)
    }

    /// An image extent below 1.
    public static func invalidImageExtent(dimension: String, value: Int) -> SwiftCLError {
        SwiftCLError(.invalidImageExtent, "image \(dimension) must be at least 1, \(value) given")
    }

    /// An image region that is empty or reaches outside the image.
    public static func regionOutsideImage(operation: String, origin: [Int], region: [Int], extent: [Int]) -> SwiftCLError {
        let message: String = {
            func text(_ v: [Int]) -> String { v.map(String.init).joined(separator: "×") }
            return "\(operation): origin \(text(origin)) + region \(text(region)) is outside the image of extent \(text(extent))"
        }()
        return SwiftCLError(.regionOutsideImage, message, operation: operation)
    }

    /// An image fill colour of another channel kind than the image's format samples as.
    public static func fillColorMismatch(format: ImageFormat, color: String) -> SwiftCLError {
        SwiftCLError(.fillColorMismatch, "image fill: a \(format) image is filled with a \(format.type.sampledAs) colour, not \(color)")
    }

    /// A sampler whose addressing mode needs normalized coordinates was asked for with pixel coordinates.
    public static func samplerNeedsNormalizedCoordinates(addressing: String) -> SwiftCLError {
        SwiftCLError(.samplerNeedsNormalizedCoordinates, "sampler: \(addressing) addressing needs normalized coordinates")
    }

    /// A `-D` build option whose name is not a C identifier or whose value is empty or has blanks.
    public static func invalidDefinition(name: String, value: String?) -> SwiftCLError {
        let message: String = {
            if let value { return "build option -D \(name)=\(value): the value must be non-empty with no blanks" }
            return "build option -D \(name): not a C identifier"
        }()
        return SwiftCLError(.invalidDefinition, message)
    }

    /// The device cannot be partitioned the requested way.
    public static func partitionUnsupported(device: String, requested: String, supported: [String]) -> SwiftCLError {
        let message = "\(device) cannot be partitioned \(requested); supported: "
                + (supported.isEmpty ? "none" : supported.joined(separator: ", "))
        return SwiftCLError(.partitionUnsupported, message, device: device)
    }

    /// `sync` was called from inside a closure already running on the same queue (it would deadlock).
    public static func reentrantSync(queue: String) -> SwiftCLError {
        SwiftCLError(.reentrantSync, "sync called on \(queue) from a closure already running on it (this would deadlock)")
    }

    /// An encoder was used after the closure it was handed to had returned.
    public static var encoderExpired: SwiftCLError {
        SwiftCLError(.encoderExpired, "a ComputeEncoder was used after its closure returned")
    }

    /// The image format is not supported for this kind of image and access; `supported` lists those that are.
    public static func unsupportedImageFormat(_ format: ImageFormat, kind: ImageKind, supported: [ImageFormat]) -> SwiftCLError {
        let message = "image format \(format) is not supported for \(kind); supported: "
                + (supported.isEmpty ? "none" : supported.map(\.description).joined(separator: ", "))
        return SwiftCLError(.unsupportedImageFormat, message)
    }

    /// An image dimension exceeds a device limit, named by its `CL_DEVICE_*` query.
    public static func imageLimitExceeded(dimension: String, value: Int, limit: String, maximum: Int, device: String) -> SwiftCLError {
        SwiftCLError(.imageLimitExceeded, "image \(dimension) \(value) exceeds \(limit) (\(maximum)) of \(device)", device: device)
    }

    /// Two images (or an image and a request) disagree on the pixel format.
    public static func imageFormatMismatch(expected: ImageFormat, given: ImageFormat) -> SwiftCLError {
        SwiftCLError(.imageFormatMismatch, "image format mismatch: expected \(expected), given \(given)")
    }

    /// name), where OpenCL would silently drop everything after it.
    public static func embeddedNUL(what: String, byteOffset: Int) -> SwiftCLError {
        SwiftCLError(.embeddedNUL, "\(what) contains a NUL byte at byte \(byteOffset); OpenCL would ignore everything after it")
    }

    /// A kernel's own `local` arrays plus its ``LocalMemory`` arguments exceed `CL_DEVICE_LOCAL_MEM_SIZE`.
    public static func localMemoryExceeded(kernel: String, staticBytes: Int, argumentBytes: Int, limit: Int, device: String) -> SwiftCLError {
        let message: String = {
            let arguments = argumentBytes == Int.max ? "more than Int.max bytes" : "\(argumentBytes) bytes"
            return "kernel \(kernel): \(staticBytes) bytes of local arrays (CL_KERNEL_LOCAL_MEM_SIZE) plus \(arguments) of "
                + "LocalMemory arguments exceed CL_DEVICE_LOCAL_MEM_SIZE (\(limit)) of \(device)"
        }()
        return SwiftCLError(.localMemoryExceeded, message, kernel: kernel, device: device)
    }

    /// An integer argument (`Int`, or any integer a typed kernel accepts) does not fit the parameter's integer type.
    public static func integerOutOfRange(kernel: String, index: Int, parameter: String, value: String, type: String, range: String) -> SwiftCLError {
        SwiftCLError(.integerOutOfRange, "kernel \(kernel) argument \(index) (\(parameter)): \(value) does not fit \(type) (\(range))", kernel: kernel, argumentIndex: index)
    }

    /// The device's host queues cannot run commands out of order (`CL_DEVICE_QUEUE_ON_HOST_PROPERTIES`).
    public static func outOfOrderUnsupported(device: String) -> SwiftCLError {
        let message = "\(device) cannot run a queue's commands out of order (CL_DEVICE_QUEUE_ON_HOST_PROPERTIES lacks "
                + "CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE); use an in-order queue"
        return SwiftCLError(.outOfOrderUnsupported, message, device: device)
    }

    /// The device cannot run host functions as commands (`CL_DEVICE_EXECUTION_CAPABILITIES` lacks
    /// `CL_EXEC_NATIVE_KERNEL`; GPUs do not offer it).
    public static func nativeKernelsUnsupported(device: String, operation: String) -> SwiftCLError {
        SwiftCLError(.nativeKernelsUnsupported, "\(operation): \(device) cannot run host functions as commands "
                     + "(CL_DEVICE_EXECUTION_CAPABILITIES lacks CL_EXEC_NATIVE_KERNEL)", operation: operation, device: device)
    }

    /// A device of the context lacks the shared virtual memory an ``SVMBuffer`` asked for (its
    /// `CL_DEVICE_SVM_CAPABILITIES`, named with what it offers).
    public static func svmUnsupported(device: String, requested: SVMGranularity, offered: SVMCapabilities) -> SwiftCLError {
        SwiftCLError(.svmUnsupported, "\(device) offers no \(requested) shared virtual memory (CL_DEVICE_SVM_CAPABILITIES: "
                     + "\(offered))", device: device)
    }

    /// A command that a ``CommandRecording`` cannot hold was called while recording: a recording holds launches, device
    /// copies and fills; host transfers, maps, events, markers, barriers, host commands and image commands run when called.
    public static func notRecordable(operation: String) -> SwiftCLError {
        SwiftCLError(.notRecordable, "\(operation) cannot be recorded: a CommandRecording holds launches, device copies (copy, copyRect, "
                     + "image copies), fills (buffers and images) and barriers; host transfers, maps, events, markers, host commands "
                     + "and SVM commands run when they are called, outside a recording", operation: operation)
    }

    /// A replay on a queue other than the one its commands were recorded for.
    public static func recordingQueueMismatch(recordedFor: String, replayedOn: String) -> SwiftCLError {
        SwiftCLError(.recordingQueueMismatch, "a CommandRecording made for \(recordedFor) cannot be replayed on \(replayedOn): "
                     + "record it again for that queue", operation: "replay")
    }

    /// ``RecordingEngine/commandBuffer`` was asked for where it cannot be had (`reason` says why).
    public static func commandBufferUnsupported(device: String, reason: String) -> SwiftCLError {
        SwiftCLError(.commandBufferUnsupported, "\(device) cannot record a command buffer: \(reason) "
                     + "(leave the engine to SwiftCL to replay one by one)", operation: "record", device: device)
    }

    /// Host access that the allocation's granularity does not allow (coarse-grain SVM is reached through a map).
    public static func svmHostAccess(_ detail: String) -> SwiftCLError {
        SwiftCLError(.svmHostAccess, detail)
    }

    /// (`// @requires` in its `.cl` file, checked by the generated typed kernel).
    public static func launchRequirement(_ violation: LaunchRequirementViolation) -> SwiftCLError {
        SwiftCLError(.launchRequirement, violation.description, launchRequirementViolation: violation)
    }

    /// UTF-8 text; nothing was read from a special file (it is never opened blocking).
    public static func unreadableFile(path: String, reason: String) -> SwiftCLError {
        SwiftCLError(.unreadableFile, "\(path): \(reason)")
    }

    /// Memory made for the results of recorded commands was read before the recording was replayed (nothing has run:
    /// its values do not exist yet).
    public static func undefinedBeforeReplay(operation: String) -> SwiftCLError {
        SwiftCLError(.undefinedBeforeReplay, "\(operation): this memory was made for the results of commands being recorded "
                     + "and holds no values until the recording is replayed (replay it first: cl.replay(recording))",
                     operation: operation)
    }

    /// A file SwiftCL was asked to write was refused before anything changed (not a regular file, a link SwiftCL did
    /// not get from the user, a lock held too long) or could not be written; the old file is intact.
    public static func unwritableFile(path: String, reason: String) -> SwiftCLError {
        SwiftCLError(.unwritableFile, "\(path): \(reason)")
    }

    /// A sub-buffer's origin is not a multiple of a device's `CL_DEVICE_MEM_BASE_ADDR_ALIGN`.
    public static func misalignedSubBuffer(offsetBytes: Int, alignmentBytes: Int, device: String) -> SwiftCLError {
        let message = "a sub-buffer must start at a multiple of CL_DEVICE_MEM_BASE_ADDR_ALIGN (\(alignmentBytes) bytes on \(device)); "
                + "this one starts at byte \(offsetBytes)"
        return SwiftCLError(.misalignedSubBuffer, message, device: device)
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

extension ErrorCode where Domain == SwiftCLError {
    public static let noDevice = Self("noDevice")
    public static let rangeOutOfBounds = Self("rangeOutOfBounds")
    public static let sizeOverflow = Self("sizeOverflow")
    public static let allocationTooLarge = Self("allocationTooLarge")
    public static let invalidNDRange = Self("invalidNDRange")
    public static let argumentCount = Self("argumentCount")
    public static let argumentType = Self("argumentType")
    public static let kernelNotFound = Self("kernelNotFound")
    public static let contextMismatch = Self("contextMismatch")
    public static let invalidCount = Self("invalidCount")
    public static let overlappingCopy = Self("overlappingCopy")
    public static let invalidRect = Self("invalidRect")
    public static let hostAccessDenied = Self("hostAccessDenied")
    public static let alreadyMapped = Self("alreadyMapped")
    public static let hostDataSize = Self("hostDataSize")
    public static let notWholeElements = Self("notWholeElements")
    public static let emptyDeviceList = Self("emptyDeviceList")
    public static let invalidPartition = Self("invalidPartition")
    public static let noImageSupport = Self("noImageSupport")
    public static let invalidImageExtent = Self("invalidImageExtent")
    public static let regionOutsideImage = Self("regionOutsideImage")
    public static let fillColorMismatch = Self("fillColorMismatch")
    public static let samplerNeedsNormalizedCoordinates = Self("samplerNeedsNormalizedCoordinates")
    public static let invalidDefinition = Self("invalidDefinition")
    public static let partitionUnsupported = Self("partitionUnsupported")
    public static let reentrantSync = Self("reentrantSync")
    public static let encoderExpired = Self("encoderExpired")
    public static let unsupportedImageFormat = Self("unsupportedImageFormat")
    public static let imageLimitExceeded = Self("imageLimitExceeded")
    public static let imageFormatMismatch = Self("imageFormatMismatch")
    public static let embeddedNUL = Self("embeddedNUL")
    public static let localMemoryExceeded = Self("localMemoryExceeded")
    public static let integerOutOfRange = Self("integerOutOfRange")
    public static let outOfOrderUnsupported = Self("outOfOrderUnsupported")
    public static let nativeKernelsUnsupported = Self("nativeKernelsUnsupported")
    public static let svmUnsupported = Self("svmUnsupported")
    public static let svmHostAccess = Self("svmHostAccess")
    public static let notRecordable = Self("notRecordable")
    public static let recordingQueueMismatch = Self("recordingQueueMismatch")
    public static let commandBufferUnsupported = Self("commandBufferUnsupported")
    public static let launchRequirement = Self("launchRequirement")
    public static let unreadableFile = Self("unreadableFile")
    public static let unwritableFile = Self("unwritableFile")
    public static let undefinedBeforeReplay = Self("undefinedBeforeReplay")
    public static let misalignedSubBuffer = Self("misalignedSubBuffer")
}
