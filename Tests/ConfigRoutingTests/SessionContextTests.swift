import ConfigEngine
import Core
import RootRouting
import Testing

@testable import ConfigRouting

/// The rule the client's context follows the root's session by, for the bridge and for
/// `switchyard root`: whom the values are for after each event, and when.
@Suite("SessionContext")
struct SessionContextTests {
  static let ann: UserID = "ann"

  static func profile() throws -> UserProfile {
    UserProfile(grade: try .elementary(2))
  }

  static func answerCases() throws -> [(RootStateMachine.Event, SessionContext?)] {
    [
      (.profileLoaded(try profile(), user: ann), .user(ann, try profile())),
      (.sessionRestored(nil), .nobody),
      (.sessionRestored(ann), nil),
      (.profileFailed(reason: "offline", user: ann), nil),
      (.configFetchFailed(reason: "offline"), nil),
      (.loadingTimedOut, nil),
    ]
  }

  @Test(
    "a loaded profile moves the values to its user and a restore of no one to no one, before the runtime hears of them; other answers leave them",
    arguments: try answerCases())
  func answers(event: RootStateMachine.Event, context: SessionContext?) {
    #expect(SessionContext.before(answer: event) == context)
  }

  @Test(
    "a sign-out moves the values to no one once the runtime took it; an expiry keeps its user's, as the machine keeps the user; a sign-in waits for the profile",
    arguments: [
      (.signedOut, .nobody),
      (.sessionExpired, nil),
      (.signedIn(ann), nil),
      (.appBecameActive, nil),
      (.storeLinkTapped, nil),
    ] as [(RootStateMachine.Event, SessionContext?)])
  func sent(event: RootStateMachine.Event, context: SessionContext?) {
    #expect(SessionContext.after(sent: event) == context)
  }

  @Test("the context is the app's signals for the user: the id, the stage and year, the device's")
  func evaluationContext() throws {
    var earlier = EvaluationContext(randomizationID: "bob")
    earlier.customSignals[AppSignals.stage] = "juniorHigh"
    earlier.customSignals[AppSignals.year] = 3
    let version = try SemanticVersion(parsing: "2.3.0")
    let ann = SessionContext.user(Self.ann, try Self.profile()).evaluationContext(
      earlier, appVersion: version, idiom: .pad)
    #expect(ann.randomizationID == "ann")
    #expect(ann.customSignals[AppSignals.stage] == "elementary")
    #expect(ann.customSignals[AppSignals.year] == 2)
    #expect(ann.customSignals[AppSignals.idiom] == "pad")
    #expect(ann.appVersion == "2.3.0")
    let nobody = SessionContext.nobody.evaluationContext(
      earlier, appVersion: version, idiom: .pad)
    #expect(nobody.randomizationID == nil)
    #expect(nobody.customSignals[AppSignals.stage] == nil)
    #expect(nobody.customSignals[AppSignals.year] == nil)
    #expect(nobody.customSignals[AppSignals.idiom] == "pad")
  }
}
