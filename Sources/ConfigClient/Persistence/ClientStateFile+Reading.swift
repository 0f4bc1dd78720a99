import ConfigEngine
import Core
import Foundation

extension ClientStateFile {
  /// Reads a state file's parts one by one, each within `RemoteConfigLimits`: a part that
  /// does not read is left out and recorded in `problems`, and reading goes on.
  struct PartReader {
    /// The members whose bytes the reader needs as written: the context (held to its size
    /// limit as written) and each saved template (kept byte for byte, so a restored template
    /// is saved and compared again as the exact bytes it was fetched as).
    static let spannedMembers: Set<[String]> = [
      ["context"], ["active", "template"], ["fetched", "template"], ["source"],
    ]

    let root: JSONObject
    let bytes: [UInt8]
    /// Where the `spannedMembers` lie in `bytes`.
    let spans: [[String]: Range<Int>]
    /// What stands in for a lost `activatedAt` or `fetchedAt`: `savedAt`, else now.
    let fallbackTime: Date

    init(root: JSONObject, bytes: [UInt8], spans: [[String]: Range<Int>], now: Date) {
      self.root = root
      self.bytes = bytes
      self.spans = spans
      self.fallbackTime = ((try? Self.time(root["savedAt"], "savedAt")) ?? nil) ?? now
    }

    /// The state, and the parts left out of it.
    func read() -> Decoded {
      var problems: [PartProblem] = []
      var state = ClientState()
      state.lastSuccessfulFetchAt = Self.read("lastSuccessfulFetchAt", &problems) {
        () throws(FieldError) in
        try Self.time(root["lastSuccessfulFetchAt"], "lastSuccessfulFetchAt")
      }
      state.isStale =
        Self.read("stale", &problems) { () throws(FieldError) in
          try Self.flag(root["stale"], "stale")
        } ?? false
      state.throttle =
        Self.read("throttle", &problems) { () throws(FieldError) in try readThrottle() }
        ?? FetchThrottle()
      state.context = Self.read("context", &problems) { () throws(FieldError) in
        try readContext()
      }
      state.active = readActive(&problems)
      state.fetched = readFetched(active: state.active, &problems)
      state.contextChanged =
        Self.read("contextChanged", &problems) { () throws(FieldError) in
          try Self.flag(root["contextChanged"], "contextChanged")
        } ?? false
      state.realtimeFailures =
        Self.read("realtime", &problems) { () throws(FieldError) -> Int? in
          guard let realtime = try Self.object(root["realtime"], "realtime") else { return 0 }
          return try Self.count(
            realtime["consecutiveFailures"], "realtime.consecutiveFailures")
        } ?? 0
      state.sourceState = Self.read("source", &problems) { () throws(FieldError) in
        try readSource()
      }
      return Decoded(state: state, problems: problems)
    }

    /// The template source's state, as saved, within its size limit.
    private func readSource() throws(FieldError) -> JSONValue? {
      guard let source = root["source"] else { return nil }
      let size = spans[["source"]]?.count ?? source.jsonText.utf8.count
      guard size <= RemoteConfigLimits.sourceStateBytes else {
        throw FieldError(
          "the saved source state is \(size) bytes of JSON; the limit is "
            + "\(RemoteConfigLimits.sourceStateBytes)")
      }
      return source
    }

    /// The value `body` reads, or nil with a problem recorded for `part`.
    private static func read<Value>(
      _ part: String, _ problems: inout [PartProblem], _ body: () throws(FieldError) -> Value?
    ) -> Value? {
      do {
        return try body()
      } catch {
        problems.append(PartProblem(part: part, message: error.message))
        return nil
      }
    }

    private func readThrottle() throws(FieldError) -> FetchThrottle? {
      guard let throttle = try Self.object(root["throttle"], "throttle") else { return nil }
      return FetchThrottle(
        throttledUntil: try Self.time(throttle["until"], "throttle.until"),
        consecutiveFailures: try Self.count(
          throttle["consecutiveFailures"], "throttle.consecutiveFailures"),
        consecutiveThrottles: try Self.count(
          throttle["consecutiveThrottles"], "throttle.consecutiveThrottles"))
    }

    private func readContext() throws(FieldError) -> EvaluationContext? {
      guard let context = try Self.object(root["context"], "context") else { return nil }
      let size =
        spans[["context"]]?.count ?? JSONValue.object(context).jsonText.utf8.count
      guard size <= RemoteConfigLimits.contextBytes else {
        throw FieldError(
          "the saved context is \(size) bytes of JSON; the limit is "
            + "\(RemoteConfigLimits.contextBytes)")
      }
      do {
        // Fields a newer Switchyard added are skipped, not a reason to lose the context.
        return try EvaluationContext(json: context, ignoringUnknownFields: true)
      } catch {
        throw FieldError("the saved context does not read: \(error)")
      }
    }

