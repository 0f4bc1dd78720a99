import Core
public import Foundation

extension CompiledTemplate {
  /// Evaluates every parameter for one context: per key, the first condition in template
  /// order that is true and has a conditional value wins; otherwise the parameter's default.
  ///
  /// Pure and lock-free: servers call it concurrently, once per request, on one shared
  /// compiled template. Every condition some parameter has a value for is computed exactly
  /// once (and each distinct test, percent seed and custom signal at most once); choosing
  /// the values is then bit arithmetic.
  /// - Parameters:
  ///   - context: the user, device and moment.
  ///   - defaults: the in-app defaults (`useInAppDefault`, keys the template lacks).
  ///   - now: the evaluation time when `context.now` is nil; pass your time source's `now`.
  public func evaluate(
    _ context: EvaluationContext, defaults: InAppDefaults = InAppDefaults(), now: Date
  ) -> EvaluatedConfig {
    let storage = self.storage
    let count = storage.parameters.count
    // An empty template has nothing to choose; creating an empty array with
    // `unsafeUninitializedCapacity` would write to the shared empty-array storage.
    guard count > 0 else { return EvaluatedConfig(template: self, defaults: defaults, choices: []) }
    let choices = EvaluationInput.with(context, now: now) { input in
      storage.program.withScratch { scratch in
        storage.masks.winners { condition in
          storage.program.isTrue(condition: condition, input, &scratch)
        }
      }
    }
    return EvaluatedConfig(template: self, defaults: defaults, choices: choices)
  }

  /// Parameter `index`'s value when condition `winner` chose it (-1: its default), reading
  /// an in-app default from `defaults`: what an evaluation that chose it gives.
  func value(ofParameter index: Int, winner: Int, defaults: InAppDefaults) -> ConfigValue {
    let parameter = storage.parameters[index]
    switch parameter.value(winner: winner) {
    case .string(let text): return ConfigValue(key: parameter.key, rawValue: text, source: .remote)
    case .inAppDefault: return inAppValue(parameter.key, defaults)
    }
  }

  func inAppValue(_ key: String, _ defaults: InAppDefaults) -> ConfigValue {
    defaults[key].map { ConfigValue(key: key, rawValue: $0, source: .default) }
      ?? .missing(key: key)
  }
}
