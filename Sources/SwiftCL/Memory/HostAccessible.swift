/// Memory objects that carry a host-access promise (``Buffer`` and ``Image``).
protocol HostAccessible {
    var hostAccessMode: HostAccess { get }
}

extension Buffer: HostAccessible {
    var hostAccessMode: HostAccess { hostAccess }
}