    private func readActive(_ problems: inout [PartProblem]) -> ClientState.Active? {
      let part = Self.read("active", &problems) {
        () throws(FieldError) -> (JSONObject, TemplateBody)? in
        guard let active = try Self.object(root["active"], "active") else { return nil }
        return (active, try template(active, "active"))
      }
      guard case let (active, template)? = part else { return nil }
      let activatedAt = Self.read("active.activatedAt", &problems) { () throws(FieldError) in
        try Self.requiredTime(active["activatedAt"], "active.activatedAt")
      }
      return ClientState.Active(template: template, activatedAt: activatedAt ?? fallbackTime)
    }

    private func readFetched(
      active: ClientState.Active?, _ problems: inout [PartProblem]
    ) -> ClientState.Fetched? {
      let part = Self.read("fetched", &problems) {
        () throws(FieldError) -> (JSONObject, TemplateBody, Bool)? in
        guard let fetched = try Self.object(root["fetched"], "fetched") else { return nil }
        var isActivated = false
        if let flag = fetched["activated"] {
          guard case .bool(let activated) = flag else {
            throw FieldError("'fetched.activated' is \(flag.kindDescription), not true or false")
          }
          isActivated = activated
        }
        if fetched["template"] == nil, isActivated {
          guard let active else {
            throw FieldError(
              "'fetched' says it is active, but there is no 'active' (or it did not read)")
          }
          return (fetched, active.template, true)
        }
        return (fetched, try template(fetched, "fetched"), isActivated)
      }
      guard case let (fetched, template, isActivated)? = part else { return nil }
      let fetchedAt = Self.read("fetched.fetchedAt", &problems) { () throws(FieldError) in
        try Self.requiredTime(fetched["fetchedAt"], "fetched.fetchedAt")
      }
      let etag = Self.read("fetched.etag", &problems) { () throws(FieldError) -> String? in
        guard let value = fetched["etag"] else { return nil }
        guard case .string(let etag) = value else {
          throw FieldError("'fetched.etag' is \(value.kindDescription), not a string")
        }
        guard etag.utf8.count <= RemoteConfigLimits.etagBytes else {
          throw FieldError(
            "'fetched.etag' is \(etag.utf8.count) bytes; the limit is "
              + "\(RemoteConfigLimits.etagBytes)")
        }
        return etag
      }
      return ClientState.Fetched(
        template: template, etag: etag, fetchedAt: fetchedAt ?? fallbackTime,
        isActivated: isActivated)
    }

    /// The `template` member of `part`, with the exact bytes it was saved as when they can be
    /// found, held to the template limits.
    private func template(_ parent: JSONObject, _ part: String) throws(FieldError) -> TemplateBody {
      guard let document = parent["template"] else {
        throw FieldError("'\(part).template' is missing")
      }
      let exact = spans[[part, "template"]].map { Array(bytes[$0]) }
      if let exact, exact.count > RemoteConfigLimits.templateBytes {
        throw FieldError(
          "the saved \(part) template is \(exact.count) bytes; the limit is "
            + "\(RemoteConfigLimits.templateBytes)")
      }
      do {
        return try TemplateBody(restoring: document, bytes: exact)
      } catch {
        throw FieldError("the saved \(part) template does not read: \(error)")
      }
    }

    private static func object(
      _ value: JSONValue?, _ field: String
    ) throws(FieldError) -> JSONObject? {
      guard let value else { return nil }
      guard case .object(let object) = value else {
        throw FieldError("'\(field)' is \(value.kindDescription), not an object")
      }
      return object
    }

    /// A flag written only when set: absent is false.
    private static func flag(_ value: JSONValue?, _ field: String) throws(FieldError) -> Bool {
      guard let value else { return false }
      guard case .bool(let flag) = value else {
        throw FieldError("'\(field)' is \(value.kindDescription), not true or false")
      }
      return flag
    }

    private static func requiredTime(
      _ value: JSONValue?, _ field: String
    ) throws(FieldError) -> Date {
      guard let date = try time(value, field) else { throw FieldError("'\(field)' is missing") }
      return date
    }

    /// A time: exact seconds since 1970 within `Timestamp.earliest...Timestamp.latest`.
    private static func time(_ value: JSONValue?, _ field: String) throws(FieldError) -> Date? {
      guard let value else { return nil }
      guard let date = ClientStateFile.date(value) else {
        throw FieldError(
          "'\(field)' is not a time in seconds since 1970 between "
            + "\(Timestamp.format(Timestamp.earliest)) and \(Timestamp.format(Timestamp.latest))")
      }
      return date
    }

    private static func count(_ value: JSONValue?, _ field: String) throws(FieldError) -> Int {
      guard let value else { return 0 }
      guard case .number(let number) = value, let count = number.intValue, count >= 0,
        count <= RemoteConfigLimits.throttleCount
      else {
        throw FieldError(
          "'\(field)' is not an integer from 0 to \(RemoteConfigLimits.throttleCount)")
      }
      return count
    }
  }

  typealias FieldError = JSONFieldError
}
