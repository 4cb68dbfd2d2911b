import Testing
import Vocabulary

/// `FieldError` is one line in three forms: as a library throws it, as a suite locates it, as the CLI names its flag.
@Suite struct FieldErrorTests {
    @Test func pathTextRoundTrips() {
        let path = FieldPath("traces[1].import.time_unit")
        #expect(path.steps == [.key("traces"), .index(1), .key("import"), .key("time_unit")])
        #expect(path.description == "traces[1].import.time_unit")
        #expect(FieldPath("motion[0][2].amplitude").steps == [.key("motion"), .index(0), .index(2), .key("amplitude")])
        #expect(FieldPath("eye z").steps == [.key("eye z")])
        #expect(FieldPath().description.isEmpty)
    }

    @Test func libraryFormNamesTheFieldExpectedAndFound() {
        #expect(FieldError("rate", expected: "a rate in (0, 10000] Hz", found: "-1.0").description == "rate: expected a rate in (0, 10000] Hz, found -1.0")
        #expect(FieldError("motion", expected: "at least one motion segment").description == "motion: expected at least one motion segment")
        #expect(FieldError(FieldPath(), expected: "r,g,b", found: "'x'").description == "expected r,g,b, found 'x'")
    }

    @Test func suiteFormIsFileLineAndTheFullPath() {
        let error = FieldError(FieldPath([.key("ema"), .key("alpha")]), expected: "alpha ∈ (0, 1]", found: "1.5")
        var located = error.under(FieldPath([.key("smoothers"), .index(1)]))
        located.file = "parallax.yml"
        located.line = 9
        #expect(located.description == "parallax.yml:9: smoothers[1].ema.alpha: expected alpha ∈ (0, 1], found 1.5")
        #expect(error.located(file: "spec.yml").description == "spec.yml: ema.alpha: expected alpha ∈ (0, 1], found 1.5")
        // A file already named stays.
        #expect(located.located(file: "other.yml").file == "parallax.yml")
    }

    @Test func flagFormRootsThePathAtTheFlag() {
        let flags = ["screens": "--screen", "time_unit": "--time-unit", "smoother": "--smoother"]
        let screen = FieldError(FieldPath([.key("screens"), .index(2)]), expected: "a display-table iPhone", found: "'x'")
        #expect(screen.naming(flags: flags).description == "--screen: expected a display-table iPhone, found 'x'")
        #expect(FieldError("time_unit", expected: "one of s, ms", found: "'h'").naming(flags: flags).description == "--time-unit: expected one of s, ms, found 'h'")
        let nested = FieldError(FieldPath([.key("smoother"), .key("ema"), .key("alpha")]), expected: "alpha ∈ (0, 1]", found: "2")
        #expect(nested.naming(flags: flags).description == "--smoother ema.alpha: expected alpha ∈ (0, 1], found 2")
        // A field the command has no flag for, or an error in a file, keeps its path.
        #expect(FieldError("eye z", expected: "> 0 m", found: "-1 m").naming(flags: flags).description == "eye z: expected > 0 m, found -1 m")
        let inFile = FieldError("time_unit", expected: "one of s, ms", found: "'h'", file: "a.yml")
        #expect(inFile.naming(flags: flags) == inFile)
    }

    @Test func anElementOfASequenceIsSaidAfterWhatWasFound() {
        let head = FieldError("head", expected: "finite x,y,z in meters", found: "(nan, 0.0, 0.3)")
        #expect(head.at("frame 1 (t = 0.0 s)").description == "head: expected finite x,y,z in meters, found (nan, 0.0, 0.3) at frame 1 (t = 0.0 s)")
        #expect(FieldError("camera", expected: "a finite matrix").at("frame 2").description == "camera: expected a finite matrix, found at frame 2")
    }

    @Test func checkFailureIsItsMessage() {
        #expect(CheckFailure("tune: no configuration meets the constraints").description == "tune: no configuration meets the constraints")
        #expect(CheckFailure().message == nil)
    }
}

/// A line break in what was found (a JSON string's decoded "\n") is written escaped: the message stays one line.
struct FieldErrorOneLineTests {
    @Test func aLineBreakInWhatWasFoundIsEscaped() {
        let error = FieldError("clip", expected: "opengl or metal", found: "'op\ngl\r'", file: "camera.json")
        #expect(error.description == "camera.json: clip: expected opengl or metal, found 'op\\ngl\\r'")
    }
}
