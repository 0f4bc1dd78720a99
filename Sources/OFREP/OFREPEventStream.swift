import Core
public import Foundation

/// The event stream a bulk answer advertises (`eventStreams`, OFREP's ADR 0008): where a
/// provider connects for Server-Sent Events that tell it the flags changed, and the events'
/// bytes, which the server sends on each new template.
///
/// The stream carries notifications only: each event tells a provider to evaluate again in
/// bulk (`refetchEvaluation`), so the server never streams evaluations.
public struct OFREPEventStream: Sendable, Hashable {
  /// Where the stream is.
  public enum Location: Sendable, Hashable {
    /// A full URL, used as it is (it may carry a token: providers must not log it).
    case url(String)
    /// A path and query (`/ofrep/v1/events`) on `origin` (`https://flags.example.com`), or, when
    /// the origin is nil, on the origin the provider already talks to: the form for a server
    /// that does not know the name it is reached by.
    case endpoint(origin: String?, requestURI: String)
  }

  /// Where the stream is.
  public let location: Location
  /// Seconds a provider that is inactive (a hidden page, a backgrounded app) keeps the stream
  /// open; nil leaves it to the provider (120 by OFREP's default).
  public let inactivityDelaySeconds: Int?

  /// A stream at a full URL.
  /// - Throws: `OFREPEventStreamError` when `url` is empty or `inactivityDelaySeconds` is
  ///   below 1.
  public init(url: String, inactivityDelaySeconds: Int? = nil) throws(OFREPEventStreamError) {
    guard !url.isEmpty else { throw OFREPEventStreamError("the event stream's URL is empty") }
    try self.init(.url(url), inactivityDelaySeconds)
  }

  /// A stream at `requestURI` on `origin` (nil: the provider's OFREP origin).
  /// - Throws: `OFREPEventStreamError` when `requestURI` does not start with `/`, or
  ///   `inactivityDelaySeconds` is below 1.
  public init(
    requestURI: String, origin: String? = nil, inactivityDelaySeconds: Int? = nil
  ) throws(OFREPEventStreamError) {
    guard requestURI.hasPrefix("/") else {
      throw OFREPEventStreamError(
        "the event stream's request URI \(Excerpt.quoted(requestURI)) does not start with '/'")
    }
    try self.init(.endpoint(origin: origin, requestURI: requestURI), inactivityDelaySeconds)
  }

  private init(_ location: Location, _ inactivityDelaySeconds: Int?) throws(OFREPEventStreamError) {
    if let seconds = inactivityDelaySeconds, seconds < 1 {
      throw OFREPEventStreamError(
        "the event stream's inactivity delay is \(seconds) s; it must be at least 1")
    }
    self.location = location
    self.inactivityDelaySeconds = inactivityDelaySeconds
  }

  /// The header fields of the stream's response (`Content-Type: text/event-stream`, no caching).
  public static let responseHeaders: [(name: String, value: String)] = [
    ("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache"),
  ]

  /// One event telling providers the flags changed, as OFREP's event streams define it: an
  /// `event: message` whose data is `{"type": "refetchEvaluation", "etag": ..., "lastModified":
  /// ...}`, and an `id` for a provider that reconnects. A provider evaluates again in bulk,
  /// passing `etag` and `lastModified` back as query parameters (which the responder ignores:
  /// it always answers the current template).
  /// - Parameters:
  ///   - id: the event's id; line breaks and NULs, which would end the field, are dropped.
  ///   - etag: an opaque token of the new configuration (the template's version, say).
  ///   - lastModified: when it changed, sent as whole Unix seconds (OFREP's recommendation).
  public static func refetchEvaluationEvent(
    id: String? = nil, etag: String? = nil, lastModified: Date? = nil
  ) -> [UInt8] {
    var data = JSONObject([("type", "refetchEvaluation")])
    if let etag { data["etag"] = .string(etag) }
    if let lastModified {
      let seconds = lastModified.timeIntervalSince1970.rounded(.down)
      data["lastModified"] = .number(JSONNumber(Int(max(0, min(seconds, 1e15)))))
    }
    var text = ""
    if let id {
      let kept = id.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\0" }
      text += "id: " + String(String.UnicodeScalarView(kept)) + "\n"
    }
    text += "event: message\ndata: " + JSONValue.object(data).jsonText + "\n\n"
    return Array(text.utf8)
  }

  /// The member of a bulk answer's `eventStreams` array.
  var jsonValue: JSONValue {
    var object = JSONObject([("type", "sse")])
    switch location {
    case .url(let url):
      object["url"] = .string(url)
    case .endpoint(let origin, let requestURI):
      var endpoint = JSONObject()
      if let origin { endpoint["origin"] = .string(origin) }
      endpoint["requestUri"] = .string(requestURI)
      object["endpoint"] = .object(endpoint)
    }
    if let inactivityDelaySeconds {
      object["inactivityDelaySec"] = .number(JSONNumber(inactivityDelaySeconds))
    }
    return .object(object)
  }
}

/// An event stream that cannot be advertised as configured.
public struct OFREPEventStreamError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
