import ConfigClient
import ConfigEngine
import Core
import HTTPTransport

/// Firebase's answer to the app fetch (firebase-rc-client.md §2.2) in the client's
/// vocabulary: the values Firebase evaluated for this installation, as a template whose
/// parameters have only a default value, so the client's fetched and active layers,
/// activation, persistence and routing take them unchanged.
///
/// ```json
/// {"parameters": {"k": {"defaultValue": {"value": "v"}}},
///  "version": {"versionNumber": "42"},
///  "experimentDescriptions": [...], "personalizationMetadata": {...}, "rolloutMetadata": [...]}
/// ```
///
/// Evaluated for any context it gives exactly `entries`, each with source `remote`; a key
/// Firebase leaves out (`useInAppDefault`) falls back to the in-app default, as in Firebase.
/// The metadata members are kept as the template's unknown members, which
/// `ConfigSnapshot.changedKeys` reads (`CompiledTemplate.keysWithChangedMetadata`).
///
/// `state`: `UPDATE`, or none at all (Android reads a missing state as an update), or one
/// this version does not know (Android again), is the template; `NO_CHANGE` is
/// `.notModified`, whether or not the request sent an ETag (the SDKs keep what they fetched
/// either way); `EMPTY_CONFIG` and `NO_TEMPLATE` are a template without parameters (every
/// key falls back to its default; iOS clears its fetched config); `INSTANCE_STATE_UNSPECIFIED`
/// is a service error, as the JavaScript SDK maps it, so no value is wiped on an answer that
/// says nothing.
enum FirebaseAppFetchResponse {
  /// Reads a 200's body; `etag` is the answer's `ETag` header.
  /// - Throws: `TemplateSourceError.invalidResponse` naming the member at fault, or
  ///   `.service` for `INSTANCE_STATE_UNSPECIFIED` and an error body.
  static func read(
    _ body: [UInt8], etag: String?, redacting secrets: [String]
  ) throws(TemplateSourceError) -> TemplateFetchResponse {
    guard case .object(let root)? = try? JSONParser().parse(body) else {
      throw .invalidResponse("the app fetch's answer is not a JSON object")
    }
    if case .object = root["error"] {
      // iOS turns a 200 carrying Google's error body into a failure; so does this.
      var error = GoogleAPIError(
        status: 200, head: HTTPResponseHead(status: 200, headers: [:]), body: body,
        redacting: secrets)
      // The status it names counts, so a 429 in the body throttles as the header's would.
      if let code = error.code, (400..<600).contains(code) { error.httpStatus = code }
      throw .underlying(error.sourceFailure)
    }
    let state: String?
    switch root["state"] {
    case nil, .null?: state = nil
    case .string(let text)?: state = text
    case let value?:
      throw .invalidResponse(
        "member 'state' is \(value.kindDescription), not a string such as \"UPDATE\"")
    }
    let version = try templateVersion(root["templateVersion"])
    switch state {
    case "NO_CHANGE":
      return .notModified
    case "INSTANCE_STATE_UNSPECIFIED":
      throw .underlying(
        GoogleAPIError(
          httpStatus: 500, status: "INSTANCE_STATE_UNSPECIFIED",
          message:
            "Firebase answered HTTP 200 with state INSTANCE_STATE_UNSPECIFIED (read as a server"
            + " error, as Firebase's JavaScript SDK reads it); the fetched values stay").sourceFailure)
    case "EMPTY_CONFIG", "NO_TEMPLATE":
      return .template(body: try template([], version: version, metadata: []), etag: etag)
    default:
      let entries = try Self.entries(root["entries"])
      // Kept beside the values: what `changedKeys` compares (`CompiledTemplate.keysWithChangedMetadata`).
      let metadata = CompiledTemplate.metadataMembers.compactMap { name in
        root[name].map { (name, $0) }
      }
      return .template(
        body: try template(entries, version: version, metadata: metadata), etag: etag)
    }
  }

  /// `entries` as key-value pairs in the answer's order.
  private static func entries(
    _ value: JSONValue?
  ) throws(TemplateSourceError) -> [(String, String)] {
    switch value {
    case nil, .null?:
      return []
    case .object(let object)?:
      var pairs: [(String, String)] = []
      for (key, value) in object {
        guard case .string(let text) = value else {
          throw .invalidResponse(
            "member 'entries.\(Excerpt.of(key, length: 80))' is \(value.kindDescription),"
              + " not a string")
        }
        pairs.append((key, text))
      }
      return pairs
    case let value?:
      throw .invalidResponse("member 'entries' is \(value.kindDescription), not an object")
    }
  }

  /// `templateVersion`: an int64 as a string (or a JSON integer); anything else is no version
  /// (Android reads it as a long; iOS would default it to "0").
  private static func templateVersion(_ value: JSONValue?) throws(TemplateSourceError) -> Int? {
    switch value {
    case .string(let text)?:
      guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
      return Int(text)
    case .number(let number)?:
      return number.intValue
    default:
      return nil
    }
  }

  /// The template of `entries` with `version` and the metadata members, written by
  /// `TemplateWriter` on one line.
  static func template(
    _ entries: [(String, String)], version: Int?, metadata: [(String, JSONValue)]
  ) throws(TemplateSourceError) -> [UInt8] {
    var template = Template(
      parameters: entries.map { TemplateParameter(key: $0.0, defaultValue: .value($0.1)) },
      versionNumber: version)
    template.otherMembers = OtherMembers(JSONObject(metadata))
    do {
      return Array(try TemplateWriter().text(template, pretty: false).utf8)
    } catch {
      throw .invalidResponse("the answer's values cannot be written as a template: \(error)")
    }
  }
}
