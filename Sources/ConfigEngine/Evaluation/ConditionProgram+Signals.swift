import Core
import Foundation

/// Reading the signals a condition tests: a custom signal is looked up once per evaluation
/// and read as a number or a version at most once; the context's own fields are read in place.
extension ConditionProgram {
  /// Looks the custom signal `index` of `signalKeys` up in the context, once per
  /// evaluation; false when the context lacks it.
  func lookUpSignal(
    _ index: Int, _ input: EvaluationInput, _ scratch: inout EvaluationScratch
  ) -> Bool {
    switch scratch.signalStates[index] {
    case 1: return false
    case 2: return true
    default:
      guard let value = Self.value(of: signalKeys[index], in: input.context.pointee.customSignals)
      else {
        scratch.signalStates[index] = 1
        return false
      }
      scratch.signals.initializeElement(at: index, to: SignalReading(value))
      scratch.signalStates[index] = 2
      return true
    }
  }

  /// `signals[key]`, found by comparing keys when there are only a few: hashing a key costs
  /// more than comparing it with a handful of short ones. `String` equality is what the
  /// dictionary itself uses, so both ways find the same entry.
  private static func value(
    of key: String, in signals: [String: CustomSignalValue]
  ) -> CustomSignalValue? {
    guard signals.count <= 8 else { return signals[key] }
    for (candidate, value) in signals where candidate == key { return value }
    return nil
  }

  /// The signal's value as version operators see it (trimmed); nil when the context lacks
  /// it or it is not a version. A custom signal is parsed once per evaluation.
  func version(
    _ slot: SignalSlot, _ input: EvaluationInput, _ scratch: inout EvaluationScratch
  ) -> SemanticVersion? {
    guard case .customSignal(let index) = slot else {
      return text(slot, input, &scratch).flatMap { SemanticVersion(ConfigValueParser.trimmed($0)) }
    }
    guard lookUpSignal(index, input, &scratch) else { return nil }
    if !scratch.signals[index].isVersionRead {
      scratch.signals[index].version = SemanticVersion(
        ConfigValueParser.trimmed(scratch.signals[index].value.text))
      scratch.signals[index].isVersionRead = true
    }
    return scratch.signals[index].version
  }

  /// The signal's value as string operators see it; nil when the context lacks it.
  func text(
    _ slot: SignalSlot, _ input: EvaluationInput, _ scratch: inout EvaluationScratch
  ) -> String? {
    let context = input.context
    return switch slot {
    case .customSignal(let index):
      lookUpSignal(index, input, &scratch) ? scratch.signals[index].value.text : nil
    case .userProperty(let key): context.pointee.userProperties[strings[key]]
    case .appID: context.pointee.appID
    case .appVersion: context.pointee.appVersion
    case .appBuild: context.pointee.appBuild
    case .platform: context.pointee.platform
    case .country: context.pointee.country
    case .language: context.pointee.language
    case .installationID: context.pointee.installationID
    case .audiences, .firstOpenTime, .evaluationTime: nil
    }
  }

  /// The signal's value as numeric operators see it.
  func number(
    _ slot: SignalSlot, _ input: EvaluationInput, _ scratch: inout EvaluationScratch
  ) -> Double? {
    if case .customSignal(let index) = slot {
      guard lookUpSignal(index, input, &scratch) else { return nil }
      if !scratch.signals[index].isNumberRead {
        scratch.signals[index].number = scratch.signals[index].value.number
        scratch.signals[index].isNumberRead = true
      }
      return scratch.signals[index].number
    }
    return text(slot, input, &scratch).flatMap { ConfigValueParser.number($0) }
  }
}
