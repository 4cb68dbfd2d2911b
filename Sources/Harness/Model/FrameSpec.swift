import Foundation
import Reporting
import Geometry
import Golden
import Projection
import Rendering
import Scenes
import Smoothing
import Splatting
import Tracking
import Vocabulary

/// A reference frame to render and compare with its golden PNG.
package struct FrameSpec: Decodable, Sendable {
    package var name: String
    package var scene: SceneSpec
    /// Named as written in the golden's sidecar and the report.
    package var screen: Parsed<ScreenModel>
    /// Explicit head positions (m), or `trace` + `at` (seconds) to sample a trace (through `smoother`).
    package var heads: [Vec3]
    package var trace: String?
    package var at: [Double]
    package var smoother: SmootherSpec?
    package var movementScale: Double
    /// Fraction of the screen's pixel size to render at (1 = device resolution).
    package var scale: Double
    package var samples: Int
    package var tolerance: Tolerance?
    /// The name of a frame rendered earlier in the suite to compare this one with (same size): the report
    /// shows their difference as `versus_*` metrics (e.g. the app's splat view against the reference frame).
    package var versus: String?
    /// The app's source folder: the frame draws the scene the app's own code builds (`AppSceneFrames`), its face
    /// anchor at each head, instead of `scene`, which names the model it stands for (a cube with `look: app` and
    /// no textures). Explicit heads only.
    package var appSource: String?
    /// `app: true`: as `app_source`, the scene of the suite's app (`app: {source: DIR}`) — the frame stands for the
    /// app, whatever code the suite names.
    package var app: Bool

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, scene, screen, head, heads, trace, at, smoother, scale, samples, tolerance, versus, app
        case movementScale = "movement_scale"
        case appSource = "app_source"
    }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        scene = try c.decode(SceneSpec.self, forKey: .scene)
        screen = try c.decodeIfPresent(Parsed<ScreenModel>.self, forKey: .screen) ?? .appDefault
        var heads = try c.decodeIfPresent([Vec3].self, forKey: .heads) ?? []
        if let head = try c.decodeIfPresent(Vec3.self, forKey: .head) { heads.insert(head, at: 0) }
        self.heads = heads
        trace = try c.decodeIfPresent(String.self, forKey: .trace)
        at = try c.decodeIfPresent([Double].self, forKey: .at) ?? []
        smoother = try c.decodeIfPresent(SmootherSpec.self, forKey: .smoother)
        movementScale = try c.decodeIfPresent(Double.self, forKey: .movementScale) ?? AppDefaults.movementScale
        scale = try c.decodeIfPresent(Double.self, forKey: .scale) ?? 1
        samples = try c.decodeIfPresent(Int.self, forKey: .samples) ?? 1
        versus = try c.decodeIfPresent(String.self, forKey: .versus)
        appSource = try c.decodeIfPresent(String.self, forKey: .appSource)
        app = try c.decodeIfPresent(Bool.self, forKey: .app) ?? false
        // A spec string (`max-channel-diff=2,min-ssim=0.98`) or a mapping of the same keys.
        if let text = try? c.decodeIfPresent(String.self, forKey: .tolerance) {
            do { tolerance = try Tolerance(parsing: text) } catch var error as FieldError {
                // The coding path names `tolerance`; the message names the limit inside it.
                error.path = FieldPath(Array(error.path.steps.dropFirst()))
                throw DecodingError.dataCorruptedError(forKey: .tolerance, in: c, debugDescription: error.description)
            }
        } else {
            tolerance = try c.decodeIfPresent(Tolerance.self, forKey: .tolerance)
        }
        guard heads.isEmpty != (trace == nil) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "give 'head'/'heads' or 'trace' with 'at', not both and not neither"))
        }
        guard trace == nil || !at.isEmpty else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath + [CodingKeys.at], debugDescription: "a frame sampled from a trace needs 'at': [seconds, …]"))
        }
        if app && appSource != nil {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath + [CodingKeys.app],
                debugDescription: "give 'app: true' (the suite's app) or 'app_source' (another folder), not both"))
        }
        if appSource != nil || app {
            guard trace == nil, scene.splat == nil, scene.look == .app, scene.textures.isEmpty else {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath + [app ? CodingKeys.app : CodingKeys.appSource],
                    debugDescription: "a frame of the app's own scene needs 'head'/'heads' and a scene {cube: …, look: app} without textures (the model it stands for)"))
            }
        }
        guard scale > 0 && scale <= 1 else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath + [CodingKeys.scale], debugDescription: "expected a fraction in (0, 1], found \(scale)"))
        }
        guard [1, 2, 4].contains(samples) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath + [CodingKeys.samples], debugDescription: "expected 1, 2 or 4, found \(samples)"))
        }
    }
}
