import Foundation
import Golden
import Testing
import Vocabulary

@Suite struct ToleranceTests {
    @Test func defaultsAreDocumented() {
        let t = Tolerance()
        #expect(t.maxChannelDiff == 2 && t.maxOverFraction == 0.0005 && t.maxOverPixels == nil)
        #expect(t.minSSIM == 0.98 && t.minSSIMLocal == 0.90 && t.minPSNR == nil)
    }

    @Test func commaAndEqualsSpec() throws {
        let t = try Tolerance(parsing: "max-channel-diff=4,max-over-fraction=0.001,min-ssim=0.95")
        #expect(t == Tolerance(maxChannelDiff: 4, maxOverFraction: 0.001, minSSIM: 0.95))
    }

    @Test func yamlStyleSpecs() throws {
        let expected = Tolerance(maxChannelDiff: 2, maxOverFraction: 0.0005, minSSIM: 0.98, minSSIMLocal: nil)
        #expect(try Tolerance(parsing: "max-channel-diff: 2, max-over-fraction: 0.0005, min-ssim: 0.98, min-ssim-local: off") == expected)
        #expect(try Tolerance(parsing: "{max-channel-diff: 2, max-over-fraction: 0.0005, min-ssim: 0.98, min-ssim-local: off}") == expected)
        #expect(try Tolerance(parsing: "# frame limits\nmax-channel-diff: 2\nmin-ssim-local: none\n") == expected)
        #expect(try Tolerance(parsing: "max_over_pixels=10").maxOverPixels == 10)
    }

    @Test func descriptionRoundTrips() throws {
        let t = Tolerance(maxChannelDiff: 3, maxOverFraction: nil, maxOverPixels: 7, minSSIM: 0.5, minSSIMLocal: 0.25, minPSNR: 40)
        #expect(t.description == "max-channel-diff=3,max-over-fraction=off,max-over-pixels=7,min-ssim=0.5,min-ssim-local=0.25,min-psnr=40")
        #expect(try Tolerance(parsing: t.description) == t)
    }

    @Test func errorsNameTheKeyAndValue() {
        #expect(throws: FieldError("tolerance", expected: "one of the keys max-channel-diff, max-over-fraction, max-over-pixels, min-ssim, min-ssim-local, min-psnr", found: "an unknown key 'max-diff'")) {
            try Tolerance(parsing: "max-diff=2")
        }
        #expect(throws: FieldError("tolerance.max-channel-diff", expected: "an integer 0...255", found: "'300'")) {
            try Tolerance(parsing: "max-channel-diff=300")
        }
        #expect(throws: FieldError("tolerance.max-over-fraction", expected: "a fraction 0...1 or off", found: "'1.5'")) {
            try Tolerance(parsing: "max-over-fraction=1.5")
        }
        #expect(throws: FieldError("tolerance", expected: "key=value or key: value (keys: max-channel-diff, max-over-fraction, max-over-pixels, min-ssim, min-ssim-local, min-psnr)", found: "'min-ssim 0.9'")) {
            try Tolerance(parsing: "min-ssim 0.9")
        }
        #expect(throws: FieldError("tolerance.min-ssim", expected: "each key once", found: "'min-ssim' given twice")) {
            try Tolerance(parsing: "min-ssim=0.9,min-ssim=0.8")
        }
    }

    @Test func decodesFromSuiteFilesWithTheSameKeys() throws {
        let json = #"{"max-channel-diff": 1, "min-ssim": null, "max-over-pixels": 12}"#
        let t = try JSONDecoder().decode(Tolerance.self, from: Data(json.utf8))
        #expect(t == Tolerance(maxChannelDiff: 1, maxOverPixels: 12, minSSIM: nil))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Tolerance.self, from: Data(#"{"max-chanel-diff": 1}"#.utf8)) }
        let encoded = try JSONEncoder().encode(t)
        #expect(try JSONDecoder().decode(Tolerance.self, from: encoded) == t)
    }
}
