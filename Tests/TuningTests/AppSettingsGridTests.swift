import Testing
import Tuning
import Vocabulary

@Suite struct AppSettingsGridTests {
    @Test func theAppGridIsTheSlidersValues() {
        #expect(AppSettingsGrid.alpha.values == [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5])
        #expect(AppSettingsGrid.movementScale.values.count == 26)
        #expect(AppSettingsGrid.movementScale.values.first == 0.5 && AppSettingsGrid.movementScale.values.last == 3.0)
        #expect(AppSettingsGrid.sweep.axes.map(\.values) == [AppSettingsGrid.alpha.values])
    }

    @Test func nearestSettableValues() {
        #expect(AppSettingsGrid.nearest(0.24, on: AppSettingsGrid.alpha) == 0.25)
        #expect(AppSettingsGrid.nearest(0.05, on: AppSettingsGrid.alpha) == 0.1)
        #expect(AppSettingsGrid.nearest(0.93, on: AppSettingsGrid.alpha) == 0.5)
        #expect(AppSettingsGrid.nearest(1.47, on: AppSettingsGrid.movementScale) == 1.5)
        #expect(AppSettingsGrid.isSettable(0.35, on: AppSettingsGrid.alpha))
        #expect(!AppSettingsGrid.isSettable(0.24, on: AppSettingsGrid.alpha))
        #expect(!AppSettingsGrid.isSettable(3.2, on: AppSettingsGrid.movementScale))
    }

    @Test func gridNamesAreParsedAndBadOnesRejected() throws {
        #expect(try TuneGrid(parsing: "app") == .app)
        #expect(throws: FieldError.self) { try TuneGrid(parsing: "phone") }
    }
}
