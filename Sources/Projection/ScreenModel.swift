import Foundation
import Geometry
import Vocabulary

/// A physical screen in the world frame: its active area centred at the origin in the z = 0 plane,
/// +x right, +y up, +z toward the viewer (meters), in the given orientation.
///
/// `cameraOffset` is where the front camera sits relative to the screen centre (world frame, meters).
/// ARKit head positions are camera-relative: a screen-relative eye is `head + cameraOffset`
/// (`OffAxisProjection.HeadFrame.camera`). Only iPhone X's offset is measured
/// (on the top edge of the active area, ≈ 9 mm right of the centre line); the
/// others are estimates from the cut-out layout, flagged `.estimated`.
public struct ScreenModel: TextParsable, Hashable, Sendable {
    /// Where the physical size came from.
    public enum Source: String, Hashable, Sendable, Codable {
        /// The active display area from the display table (pixels / ppi): the true size.
        case displayTable = "display-table"
        /// The app's own table: body dimensions for iPhone 14–16, pixels / 460 ppi otherwise (wrong).
        case appTable = "app-table"
        /// A size given by the user.
        case custom
    }

    public enum Orientation: String, CaseIterable, Hashable, Sendable, Codable {
        case portrait
        /// Rotated 90° counter-clockwise from portrait (as the viewer sees it): the camera is on the left.
        case landscapeLeft = "landscape-left"
        /// Rotated 90° clockwise from portrait: the camera is on the right.
        case landscapeRight = "landscape-right"
    }

    public enum OffsetQuality: String, Hashable, Sendable, Codable {
        case measured
        case estimated
    }

    public var name: String
    public var source: Source
    /// Physical width and height in meters, in the current orientation.
    public var width: Double
    public var height: Double
    /// Pixel size in the current orientation.
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Pixels per inch of the panel (for `.appTable`, the panel's true ppi, not the app's belief).
    public var ppi: Double
    public var orientation: Orientation
    /// Front camera position relative to the screen centre, world frame, meters.
    public var cameraOffset: Vec3
    public var cameraOffsetQuality: OffsetQuality
    /// The display-table row, for screens looked up by name.
    public var record: DisplayRecord?

    /// A custom screen. Pixel sizes default to the physical size at 460 ppi (current iPhones).
    /// The camera offset defaults to the top-centre of the screen, flagged estimated.
    public init(
        name: String, source: Source = .custom, width: Double, height: Double,
        pixelWidth: Int? = nil, pixelHeight: Int? = nil, orientation: Orientation = .portrait,
        cameraOffset: Vec3? = nil, cameraOffsetQuality: OffsetQuality = .estimated, record: DisplayRecord? = nil
    ) throws {
        try Self.check(width, "screen width")
        try Self.check(height, "screen height")
        // Pixel sizes derived from meters are compared as doubles first: a huge size must not reach Int(_:).
        let derived = (width / 0.0254 * AppScreenTable.fallbackPPI, height / 0.0254 * AppScreenTable.fallbackPPI)
        guard pixelWidth != nil || derived.0 < 1e9, pixelHeight != nil || derived.1 < 1e9 else {
            throw FieldError("screen size", expected: "at most 1e9 pixels per side at \(AppScreenTable.fallbackPPI) ppi", found: "\(width) x \(height) m")
        }
        let pw = pixelWidth ?? Int(derived.0.rounded())
        let ph = pixelHeight ?? Int(derived.1.rounded())
        guard pw > 0 else { throw FieldError("screen pixel width", expected: "a positive number of pixels", found: "\(pw)") }
        guard ph > 0 else { throw FieldError("screen pixel height", expected: "a positive number of pixels", found: "\(ph)") }
        let offset = cameraOffset ?? Vec3(0, height / 2, 0)
        guard offset.isFinite else { throw FieldError("camera offset", expected: "finite x,y,z in meters", found: "\(offset)") }
        self.name = name
        self.source = source
        self.width = width
        self.height = height
        self.pixelWidth = pw
        self.pixelHeight = ph
        self.ppi = Double(pw) / (width / 0.0254)
        self.orientation = orientation
        self.cameraOffset = offset
        self.cameraOffsetQuality = cameraOffsetQuality
        self.record = record
    }

    private static func check(_ value: Double, _ name: String) throws {
        guard value.isFinite, value > 0 else {
            throw FieldError(name, expected: "a positive finite size in meters", found: "\(value)")
        }
    }

    /// The screen a command or suite assumes when none is given (`AppDefaults.screen`).
    public static let appDefault = try! ScreenModel.device(AppDefaults.screen)  // a display-table key; covered by tests

    /// A display-table iPhone in portrait, looked up by marketing name (`iPhone 16 Pro`), slug
    /// (`iphone-16-pro`) or identifier (`iPhone17,1`). Width × height = pixels / ppi × 0.0254 m.
    public static func device(_ key: String, source: Source = .displayTable, orientation: Orientation = .portrait) throws -> ScreenModel {
        guard let record = DisplayTable.record(named: key) else {
            throw FieldError("screen", expected: "an iPhone name, slug or identifier — one of \(DisplayTable.records.map(\.slug).joined(separator: ", ")) (parallax screens lists them with sizes) — or WxH in meters", found: "'\(key)'")
        }
        return try device(record, source: source, orientation: orientation)
    }

