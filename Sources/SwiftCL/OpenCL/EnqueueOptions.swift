/// What an enqueue asks of OpenCL besides its command: its event back (for profiling or for the caller), and the
/// events it must wait for first (the command's own wait list).
struct EnqueueOptions {
    var wantEvent: Bool
    var waitList: [CLEvent] = []
}
