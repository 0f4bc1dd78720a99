import Core
import Foundation

@testable import ConfigClient
@testable import ConfigEngine
@testable import HTTPTransport

// libFuzzer entry point. FUZZ_TARGET selects what the bytes are fed to:
// template | expression | context | cache | regex | regex-search | url | http-request. Only
// crashes, traps, timeouts and memory count here (and `context`'s line reader disagreeing
// with the general path, `url`'s request head or CONNECT holding a line break or NUL out of
// place, and `http-request`'s answers not being whole responses, all traps); the rules about
// messages are the CI suites' job.

let target = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "template"
let evaluationTime = Date(timeIntervalSince1970: 1_767_225_600)

let contexts: [EvaluationContext] = [
  EvaluationContext(),
  EvaluationContext(
    randomizationID: "user-1",
    customSignals: ["tier": "paid", "s": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "n": 3],
    appID: "1:123:ios:abc", appVersion: "2.3.1", appBuild: "120", platform: "ios", country: "JP",
    language: "ja", userProperties: ["level": "5", "tier": "gold"], audiences: ["Buyers", "A"],
    installationID: "fid-1", firstOpenTime: Date(timeIntervalSince1970: 1_700_000_000),
    now: Date(timeIntervalSince1970: 1_767_225_600)),
]

let serverTemplate: CompiledTemplate = {
  let text = """
    {"conditions":[{"name":"paid","condition":{"orCondition":{"conditions":[{"andCondition":{"conditions":[
    {"customSignal":{"customSignalOperator":"STRING_CONTAINS_REGEX","customSignalKey":"s","targetCustomSignalValues":["(a+)+b$"]}},
    {"customSignal":{"customSignalOperator":"NUMERIC_GREATER_EQUAL","customSignalKey":"grade","targetCustomSignalValues":["3"]}},
    {"customSignal":{"customSignalOperator":"SEMANTIC_VERSION_LESS_THAN","customSignalKey":"v","targetCustomSignalValues":["2.0.1"]}},
    {"percent":{"percentOperator":"BETWEEN","seed":"s1","microPercentRange":{"microPercentUpperBound":50000000}}}]}}]}}},
    {"name":"c2","expression":"app.customSignal['s'].matches(['^a.*b$']) && dateTime < dateTime('2030-01-01T00:00:00', 'Asia/Tokyo') && app.firstOpenTimestamp > ('2020-01-01T00:00:00') && app.audiences.inAtLeastOne(['Buyers'])"}],
    "parameters":{"a":{"defaultValue":{"value":"x"},"conditionalValues":{"paid":{"value":"y"},"c2":{"value":"z"}}}}}
    """
  return CompiledTemplate((try? Template(json: text)) ?? Template())
}()

func exercise(_ template: CompiledTemplate, _ context: EvaluationContext) {
  let values = template.evaluate(context, now: evaluationTime)
  for key in values.keys {
    _ = values.configValue(forKey: key)
    _ = template.explain(key: key, context, now: evaluationTime)
  }
}

func fuzzTemplate(_ bytes: [UInt8]) {
  _ = TemplateValidator().validate(utf8: bytes)
  guard let template = try? Template(jsonBytes: bytes) else { return }
  let compiled = CompiledTemplate(template)
  for context in contexts { exercise(compiled, context) }
}

func fuzzExpression(_ bytes: [UInt8]) {
  let text = String(decoding: bytes, as: UTF8.self)
  do {
    let condition = try ConditionExpressionParser.parse(text, conditionName: "fuzz")
    var template = Template()
    template.conditions = [NamedCondition(name: "fuzz", condition: condition, expression: text)]
    template.parameters = [
      TemplateParameter(
        key: "k", defaultValue: .value("d"),
        conditionalValues: [ConditionalValue(conditionName: "fuzz", value: .value("c"))])
    ]
    let compiled = CompiledTemplate(template)
    for context in contexts { exercise(compiled, context) }
  } catch {
    precondition(
      (1...(text.unicodeScalars.count + 1)).contains(error.column), "column out of range")
  }
}

func fuzzContext(_ bytes: [UInt8]) {
  let general: EvaluationContext? =
    if case .object(let object)? = try? JSONParser().parse(bytes) {
      try? EvaluationContext(json: object)
    } else {
      nil
    }
  // `evaluate`'s byte reader (the hot path) reads a line exactly as the general path does,
  // or leaves it to it: a line it reads differently is a finding.
  if let direct = bytes.withUnsafeBufferPointer({ EvaluationContextLineReader.read($0) }) {
    precondition(general != nil, "the line reader read a line the general path refuses")
    precondition(
      direct == general
        && JSONValue.object(direct.jsonObject).jsonText
          == general.map { JSONValue.object($0.jsonObject).jsonText },
      "the line reader read a line otherwise than the general path")
  }
  guard let context = general else { return }
  exercise(serverTemplate, context)
  _ = try? EvaluationContext(json: context.jsonObject)
}

final class Box<T>: @unchecked Sendable { var value: T? }

func fuzzCache(_ bytes: [UInt8]) {
  let semaphore = DispatchSemaphore(value: 0)
  let box = Box<Int>()
  Task {
    let client = RemoteConfigClient(
      source: InMemoryTemplateSource(), store: InMemoryConfigStore(bytes: bytes),
      timeSource: ManualTimeSource(now: evaluationTime), random: .constant(0.5),
      defaults: InAppDefaults(["a": "default"]))
    _ = await client.restore()
    let snapshot = client.snapshot
    for key in snapshot.keys { _ = snapshot[key] }
    _ = client.values(for: contexts[1])
    box.value = snapshot.keys.count
    semaphore.signal()
  }
  semaphore.wait()
}

