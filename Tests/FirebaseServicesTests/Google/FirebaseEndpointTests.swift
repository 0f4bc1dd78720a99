@testable import FirebaseServices
import Foundation
import Testing

/// `FirebaseEndpoint`: the base from `FIREBASE_REMOTE_CONFIG_URL_BASE` or Google's, and a
/// project id that stays one path segment whatever it holds.
@Suite("FirebaseEndpoint")
struct FirebaseEndpointTests {
  @Test("without the variable (or with it empty) the base is Google's")
  func googleByDefault() throws {
    #expect(
      try FirebaseEndpoint(environment: [:]).base == "https://firebaseremoteconfig.googleapis.com")
    #expect(try FirebaseEndpoint(environment: ["FIREBASE_REMOTE_CONFIG_URL_BASE": ""]) == .google)
    let url = FirebaseEndpoint.google.url(project: "my-app", path: "/remoteConfig")
    #expect(
      url?.absoluteString
        == "https://firebaseremoteconfig.googleapis.com/v1/projects/my-app/remoteConfig")
  }

  @Test(
    "FIREBASE_REMOTE_CONFIG_URL_BASE replaces the base, path prefix kept, one trailing slash dropped",
    arguments: [
      ("http://127.0.0.1:9000", "http://127.0.0.1:9000/v1/projects/p/remoteConfig"),
      ("http://127.0.0.1:9000/", "http://127.0.0.1:9000/v1/projects/p/remoteConfig"),
      ("https://proxy.example/rc", "https://proxy.example/rc/v1/projects/p/remoteConfig"),
    ])
  func override(base: String, expected: String) throws {
    let endpoint = try FirebaseEndpoint(environment: ["FIREBASE_REMOTE_CONFIG_URL_BASE": base])
    #expect(endpoint.url(project: "p", path: "/remoteConfig")?.absoluteString == expected)
  }

  @Test(
    "a base that is not an http(s) URL with a host and no query is an error naming the variable",
    arguments: [
      "firebaseremoteconfig.googleapis.com", "ftp://host", "http://", "https://h/x?y=1",
      "http://h#f", "not a url",
      // By the rule every URL's host is checked by: escapes, user info, empty brackets.
      "http://127.0.0.1%00%0D%0AX:9000", "https://user:pw@h", "https://%5B%5D",
    ])
  func invalidBase(base: String) {
    #expect {
      try FirebaseEndpoint(environment: ["FIREBASE_REMOTE_CONFIG_URL_BASE": base])
    } throws: { error in
      let message = (error as? FirebaseEndpointError)?.message ?? ""
      return message.contains("FIREBASE_REMOTE_CONFIG_URL_BASE")
        && message.contains("is not an http or https URL")
    }
  }

  @Test(
    "the project id is percent-encoded as one path segment",
    arguments: [
      ("my-app-1a2b3", "my-app-1a2b3"),
      ("google.com:legacy", "google.com%3Alegacy"),
      ("../../admin", "..%2F..%2Fadmin"),
      ("..", "%2E%2E"),
      (".", "%2E"),
      ("a?b#c d", "a%3Fb%23c%20d"),
      ("p/namespaces/x", "p%2Fnamespaces%2Fx"),
      ("ü", "%C3%BC"),
    ])
  func projectEncoding(project: String, segment: String) throws {
    let url = try #require(FirebaseEndpoint.google.url(project: project, path: "/remoteConfig"))
    #expect(
      url.absoluteString
        == "https://firebaseremoteconfig.googleapis.com/v1/projects/\(segment)/remoteConfig")
    #expect(url.query == nil)
  }

  @Test("query names and values are percent-encoded")
  func queryEncoding() {
    let url = FirebaseEndpoint.google.url(
      project: "p", path: "/remoteConfig:listVersions",
      query: [(name: "pageToken", value: "a+b/c=&d"), (name: "pageSize", value: "10")])
    #expect(
      url?.absoluteString
        == "https://firebaseremoteconfig.googleapis.com/v1/projects/p/remoteConfig:listVersions?pageToken=a%2Bb%2Fc%3D%26d&pageSize=10"
    )
  }
}
