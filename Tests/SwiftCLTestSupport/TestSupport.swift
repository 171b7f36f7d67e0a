import Foundation
import SwiftCL

/// The devices every device test runs on: all of them (PoCL's CPU device on CI).
public enum TestDevices {
    public static let all: [Device] = (try? Device.all) ?? []
}

/// The error `body` throws, or nil.
public func thrownError(_ body: () throws -> Void) -> (any Error)? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// A queue on `device` in its shared context.
public func makeQueue(_ device: Device) throws -> ComputeQueue {
    try ComputeQueue(device: device)
}

/// Deterministic test data: a varied, exactly representable ramp.
public func ramp(_ count: Int, scale: Float = 0.5) -> [Float] {
    (0..<count).map { Float($0 % 4099) * scale - 7 }
}

/// Sizes every size-parameterised test sweeps: 1, odd, and not multiples of 4, 8 or 16.
public let awkwardSizes = [1, 2, 3, 7, 17, 33, 1000, 1023, 4097]
