import ConfigRouting
import Core
import ElementaryFeature
import JuniorHighFeature

/// The realistic template the tool runs when no `--template` is given, so a newcomer sees
/// real output with no server and no files: the gates (a year-end maintenance window by
/// `dateTime`, a forced update below 2.0.0), both features' keys grouped by module, grade 2
/// of the elementary course opening to 10 % of grade-2 users by a seeded `percent`
/// condition, iPad-only tabs, and a winter share-card campaign with a daily picture.
///
/// The conditions read the custom signals the app sets from the signed-in user's profile and
/// device, spelled by `AppSignals` so the template and the router that sets them agree.
enum SampleTemplate {
  /// The template's name in output.
  static let name = "built-in sample"

  /// The client-format template JSON.
  static let json = #"""
    {
      "conditions": [
        {
          "name": "year_end_maintenance",
          "expression": "dateTime >= dateTime('2026-12-31T02:00:00', 'Asia/Tokyo') && dateTime < dateTime('2026-12-31T04:00:00', 'Asia/Tokyo')",
          "tagColor": "DEEP_ORANGE"
        },
        {
          "name": "grade2_rollout",
          "expression": "app.customSignal['\#(AppSignals.stage)'].exactlyMatches(['elementary']) && app.customSignal['\#(AppSignals.year)'] == 2 && percent('grade2_rollout') <= 10",
          "tagColor": "GREEN"
        },
        {
          "name": "elementary_beginners",
          "expression": "app.customSignal['\#(AppSignals.stage)'].exactlyMatches(['elementary']) && app.customSignal['\#(AppSignals.year)'] == 1",
          "tagColor": "CYAN"
        },
        {
          "name": "junior_high_ipad",
          "expression": "app.customSignal['\#(AppSignals.stage)'].exactlyMatches(['juniorHigh']) && app.customSignal['\#(AppSignals.idiom)'].exactlyMatches(['pad'])",
          "tagColor": "BLUE"
        }
      ],
      "parameters": {},
      "parameterGroups": {
        "RootRouting": {
          "description": "Gates that block the whole app.",
          "parameters": {
            "isUnderMaintenance": {
              "defaultValue": { "value": "false" },
              "conditionalValues": { "year_end_maintenance": { "value": "true" } },
              "description": "Shows the maintenance screen instead of the app when true.",
              "valueType": "BOOLEAN"
            },
            "maintenanceMessage": {
              "defaultValue": { "value": "Switchyard School is being updated. Please come back in a few minutes." },
              "conditionalValues": {
                "year_end_maintenance": { "value": "Year-end maintenance until 04:00 JST on December 31. Thank you for your patience." }
              },
              "description": "The text of the maintenance screen.",
              "valueType": "STRING"
            },
            "force_alert_information": {
              "defaultValue": {
                "value": "{\"title\": \"Please update\", \"message\": \"This version has a problem that can lose your progress. Update to keep learning.\", \"version\": \"2.0.0\", \"url\": \"https://apps.apple.com/app/id0000000000\"}"
              },
              "description": "Forces apps older than 'version' to update.",
              "valueType": "JSON"
            }
          }
        },
        "ElementaryFeature": {
          "description": "The elementary course (iPad only), opening grade by grade.",
          "parameters": {
            "elementary_enabled": {
              "defaultValue": { "value": "true" },
              "description": "Turns the elementary course on or off for every user.",
              "valueType": "BOOLEAN"
            },
            "elementary_supported_grades": {
              "defaultValue": { "value": "[1]" },
              "conditionalValues": { "grade2_rollout": { "value": "[1, 2]" } },
              "description": "The elementary years the course is open to; grade 2 is rolling out to 10 %.",
              "valueType": "JSON"
            },
            "elementary_home_sections": {
              "defaultValue": { "value": "[\"todaysLesson\", \"dailyGoal\", \"review\", \"stickerBook\"]" },
              "description": "The elementary home screen's sections in order.",
              "valueType": "JSON"
            },
            "elementary_daily_goal_minutes": {
              "defaultValue": { "value": "20" },
              "conditionalValues": { "elementary_beginners": { "value": "10" } },
              "description": "The daily learning goal in minutes.",
              "valueType": "NUMBER"
            }
          }
        },
        "JuniorHighFeature": {
          "description": "The junior-high course, with a winter share-card campaign.",
          "parameters": {
            "junior_high_enabled": {
              "defaultValue": { "value": "true" },
              "description": "Turns the junior-high course on or off for every user.",
              "valueType": "BOOLEAN"
            },
            "junior_high_home_tabs": {
              "defaultValue": { "value": "[\"today\", \"lessons\", \"practice\", \"profile\"]" },
              "conditionalValues": {
                "junior_high_ipad": { "value": "[\"today\", \"lessons\", \"practice\", \"ranking\", \"profile\"]" }
              },
              "description": "The junior-high home screen's tabs in order; the ranking tab on iPad only.",
              "valueType": "JSON"
            },
            "x_campaign_params_for_ios": {
              "defaultValue": {
                "value": "{\"front_image_url\": \"https://cdn.example.com/campaigns/winter2026/front.png\", \"back_image_url\": \"https://cdn.example.com/campaigns/winter2026/back_%02d.png\", \"back_image_count\": 12, \"start_at\": \"2026-12-01T00:00:00+09:00\", \"end_at\": \"2026-12-25T23:59:59+09:00\"}"
              },
              "description": "The winter campaign: a new share-card picture every day.",
              "valueType": "JSON"
            },
            "x_campaign_for_ios": {
              "defaultValue": { "value": "Day %d of the #WinterQuiz! Can you beat my score?" },
              "description": "The share text during the campaign; %d is the campaign day.",
              "valueType": "STRING"
            }
          }
        }
      },
      "version": {
        "versionNumber": "12",
        "description": "Grade 2 rollout at 10 %, winter campaign, year-end maintenance window"
      },
      "etag": "sample-12"
    }
    """#
}
