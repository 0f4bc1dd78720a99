public import ConfigEngine
import Core

/// The template the flag-standard suites (FlagEvaluation, OFREP) share: one parameter per row
/// of README's OpenFeature mapping and per type, in Firebase's client format.
public enum FlagFixtures {
  /// The template's JSON: `welcome` is targeted (`ios`), split (`android_rollout`, a percent
  /// test every id passes) or its default; `static_text` has no conditional values;
  /// `deferred` leaves its value to the app, `deferred_on_ios` does for iOS; the other keys
  /// are one per type (`limit` 10, `ratio` 0.5, `one_point_zero` 1.0, `exponent` 1e3, `huge`
  /// beyond Int64, `settings` JSON, `json_list` a JSON array, `json_null` JSON's `null`,
  /// `untyped` without a `valueType`).
  public static let templateJSON = #"""
    {
      "conditions": [
        {"name": "ios", "expression": "device.os == 'ios'"},
        {"name": "android_rollout", "expression": "device.os == 'android' && percent <= 100"},
        {"name": "beta", "expression": "app.customSignal['beta'].exactlyMatches(['true'])"}
      ],
      "parameters": {
        "welcome": {
          "defaultValue": {"value": "Hi"},
          "conditionalValues": {"ios": {"value": "Hi iOS"}, "android_rollout": {"value": "Hi Android"}},
          "valueType": "STRING"
        },
        "static_text": {"defaultValue": {"value": "the same for everyone"}, "valueType": "STRING"},
        "deferred": {"defaultValue": {"useInAppDefault": true}, "valueType": "NUMBER"},
        "deferred_on_ios": {
          "defaultValue": {"value": "true"},
          "conditionalValues": {"ios": {"useInAppDefault": true}},
          "valueType": "BOOLEAN"
        },
        "enabled": {"defaultValue": {"value": "false"}, "conditionalValues": {"beta": {"value": "true"}}, "valueType": "BOOLEAN"},
        "limit": {"defaultValue": {"value": "10"}, "valueType": "NUMBER"},
        "ratio": {"defaultValue": {"value": "0.5"}, "valueType": "NUMBER"},
        "one_point_zero": {"defaultValue": {"value": "1.0"}, "valueType": "NUMBER"},
        "exponent": {"defaultValue": {"value": "1e3"}, "valueType": "NUMBER"},
        "huge": {"defaultValue": {"value": "99999999999999999999"}, "valueType": "NUMBER"},
        "settings": {"defaultValue": {"value": "{\"colors\": [\"red\", \"blue\"], \"size\": 2.50}"}, "valueType": "JSON"},
        "json_list": {"defaultValue": {"value": "[\"red\", {\"size\": 2}]"}, "valueType": "JSON"},
        "json_null": {"defaultValue": {"value": "null"}, "valueType": "JSON"},
        "untyped": {"defaultValue": {"value": "plain text"}}
      },
      "version": {"versionNumber": "12"}
    }
    """#

  /// `templateJSON`, compiled.
  public static func template() throws -> CompiledTemplate {
    CompiledTemplate(try Template(json: templateJSON))
  }

  /// The app's defaults, typed as a JSON file types them: `deferred` 7, `deferred_on_ios`
  /// false, and `app_only`, a key the template does not have.
  public static let defaults = InAppDefaults(
    ["deferred": "7", "deferred_on_ios": "false", "app_only": "from the app"],
    valueTypes: ["deferred": .number, "deferred_on_ios": .boolean, "app_only": .string])
}
