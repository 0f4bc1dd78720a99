import Core

/// The limits that apply wherever the client takes a value in or lets one out: a fetch, the
/// state file's writer and its reader. They are one set, so a value accepted at one boundary
/// is never refused at the next (a template fetched is a template restored), and a saved state
/// that is within them always reads back.
///
/// Times are limited to `Timestamp.earliest...Timestamp.latest` (the years 0000 to 9999 at
/// any offset), which Core defines because its text form sets them.
public enum RemoteConfigLimits {
  /// The deepest nesting of arrays and objects in a template: `JSONParser`'s default, which
  /// every template reader uses. The state file wraps a template two levels deeper and reads
  /// with `stateFileNesting`.
  public static let templateNesting = JSONParser.defaultMaximumDepth

  /// The largest template the client holds, in bytes, whatever
  /// `RemoteConfigSettings.maximumTemplateBytes` asks for (Firebase's own limit is 1,000,000).
  public static let templateBytes = 32 * 1024 * 1024

  /// The longest ETag kept, in UTF-8 bytes. A longer one is not kept (the next fetch then
  /// asks without `If-None-Match`), so it cannot grow the saved state without bound.
  public static let etagBytes = 8 * 1024

  /// The largest context saved, as the bytes of its JSON (`EvaluationContext.jsonObject`).
  /// A larger context still applies in memory; it is left out of the saved state, with a
  /// diagnostic, so it cannot make the state file unreadable.
  public static let contextBytes = 1024 * 1024

  /// The largest state a template source keeps in the state file
  /// (`TemplateSource.savedState()`), as the bytes of its JSON: Firebase's installation and
  /// its tokens take about 2 KB. A larger one is left out of the saved state, with a
  /// diagnostic; the source then starts afresh after a restart.
  public static let sourceStateBytes = 64 * 1024

  /// The largest number of failures, or of throttles, in a row that the throttle counts;
  /// beyond it the count stays put (the backoff is at its maximum long before).
  public static let throttleCount = 1_000_000

  /// The state file's nesting: the root object, the part holding a template, the template.
  public static let stateFileNesting = templateNesting + 2

  /// The largest state file: two templates (fetched and active), the context, two ETags, the
  /// source's state and room for the rest. `FileConfigStore` refuses to read anything larger.
  public static let stateFileBytes =
    2 * templateBytes + contextBytes + 2 * etagBytes + sourceStateBytes + 64 * 1024
}
