import Core

/// One message of the real-time invalidation stream, in Firebase's shape:
/// `{"latestTemplateVersionNumber": 42}`, `{"featureDisabled": true}`,
/// `{"retryIntervalSeconds": 60}`, or several of these fields in one object.
///
/// Numbers may also arrive as decimal strings (`"42"`), as Firebase's servers send them.
/// Unknown fields are ignored so a newer server does not break an older client.
struct RealtimeMessage: Sendable, Equatable {
  /// The newest template version the server holds (`latestTemplateVersionNumber`).
  var latestTemplateVersionNumber: Int?
  /// True when the server has switched real-time updates off (`featureDisabled`).
  var featureDisabled: Bool
  /// How long the client must wait before it reconnects (`retryIntervalSeconds`).
  var retryInterval: Duration?

  /// The longest wait `retryIntervalSeconds` may ask for: a week. A longer one is treated
  /// as a broken message rather than silencing updates for good.
  static let maximumRetryIntervalSeconds = 7 * 86_400

  /// A message with the given fields.
  init(
    latestTemplateVersionNumber: Int? = nil, featureDisabled: Bool = false,
    retryInterval: Duration? = nil
  ) {
    self.latestTemplateVersionNumber = latestTemplateVersionNumber
    self.featureDisabled = featureDisabled
    self.retryInterval = retryInterval
  }

  /// Parses one framed message.
  /// - Throws: `RealtimeMessageError` when the bytes are not a JSON object or a known field
  ///   holds a value of the wrong type or range; the error names the field.
  init(jsonBytes bytes: some Collection<UInt8>) throws(RealtimeMessageError) {
    let document: JSONValue
    do {
      document = try JSONParser(maximumDepth: 16).parse(bytes)
    } catch {
      throw RealtimeMessageError(field: nil, message: "not JSON: \(error)")
    }
    guard case .object(let object) = document else {
      throw RealtimeMessageError(
        field: nil, message: "a message is a JSON object, found \(document.kindDescription)")
    }
    self.init()
    if let value = object["latestTemplateVersionNumber"] {
      latestTemplateVersionNumber = try Self.integer(
        value, field: "latestTemplateVersionNumber", in: 0...Int.max)
    }
    if let value = object["featureDisabled"] {
      featureDisabled = try Self.boolean(value, field: "featureDisabled")
    }
    if let value = object["retryIntervalSeconds"] {
      let seconds = try Self.integer(
        value, field: "retryIntervalSeconds", in: 0...Self.maximumRetryIntervalSeconds)
      retryInterval = .seconds(seconds)
    }
  }

  private static func integer(
    _ value: JSONValue, field: String, in range: ClosedRange<Int>
  ) throws(RealtimeMessageError) -> Int {
    let number: Int?
    switch value {
    case .number(let literal): number = literal.intValue
    case .string(let text):
      number =
        text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        ? Int(text) : nil
    default:
      throw RealtimeMessageError(
        field: field, message: "expected an integer, found \(value.kindDescription)")
    }
    guard let number, range.contains(number) else {
      throw RealtimeMessageError(
        field: field,
        message: "expected an integer in \(range.lowerBound)...\(range.upperBound), "
          + "found \(value.jsonText)")
    }
    return number
  }

  private static func boolean(
    _ value: JSONValue, field: String
  ) throws(RealtimeMessageError) -> Bool {
    switch value {
    case .bool(let flag): return flag
    case .string("true"): return true
    case .string("false"): return false
    default:
      throw RealtimeMessageError(
        field: field, message: "expected true or false, found \(value.jsonText)")
    }
  }
}
