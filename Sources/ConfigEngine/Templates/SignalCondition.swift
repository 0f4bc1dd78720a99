/// A test of one context signal, e.g. custom signal `grade` exactly matches `'3'`.
public struct SignalCondition: Sendable, Hashable {
  /// The signal read from the evaluation context.
  public var signal: Signal
  /// The test applied to it.
  public var test: SignalTest

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(_ signal: Signal, _ test: SignalTest) {
    self.signal = signal
    self.test = test
  }
}
