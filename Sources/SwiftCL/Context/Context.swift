/// An OpenCL context: the devices that share memory objects and programs.
///
/// ``Context/shared(for:)`` gives the guide's `gcl_get_context`: one context per platform holding all
/// its root devices, created on first use. ``Context/init(devices:)`` makes one for any device set
/// (sub-devices included). Built programs are cached per context (see ``program(source:name:options:)``).
public final class Context: Hashable, Sendable, CustomStringConvertible {
    let id: ContextHandle
    /// The devices in the context.
    public let devices: [Device]
    /// The platform the devices belong to.
    public let platform: Platform
    /// The programs ``program(source:name:options:)`` has built, bounded (least recently used evicted).
    public let programCache: ProgramCache
    /// Where ``program(source:name:options:)`` keeps built binaries across runs (nil: nowhere).
    public let binaryStore: (any ProgramBinaryStore)?
    /// Released `DeviceArray` memory kept for reuse by later arrays of the same byte count in this context: up to
    /// ``MemoryPool/defaultCapacity(for:)`` on CPU devices (1 GiB at most), nothing elsewhere until its
    /// ``MemoryPool/capacityBytes`` is raised; `capacityBytes = 0` turns it off, `releaseAll()` empties it.
    public let memoryPool: MemoryPool
    /// Queues of the context's own for host copies into memory no command uses yet.
    package let stagingQueues: StagingQueues
    /// What the package's other modules memoise for this context (generated kernels by recipe).
    package let memos = ContextMemos()

    /// Creates a context for the given devices, which must share one platform; with `binaryStore`, programs
    /// built through the context's cache are also kept on disk and reloaded in later runs. The context's
    /// ``programCache`` keeps at most `programCacheCapacity` built programs.
    /// - Throws: ``SwiftCLError/emptyDeviceList``, ``SwiftCLError/contextMismatch(object:belongsTo:expected:)`` for devices of several platforms, ``OpenCLError``.
    public init(devices: [Device], binaryStore: (any ProgramBinaryStore)? = nil,
                programCacheCapacity: Int = ProgramCache.defaultCapacity) throws {
        self.binaryStore = binaryStore
        programCache = ProgramCache(capacity: programCacheCapacity)
        guard let first = devices.first else {
            throw SwiftCLError.emptyDeviceList
        }
        guard devices.allSatisfy({ $0.platform == first.platform }) else {
            throw SwiftCLError.contextMismatch(object: "devices of several platforms", belongsTo: nil,
                                                expected: "one context (its devices come from one platform)")
        }
        self.devices = devices
        self.platform = first.platform
        memoryPool = MemoryPool(capacityBytes: MemoryPool.defaultCapacity(for: devices))
        id = try CL.createContext(platform: first.platform.id, devices: devices.map(\.id))
        stagingQueues = StagingQueues(context: id)
        LiveObjectCounts.track(.context, +1)
    }

    /// Takes over one reference to a context made elsewhere (``init(unsafeRetaining:)``).
    init(adopting id: ContextHandle, devices: [Device], platform: Platform) {
        self.id = id
        stagingQueues = StagingQueues(context: id)
        self.devices = devices
        self.platform = platform
        memoryPool = MemoryPool(capacityBytes: MemoryPool.defaultCapacity(for: devices))
        binaryStore = nil
        programCache = ProgramCache(capacity: ProgramCache.defaultCapacity)
        LiveObjectCounts.track(.context, +1)
    }

    deinit {
        CL.releaseContext(id)
        LiveObjectCounts.track(.context, -1)
    }

    private static let sharedContexts = Locked<[Platform: Context]>([:])

    /// The store shared contexts are created with (nil, the default: none). Set it before the first shared context
    /// is made — an application that wants its builds kept on disk passes `SwiftCLBinaryCache`'s `ProgramBinaryCache()`;
    /// contexts already made keep the store they were made with.
    public static var sharedBinaryStore: (any ProgramBinaryStore)? {
        get { sharedStore.withLock { $0 } }
        set { sharedStore.withLock { $0 = newValue } }
    }

    private static let sharedStore = Locked<(any ProgramBinaryStore)?>(nil)

    /// The platform's shared context (all of its root devices), created on first use with ``sharedBinaryStore``.
    /// - Throws: ``OpenCLError`` when discovery or context creation fails.
    public static func shared(for platform: Platform) throws -> Context {
        try sharedContexts.withLock { contexts in
            if let existing = contexts[platform] { return existing }
            let context = try Context(devices: platform.devices(), binaryStore: sharedBinaryStore)
            contexts[platform] = context
            return context
        }
    }

    /// The shared context of the device's platform when the device is a root device; sub-devices get
    /// a context of their own (make one with ``init(devices:)`` to share it between sub-devices).
    /// - Throws: ``OpenCLError`` when context creation fails.
    public static func shared(for device: Device) throws -> Context {
        if device.parent == nil { return try shared(for: device.platform) }
        return try Context(devices: [device])
    }

    /// Whether the context holds the device.
    public func contains(_ device: Device) -> Bool { devices.contains(device) }

    public var description: String { "Context(\(devices.map(\.name).joined(separator: ", ")))" }

    public static func == (lhs: Context, rhs: Context) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
