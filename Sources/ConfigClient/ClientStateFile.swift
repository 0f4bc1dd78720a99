import Core
import Foundation

/// The persisted form of a `ClientState`: one versioned JSON object per namespace.
///
/// ```json
/// {"format": "switchyard-remote-config", "formatVersion": 1, "savedAt": 1767225600,
///  "lastSuccessfulFetchAt": 1767225600,
///  "throttle": {"until": 1767225720.5, "consecutiveFailures": 2, "consecutiveThrottles": 1},
///  "context": {"randomizationId": "u1", ...},
///  "fetched": {"etag": "...", "fetchedAt": 1767225600, "activated": false, "template": {...}},
///  "active": {"activatedAt": 1767225600, "template": {...}}}
/// ```
/// Times are seconds since 1970 (fractions kept). Templates are spliced in as the exact bytes
/// fetched, so writing a 1 MB template does not re-serialize it; the fetched template is
/// left out when it is the active one. Unknown fields are ignored; a newer `formatVersion`
/// is refused, so an old app never misreads a newer app's file.
enum ClientStateFile {
  /// The `format` marker.
  static let format = "switchyard-remote-config"
  /// The version this code writes and the newest it reads.
  static let formatVersion = 1

  /// The file's bytes for `state`.
  static func encode(_ state: ClientState, savedAt: Date) -> [UInt8] {
    var members: [(String, [UInt8])] = []
    func add(_ key: String, _ value: JSONValue) {
      members.append((key, Array(value.jsonText.utf8)))
    }
    add("format", .string(format))
    add("formatVersion", .number(JSONNumber(formatVersion)))
    add("savedAt", seconds(savedAt))
    if let last = state.lastSuccessfulFetchAt { add("lastSuccessfulFetchAt", seconds(last)) }
    var throttle = JSONObject()
    throttle["until"] = state.throttle.throttledUntil.map(seconds)
    throttle["consecutiveFailures"] = .number(JSONNumber(state.throttle.consecutiveFailures))
    throttle["consecutiveThrottles"] = .number(JSONNumber(state.throttle.consecutiveThrottles))
    add("throttle", .object(throttle))
    if let context = state.context { add("context", .object(context.jsonObject)) }
    if let fetched = state.fetched {
      var meta = JSONObject()
      meta["etag"] = fetched.etag.map(JSONValue.string)
      meta["fetchedAt"] = seconds(fetched.fetchedAt)
      meta["activated"] = .bool(fetched.isActivated)
      let template = fetched.isActivated ? nil : fetched.template.bytes
      members.append(("fetched", splice(meta, template: template)))
    }
    if let active = state.active {
      var meta = JSONObject()
      meta["activatedAt"] = seconds(active.activatedAt)
      members.append(("active", splice(meta, template: active.template.bytes)))
    }
    var output: [UInt8] = Array("{".utf8)
    for (index, member) in members.enumerated() {
      if index > 0 { output += Array(",\n".utf8) }
      output += Array(JSONValue.string(member.0).jsonText.utf8)
      output += Array(":".utf8)
      output += member.1
    }
    output += Array("}\n".utf8)
    return output
  }

