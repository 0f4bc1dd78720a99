import Core
import FlagEvaluation

/// The JSON bodies the responder answers, written as OFREP's OpenAPI (0.3.0) shapes them. Flag
/// values keep their JSON type exactly, as strict clients check it: a Boolean is `true` or
/// `false`, an integer has no fraction, a double always has a fraction or an exponent (`1.0`,
/// `1e+20`), a `JSON` parameter's value is written as the JSON it holds.
enum OFREPBody {
  /// A single evaluation: `{"key", "value", "reason", "variant", "metadata"}`, without `value`
  /// when the caller's own default applies (ADR 0006's code default); or, for a failure,
  /// `{"key", "errorCode", "errorDetails", "metadata"}`.
  static func write(_ details: FlagEvaluationDetails<FlagValue?>, into writer: inout JSONTextWriter)
  {
    writer.writeRaw("{\"key\":")
    writer.writeString(details.flagKey)
    if let code = details.errorCode {
      writer.writeRaw(",\"errorCode\":")
      writer.writeString(code.rawValue)
      writer.writeRaw(",\"errorDetails\":")
      writer.writeString(details.errorMessage ?? "")
    } else {
      if let value = details.value {
        writer.writeRaw(",\"value\":")
        write(value, into: &writer)
      }
      writer.writeRaw(",\"reason\":")
      writer.writeString(details.reason.rawValue)
      writer.writeRaw(",\"variant\":")
      writer.writeString(details.variant ?? "")
    }
    if !details.flagMetadata.isEmpty {
      writer.writeRaw(",\"metadata\":")
      write(details.flagMetadata, into: &writer)
    }
    writer.writeByte(UInt8(ascii: "}"))
  }

  /// One evaluation's body.
  static func evaluation(_ details: FlagEvaluationDetails<FlagValue?>) -> [UInt8] {
    var writer = JSONTextWriter(capacity: 256)
    write(details, into: &writer)
    return writer.bytes
  }

  /// A bulk evaluation: `{"flags": [...], "metadata": {"version"}, "eventStreams": [...]}`.
  static func bulk(
    _ flags: [FlagEvaluationDetails<FlagValue?>], version: Int?, eventStream: OFREPEventStream?
  ) -> [UInt8] {
    var writer = JSONTextWriter(capacity: 64 + flags.count * 160)
    writer.writeRaw("{\"flags\":[")
    for (index, details) in flags.enumerated() {
      if index > 0 { writer.writeByte(UInt8(ascii: ",")) }
      write(details, into: &writer)
    }
    writer.writeRaw("],\"metadata\":{")
    if let version {
      writer.writeRaw("\"version\":")
      writer.writeString(String(version))
    }
    writer.writeByte(UInt8(ascii: "}"))
    if let eventStream {
      writer.writeRaw(",\"eventStreams\":[")
      writer.write(eventStream.jsonValue)
      writer.writeByte(UInt8(ascii: "]"))
    }
    writer.writeByte(UInt8(ascii: "}"))
    return writer.bytes
  }

  /// An evaluation failure (`{"key"?, "errorCode", "errorDetails"}`): a single evaluation's
  /// with its key, a bulk request's without.
  static func failure(key: String?, _ code: FlagErrorCode, _ details: String) -> [UInt8] {
    var writer = JSONTextWriter(capacity: 128)
    writer.writeByte(UInt8(ascii: "{"))
    if let key {
      writer.writeRaw("\"key\":")
      writer.writeString(key)
      writer.writeByte(UInt8(ascii: ","))
    }
    writer.writeRaw("\"errorCode\":")
    writer.writeString(code.rawValue)
    writer.writeRaw(",\"errorDetails\":")
    writer.writeString(details)
    writer.writeByte(UInt8(ascii: "}"))
    return writer.bytes
  }

  /// OFREP's general error (`{"errorDetails"}`), for what no evaluation answers: a missing API
  /// key, a path or method it does not serve, nothing loaded yet, a hook that failed.
  static func general(_ details: String) -> [UInt8] {
    var writer = JSONTextWriter(capacity: 96)
    writer.writeRaw("{\"errorDetails\":")
    writer.writeString(details)
    writer.writeByte(UInt8(ascii: "}"))
    return writer.bytes
  }

  private static func write(_ value: FlagValue, into writer: inout JSONTextWriter) {
    switch value {
    case .boolean(let flag): writer.writeRaw(flag ? "true" : "false")
    case .string(let text): writer.writeString(text)
    case .integer(let number): writer.writeRaw(String(number))
    // Swift spells every finite double with a fraction or an exponent: 1.0, 1e+20, 5e-324.
    // (Values read from a template are finite; JSON has no other number.)
    case .double(let number): writer.writeRaw(number.isFinite ? number.description : "null")
    case .object(let json): writer.write(json)
    }
  }

  /// The metadata keys Switchyard gives, sorted: metadata with no others is written in this
  /// order without sorting each flag's keys.
  private static let knownKeys = [
    FlagMetadataKey.condition, FlagMetadataKey.source, FlagMetadataKey.valueType,
    FlagMetadataKey.version,
  ]

  /// Metadata with its keys sorted, so equal metadata is equal bytes.
  private static func write(
    _ metadata: [String: FlagMetadataValue], into writer: inout JSONTextWriter
  ) {
    let keys =
      metadata.keys.allSatisfy(knownKeys.contains) ? knownKeys : metadata.keys.sorted()
    writer.writeByte(UInt8(ascii: "{"))
    var first = true
    for key in keys {
      guard let value = metadata[key] else { continue }
      if !first { writer.writeByte(UInt8(ascii: ",")) }
      first = false
      writer.writeString(key)
      writer.writeByte(UInt8(ascii: ":"))
      switch value {
      case .boolean(let flag): writer.writeRaw(flag ? "true" : "false")
      case .string(let text): writer.writeString(text)
      case .integer(let number): writer.writeRaw(String(number))
      case .double(let number): writer.writeRaw(number.isFinite ? number.description : "null")
      }
    }
    writer.writeByte(UInt8(ascii: "}"))
  }
}