    /// A display-table row as a screen: its true active area, or with `.appTable` the app's size for it
    /// (`.custom` is treated as `.displayTable`). Pixels and ppi are always the panel's.
    public static func device(_ record: DisplayRecord, source: Source = .displayTable, orientation: Orientation = .portrait) throws -> ScreenModel {
        let size: (width: Double, height: Double)
        switch source {
        case .appTable: size = AppScreenTable.size(for: record)
        case .displayTable, .custom:
            size = (Double(record.pixelWidth) / record.ppi * 0.0254, Double(record.pixelHeight) / record.ppi * 0.0254)
        }
        let camera = cameraPosition(record)
        var model = try ScreenModel(
            name: source == .appTable ? "\(record.model) (app table)" : record.model, source: source == .appTable ? .appTable : .displayTable,
            width: size.width, height: size.height, pixelWidth: record.pixelWidth, pixelHeight: record.pixelHeight,
            cameraOffset: camera.offset, cameraOffsetQuality: camera.quality, record: record)
        model.ppi = record.ppi
        return model.oriented(orientation)
    }

    /// The front camera relative to the centre of the true active area (portrait).
    /// iPhone X: measured, on the top edge of the active area, 9 mm right of the centre line.
    /// Other notch models: estimated at the same place (same notch layout family).
    /// Dynamic Island models: estimated at the right end of the island, 7.5 mm right of the centre line and
    /// 5 mm below the top edge (island ≈ 126 × 37 pt starting ≈ 11 pt below the top).
    public static func cameraPosition(_ record: DisplayRecord) -> (offset: Vec3, quality: OffsetQuality) {
        let halfHeight = Double(record.pixelHeight) / record.ppi * 0.0254 / 2
        switch record.cutout {
        case .notch, .notchLCD:
            return (Vec3(0.009, halfHeight, 0), record.model == "iPhone X" ? .measured : .estimated)
        case .dynamicIsland:
            return (Vec3(0.0075, halfHeight - 0.005, 0), .estimated)
        }
    }

    /// This screen turned to `target` (sizes swap; the camera offset rotates with the device).
    public func oriented(_ target: Orientation) -> ScreenModel {
        // Undo the current orientation back to portrait, then apply the target.
        func toPortrait(_ v: Vec3, from o: Orientation) -> Vec3 {
            switch o {
            case .portrait: return v
            case .landscapeLeft: return Vec3(v.y, -v.x, v.z)
            case .landscapeRight: return Vec3(-v.y, v.x, v.z)
            }
        }
        func fromPortrait(_ v: Vec3, to o: Orientation) -> Vec3 {
            switch o {
            case .portrait: return v
            case .landscapeLeft: return Vec3(-v.y, v.x, v.z)
            case .landscapeRight: return Vec3(v.y, -v.x, v.z)
            }
        }
        guard target != orientation else { return self }
        var copy = self
        let swap = (orientation == .portrait) != (target == .portrait)
        if swap {
            copy.width = height
            copy.height = width
            copy.pixelWidth = pixelHeight
            copy.pixelHeight = pixelWidth
        }
        copy.cameraOffset = fromPortrait(toPortrait(cameraOffset, from: orientation), to: target)
        copy.orientation = target
        return copy
    }

    /// Pixels per meter along x and y.
    @inlinable public var pixelsPerMeter: (x: Double, y: Double) {
        (Double(pixelWidth) / width, Double(pixelHeight) / height)
    }

    /// A display-table screen in portrait, as `parse(_:source:orientation:)` reads `text`.
    public init(parsing text: String) throws {
        self = try Self.parse(text)
    }

    /// Parses a `--screen` value: a device name/slug/identifier, optionally prefixed `app-table:`, or a
    /// custom size `WxH` in meters with optional pixels `WxH@PWxPH` (`0.065x0.141@1170x2532`).
    public static func parse(_ text: String, source: Source = .displayTable, orientation: Orientation = .portrait) throws -> ScreenModel {
        var key = text.trimmingCharacters(in: .whitespaces)
        var source = source
        if key.lowercased().hasPrefix("app-table:") {
            source = .appTable
            key = String(key.dropFirst("app-table:".count))
        }
        if let custom = try parseCustom(key, orientation: orientation) {
            if source == .appTable {
                throw FieldError("screen", expected: "an iPhone name with the app-table source (custom sizes have no app-table entry)", found: "'\(text)'")
            }
            return custom
        }
        return try device(key, source: source, orientation: orientation)
    }

    private static func parseCustom(_ key: String, orientation: Orientation) throws -> ScreenModel? {
        let sizeAndPixels = key.split(separator: "@", omittingEmptySubsequences: false)
        let dims = sizeAndPixels[0].lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard dims.count == 2, let first = dims[0].first, first.isNumber || first == "." || first == "-" else { return nil }
        guard sizeAndPixels.count <= 2, let w = Double(dims[0]), let h = Double(dims[1]) else {
            throw FieldError("screen", expected: "WxH in meters (e.g. 0.065x0.141) or WxH@PWxPH", found: "'\(key)'")
        }
        var pw: Int?, ph: Int?
        if sizeAndPixels.count == 2 {
            let px = sizeAndPixels[1].lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard px.count == 2, let a = Int(px[0]), let b = Int(px[1]) else {
                throw FieldError("screen pixels", expected: "PWxPH in whole pixels (e.g. 1170x2532)", found: "'\(sizeAndPixels[1])'")
            }
            pw = a
            ph = b
        }
        let name = "custom \(w) x \(h) m"
        return try ScreenModel(name: name, width: w, height: h, pixelWidth: pw, pixelHeight: ph).oriented(orientation)
    }
}

extension Parsed<ScreenModel> {
    /// `ScreenModel.appDefault` named as `AppDefaults.screen`.
    public static let appDefault = Parsed(text: AppDefaults.screen, value: .appDefault)
}
