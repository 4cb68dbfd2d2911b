import Dispatch
import Foundation
import Imaging

/// Encodes and writes the frames of a sequence while the next ones render: finished frames go to a concurrent
/// queue, several at a time, with at most `framesInFlight` waiting in memory. A frame's bytes depend only on
/// the frame (each PNG is encoded alone), so the files are byte-identical whatever the number of threads.
/// Every file is written atomically; after the first failure no further frame is accepted, and `finish`
/// throws the error of the earliest failing frame once every started write has ended.
final class PNGPipeline: @unchecked Sendable {  // `errors` is guarded by `lock`; the rest is immutable
    private let options: PNGWriteOptions
    private let queue = DispatchQueue(label: "parallax.png-writer", attributes: .concurrent)
    private let writes = DispatchGroup()
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var errors: [Int: Error] = [:]
    private var next = 0

    init(options: PNGWriteOptions, framesInFlight: Int = ProcessInfo.processInfo.activeProcessorCount + 1) {
        self.options = options
        slots = DispatchSemaphore(value: max(1, framesInFlight))
    }

    /// Whether a write has failed (stop rendering further frames).
    var failed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !errors.isEmpty
    }

    func write(_ image: RGBAImage, to path: String) {
        let index = next
        next += 1
        slots.wait()
        queue.async(group: writes) {
            defer { self.slots.signal() }
            do { try PNGCodec.write(image, to: path, options: self.options) } catch {
                self.lock.lock()
                self.errors[index] = error
                self.lock.unlock()
            }
        }
    }

    func finish() throws {
        writes.wait()
        lock.lock()
        defer { lock.unlock() }
        if let earliest = errors.min(by: { $0.key < $1.key }) { throw earliest.value }
    }
}
