public import ConfigEngine
public import Core

/// A template as Firebase's management API answered it (firebase-admin's
/// `RemoteConfigTemplate`): Google's JSON as sent, what Switchyard read of it, its etag and
/// version, and what Switchyard could not read or evaluate in it.
///
/// Google's answer is Google's, not Switchyard's to refuse: like firebase-admin, which keeps
/// expressions as text, a template object with its etag is always taken. What reading found
/// it could not take in (an expression that does not parse, a value of another type) or cannot
/// evaluate (a part of a condition this version does not know, `exp` in firebase-admin's
/// tests) is in `warnings`; `json` keeps every member as Google sent it.
///
/// ```swift
/// let published = try await management.publish(template)
/// print(published.versionNumber ?? 0, published.etag)   // the new version and its etag
/// for warning in published.warnings { print("warning: \(warning)") }
/// ```
public struct RemoteConfigTemplate: Sendable, Equatable {
  /// Google's answer, the template object as sent (every member, every expression as text),
  /// with `etag` set to `etag`: what `switchyard pull` writes.
  public var json: JSONValue
  /// What Switchyard read of it, with `etag`: the model to edit and publish back. A part that
  /// reading could not take in (listed in `warnings`) is missing here and kept in `json`.
  public var template: Template
  /// The `ETag` header Google answered with; for a validation, the etag the template was sent
  /// with (Google answers one ending in `-0`, which names no version), as firebase-admin does.
  public var etag: String
  /// What reading the answer found that Switchyard could not read or evaluate, each as a
  /// warning naming its place: the reader's errors, and parts of conditions this version
  /// does not know (each false when evaluated). Members and value kinds Switchyard keeps
  /// without evaluating (rollouts, personalization, experiments) are not listed.
  public var warnings: [TemplateProblem]

  /// The template's version number (`version.versionNumber`), when it has one.
  public var versionNumber: Int? { template.versionNumber }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(json: JSONValue, template: Template, etag: String, warnings: [TemplateProblem]) {
    self.json = json
    self.template = template
    self.etag = etag
    self.warnings = warnings
  }

  /// Reads a 200 answer's body as the template with `etag`; nil when the body is not a JSON
  /// object, the one answer that is not a template at all.
  init?(answer body: [UInt8], etag: String) {
    guard case .object(var object)? = try? JSONParser().parse(body) else { return nil }
    object["etag"] = .string(etag)
    let document = JSONValue.object(object)
    let read = TemplateReader().read(document)
    guard var template = read.template else { return nil }
    template.etag = etag
    self.init(
      json: document, template: template, etag: etag,
      warnings: read.problems.compactMap(Self.warning))
  }

  /// A reading problem as a warning about the answer: what could not be read (an error when
  /// reading a file) and what cannot be evaluated; nil for the reader's other warnings.
  private static func warning(_ problem: TemplateProblem) -> TemplateProblem? {
    switch (problem.severity, problem.kind) {
    case (.error, _):
      TemplateProblem(.warning, at: problem.location, problem.message, kind: problem.kind)
    case (.warning, .unknownConditionElement):
      problem
    case (.warning, .general):
      nil
    }
  }
}
