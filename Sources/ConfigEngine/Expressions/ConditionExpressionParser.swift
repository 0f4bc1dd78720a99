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
/// Well formed and known are two rules, so that a template written for a newer Firebase
/// still loads while a broken one does not:
///
/// - **Well formed**: the expression lexes (no quote left open, no stray character such as
///   `#`, `"` or a lone `=`, `&` or `|`), its parentheses and brackets balance, it splits at
///   its top-level `&&`s (outside any bracket) into atoms none of which is empty (so `a &&
///   && b`, a leading or trailing `&&` and the empty expression are not), and each atom is
///   one of the elements above or has the shape every condition has (a name path, an
///   operator and an operand of literals; `ExpressionParser` gives the grammar). A known
///   element written wrong (`device.os ==`, `device.os == ios`, `percent <= '10'`,
///   `app.customSignal['k'].contains()`), text after a whole condition and an atom that does
///   not start with a name (`'x'`, `1 == 1`) are not. An expression that is not well formed is
///   a `ConditionSyntaxError` wherever it is read.
/// - **Known**: a well-formed atom that parses as one of the elements above is known. One
///   with a name this version does not have where a signal, a method or an operator stands
///   (`user.property('x')`, `app.customSignal['k'].startsWith(['a'])`, `percent >= 10`; a
///   bare identifier such as `exp`; `||`, `!` or grouping, which Firebase does not have today)
///   is not. The template reader (`parseNotingUnknowns`) makes such an atom `.unknown`, which
///   is false, with a warning of kind `.unknownConditionElement` naming the column and what was
///   not understood; the rest of the condition still applies. `TemplateValidator` reports the
///   same warning as an error, and `parse` throws it, since Firebase refuses at publish what it
///   does not know.
///
/// A known element with an invalid value (a percent above 100 or with more than 6 decimals, a
/// reversed range, an invalid seed, date and time, time zone or `version(...)` target, an
/// empty key) is a `ConditionSyntaxError` wherever it is read. Firebase's web-only signals
/// (`app.operatingSystemAndVersion`, `app.browserAndVersion`) are known to Firebase but not
/// evaluated here: that atom, when well formed, is `.unknown` with an ordinary warning, for
/// every reader.
enum ConditionExpressionParser {
  /// Parses one condition's expression, refusing what this version does not know (the rule
  /// `validate` applies, and `NamedCondition(name:expression:)`). A single atom returns that
  /// atom; several atoms joined by `&&` return `.and([...])` in source order.
  ///
  /// - Parameters:
  ///   - expression: the expression as the template holds it.
  ///   - conditionName: the condition's name, for error messages.
  /// - Throws: `ConditionSyntaxError` naming the condition, the column (1-based, in Unicode
  ///   scalars, at most `expression.unicodeScalars.count + 1`) and what was expected.
  static func parse(
    _ expression: String, conditionName: String
  ) throws(ConditionSyntaxError) -> Condition {
    var parser = try ExpressionParser(expression, conditionName: conditionName)
    return try parser.parseExpression(strict: true)
  }

  /// Parses one condition's expression as the template reader does: an atom that is not an
  /// element this version knows becomes `.unknown` (false), and a web-only signal too, each
  /// with a note the reader reports as a warning.
  /// - Throws: `ConditionSyntaxError` for an expression that is not well formed or holds an
  ///   invalid value of a known element.
  static func parseNotingUnknowns(
    _ expression: String, conditionName: String
  ) throws(ConditionSyntaxError) -> (condition: Condition, notes: [ExpressionParser.Note]) {
    var parser = try ExpressionParser(expression, conditionName: conditionName)
    let condition = try parser.parseExpression(strict: false)
    return (condition, parser.notes)
  }
}
