import Core
import FakeGoogle
import Foundation
import SwitchyardTestSupport
import Testing

/// Every answer Google records in its own SDKs' tests (`Fixtures/GoogleRecorded`, with its
/// `SOURCES.md`), replayed byte for byte on 127.0.0.1 through the code that would meet it:
/// the app fetch, the real-time stream, Firebase Installations, the management API and the
/// server template. Each case checks what Google's own SDK does with that answer.
///
/// The extensions hold the areas: `+AppFetch`, `+Installations`, `+Realtime`, `+Management`
/// (with the server template). Inputs no Google test records are marked DERIVED.
@Suite("Google's recorded answers", .timeLimit(.minutes(3)))
struct GoogleRecordedAnswersTests {
  typealias Fixture = FirebaseAppFixture

  static let fetchPath = FakeGoogleEndpoint.appFetch(project: Fixture.projectNumber)
  static let registrationPath = FakeGoogleEndpoint.installations(project: Fixture.projectNumber)
  static let streamPath = FakeGoogleEndpoint.realtime(project: Fixture.projectNumber)

  /// The recorded file `name` parsed, for comparing what was kept with what Google sent.
  static func document(_ name: String) throws -> JSONValue {
    try JSONParser().parse(try GoogleRecorded.bytes(name))
  }

  /// Google's answer with `body` as a JSON value (for the inline stream messages).
  static func stream(_ body: String, status: Int = 200) -> LoopbackResponse {
    LoopbackResponse(
      status: status, headers: [(name: "Content-Type", value: "application/json")],
      body: .complete(Array(body.utf8)))
  }
}
