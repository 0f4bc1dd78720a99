import ConfigEngine
import Core
import FlagEvaluation
import SwitchyardTestSupport
import Testing

/// A hook that writes each stage it runs into a shared log, and throws where it is told to.
struct RecordingHook: FlagHook {
  struct Failure: Error, CustomStringConvertible {
    var description: String { "told to fail" }
  }

  let name: String
  let log: LockedState<[String]>
  var failsBefore = false
  var failsAfter = false
  var setsPlatform: String? = nil

  func before(_ hook: inout FlagHookContext) throws {
    var platform = "none"
    if case .string(let text)? = hook.context?.attributes["platform"] { platform = text }
    log.withLock { $0.append("\(name).before \(platform)") }
    hook.data["started"] = name
    if let setsPlatform { hook.context?.attributes["platform"] = .string(setsPlatform) }
    if failsBefore { throw Failure() }
  }

  func after(_ hook: inout FlagHookContext, details: FlagEvaluationDetails<FlagValue?>) throws {
    var value = "none"
    if case .string(let text)? = details.value { value = text }
    log.withLock { $0.append("\(name).after \(value)") }
    if failsAfter { throw Failure() }
  }

  func error(_ hook: inout FlagHookContext, _ error: FlagEvaluationError) {
    log.withLock { $0.append("\(name).error \(error.code)") }
  }

  func finally(_ hook: inout FlagHookContext, details: FlagEvaluationDetails<FlagValue?>) {
    let started = hook.data["started"] as? String ?? "none"
    log.withLock { $0.append("\(name).finally \(details.reason) data=\(started)") }
  }
}

@Suite("Hooks: before, after, error and finally, stack-wise")
struct FlagHookTests {
  let log = LockedState<[String]>([])

  private func evaluate(
    _ hooks: [RecordingHook], key: String = "welcome"
  ) throws -> FlagEvaluationDetails<String> {
    try FlagTestSupport.evaluator(hooks: hooks).stringDetails(
      key, default: "fallback", context: FlagTestSupport.web)
  }

  @Test("before in the order given, after and finally in reverse, each hook with its own data")
  func order() throws {
    let details = try evaluate([
      RecordingHook(name: "A", log: log), RecordingHook(name: "B", log: log),
    ])
    #expect(details.value == "Hi")
    #expect(
      log.withLock { $0 } == [
        "A.before web", "B.before web", "B.after Hi", "A.after Hi",
        "B.finally DEFAULT data=B", "A.finally DEFAULT data=A",
      ])
  }

  @Test("a failed evaluation runs the error stages instead of after")
  func evaluationError() throws {
    let details = try evaluate(
      [RecordingHook(name: "A", log: log), RecordingHook(name: "B", log: log)], key: "nowhere")
    #expect(details.errorCode == .flagNotFound)
    #expect(
      log.withLock { $0 } == [
        "A.before web", "B.before web", "B.error FLAG_NOT_FOUND", "A.error FLAG_NOT_FOUND",
        "B.finally ERROR data=B", "A.finally ERROR data=A",
      ])
  }

  @Test("a before stage that throws: no more before stages, no evaluation, the default, GENERAL")
  func beforeThrows() throws {
    let details = try evaluate([
      RecordingHook(name: "A", log: log, failsBefore: true), RecordingHook(name: "B", log: log),
    ])
    #expect(details.value == "fallback")
    #expect(details.errorCode == .general)
    #expect(details.errorMessage == "a hook failed: told to fail")
    #expect(
      log.withLock { $0 } == [
        "A.before web", "B.error GENERAL", "A.error GENERAL", "B.finally ERROR data=none",
        "A.finally ERROR data=A",
      ])
  }

  @Test("an after stage that throws: the rest of after skipped, error stages, the default")
  func afterThrows() throws {
    let details = try evaluate([
      RecordingHook(name: "A", log: log), RecordingHook(name: "B", log: log, failsAfter: true),
    ])
    #expect(details.value == "fallback")
    #expect(details.errorCode == .general)
    #expect(
      log.withLock { $0 } == [
        "A.before web", "B.before web", "B.after Hi", "B.error GENERAL", "A.error GENERAL",
        "B.finally ERROR data=B", "A.finally ERROR data=A",
      ])
  }

  @Test("a before stage may change the context: later hooks and the evaluation see it")
  func contextChange() throws {
    let details = try evaluate([
      RecordingHook(name: "A", log: log, setsPlatform: "ios"), RecordingHook(name: "B", log: log),
    ])
    #expect(details.value == "Hi iOS")
    #expect(details.reason == .targetingMatch)
    #expect(log.withLock { $0 }.prefix(2) == ["A.before web", "B.before ios"])
  }

  @Test("hooks change nothing the caller gets, and none at all is the same evaluation")
  func sameDetails() throws {
    let plain = try FlagTestSupport.evaluator()
    let hooked = try FlagTestSupport.evaluator(hooks: [RecordingHook(name: "A", log: log)])
    for key in ["welcome", "enabled", "nowhere", "deferred"] {
      #expect(
        plain.stringDetails(key, default: "?", context: FlagTestSupport.ios)
          == hooked.stringDetails(key, default: "?", context: FlagTestSupport.ios))
    }
  }

  @Test("hooks see the type asked and the caller's default")
  func hookContext() throws {
    struct Capture: FlagHook {
      let seen: LockedState<[String]>
      func before(_ hook: inout FlagHookContext) throws {
        let type = hook.valueType.map { "\($0)" } ?? "none"
        let value = hook.defaultValue.map { "\($0)" } ?? "none"
        seen.withLock { $0.append("\(hook.flagKey) \(type) \(value)") }
      }
    }
    let evaluator = try FlagTestSupport.evaluator(hooks: [Capture(seen: log)])
    _ = evaluator.integerDetails("limit", default: 3)
    _ = evaluator.booleanDetails("enabled", default: true)
    #expect(log.withLock { $0 } == ["limit integer integer(3)", "enabled boolean boolean(true)"])
  }
}