/// Input: pattern(s) separated by 0x01, then 0x00, then the signal value.
func fuzzRegex(_ bytes: [UInt8]) {
  let split = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
  let patterns = (split.first ?? []).split(separator: 1, omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }.prefix(4)
  let value = split.count > 1 ? String(decoding: split[1], as: UTF8.self) : "aaaa"
  var targets = JSONValue.array(patterns.map { .string($0) })
  if patterns.isEmpty { targets = ["a"] }
  let conditions: [JSONValue] = (0..<3).map { index in
    [
      "name": .string("r\(index)"),
      "condition": [
        "orCondition": [
          "conditions": [
            [
              "customSignal": [
                "customSignalOperator": "STRING_CONTAINS_REGEX", "customSignalKey": "s",
                "targetCustomSignalValues": targets,
              ]
            ]
          ]
        ]
      ],
    ]
  }
  var parameters = JSONObject()
  for index in 0..<3 {
    parameters["p\(index)"] = [
      "defaultValue": ["value": "d"],
      "conditionalValues": .object(
        JSONObject([("r\(index)", JSONValue.object(JSONObject([("value", "c")])))])),
    ]
  }
  let document: JSONValue = ["conditions": .array(conditions), "parameters": .object(parameters)]
  let validation = TemplateValidator().validate(utf8: Array(document.jsonText.utf8))
  _ = validation
  guard let template = try? Template(json: document.jsonText) else { return }
  let compiled = CompiledTemplate(template)
  var context = EvaluationContext()
  context.customSignals["s"] = .string(value)
  exercise(compiled, context)
  // Also the client expression route with the first pattern.
  if let first = patterns.first {
    let quoted = first.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "'", with: "\\'")
    if let condition = try? ConditionExpressionParser.parse(
      "app.customSignal['s'].matches(['\(quoted)'])", conditionName: "m")
    {
      var expressionTemplate = Template()
      expressionTemplate.conditions = [NamedCondition(name: "m", condition: condition)]
      expressionTemplate.parameters = [
        TemplateParameter(
          key: "k", defaultValue: .value("d"),
          conditionalValues: [ConditionalValue(conditionName: "m", value: .value("c"))])
      ]
      exercise(CompiledTemplate(expressionTemplate), context)
    }
  }
}

/// Input: one pattern, then 0x00, then the text: one search, nothing else.
func fuzzRegexSearch(_ bytes: [UInt8]) {
  let split = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
  let pattern = String(decoding: split.first ?? [], as: UTF8.self)
  let text = split.count > 1 ? String(decoding: split[1], as: UTF8.self) : ""
  guard let regex = try? BoundedRegex(pattern) else { return }
  let start = DispatchTime.now().uptimeNanoseconds
  let result = regex.matches(in: text)
  if ProcessInfo.processInfo.environment["FUZZ_VERBOSE"] != nil {
    let elapsed = (DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    print("search: \(result) in \(elapsed) ms, input limit \(regex.inputLengthLimit)")
  }
}

/// Input: a URL, 0x00, a redirect's Location, 0x00, a header value. The request to the URL
/// (with the value in a header), its redirect to the Location, and the CONNECT for each are
/// written as the socket transport writes them: a CR, LF or NUL anywhere but at a line's end,
/// or a line more or fewer than the request's fields, is a finding.
func fuzzURL(_ bytes: [UInt8]) {
  let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  guard let url = URL(string: parts[0]), let host = try? HTTPHost(url) else { return }
  let request = HTTPRequest(url: url, headers: [("X-Fuzz", parts.count > 2 ? parts[2] : "")])
  checkWire(request, host)
  if parts.count > 1,
    let next = try? HTTPExchange.redirected(request, host: host, status: 307, to: parts[1])
  {
    checkWire(next.request, next.host)
  }
}

let fuzzProxy = try? HTTPProxy("http://tester:secret@proxy.test:3128")

/// Traps unless `request`'s head has one line per field (the request line, `Host`, its
/// headers, `Connection`) and its CONNECT three, with CR, LF and NUL only as line ends.
func checkWire(_ request: HTTPRequest, _ host: HTTPHost) {
  if let head = try? HTTPSocketTransport.requestBytes(request, host: host) {
    let lines = headLines(head)
    precondition(
      lines == 3 + request.headers.count, "request head: \(String(describing: lines)) lines")
  }
  if let connect = fuzzProxy?.connectRequest(to: host) {
    precondition(
      headLines(connect) == 3, "CONNECT: \(String(describing: headLines(connect))) lines")
  }
}

/// The lines of a head up to its blank line, each ended by CRLF; nil when a CR, LF or NUL is
/// anywhere else, or no blank line ends it.
func headLines(_ bytes: [UInt8]) -> Int? {
  var lines = 0
  var start = 0
  var index = 0
  while index < bytes.count {
    switch bytes[index] {
    case 0x00, 0x0A: return nil
    case 0x0D:
      guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else { return nil }
      if index == start { return lines }
      lines += 1
      index += 2
      start = index
    default:
      index += 1
    }
  }
  return nil
}

/// libFuzzer calls this once per input; a trap, a timeout or an allocation past the limit is a
/// finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  switch target {
  case "expression": fuzzExpression(bytes)
  case "context": fuzzContext(bytes)
  case "cache": fuzzCache(bytes)
  case "regex": fuzzRegex(bytes)
  case "regex-search": fuzzRegexSearch(bytes)
  case "url": fuzzURL(bytes)
  case "http-request": fuzzHTTPRequest(bytes)
  default: fuzzTemplate(bytes)
  }
  return 0
}
