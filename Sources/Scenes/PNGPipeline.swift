import Dispatch
import Foundation
import Imaging

/// Writes PNGs on a background queue, one at a time, so encoding overlaps the next render. The first error
/// is reported by the next `write` or by `finish`.
final class PNGPipeline: @unchecked Sendable {  // its mutable state is guarded by `lock`
    private let options: PNGWriteOptions
    private let queue = DispatchQueue(label: "parallax.png-writer")
    private let slots = DispatchSemaphore(value: 2)
    private let lock = NSLock()
    private var failure: Error?

    init(options: PNGWriteOptions) { self.options = options }

    func write(_ image: RGBAImage, to path: String) throws {
        try check()
        slots.wait()
        queue.async {
            defer { self.slots.signal() }
            do { try PNGCodec.write(image, to: path, options: self.options) } catch {
                self.lock.lock()
                if self.failure == nil { self.failure = error }
                self.lock.unlock()
            }
        }
    }

    func finish() throws {
        queue.sync {}
        try check()
    }

    private func check() throws {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
    }
}
