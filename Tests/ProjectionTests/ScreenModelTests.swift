import Foundation
import Geometry
import ParallaxTestSupport
import Projection
import Testing
import Vocabulary

@Suite struct ScreenModelTests {
    @Test func tableActiveAreaIsPixelsOverPPI() {
        #expect(DisplayTable.records.count == 32)
        for record in DisplayTable.records {
            let widthMm = Double(record.pixelWidth) / record.ppi * 25.4
            let heightMm = Double(record.pixelHeight) / record.ppi * 25.4
            #expect(abs(widthMm - record.activeWidthMm) <= 0.00005 + 1e-9, "\(record.model) width")
            #expect(abs(heightMm - record.activeHeightMm) <= 0.00005 + 1e-9, "\(record.model) height")
            // Apple's nominal diagonal, to the tenth of an inch it is quoted in (5.86 is sold as 5.8).
            let diagonal = (widthMm * widthMm + heightMm * heightMm).squareRoot() / 25.4
            #expect(abs(diagonal - record.diagonalInches) < 0.06, "\(record.model) diagonal \(diagonal)")
        }
    }

    @Test func everyModelIsSelectableByNameSlugAndIdentifier() throws {
        for record in DisplayTable.records {
            var keys = [record.model, record.model.uppercased(), record.slug]
            keys += record.identifiers
            for key in keys {
                let screen = try ScreenModel.parse(key)
                #expect(screen.record?.model == record.model, "\(key)")
                #expect(screen.pixelWidth == record.pixelWidth && screen.pixelHeight == record.pixelHeight)
            }
        }
        #expect(try ScreenModel.parse("iphone-16-pro").record?.identifiers == ["iPhone17,1"])
        #expect(try ScreenModel.parse("iPhone10,6").record?.model == "iPhone X")
        #expect(DisplayTable.slug("iPhone 16 Pro Max") == "iphone-16-pro-max")
        #expect(try ScreenModel.parse("iphone-16e").record?.model == "iPhone 16e")
    }

    @Test func theDefaultScreenIsTheDisplayTablesIPhone15Pro() throws {
        #expect(ScreenModel.appDefault.record?.model == "iPhone 15 Pro")
        #expect(ScreenModel.appDefault == (try ScreenModel.parse(AppDefaults.screen)))
    }

