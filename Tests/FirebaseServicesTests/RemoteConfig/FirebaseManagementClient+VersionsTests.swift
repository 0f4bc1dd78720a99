import Core
import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// `FirebaseManagementClient.versions`: `listVersions` page by page, to the limit, and the
/// version objects read into typed values.
@Suite("FirebaseManagementClient.versions", .timeLimit(.minutes(3)))
struct FirebaseManagementClientVersionsTests {
  static let path = FirebaseManagementClientTests.base + ":listVersions"

  static func page(_ numbers: [Int], next: String?) -> LoopbackResponse {
    var object = JSONObject()
    object["versions"] = .array(
      numbers.map { ["versionNumber": .string(String($0)), "updateType": "INCREMENTAL_UPDATE"] })
    object["nextPageToken"] = next.map(JSONValue.string)
    return .ok(JSONValue.object(object).jsonText)
  }

  /// The `pageToken` of a request, decoded.
  static func pageToken(_ request: LoopbackRequest) -> String? {
    URLComponents(string: request.target)?.queryItems?.first { $0.name == "pageToken" }?.value
  }

  /// Serves pages of versions 20 down to 13, three at a time, linked by tokens that need
  /// encoding.
  static func serveHistory(on server: LoopbackHTTPServer) {
    server.handle(path) { request in
      switch pageToken(request) {
      case nil: page([20, 19, 18], next: "tok+/=2")
      case "tok+/=2": page([17, 16, 15], next: "tok3")
      case "tok3": page([14, 13], next: nil)
      default: .status(400)
      }
    }
  }

  @Test("every page is followed by its token until none follows")
  func followsTokens() async throws {
    try await LoopbackHTTPServer.with { server in
      Self.serveHistory(on: server)
      let versions = try await FirebaseManagementClientTests.management(server).versions(
        pageSize: 3)
      #expect(versions.compactMap(\.versionNumber) == Array((13...20).reversed()))
      #expect(
        server.requests.map(\.target) == [
          Self.path + "?pageSize=3", Self.path + "?pageSize=3&pageToken=tok%2B%2F%3D2",
          Self.path + "?pageSize=3&pageToken=tok3",
        ])
      FirebaseManagementClientTests.expectCommonHeaders(try #require(server.requests.first))
    }
  }

  @Test("the walk stops at the limit, and no page asks for more than the limit still needs")
  func stopsAtTheLimit() async throws {
    try await LoopbackHTTPServer.with { server in
      Self.serveHistory(on: server)
      let versions = try await FirebaseManagementClientTests.management(server).versions(
        limit: 5, pageSize: 3)
      #expect(versions.compactMap(\.versionNumber) == [20, 19, 18, 17, 16])
      #expect(
        server.requests.map(\.target) == [
          Self.path + "?pageSize=3", Self.path + "?pageSize=2&pageToken=tok%2B%2F%3D2",
        ])
    }
  }

  @Test("a page larger than asked for is cut to the limit")
  func cutsAnOversizedPage() async throws {
    try await LoopbackHTTPServer.with { server in
      Self.serveHistory(on: server)
      let versions = try await FirebaseManagementClientTests.management(server).versions(limit: 2)
      #expect(versions.compactMap(\.versionNumber) == [20, 19])
      #expect(server.requests.map(\.target) == [Self.path + "?pageSize=2"])
    }
  }

  @Test(
    "a token already followed or a page without versions ends the walk",
    arguments: [
      [page([3], next: "again"), page([2], next: "again"), page([1], next: "again")],
      [page([3], next: "a"), page([], next: "b"), page([1], next: nil)],
    ])
  func endsOnLoops(pages: [LoopbackResponse]) async throws {
    try await LoopbackHTTPServer.with { server in
      for page in pages { server.enqueue(at: Self.path, page) }
      let versions = try await FirebaseManagementClientTests.management(server).versions()
      #expect(server.requests.count == 2)
      #expect(versions.compactMap(\.versionNumber).first == 3)
    }
  }

  @Test("a version's fields are read into typed values; unknown members are kept")
  func typedVersion() async throws {
    try await LoopbackHTTPServer.with { server in
      let entry = #"""
        {"versionNumber": "55", "updateTime": "2026-01-02T03:04:05.678901Z",
         "updateOrigin": "CONSOLE", "updateType": "ROLLBACK",
         "updateUser": {"email": "dev@example.com", "name": "Dev", "imageUrl": "https://x/y.png"},
         "description": "back to 50", "rollbackSource": "50", "isLegacy": false,
         "newField": [1, 2]}
        """#
      server.enqueue(at: Self.path, .ok(#"{"versions": [\#(entry), {}]}"#))
      let versions = try await FirebaseManagementClientTests.management(server).versions()
      let expected = RemoteConfigVersion(
        versionNumber: 55, updateTime: "2026-01-02T03:04:05.678901Z", updateOrigin: "CONSOLE",
        updateType: "ROLLBACK",
        updateUser: RemoteConfigVersion.User(
          email: "dev@example.com", name: "Dev", imageURL: "https://x/y.png"),
        description: "back to 50", rollbackSource: 50, isLegacy: false,
        otherMembers: JSONObject([("newField", JSONValue.array([1, 2]))]))
      #expect(versions == [expected, RemoteConfigVersion()])
      var written = try JSONParser().parse(entry).objectValue ?? JSONObject()
      written["newField"] = nil
      #expect(expected.jsonObject == written)
    }
  }

  @Test(
    "an answer that is not a version list is an invalid response",
    arguments: ["[]", #"{"versions": {}}"#, #"{"versions": [1]}"#, "not json"])
  func invalidList(body: String) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: Self.path, .ok(body))
      let error = await #expect(throws: FirebaseManagementError.self) {
        try await FirebaseManagementClientTests.management(server).versions()
      }
      guard case .invalidResponse? = error else {
        Issue.record("expected .invalidResponse, got \(String(describing: error))")
        return
      }
    }
  }
}