  /// Reads a file written by `encode`.
  /// - Throws: `ClientStateFileError` saying why the file is unusable (cut off, not JSON,
  ///   not ours, from a newer version, a field or a template that does not read).
  static func decode(_ bytes: [UInt8]) throws(ClientStateFileError) -> ClientState {
    guard !bytes.isEmpty else { throw ClientStateFileError("the file is empty") }
    let document: JSONValue
    do {
      document = try JSONParser().parse(bytes)
    } catch {
      throw ClientStateFileError("not valid JSON (\(error)); the file is cut off or corrupt")
    }
    guard case .object(let root) = document, root["format"] == .string(format) else {
      throw ClientStateFileError(
        "not a Switchyard remote-config file (no \"format\": \"\(format)\")")
    }
    guard let version = root["formatVersion"]?.doubleValue, version == version.rounded(),
      version >= 1
    else {
      throw ClientStateFileError("field 'formatVersion' is missing or not a positive integer")
    }
    guard version <= Double(formatVersion) else {
      throw ClientStateFileError(
        "written by a newer Switchyard (format version \(JSONNumber(version).literal); "
          + "this version reads up to \(formatVersion))")
    }
    var state = ClientState()
    state.lastSuccessfulFetchAt = try date(root, "lastSuccessfulFetchAt", in: "")
    if let throttle = try object(root, "throttle", in: "") {
      state.throttle = FetchThrottle(
        throttledUntil: try date(throttle, "until", in: "throttle."),
        consecutiveFailures: try count(throttle, "consecutiveFailures", in: "throttle."),
        consecutiveThrottles: try count(throttle, "consecutiveThrottles", in: "throttle."))
    }
    if let context = try object(root, "context", in: "") {
      do {
        state.context = try EvaluationContext(json: context)
      } catch {
        throw ClientStateFileError("the saved context does not read: \(error)")
      }
    }
    if let active = try object(root, "active", in: "") {
      guard let activatedAt = try date(active, "activatedAt", in: "active.") else {
        throw ClientStateFileError("field 'active.activatedAt' is missing")
      }
      state.active = ClientState.Active(
        template: try template(active, "active"), activatedAt: activatedAt)
    }
    if let fetched = try object(root, "fetched", in: "") {
      guard let fetchedAt = try date(fetched, "fetchedAt", in: "fetched.") else {
        throw ClientStateFileError("field 'fetched.fetchedAt' is missing")
      }
      let isActivated = fetched["activated"]?.boolValue ?? false
      let body: TemplateBody
      if isActivated {
        guard let active = state.active else {
          throw ClientStateFileError("'fetched' says it is active, but there is no 'active'")
        }
        body = active.template
      } else {
        body = try template(fetched, "fetched")
      }
      var etag: String?
      if let value = fetched["etag"] {
        guard case .string(let text) = value else {
          throw ClientStateFileError(
            "field 'fetched.etag' is \(value.kindDescription), not a string")
        }
        etag = text
      }
      state.fetched = ClientState.Fetched(
        template: body, etag: etag, fetchedAt: fetchedAt, isActivated: isActivated)
    }
    return state
  }

  private static func seconds(_ date: Date) -> JSONValue {
    .number(JSONNumber(date.timeIntervalSince1970))
  }

  private static func splice(_ meta: JSONObject, template: [UInt8]?) -> [UInt8] {
    var text = Array(JSONValue.object(meta).jsonText.utf8)
    guard let template else { return text }
    text.removeLast()  // the closing brace; `meta` is never empty here
    text += Array(",\"template\":".utf8)
    text += template
    text += Array("}".utf8)
    return text
  }

  private static func object(
    _ parent: JSONObject, _ key: String, in path: String
  ) throws(ClientStateFileError) -> JSONObject? {
    guard let value = parent[key] else { return nil }
    guard case .object(let object) = value else {
      throw ClientStateFileError("field '\(path)\(key)' is \(value.kindDescription), not an object")
    }
    return object
  }

  private static func date(
    _ parent: JSONObject, _ key: String, in path: String
  ) throws(ClientStateFileError) -> Date? {
    guard let value = parent[key] else { return nil }
    guard let seconds = value.doubleValue, seconds.isFinite, abs(seconds) < 1e14 else {
      throw ClientStateFileError("field '\(path)\(key)' is not a time in seconds since 1970")
    }
    return Date(timeIntervalSince1970: seconds)
  }

  private static func count(
    _ parent: JSONObject, _ key: String, in path: String
  ) throws(ClientStateFileError) -> Int {
    guard let value = parent[key] else { return 0 }
    guard case .number(let number) = value, let count = number.intValue, count >= 0,
      count <= 1_000_000
    else {
      throw ClientStateFileError("field '\(path)\(key)' is not a small non-negative integer")
    }
    return count
  }

  private static func template(
    _ parent: JSONObject, _ path: String
  ) throws(ClientStateFileError) -> TemplateBody {
    guard let document = parent["template"] else {
      throw ClientStateFileError("field '\(path).template' is missing")
    }
    do {
      return try TemplateBody(restoring: document)
    } catch {
      throw ClientStateFileError("the saved \(path) template does not read: \(error)")
    }
  }
}

/// Why a saved client state cannot be used.
struct ClientStateFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong with the file.
  let message: String

  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}
