import Foundation

/// The answers Google records in its SDKs' tests, kept byte for byte in
/// `Tests/FirebaseServicesTests/Fixtures/GoogleRecorded` (its `SOURCES.md` names where each comes
/// from), read by path and replayed by the fake Google or a loopback server.
public enum GoogleRecorded {
  /// The bytes of recorded file `name`, e.g. `js_update.json`, exactly as stored.
  public static func bytes(_ name: String) throws -> [UInt8] {
    try SourceTree.bytes("Tests/FirebaseServicesTests/Fixtures/GoogleRecorded/\(name)")
  }

  /// `status` with recorded file `name` as its body, `Content-Type: application/json` and the
  /// given headers (an `ETag`, say): the answer as Google's front end sends it.
  public static func response(
    _ name: String, status: Int = 200, headers: [(name: String, value: String)] = []
  ) throws -> LoopbackResponse {
    LoopbackResponse(
      status: status,
      headers: [(name: "Content-Type", value: "application/json; charset=UTF-8")] + headers,
      body: .complete(try bytes(name)))
  }
}
