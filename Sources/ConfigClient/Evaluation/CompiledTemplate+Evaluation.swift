import Core
import Foundation

extension CompiledTemplate {
  /// Evaluates every parameter for one context: per key, the first condition in template
  /// order that is true and has a conditional value wins; otherwise the parameter's default.
  ///
  /// Pure and lock-free: servers call it concurrently, once per request, on one shared
  /// compiled template. Every condition some parameter has a value for is computed exactly
  /// once (and each percent seed and custom signal at most once); choosing the values is
  /// then bit arithmetic.
  /// - Parameters:
  ///   - context: the user, device and moment.
  ///   - defaults: the in-app defaults (`useInAppDefault`, keys the template lacks).
  ///   - now: the evaluation time when `context.now` is nil; pass your time source's `now`.
  public func evaluate(
    _ context: EvaluationContext, defaults: InAppDefaults = InAppDefaults(), now: Date
  ) -> EvaluatedConfig {
    let input = EvaluationInput(context: context, now: now)
    let storage = self.storage
    let program = storage.program
    let count = storage.parameters.count
    // An empty template has nothing to choose; creating an empty array with
    // `unsafeUninitializedCapacity` would write to the shared empty-array storage.
    guard count > 0 else { return EvaluatedConfig(template: self, defaults: defaults, choices: []) }
    let masks = storage.masks
    let choices = program.withScratch { scratch in
      withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(masks.wordCount, 1)) {
        results in
        results.initialize(repeating: 0)
        // Every condition some parameter needs, once; then each parameter's choice is bit
        // arithmetic on the results.
        for condition in masks.referencedConditions
        where program.isTrue(condition: condition, input, &scratch) {
          results[condition >> 6] |= UInt64(1) << UInt64(condition & 63)
        }
        return [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
          for index in 0..<count {
            buffer.initializeElement(
              at: index, to: masks.choice(parameter: index, results: results))
          }
          initialized = count
        }
      }
    }
    return EvaluatedConfig(template: self, defaults: defaults, choices: choices)
  }

  func inAppValue(_ key: String, _ defaults: InAppDefaults) -> ConfigValue {
    defaults[key].map { ConfigValue(key: key, rawValue: $0, source: .default) }
      ?? .missing(key: key)
  }
}
