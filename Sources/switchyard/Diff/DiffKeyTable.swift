import ConfigClient
import Core

/// Every key either template or the in-app defaults know, with the values it can take on
/// each side, each distinct value numbered once per key: whether a user's value changed is
/// then two numbers compared (the templates' choices, `EvaluatedConfig.choice(ofParameter:)`,
/// looked up), two choices that give the same string are the same number, and numbers become
/// strings once, in the report.
struct DiffKeyTable: Sendable {
  /// One template's side: where each key's value comes from.
  struct Side: Sendable {
    /// Per key: the template's parameter index (in `CompiledTemplate.keys`), or -1 when the
    /// template lacks the key and its value is the same for everyone.
    let parameters: [Int]
    /// Per key: the value number of each of the parameter's choices, or the one value of a
    /// key the template lacks.
    let numbers: [[Int32]]

    /// The number of the value `values` gives key `key`.
    func number(ofKey key: Int, in values: EvaluatedConfig) -> Int32 {
      let parameter = parameters[key]
      return parameter < 0 ? numbers[key][0] : numbers[key][values.choice(ofParameter: parameter)]
    }
  }

  /// The keys, sorted.
  let keys: [String]
  /// Per key: its distinct values by number; nil is no value (defined nowhere, so the app
  /// reads an empty static value).
  let values: [[String?]]
  let old: Side
  let new: Side
  /// The keys either template has: the others take the in-app default on both sides.
  let comparedKeys: [Int]

  init(old: CompiledTemplate, new: CompiledTemplate, defaults: InAppDefaults) {
    let keys = Set(old.keys).union(new.keys).union(defaults.keys).sorted()
    var values = [[String?]](repeating: [], count: keys.count)
    var numbering = [[String?: Int32]](repeating: [:], count: keys.count)
    func side(_ template: CompiledTemplate) -> Side {
      let index = Dictionary(
        template.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      let possible = template.possibleValues(defaults: defaults)
      var parameters: [Int] = []
      var numbers: [[Int32]] = []
      for (position, key) in keys.enumerated() {
        func number(_ value: ConfigValue?) -> Int32 {
          // An empty static value is what the app reads for a key defined nowhere.
          let text = value.flatMap { $0.source == .static ? nil : $0.rawValue }
          if let known = numbering[position][text] { return known }
          let assigned = Int32(values[position].count)
          numbering[position][text] = assigned
          values[position].append(text)
          return assigned
        }
        if let parameter = index[key] {
          parameters.append(parameter)
          numbers.append(possible[parameter].map { number($0.value) })
        } else {
          parameters.append(-1)
          numbers.append([number(defaults[key].map { ConfigValue(rawValue: $0, source: .default) })]
          )
        }
      }
      return Side(parameters: parameters, numbers: numbers)
    }
    let (oldSide, newSide) = (side(old), side(new))
    self.old = oldSide
    self.new = newSide
    self.keys = keys
    self.values = values
    comparedKeys = keys.indices.filter {
      oldSide.parameters[$0] >= 0 || newSide.parameters[$0] >= 0
    }
  }
}
