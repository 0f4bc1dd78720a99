import ConfigEngine
import Core

/// A template the client accepted: its JSON (what is persisted) and the compiled form (what
/// is evaluated). Shared, never copied, between the fetched and the active layer.
struct TemplateBody: Sendable {
  /// Where the JSON is kept: the bytes as fetched, or, for a template read back from the
  /// store, its parsed document, written out again only when next saved, so a restore does
  /// not spend its time re-serializing a large template before the first read.
  enum JSON: Sendable {
    case bytes([UInt8])
    case document(JSONValue)
  }

  /// The template JSON.
  private(set) var json: JSON
  let compiled: CompiledTemplate

  /// The template JSON as UTF-8 bytes (serialized from the document when restored).
  var bytes: [UInt8] {
    switch json {
    case .bytes(let bytes): bytes
    case .document(let document): Array(document.jsonText.utf8)
    }
  }

  /// Keeps the JSON as bytes from now on, so later saves and comparisons do not serialize
  /// the document again.
  mutating func materialize() {
    if case .document = json { json = .bytes(bytes) }
  }

  /// Parses and validates `bytes` as `TemplateValidator` does; only errors reject. A leading
  /// UTF-8 byte order mark is dropped here, once: the bytes kept are the bytes saved and
  /// restored, and a body that differs from another only by the mark is the same template.
  /// - Throws: `TemplateError` with every error found, then the warnings.
  init(validating bytes: [UInt8]) throws(TemplateError) {
    let bytes = Self.withoutByteOrderMark(bytes)
    let result = TemplateReader().read(utf8: bytes)
    var problems = result.problems
    if let template = result.template {
      problems += TemplateValidator().check(template)
    }
    let errors = problems.filter { $0.severity == .error }
    guard let template = result.template, errors.isEmpty else {
      throw TemplateError(problems: errors + problems.filter { $0.severity == .warning })
    }
    self.json = .bytes(bytes)
    self.compiled = CompiledTemplate(template)
  }

  /// `bytes` without a leading UTF-8 byte order mark.
  static func withoutByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
    bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
  }

  /// Reads a template the client saved itself, from its already parsed JSON and, when known,
  /// the exact bytes it was saved as (kept, so it is saved again byte for byte).
  /// - Throws: `TemplateError` when the saved template no longer reads.
  init(restoring document: JSONValue, bytes: [UInt8]? = nil) throws(TemplateError) {
    let result = TemplateReader().read(document)
    guard let template = result.template,
      !result.problems.contains(where: { $0.severity == .error })
    else {
      throw TemplateError(problems: result.problems.filter { $0.severity == .error })
    }
    self.json = bytes.map(JSON.bytes) ?? .document(document)
    self.compiled = CompiledTemplate(template)
  }
}
