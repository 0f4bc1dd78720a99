/// A type that holds private-key material or tokens and describes itself by a summary
/// without them: its
/// `description`, `debugDescription` and mirror (what `dump`, string interpolation and
/// debuggers show) are the summary alone, with no children to descend into.
protocol RedactedDescription: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// What may be shown, e.g. `RSAPrivateKey(2048 bits)`.
  var redactedSummary: String { get }
}

extension RedactedDescription {
  /// The summary alone: interpolating a key prints no number of it.
  var description: String { redactedSummary }

  /// The summary alone, for `debugPrint` and the debugger too.
  var debugDescription: String { redactedSummary }

  /// No children, so nothing inside is printed.
  var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
