import Core

/// Per-evaluation memory: each named condition's and each test's result, each seed's bucket
/// and each custom signal's value, number and version, computed at most once, and the regex steps left. Backed
/// by stack-allocated buffers so an evaluation does not touch the heap for it.
struct EvaluationScratch {
  /// 0 = not evaluated yet, 1 = false, 2 = true.
  var conditionResults: UnsafeMutableBufferPointer<UInt8>
  /// Per `ConditionProgram.tests` entry, as `conditionResults`.
  var testResults: UnsafeMutableBufferPointer<UInt8>
  /// -1 = not computed yet, else the micro-percentile for that seed.
  var buckets: UnsafeMutableBufferPointer<Int>
  /// Per `signalKeys` entry: 0 = not looked up yet, 1 = missing, 2 = in `signals`.
  var signalStates: UnsafeMutableBufferPointer<UInt8>
  var signals: UnsafeMutableBufferPointer<SignalReading>
  /// The steps the evaluation's regex searches may still take, all searches together
  /// (`BoundedRegex.maximumEvaluationCost` at the start).
  var regexSteps = BoundedRegex.maximumEvaluationCost
  /// Set when the condition being evaluated reached a regex search the remaining steps could
  /// not complete: the condition is then false, whatever its other parts say.
  var isConditionAbandoned = false
}

/// A custom signal as one evaluation reads it: the value, and what numeric and version
/// operators make of it once one of them has asked.
struct SignalReading {
  let value: CustomSignalValue
  /// `value.number`, once read.
  var number: Double? = nil
  var isNumberRead = false
  /// `value.text` trimmed and read as a version, once read.
  var version: SemanticVersion? = nil
  var isVersionRead = false

  init(_ value: CustomSignalValue) {
    self.value = value
  }
}
