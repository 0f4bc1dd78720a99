import Core
import Foundation
import SwitchyardTestSupport

/// The client expression language's pieces, for the parser's fuzzing and for the conditions
/// of generated templates: valid expressions to mutate, tokens to make soups of.
enum ExpressionCorpus {
  /// Valid expressions covering every atom; mutations of these reach deep into each atom.
  static let validExpressions = [
    "true",
    "false && true",
    "device.os == 'ios'",
    "device.os != 'android' && device.country in ['JP', 'US']",
    "device.language in ['ja', 'en-US']",
    "app.id == '1:123:ios:abc'",
    "app.version.>=(['2.0.0']) && app.build.<(['120'])",
    "app.version.matches(['^2\\.\\d+$']) && app.build.notContains(['beta'])",
    "app.customSignal['grade'] >= 3 && app.userProperty['level'] != -2.5",
    "app.customSignal['plan'].exactlyMatches(['pro', 'max'])",
    "app.userProperty['tier'].contains(['gold'])",
    "version(app.customSignal['os']) < '17.4.1'",
    "app.audiences.inAtLeastOne(['Buyers']) && app.audiences.notInAll(['A', 'B'])",
    "app.firebaseInstallationId in ['fid-1', 'fid-2']",
    "app.firstOpenTimestamp <= ('2025-01-01T09:00:00', 'Asia/Tokyo')",
    "app.firstOpenTimestamp > ('2025-01-01T09:00:00')",
    "dateTime < dateTime('2025-01-06T03:00:00', 'Asia/Tokyo')",
    "dateTime >= dateTime('2025-01-06T03:00:00')",
    "percent <= 10 && percent > 0.000001",
    "percent('seed-1') between 33.333333 and 100",
    "percent('') > 50 && device.os == 'it\\'s \\\\ ok'",
  ]

  /// Characters a mutation inserts: the grammar's own punctuation plus the awkward ones.
  static let mutationCharacters: [Character] = [
    "'", "\\", "\"", "(", ")", "[", "]", ",", ".", "&", "|", "=", "!", "<", ">", "-", "_",
    "0", "5", "9", "a", "z", "A", "e", " ", "\t", "\n", "\r\n", "\u{0}", "\u{7F}", "é",
    "\u{301}", "👨‍👩‍👧‍👦", "東", "\u{3000}", "\u{FEFF}", "\u{202E}",
  ]

  /// Tokens and fragments a soup is made of: valid pieces, broken pieces, odd characters.
  static let soupPieces = [
    "device", "app", "os", "country", "language", "id", "version", "build", "customSignal",
    "userProperty", "audiences", "inAtLeastOne", "notInAll", "firebaseInstallationId",
    "firstOpenTimestamp", "dateTime", "percent", "between", "and", "in", "true", "false",
    "exactlyMatches", "contains", "notContains", "matches", "startsWith", "model", ".", "==",
    "!=", "<", "<=", ">", ">=", "&&", "||", "!", "(", ")", "[", "]", ",", "&", "|", "=",
    "'ios'", "'JP'", "'1.2.0'", "'1.x'", "'2025-01-06T03:00:00'", "'2025-13-40T99:00'",
    "'Asia/Tokyo'", "'Mars/Base'", "'seed'", "'bad seed!'", "''", "'unterminated", "'\\'",
    "'\\\\'", "\\", "\"", "10", "-2.5", "0.000001", "33.333333", "100", "101", "100.0000001",
    "1e2", ".5", "5.", "-", "\u{0}", "é", "👨‍👩‍👧‍👦", "\u{301}", "#", "\n",
  ]

  static let separators = ["", " ", " ", " ", "  ", "\t"]

  /// One to twelve soup pieces with random separators.
  static func soup(_ random: inout SeededRandomGenerator) -> String {
    var expression = ""
    for _ in 0..<(1 + random.below(12)) {
      expression += random.pick(soupPieces) + random.pick(separators)
    }
    return expression
  }

  /// A valid expression with one to three characters inserted, removed or replaced.
  static func mutant(_ random: inout SeededRandomGenerator) -> String {
    var characters = Array(random.pick(validExpressions))
    for _ in 0..<(1 + random.below(3)) {
      let position = random.below(characters.count + 1)
      switch random.below(3) {
      case 0:
        characters.insert(random.pick(mutationCharacters), at: position)
      case 1 where position < characters.count:
        characters.remove(at: position)
      default:
        if position < characters.count {
          characters[position] = random.pick(mutationCharacters)
        }
      }
    }
    return String(characters)
  }

  /// A condition expression as a template would hold one: mostly valid, some mutated, some
  /// soup, some using a regex from `RegexCorpus`.
  static func expression(_ random: inout SeededRandomGenerator) -> String {
    switch random.below(10) {
    case 0, 1, 2: return random.pick(validExpressions)
    case 3, 4: return mutant(&random)
    case 5: return soup(&random)
    case 6, 7:
      let quoted = RegexCorpus.pattern(&random)
        .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
      let signal = random.pick([
        "app.customSignal['s']", "app.version", "device.os", "app.userProperty['p']",
      ])
      return "\(signal).matches(['\(quoted)'])"
    default:
      return (0..<(1 + random.below(4))).map { _ in random.pick(validExpressions) }
        .joined(separator: " && ")
    }
  }
}
