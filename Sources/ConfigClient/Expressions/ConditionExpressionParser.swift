/// Parses the condition expressions of Firebase Remote Config client templates (REST
/// `projects/*/remoteConfig`) into the shared `Condition` model.
///
/// The grammar is Firebase's documented one: atoms joined by `&&` only. There is no `||`,
/// no `!` and no grouping, so the grammar is flat and the parser is a loop, never a
/// recursion whose depth grows with the input. The atoms:
///
/// | Expression | Condition |
/// |---|---|
/// | `true`, `false` | `.constant` |
/// | `device.os == 'ios'`, `!=` | `.string(.equals / .notEquals)` on `.platform` |
/// | `device.country in ['JP', 'US']`, `device.language in [...]` | `.string(.equals)` |
/// | `app.id == '...'`, `!=` | `.string(.equals / .notEquals)` on `.appID` |
/// | `app.version.>=(['2.0.0'])` (`==`, `!=`, `<`, `<=`, `>`) | `.version` |
/// | `app.build.contains([...])`, `exactlyMatches`, `notContains`, `matches` | `.string` |
/// | `app.customSignal['k'] >= 3`, `app.userProperty['k']` | `.numeric`, target as written |
/// | `app.customSignal['k'].matches([...])` and the other string methods | `.string` |
/// | `version(app.customSignal['k']) >= '1.2.0'` | `.version` on `.customSignal` |
/// | `app.audiences.inAtLeastOne([...])`, `notInAtLeastOne`, `inAll`, `notInAll` | `.audience` |
/// | `app.firebaseInstallationId in [...]` | `.string(.equals)` on `.installationID` |
/// | `app.firstOpenTimestamp <= ('2025-01-01T09:00:00', 'Asia/Tokyo')`, `>`, `>=`, `<` | `.time` |
/// | `dateTime < dateTime('2025-01-06T03:00:00', 'Asia/Tokyo')`, `>=` | `.time` |
/// | `percent <= 10`, `> N`, `between A and B`, `percent('seed') ...` | `.percent` |
///
/// Lists hold one or more single-quoted strings. Times without a zone are GMT. Percents are
/// 0 to 100 with up to 6 decimal places (see `MicroPercent`); seeds are 0 to 32 characters
/// of `[-_.0-9a-zA-Z]`.
///
/// Reading is forward compatible where Firebase's grammar leaves room for growth, as its own
/// evaluators are: a method of a signal that has methods but one this version does not know
/// (`app.customSignal['k'].startsWith(['a'])`), a percent operator it does not know
/// (`percent >= 10`) and Firebase's web-only signals (`app.operatingSystemAndVersion`) make
/// that atom `.unknown` (or a percent with an unknown range), which is false; the template
/// reader reports each as a warning. Anything else, such as a signal Firebase does not have
/// (`user.property('x')`), is a `ConditionSyntaxError` at the offending token whose message
/// says what Firebase expects there.
enum ConditionExpressionParser {
  /// Parses one condition's expression. A single atom returns that atom; several atoms
  /// joined by `&&` return `.and([...])` in source order.
  ///
  /// - Parameters:
  ///   - expression: the expression as the template holds it.
  ///   - conditionName: the condition's name, for error messages.
  /// - Throws: `ConditionSyntaxError` naming the condition, the column (1-based, in Unicode
  ///   scalars, at most `expression.unicodeScalars.count + 1`) and what was expected.
  static func parse(
    _ expression: String, conditionName: String
  ) throws(ConditionSyntaxError) -> Condition {
    try parseNotingUnknowns(expression, conditionName: conditionName).condition
  }

  /// Parses one condition's expression and also returns the parts Switchyard does not know
  /// but Firebase's grammar allows there, each of which became `.unknown` (false): a newer
  /// method of a signal, a newer percent operator, a web-only signal. The template reader
  /// reports them as warnings.
  static func parseNotingUnknowns(
    _ expression: String, conditionName: String
  ) throws(ConditionSyntaxError) -> (condition: Condition, unknowns: [ConditionSyntaxError]) {
    var parser = try ExpressionParser(expression, conditionName: conditionName)
    let condition = try parser.parseExpression()
    return (condition, parser.unknowns)
  }
}
