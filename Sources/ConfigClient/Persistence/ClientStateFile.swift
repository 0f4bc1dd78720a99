import ConfigEngine
package import Core
package import Foundation

/// The persisted form of a `ClientState`: one versioned JSON object per namespace.
///
/// ```json
/// {"format": "switchyard-remote-config", "formatVersion": 1, "savedAt": 1767225600,
///  "lastSuccessfulFetchAt": 1767225600, "stale": false,
///  "throttle": {"until": 1767225720.5, "consecutiveFailures": 2, "consecutiveThrottles": 1},
///  "context": {"randomizationId": "u1", ...},
///  "fetched": {"etag": "...", "fetchedAt": 1767225600, "activated": false, "template": {...}},
///  "active": {"activatedAt": 1767225600, "template": {...}},
///  "contextChanged": true, "realtime": {"consecutiveFailures": 2},
///  "source": {"installation": {...}}}
/// ```
/// Times are seconds since 1970 written exactly (`EpochSeconds`), so they read back as the
/// identical `Date`. Templates are spliced in as the exact bytes fetched, so writing a 1 MB
/// template does not re-serialize it, and read back as those bytes; the fetched template is
/// left out when it is the active one.
///
/// The writer and the reader hold every part to `RemoteConfigLimits`, so everything written
/// reads back: a part the writer would have to cut (a context over its size limit) is left
/// out and reported instead. The reader reads each part on its own: a part that does not read
/// (a damaged field, a template this version cannot read) is left out and named, and the rest
/// is kept, so a broken context or throttle never costs the active template. Only a file that
/// is not a state file at all (empty, not JSON, another format, a newer format version) is
/// refused whole.
///
/// Compatibility: fields are only added, never renamed, and a reader ignores fields it does
/// not know, so `formatVersion` changes only for a change an older reader would misread.
/// `stale` was added that way: an older reader just does not see the mark; so were
/// `contextChanged`, `realtime` and `source`, written only when they hold something.
///
/// `source` is what the template source keeps between launches: for Firebase's app fetch the
/// installation's id, refresh token and auth token, kept on the device as Firebase's own SDKs
/// keep them (the keychain, IndexedDB, SharedPreferences). `FileConfigStore` writes the file
/// readable by its owner only.
package enum ClientStateFile {
  /// The `format` marker.
  static let format = "switchyard-remote-config"
  /// The version this code writes and the newest it reads.
  static let formatVersion = 1

  /// A state file's bytes, and the parts left out of it because they exceed a limit.
  struct Encoded {
    var bytes: [UInt8]
    /// What was left out and why, e.g. `the context (2000000 bytes of JSON; the limit is ...)`.
    var leftOut: [String]
  }

  /// A saved state as read back: what could be read, and the parts that could not.
  struct Decoded {
    var state: ClientState
    /// The parts left out of `state`, in file order.
    var problems: [PartProblem]
  }

  /// A part of a saved state that could not be read and was left out.
  struct PartProblem: Sendable, Equatable, CustomStringConvertible {
    /// The part's field in the file, e.g. `context`, `throttle`, `fetched`, `active.activatedAt`.
    let part: String
    /// What is wrong with it.
    let message: String

    var description: String { "'\(part)': \(message)" }
  }

  /// The file's bytes for `state`.
  static func encode(_ state: ClientState, savedAt: Date) -> Encoded {
    var leftOut: [String] = []
    var members: [(String, [UInt8])] = []
    func add(_ key: String, _ value: JSONValue) {
      members.append((key, Array(value.jsonText.utf8)))
    }
    add("format", .string(format))
    add("formatVersion", .number(JSONNumber(formatVersion)))
    add("savedAt", seconds(savedAt))
    if let last = state.lastSuccessfulFetchAt { add("lastSuccessfulFetchAt", seconds(last)) }
    add("stale", .bool(state.isStale))
    var throttle = JSONObject()
    throttle["until"] = state.throttle.throttledUntil.map(seconds)
    throttle["consecutiveFailures"] = count(state.throttle.consecutiveFailures)
    throttle["consecutiveThrottles"] = count(state.throttle.consecutiveThrottles)
    add("throttle", .object(throttle))
    if let context = state.context {
      let text = Array(JSONValue.object(context.jsonObject).jsonText.utf8)
      if text.count <= RemoteConfigLimits.contextBytes {
        members.append(("context", text))
      } else {
        leftOut.append(
          "the context (\(text.count) bytes of JSON; the limit is "
            + "\(RemoteConfigLimits.contextBytes))")
      }
    }
    if let fetched = state.fetched {
      var meta = JSONObject()
      if let etag = fetched.etag {
        if etag.utf8.count <= RemoteConfigLimits.etagBytes {
          meta["etag"] = .string(etag)
        } else {
          leftOut.append(
            "the ETag (\(etag.utf8.count) bytes; the limit is \(RemoteConfigLimits.etagBytes))")
        }
      }
      meta["fetchedAt"] = seconds(fetched.fetchedAt)
      meta["activated"] = .bool(fetched.isActivated)
      if fetched.isActivated, state.active != nil {
        members.append(("fetched", splice(meta, template: nil)))
      } else if let template = templateBytes(fetched.template, "fetched", &leftOut) {
        members.append(("fetched", splice(meta, template: template)))
      }
    }
    if let active = state.active,
      let template = templateBytes(active.template, "active", &leftOut)
    {
      var meta = JSONObject()
      meta["activatedAt"] = seconds(active.activatedAt)
      members.append(("active", splice(meta, template: template)))
    }
    if state.contextChanged { add("contextChanged", .bool(true)) }
    if state.realtimeFailures > 0 {
      add("realtime", ["consecutiveFailures": count(state.realtimeFailures)])
    }
    if let source = state.sourceState {
      let text = Array(source.jsonText.utf8)
      if text.count <= RemoteConfigLimits.sourceStateBytes {
        members.append(("source", text))
      } else {
        leftOut.append(
          "the template source's state (\(text.count) bytes of JSON; the limit is "
            + "\(RemoteConfigLimits.sourceStateBytes))")
      }
    }
    var output: [UInt8] = Array("{".utf8)
    for (index, member) in members.enumerated() {
      if index > 0 { output += Array(",\n".utf8) }
      output += Array(JSONValue.string(member.0).jsonText.utf8)
      output += Array(":".utf8)
      output += member.1
    }
    output += Array("}\n".utf8)
    return Encoded(bytes: output, leftOut: leftOut)
  }

  /// Reads a file written by `encode`, part by part.
  /// - Parameter now: stands in for a template's lost `activatedAt` or `fetchedAt` when the
  ///   file's `savedAt` does not read either.
  /// - Throws: `ClientStateFileError` when the file is no state file at all (empty, cut off
  ///   or corrupt JSON, another format, a newer version); a part that does not read is a
  ///   `PartProblem` instead.
  static func decode(_ bytes: [UInt8], now: Date) throws(ClientStateFileError) -> Decoded {
    guard !bytes.isEmpty else { throw ClientStateFileError("the file is empty") }
    let document: JSONValue
    let spans: [[String]: Range<Int>]
    do {
      (document, spans) = try JSONParser(maximumDepth: RemoteConfigLimits.stateFileNesting)
        .parse(bytes, recordingSpansOf: PartReader.spannedMembers)
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
    return PartReader(root: root, bytes: bytes, spans: spans, now: now).read()
  }

  /// A time as exact seconds since 1970, moved into the limits (`Timestamp.formatPrecisely`
  /// does the same for text).
  package static func seconds(_ date: Date) -> JSONValue {
    .number(JSONNumber(validatedLiteral: Timestamp.clamped(date).literal))
  }

  /// The time `seconds` wrote: exact seconds since 1970 within
  /// `Timestamp.earliest...Timestamp.latest`; nil for anything else.
  package static func date(_ value: JSONValue) -> Date? {
    guard case .number(let number) = value, let seconds = EpochSeconds(decimal: number.literal),
      Timestamp.isRepresentable(seconds)
    else { return nil }
    return seconds.date
  }

  private static func count(_ value: Int) -> JSONValue {
    .number(JSONNumber(min(max(0, value), RemoteConfigLimits.throttleCount)))
  }

  /// A template's bytes as they go into the file (never with a byte order mark, which
  /// `TemplateBody` drops when it accepts a body), or nil, noted in `leftOut`, when over the
  /// limit.
  private static func templateBytes(
    _ template: TemplateBody, _ part: String, _ leftOut: inout [String]
  ) -> [UInt8]? {
    let bytes = template.bytes
    guard bytes.count <= RemoteConfigLimits.templateBytes else {
      leftOut.append(
        "the \(part) template (\(bytes.count) bytes; the limit is "
          + "\(RemoteConfigLimits.templateBytes))")
      return nil
    }
    return bytes
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
}

/// Why a saved client state cannot be used at all.
struct ClientStateFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong with the file.
  let message: String

  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}
