package import ConfigEngine
public import Core

/// Evaluates flags from a `FlagSource` with OpenFeature's details: the value as the type asked,
/// the variant, the reason (`FlagReason`), an error code and message, and the flag metadata;
/// the given hooks observe each evaluation.
///
/// ```swift
/// let flags = FlagEvaluator(source: client)   // a RemoteConfigClient, or a TemplateFlagSource
/// let details = flags.booleanDetails("new_onboarding", default: false,
///   context: FlagContext(targetingKey: userID, attributes: ["plan": "pro"]))
/// // details.value, details.reason (TARGETING_MATCH, SPLIT, ...), details.variant
/// ```
///
/// Evaluation never throws: a failure answers the caller's default with an error code. The
/// source is read once per evaluation, so a template activated or reloaded applies to the next
/// one. Without a context, a client's own snapshot answers (nothing is evaluated); a context
/// replaces the client's own (as `RemoteConfigClient.values(for:)` does), it is not merged.
///
/// Numbers: `integerDetails` answers a `NUMBER` whose value is integral (`3`, `3.0`, `3e0`, as
/// Core's typed keys read integers), `doubleDetails` any `NUMBER`. The flag's own type, which
/// hooks see and OFREP writes, goes by the value (`FlagValue`): `3` and `3.0` are integers,
/// `0.5` a double.
public struct FlagEvaluator: Sendable {
  /// OpenFeature's provider name for Switchyard (`feature_flag.provider.name`).
  public static let providerName = "switchyard"

  /// Where the flags come from.
  public let source: any FlagSource
  /// The hooks, in the order their `before` stages run.
  public let hooks: [any FlagHook]

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(source: any FlagSource, hooks: [any FlagHook] = []) {
    self.source = source
    self.hooks = hooks
  }

  /// `key` as a `Bool` (a `BOOLEAN` parameter, read by Firebase's Boolean rule).
  public func booleanDetails(
    _ key: String, default defaultValue: Bool, context: FlagContext? = nil
  ) -> FlagEvaluationDetails<Bool> {
    details(key, .boolean, defaultValue, context, wrap: FlagValue.boolean, read: \.booleanValue)
  }

  /// `key` as a `String` (a `STRING` parameter, or one without a declared type).
  public func stringDetails(
    _ key: String, default defaultValue: String, context: FlagContext? = nil
  ) -> FlagEvaluationDetails<String> {
    details(key, .string, defaultValue, context, wrap: FlagValue.string, read: \.stringValue)
  }

  /// `key` as an `Int64` (a `NUMBER` parameter whose value is integral).
  public func integerDetails(
    _ key: String, default defaultValue: Int64, context: FlagContext? = nil
  ) -> FlagEvaluationDetails<Int64> {
    details(key, .integer, defaultValue, context, wrap: FlagValue.integer, read: \.integerValue)
  }

  /// `key` as a `Double` (any `NUMBER` parameter).
  public func doubleDetails(
    _ key: String, default defaultValue: Double, context: FlagContext? = nil
  ) -> FlagEvaluationDetails<Double> {
    details(key, .double, defaultValue, context, wrap: FlagValue.double, read: \.doubleValue)
  }

  /// `key` as JSON (a `JSON` parameter): OpenFeature's structure.
  public func objectDetails(
    _ key: String, default defaultValue: JSONValue, context: FlagContext? = nil
  ) -> FlagEvaluationDetails<JSONValue> {
    details(key, .object, defaultValue, context, wrap: FlagValue.object, read: \.objectValue)
  }

  /// The details of `keys` in `configuration` with each flag's own value (nil: the caller's
  /// default applies), for one context: evaluated once for all of them, unless a hook's
  /// `before` stage changes the context of one. What the OFREP responder answers.
  /// - Parameters:
  ///   - keys: the flags to answer; nil for every flag the evaluation knows (the template's
  ///     and the in-app defaults', sorted: `EvaluatedConfig.keys`), as a bulk answer holds.
  ///   - context: the context as given, for hooks.
  ///   - evaluationContext: `context.evaluationContext()`, which the caller has checked.
  package func untypedDetails(
    forKeys keys: [String]?, in configuration: FlagConfiguration, context: FlagContext,
    evaluationContext: EvaluationContext
  ) -> [FlagEvaluationDetails<FlagValue?>] {
    let values = configuration.values(for: evaluationContext)
    let keys = keys ?? values.keys
    let resolution = { (key: String) in
      FlagResolution(key: key, values: values, isStale: configuration.isStale).untypedDetails
    }
    guard !hooks.isEmpty else { return keys.map(resolution) }
    return keys.map { key in
      runHooks(
        key: key, valueType: nil, defaultValue: nil, context: context,
        evaluate: { changed in
          changed == context
            ? resolution(key)
            : Self.resolve(key, in: configuration, context: changed).untypedDetails
        },
        failed: { .failed(key, default: nil, $0) }, erase: { $0 })
    }
  }

  private func details<Value>(
    _ key: String, _ type: FlagValueType, _ defaultValue: Value, _ context: FlagContext?,
    wrap: @escaping (Value) -> FlagValue, read: (FlagValue) -> Value?
  ) -> FlagEvaluationDetails<Value> {
    let configuration = source.flagConfiguration()
    guard !hooks.isEmpty else {
      return Self.resolve(key, in: configuration, context: context)
        .details(asking: type, default: defaultValue, read: read)
    }
    return runHooks(
      key: key, valueType: type, defaultValue: wrap(defaultValue), context: context,
      evaluate: {
        Self.resolve(key, in: configuration, context: $0)
          .details(asking: type, default: defaultValue, read: read)
      },
      failed: { .failed(key, default: defaultValue, $0) },
      erase: { $0.mapValue { Optional(wrap($0)) } })
  }

  /// `key` in `configuration` for `context` (nil: the configuration's own).
  static func resolve(
    _ key: String, in configuration: FlagConfiguration?, context: FlagContext?
  ) -> FlagResolution {
    guard let configuration else {
      return FlagResolution(
        key: key,
        outcome: .failure(
          FlagEvaluationError(.providerNotReady, "no template or in-app defaults are loaded yet")))
    }
    var evaluationContext: EvaluationContext?
    if let context {
      do {
        evaluationContext = try context.evaluationContext()
      } catch {
        return FlagResolution(
          key: key, outcome: .failure(FlagEvaluationError(.invalidContext, error.description)))
      }
    }
    return FlagResolution(
      key: key, values: configuration.values(for: evaluationContext),
      isStale: configuration.isStale)
  }
}
