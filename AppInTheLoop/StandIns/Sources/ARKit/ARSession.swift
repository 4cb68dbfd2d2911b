// Stand-in for ARKit's session (https://developer.apple.com/documentation/arkit/arsession): only what the
// app's files use. Nothing is tracked: a simulation (`@_spi(Simulation)`) running on the main queue hands the
// running sessions face anchors, and each session calls its delegate there and then — on the main queue, as Apple
// documents for a session whose `delegateQueue` is nil
// (https://developer.apple.com/documentation/arkit/arsession/delegatequeue).
@_exported import Foundation
@_exported import simd

/// The object that manages an AR experience (Apple: `class ARSession : NSObject`).
open class ARSession: NSObject {
    /// The object that receives the session's updates (Apple: `weak var delegate: (any ARSessionDelegate)?`).
    open weak var delegate: (any ARSessionDelegate)?

    /// The configuration the session runs (Apple: `var configuration: ARConfiguration? { get }`, "the configuration
    /// object that defines motion and scene tracking behaviors for the session",
    /// https://developer.apple.com/documentation/arkit/arsession/configuration); nil before the first `run` and
    /// when paused (assumed: Apple does not say what a paused session reports).
    open private(set) var configuration: ARConfiguration?

    /// The most recent still frame captured by the active camera feed, including ARKit's interpretation of it (Apple:
    /// `@NSCopying var currentFrame: ARFrame? { get }`, https://developer.apple.com/documentation/arkit/arsession/currentframe;
    /// ARFrame's page names it with `session(_:didUpdate:)` as the two ways to get a frame,
    /// https://developer.apple.com/documentation/arkit/arframe). Set by the simulation's `deliver(frame:)` before
    /// the delegate is called; nil until then. What ParallaxRecorder reads when an app receives anchors only.
    open private(set) var currentFrame: ARFrame?

    /// Sessions that run (weakly held): the simulation's delivery list.
    nonisolated(unsafe) private static var running: [WeakSession] = []

    public override init() {
        super.init()
    }

    /// Starts tracking with `configuration` (Apple: `func run(_ configuration: ARConfiguration, options:
    /// ARSession.RunOptions = [])`; the app passes no options).
    open func run(_ configuration: ARConfiguration) {
        self.configuration = configuration
        Self.running.removeAll { $0.session == nil || $0.session === self }
        Self.running.append(WeakSession(session: self))
    }

    /// Pauses tracking: no more updates until the next `run`.
    open func pause() {
        configuration = nil
        Self.running.removeAll { $0.session == nil || $0.session === self }
    }

    /// Simulation, called on the main queue: hands every running session `anchors` as one call of the delegate
    /// method `call` names, now.
    @_spi(Simulation) public static func deliver(_ anchors: [ARAnchor], as call: SimulatedAnchorCall = .update) {
        dispatchPrecondition(condition: .onQueue(.main))
        for entry in running {
            guard let session = entry.session, let delegate = session.delegate else { continue }
            switch call {
            case .add: delegate.session(session, didAdd: anchors)
            case .update: delegate.session(session, didUpdate: anchors)
            case .remove: delegate.session(session, didRemove: anchors)
            }
        }
    }

    /// Simulation, called on the main queue: hands every running session `frame`; each calls its delegate's
    /// `session(_:didUpdate:)` for frames now.
    @_spi(Simulation) public static func deliver(frame: ARFrame) {
        dispatchPrecondition(condition: .onQueue(.main))
        for entry in running {
            guard let session = entry.session else { continue }
            session.currentFrame = frame
            session.delegate?.session(session, didUpdate: frame)
        }
    }

    /// Simulation: forget every session (a new replay run starts from none).
    @_spi(Simulation) public static func stopAll() {
        running.removeAll()
    }

    private struct WeakSession {
        weak var session: ARSession?
    }
}

/// Which delegate method a simulated anchor delivery calls: ARKit adds an anchor when it detects a face, updates it,
/// and may remove it (the ARSessionDelegate methods below).
@_spi(Simulation) public enum SimulatedAnchorCall: Sendable {
    case add, update, remove
}

/// Methods to receive a session's updates (Apple: `protocol ARSessionDelegate : ARSessionObserver`, every
/// method optional: the stand-in gives each a default that does nothing). Only the anchor calls (added, updated,
/// removed: how the simulation delivers a face) and the frame update ParallaxRecorder is called from are here.
public protocol ARSessionDelegate: AnyObject {
    /// The session added `anchors` (Apple: `optional func session(_ session: ARSession, didAdd anchors: [ARAnchor])`,
    /// https://developer.apple.com/documentation/arkit/arsessiondelegate/session(_:didadd:); ARFaceAnchor's page: "When
    /// ARKit detects a face, it adds an ARFaceAnchor object to the session's list of anchors").
    func session(_ session: ARSession, didAdd anchors: [ARAnchor])
    /// The session updated `anchors` (Apple: `optional func session(_ session: ARSession, didUpdate anchors: [ARAnchor])`).
    func session(_ session: ARSession, didUpdate anchors: [ARAnchor])
    /// The session captured a new frame (Apple: `optional func session(_ session: ARSession, didUpdate frame: ARFrame)`,
    /// https://developer.apple.com/documentation/arkit/arsessiondelegate/session(_:didupdate:)-9v2kw).
    func session(_ session: ARSession, didUpdate frame: ARFrame)
    /// The session removed `anchors` (Apple: `optional func session(_ session: ARSession, didRemove anchors: [ARAnchor])`,
    /// https://developer.apple.com/documentation/arkit/arsessiondelegate/session(_:didremove:): ARKit "may
    /// automatically remove anchors").
    func session(_ session: ARSession, didRemove anchors: [ARAnchor])
}

extension ARSessionDelegate {
    public func session(_ session: ARSession, didAdd anchors: [ARAnchor]) {}
    public func session(_ session: ARSession, didUpdate anchors: [ARAnchor]) {}
    public func session(_ session: ARSession, didRemove anchors: [ARAnchor]) {}
    public func session(_ session: ARSession, didUpdate frame: ARFrame) {}
}
