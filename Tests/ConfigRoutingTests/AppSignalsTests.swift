import ConfigEngine
import ConfigRouting
import Core
import RootRouting
import Testing

@Suite("AppSignals")
struct AppSignalsTests {
  static func input(
    _ profile: ProfileStatus, session: SessionStatus = .signedIn, idiom: DeviceIdiom = .pad
  ) throws -> RouteInput {
    RouteInput(
      session: session, profile: profile, appVersion: try SemanticVersion(parsing: "2.3.0"),
      idiom: idiom)
  }

  @Test("the signal names are spelled once, as templates target them")
  func names() {
    #expect([AppSignals.stage, AppSignals.year, AppSignals.idiom] == ["stage", "year", "idiom"])
    #expect(AppSignals.platform == "ios")
  }

  @Test("a loaded profile sets stage and year; the device, the app version and platform always")
  func completesFromProfile() throws {
    let input = try Self.input(.loaded(UserProfile(grade: try .juniorHigh(2))))
    let context = AppSignals.completing(EvaluationContext(randomizationID: "u1"), for: input)
    #expect(
      context.customSignals == [
        "stage": .string("juniorHigh"), "year": .number(JSONNumber(2)), "idiom": .string("pad"),
      ])
    #expect(context.appVersion == "2.3.0")
    #expect(context.platform == "ios")
    #expect(context.randomizationID == "u1")
  }

  @Test(
    "without a loaded profile there is no stage or year to set",
    arguments: [ProfileStatus.notLoaded, .failed(reason: "timeout")])
  func noProfile(profile: ProfileStatus) throws {
    let input = try Self.input(profile, idiom: .phone)
    let context = AppSignals.completing(EvaluationContext(), for: input)
    #expect(context.customSignals == ["idiom": .string("phone")])
  }

  @Test("what the context already says wins over what the app would set")
  func contextWins() throws {
    let input = try Self.input(.loaded(UserProfile(grade: try .elementary(3))))
    let given = EvaluationContext(
      customSignals: ["stage": "highSchool", "year": 1, "idiom": "phone", "theme": "dark"],
      appVersion: "1.0.0", platform: "android")
    let context = AppSignals.completing(given, for: input)
    #expect(context == given)
  }
}
