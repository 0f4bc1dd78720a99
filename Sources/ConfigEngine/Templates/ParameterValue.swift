public import Core

/// One value a template parameter can take: a string, "use the in-app default", or a kind
/// this version does not evaluate (rollout, personalization, experiment values).
public enum ParameterValue: Sendable, Hashable {
  /// `{"value": "..."}`: always a string, whatever the parameter's `valueType`.
  case value(String)
  /// `{"useInAppDefault": true}`: the app's own default applies.
  case useInAppDefault
  /// A value kind Switchyard does not evaluate, e.g. `rolloutValue`, with its body as read
  /// (`{"rolloutId": ..., "value": ..., "percent": ...}`). Evaluation skips it; writing the
  /// template back writes `{kind: body}` unchanged.
  case unsupported(kind: String, body: JSONValue = .null)
}