    /// In a suite file a screen is its `--screen` text; a bad one is the parser's error, whole.
    @Test func decodesFromItsText() throws {
        let screens = try JSONDecoder().decode([ScreenModel].self, from: Data(#"["iPhone17,1", "0.065x0.141@1170x2532"]"#.utf8))
        #expect(screens == [try ScreenModel.parse("iPhone17,1"), try ScreenModel.parse("0.065x0.141@1170x2532")])
        #expect {
            try JSONDecoder().decode([ScreenModel].self, from: Data(#"["iphone-99"]"#.utf8))
        } throws: { error in
            (error as? DecodingError).flatMap(FieldError.init)?.description.hasPrefix("[0].screen: expected an iPhone name") == true
        }
    }

    @Test func iPhone16ProSizeIsTheWorkedExamplesScreen() throws {
        let screen = try ScreenModel.device("iPhone 16 Pro")
        expectClose(screen.width, 1206.0 / 460 * 0.0254, within: .relative(1e-15))
        expectClose(screen.width * 1000, 66.592, within: .relative(1e-5))
        expectClose(screen.height * 1000, 144.780, within: .relative(1e-12))
        #expect(screen.pixelWidth == 1206 && screen.pixelHeight == 2622)
        #expect(screen.ppi == 460)
        #expect(screen.source == .displayTable)
        expectClose(screen.pixelsPerMeter.x, 460 / 0.0254, within: .relative(1e-12))
    }

    @Test func unknownScreensAndBadSizesNameTheValue() {
        #expect { try ScreenModel.parse("iphone-99") } throws: { "\($0)".contains("'iphone-99'") }
        #expect { try ScreenModel.parse("0x0.141") } throws: { "\($0)" == "screen width: expected a positive finite size in meters, found 0.0" }
        #expect { try ScreenModel.parse("0.065x-1") } throws: { "\($0)".contains("screen height") && "\($0)".contains("-1.0") }
        #expect { try ScreenModel.parse("0.065xabc") } throws: { "\($0)".contains("'0.065xabc'") }
        #expect { try ScreenModel.parse("0.065x0.141@12x") } throws: { "\($0)".contains("screen pixels") }
        #expect { try ScreenModel(name: "x", width: .nan, height: 0.1) } throws: { "\($0)".contains("screen width") && "\($0)".contains("nan") }
    }

    @Test func customScreens() throws {
        let plain = try ScreenModel.parse("0.065x0.141")
        #expect(plain.width == 0.065 && plain.height == 0.141)
        #expect(plain.source == .custom)
        #expect(plain.pixelWidth == Int((0.065 / 0.0254 * 460).rounded()))
        #expect(plain.cameraOffset == Vec3(0, 0.0705, 0))
        #expect(plain.cameraOffsetQuality == .estimated)
        let withPixels = try ScreenModel.parse("0.065x0.141@1170x2532")
        #expect(withPixels.pixelWidth == 1170 && withPixels.pixelHeight == 2532)
        expectClose(withPixels.ppi, 1170 / (0.065 / 0.0254), within: .relative(1e-12))
    }

    @Test func appTableHoldsTheAppsLiteralsByIdentifierAndPixelsOver460Otherwise() throws {
        let pro = try ScreenModel.parse("app-table:iphone-16-pro")
        expectClose(pro.width, 0.0715, within: .relative(1e-12))
        expectClose(pro.height, 0.1496, within: .relative(1e-12))
        #expect(pro.source == .appTable)
        #expect(pro.pixelWidth == 1206)
        #expect(try ScreenModel.device("iphone-16-pro", source: .appTable) == pro)
        // The literals of ScreenCalibration.swift (Splat-Frame), typed in again here from the app's source:
        // the 16-family values reused for the 14 Pro Max, 15 Pro and 15 Pro Max.
        let appLiterals: [(identifier: String, width: Double, height: Double)] = [
            ("iPhone17,2", 77.6, 163.0), ("iPhone17,1", 71.5, 149.6), ("iPhone17,4", 77.8, 160.9), ("iPhone17,3", 71.6, 147.7),
            ("iPhone16,2", 77.6, 163.0), ("iPhone16,1", 71.5, 149.6), ("iPhone15,5", 77.8, 160.9), ("iPhone15,4", 71.6, 147.7),
            ("iPhone15,3", 77.6, 163.0), ("iPhone15,2", 71.5, 147.5), ("iPhone14,8", 77.8, 160.9), ("iPhone14,7", 71.6, 146.7),
        ]
        #expect(AppScreenTable.dimensionsMm.count == appLiterals.count)
        for literal in appLiterals {
            let app = try ScreenModel.device(literal.identifier, source: .appTable), truth = try ScreenModel.device(literal.identifier)
            expectClose(app.width, literal.width / 1000, within: .relative(1e-12))
            expectClose(app.height, literal.height / 1000, within: .relative(1e-12))
            // 6.5–11 % too wide and 3–6 % too tall versus the active area.
            #expect((1.064...1.11).contains(app.width / truth.width), "\(literal.identifier) width ratio")
            #expect((1.029...1.061).contains(app.height / truth.height), "\(literal.identifier) height ratio")
        }
        let fifteenPro = try ScreenModel.device("iPhone16,1", source: .appTable)
        expectClose(fifteenPro.width, 0.0715, within: .relative(1e-12))  // not Apple's 70.6 × 146.6 case
        expectClose(fifteenPro.height, 0.1496, within: .relative(1e-12))
        // Fallback: pixels / 460 ppi — 29 % too small at 326 ppi.
        let xr = try ScreenModel.device("iPhone XR", source: .appTable), xrTrue = try ScreenModel.device("iPhone XR")
        expectClose(xr.width, 828.0 / 460 * 0.0254, within: .relative(1e-15))
        expectClose(xr.width / xrTrue.width, 326.0 / 460, within: .relative(1e-12))
        #expect(abs(xr.width / xrTrue.width - 0.71) < 0.005)
        #expect { try ScreenModel.parse("app-table:0.065x0.141") } throws: { "\($0)".contains("app-table") }
    }

    @Test func cameraOffsetsAreFlaggedAndRotateWithTheDevice() throws {
        let x = try ScreenModel.device("iPhone X")
        #expect(x.cameraOffsetQuality == .measured)
        #expect(abs(x.cameraOffset.x - 0.009) < 1e-12)
        #expect(abs(x.cameraOffset.y - 0.0675) < 0.0005)
        for record in DisplayTable.records where record.model != "iPhone X" {
            let screen = try ScreenModel.device(record)
            #expect(screen.cameraOffsetQuality == .estimated)
            // Near the top edge: 0–6 mm down, 5–10 mm lateral (reference README).
            #expect((0...0.006).contains(screen.height / 2 - screen.cameraOffset.y))
            #expect((0.005...0.010).contains(abs(screen.cameraOffset.x)))
        }
        let portrait = try ScreenModel.device("iphone-16-pro")
        let left = portrait.oriented(.landscapeLeft), right = portrait.oriented(.landscapeRight)
        #expect(left.width == portrait.height && left.height == portrait.width)
        #expect(left.pixelWidth == 2622 && left.pixelHeight == 1206)
        #expect(left.cameraOffset == Vec3(-portrait.cameraOffset.y, portrait.cameraOffset.x, 0))
        #expect(right.cameraOffset == Vec3(portrait.cameraOffset.y, -portrait.cameraOffset.x, 0))
        #expect(left.oriented(.landscapeRight) == right)
        #expect(right.oriented(.portrait) == portrait)
    }
}
