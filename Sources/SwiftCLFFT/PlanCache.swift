import SwiftCL

/// An FFT library's plans, cached per key (clFFT's and VkFFT's): each with its context, its last use and its most
/// recent command. Kept inside the library's lock.
///
/// The cache keeps no context alive: it refers to the context and the command weakly (an event holds its context);
/// a completion handler keeps the command alive until it has ended, so nil means ended. A plan is destroyed when its
/// context has gone (checked at every lookup: a context's identifier can be reused only once it has gone, so after
/// that an entry under a key is the current context's) or when it is the least recently used beyond `limit`.
struct PlanCache<Key: Hashable & Sendable, Handle: Sendable>: Sendable {
    private struct Entry: Sendable {
        weak var context: Context?
        let handle: Handle
        var lastUse: UInt64
        weak var lastCommand: CommandEvent?
    }

    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    let limit: Int
    private let destroy: @Sendable (Handle) -> Void

    init(limit: Int, destroy: @escaping @Sendable (Handle) -> Void) {
        self.limit = limit
        self.destroy = destroy
    }

    /// The plan for `key`, or one `make` makes now for `context` (after stale and least recently used plans go).
    mutating func plan(for key: Key, context: Context, make: () throws -> Handle) throws -> Handle {
        clock += 1
        for (staleKey, entry) in entries where entry.context == nil { remove(staleKey) }
        if let entry = entries[key] {
            entries[key]?.lastUse = clock
            return entry.handle
        }
        while entries.count >= limit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            remove(oldest)
        }
        let handle = try make()
        entries[key] = Entry(context: context, handle: handle, lastUse: clock)
        return handle
    }

    /// The plan's most recent command when it has not ended (a new command of the plan must wait for it).
    func unfinishedCommand(of key: Key) -> CommandEvent? {
        entries[key]?.lastCommand.flatMap { $0.hasEnded ? nil : $0 }
    }

    /// Records `command` as the plan's most recent, held until it has ended.
    mutating func record(_ command: CommandEvent, for key: Key) throws {
        entries[key]?.lastCommand = command
        do {
            try command.onCompletion { _ in }  // holds `command` until it has ended
        } catch {
            try command.wait()  // without the handler, only a command that has ended may be let go
        }
    }

    /// Plans cached for `context`.
    func count(in context: Context) -> Int { entries.values.count { $0.context === context } }

    /// Plans whose context has gone (destroyed at the next lookup).
    var staleCount: Int { entries.values.count { $0.context == nil } }

    /// Destroys every plan.
    mutating func removeAll() {
        for key in Array(entries.keys) { remove(key) }
    }

    private mutating func remove(_ key: Key) {
        if let entry = entries.removeValue(forKey: key) { destroy(entry.handle) }
    }
}
