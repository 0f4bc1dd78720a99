#!/usr/bin/env python3
"""Writes the JSON-lines corpus the pipeline's comparison tests run (inputs only).

The expected outputs next to the inputs (*.out) were printed by the tool as it was before the
streaming pipeline (commit 7f855c8), so they pin today's bytes; never regenerate them with
the tool under test. Deterministic: the same script writes the same bytes.
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(12)

ODD = [
    "plain", "", "quote\"inside", "back\\slash", "new\nline", "cr\rlf", "tab\there",
    "bell\u0007nul\u0000esc\u001b", "del\u007f", "\u2028line-separator\u2029",
    "日本語のテキスト", "emoji 🚀👨‍👩‍👧‍👦", "e\u0301 combining", "\u202ereversed",
    "slash/ and </script>", "\ufeffmark", "x" * 40,
]


def dump(value):
    return json.dumps(value, ensure_ascii=rng.random() < 0.5, separators=(",", ":"))


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as handle:
        handle.write(data)


# The template: conditions of most kinds the tool's contexts reach (none on time: contexts
# without one are evaluated at the time the test runs), values with the
# characters JSON escapes, useInAppDefault, and keys the defaults add.
conditions = [
    {"name": "paid", "expression": "app.customSignal['tier'].exactlyMatches(['paid', 'gold'])"},
    {"name": "asia", "expression": "app.customSignal['country'].matches(['^J[PA]$', 'KR'])"},
    {"name": "older", "expression": "app.customSignal['grade'] >= 4"},
    {"name": "new_app", "expression": "app.version.>=(['2.3.0'])"},
    {"name": "tenth", "expression": "percent('corpus') <= 10"},
    {"name": "half", "expression": "percent('corpus') between 20 and 70"},
    {"name": "combo", "expression": "app.customSignal['tier'].contains(['a']) && percent('combo') <= 50"},
]
names = [condition["name"] for condition in conditions]
parameters = {}
for index in range(9):
    conditional = {}
    for name in rng.sample(names, rng.randint(0, 3)):
        conditional[name] = (
            {"useInAppDefault": True} if rng.random() < 0.15
            else {"value": rng.choice(ODD) + f" {index} {name}"})
    default = (
        {"useInAppDefault": True} if index % 5 == 4 else {"value": ODD[index % len(ODD)]})
    parameters[f"param_{index}"] = {"defaultValue": default, "conditionalValues": conditional}
parameters["json_value"] = {
    "defaultValue": {"value": json.dumps({"a": ["x\"y", 1.50, None], "b": "\u00e9\n"})},
    "valueType": "JSON"}
template = {"conditions": conditions, "parameters": parameters, "version": {"versionNumber": "7"}}
write("evaluate-template.json", json.dumps(template, indent=2, ensure_ascii=False).encode())

defaults = {
    "param_4": "default for 4", "param_9": True, "retries": 3, "ratio": 0.50,
    "d_array": [1, "x\u0001"], "d_object": {"k": "é\n", "n": None},
    "d_unicode_ключ_🚀": "日本語\u0000", "quote\"key": "back\\slash", "ctl\u0001key": "\t",
}
write("evaluate-defaults.json", json.dumps(defaults, ensure_ascii=False).encode())


def context(index):
    signals = {}
    if rng.random() < 0.8:
        signals["tier"] = rng.choice(["free", "paid", "gold", "trial", " paid ", "p\u00e4id"])
    if rng.random() < 0.7:
        signals["country"] = rng.choice(["JP", "JA", "US", "KR", "日本", ""])
    if rng.random() < 0.7:
        signals["grade"] = rng.choice([1, 2, 4, 6, 3.5, "5", -1])
    if rng.random() < 0.2:
        signals[rng.choice(ODD)] = rng.choice(ODD)
    value = {"randomizationId": f"user-{index}-{rng.randrange(10**6)}", "customSignals": signals}
    if rng.random() < 0.6:
        value["appVersion"] = rng.choice(["2.3.0", "2.2.9", "3.0", "1.0.0-beta", "garbage"])
    if rng.random() < 0.5:
        value["now"] = rng.choice(
            ["2026-06-01T12:00:00Z", "2026-12-31T03:00:00+09:00", "2026-01-01T00:00:00.5-05:00"])
    return value


# Lines of every kind: good ones, each kind of bad one, and the byte-level shapes a
# splitter must handle (CRLF, empty lines, a byte order mark, bytes that are not UTF-8).
BAD = [
    b"", b"   ", b"not json", b"[1, 2]", b"\"a string\"", b"null", b"{\"tier\": 1}",
    b"{\"customSignals\": {\"k\": true}}", b"{\"now\": \"yesterday\"}", b"{\"a\": \"\xff\xfe\"}",
    b"\xc3\x28", b"{\"customSignals\": {\"k\": \"v\"}", b"{} {}", b"{\"randomizationId\": 7}",
    b"\xef\xbb\xbf{\"randomizationId\": \"bom\"}", b"{\"audiences\": [\"a\", \"b\"]}",
    b"{\"customSignals\": {\"k\": \"\\u0000\\u001f\\ud83d\\ude80\"}}",
    b"{\"customSignals\": {\"k\": \"\\ud800\"}}", b"\t{}\t",
]


def lines(count, make, bad):
    out = []
    for index in range(count):
        roll = rng.random()
        if roll < 0.25:
            line = rng.choice(bad)
        else:
            line = dump(make(index)).encode()
        out.append(line + (b"\r\n" if rng.random() < 0.2 else b"\n"))
    return out


contexts = lines(150, context, BAD)
write("evaluate-contexts.jsonl", b"".join(contexts))
write("evaluate-explain-contexts.jsonl", b"".join(contexts[:70]))

# route --scenarios: the built-in sample template, every field and each kind of mistake;
# every scenario names its moment, so the expected output holds whenever the test runs.
def scenario(index):
    value = {"context": {"now": rng.choice(
        ["2026-06-01T12:00:00Z", "2026-12-31T03:00:00+09:00"]),
        "randomizationId": f"u{index}"}}
    if rng.random() < 0.8:
        stage = rng.choice(["elementary", "juniorHigh", "highSchool"])
        value["profile"] = {"stage": stage, "year": rng.randint(1, 3)}
        if rng.random() < 0.2:
            value["profile"]["feature"] = rng.choice(["elementary", "juniorHigh", "unknown"])
    if rng.random() < 0.3:
        value["session"] = rng.choice(["unknown", "signedOut", "signedIn"])
    if rng.random() < 0.5:
        value["app"] = {"version": rng.choice(["1.9.2", "2.0.0", "2.3.0", "9.9.9"])}
    if rng.random() < 0.5:
        value["device"] = {"idiom": rng.choice(["phone", "pad"])}
    if rng.random() < 0.1:
        value["config"] = "none"
    return value


# A scenario without a moment would route at the time the test runs: those that route get one.
ROUTE_BAD = [line for line in BAD if line != b"\t{}\t"] + [
    b"\t{\"context\": {\"now\": \"2026-06-01T12:00:00Z\"}}\t",
    b"{\"profile\": {\"stage\": \"college\", \"year\": 1}, \"context\": {\"now\": \"2026-06-01T12:00:00Z\"}}", b"{\"config\": \"maybe\"}",
    b"{\"device\": {\"idiom\": \"watch\"}}", b"{\"app\": {\"version\": \"x\"}}",
    b"{\"context\": []}", b"{\"profile\": {\"stage\": \"elementary\"}}",
]
scenarios = lines(140, scenario, ROUTE_BAD)
write("route-scenarios.jsonl", b"".join(scenarios))
write("route-explain-scenarios.jsonl", b"".join(scenarios[:70]))

ORIENTATIONS = ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight",
                "UIInterfaceOrientationPortrait"]


def orientation_case(index):
    value = {}
    for field, make in [
        ("idiom", lambda: rng.choice(["phone", "pad"])),
        ("os", lambda: rng.choice([15, 16, 17, 18, 26])),
        ("plist", lambda: rng.sample(ORIENTATIONS, rng.randint(0, 3))),
        ("plistPad", lambda: rng.sample(ORIENTATIONS, rng.randint(0, 3))),
        ("requiresFullScreen", lambda: rng.random() < 0.5),
        ("launchScreen", lambda: rng.random() < 0.8),
        ("delegate", lambda: rng.sample(ORIENTATIONS, rng.randint(0, 3))),
        ("feature", lambda: rng.sample(ORIENTATIONS, rng.randint(0, 3))),
        ("homeButton", lambda: rng.random() < 0.5),
        ("windowing", lambda: rng.choice(["fullScreen", "resizable", "mirroring"])),
    ]:
        if rng.random() < 0.5:
            value[field] = make()
    return value


ORIENTATION_BAD = BAD + [
    b"{\"idiom\": \"watch\"}", b"{\"os\": 0}", b"{\"plist\": [\"sideways\"]}",
    b"{\"plist\": \"portrait\"}", b"{\"windowing\": 1}",
]
write("orientation-cases.jsonl", b"".join(lines(140, orientation_case, ORIENTATION_BAD)))
