#!/usr/bin/env python3
"""The Python half of scripts/compare-firebase-admin.sh (run that, not this).

  generate DIR [--contexts N] [--seed S]
      Writes DIR/template.json (a server-format template shaped like switchyard-bench's
      evaluation workload: 200 parameters, 50 conditions of percent and custom-signal string,
      regex, numeric and semantic-version tests, a third of them nested in and/or),
      DIR/defaults.json and DIR/contexts.jsonl (N contexts in `switchyard evaluate`'s
      format). The same seed always writes the same files.

  evaluate TEMPLATE DEFAULTS CONTEXTS
      firebase-admin's side: builds a ServerTemplate from the files with
      firebase_admin.remote_config.init_server_template and prints, for each context line,
      one JSON line {key: {"value": ..., "source": ...}} for every template and default key,
      as `switchyard evaluate` does. Prints the evaluate loop's own time to stderr.

  compare SWITCHYARD_OUTPUT FIREBASE_ADMIN_OUTPUT TEMPLATE DEFAULTS
      Checks that both outputs give every context the same value and source for every key
      (each template and default key, and any other key either prints), a key missing on
      one side counting as a difference; prints the first differences and exits 1 when they
      disagree.

Only the standard library is used, except by `evaluate`, which needs firebase-admin.
"""

import json
import random
import sys
import time

PARAMETERS = 200
CONDITIONS = 50
SIGNALS = ["grade", "tier", "country", "build", "version"]
NUMERIC_OPERATORS = [
    "NUMERIC_GREATER_EQUAL", "NUMERIC_LESS_THAN", "NUMERIC_EQUAL", "NUMERIC_NOT_EQUAL",
    "NUMERIC_GREATER_THAN", "NUMERIC_LESS_EQUAL",
]
VERSION_OPERATORS = [
    "SEMANTIC_VERSION_GREATER_EQUAL", "SEMANTIC_VERSION_LESS_THAN", "SEMANTIC_VERSION_EQUAL",
    "SEMANTIC_VERSION_NOT_EQUAL", "SEMANTIC_VERSION_GREATER_THAN", "SEMANTIC_VERSION_LESS_EQUAL",
]


def custom_signal(operator, key, targets):
    return {"customSignal": {
        "customSignalOperator": operator, "customSignalKey": key,
        "targetCustomSignalValues": targets}}


def leaf(index, rng):
    """The condition kinds of switchyard-bench's workload, with the operators varied."""
    kind = index % 6
    if kind == 0:
        operator = ["LESS_OR_EQUAL", "GREATER_THAN"][index % 12 // 6]
        return {"percent": {
            "percentOperator": operator, "seed": f"seed_{index % 4}",
            "microPercent": rng.randint(0, 100_000_000)}}
    if kind == 1:
        return custom_signal("STRING_EXACTLY_MATCHES", "tier", ["paid", "trial", "gold"])
    if kind == 2:
        return custom_signal("STRING_CONTAINS_REGEX", "country", ["^J[PA]$", "U[SK]"])
    if kind == 3:
        operator = NUMERIC_OPERATORS[index // 6 % len(NUMERIC_OPERATORS)]
        return custom_signal(operator, "grade", [str(index % 6 + 1)])
    if kind == 4:
        operator = VERSION_OPERATORS[index // 6 % len(VERSION_OPERATORS)]
        return custom_signal(operator, "version", [f"2.{index % 10}.0"])
    return custom_signal("STRING_CONTAINS", SIGNALS[index % len(SIGNALS)], ["a", "1"])


def condition(index, rng):
    """Every third condition nests its test in and/or layers with two more."""
    test = leaf(index, rng)
    if index % 3 != 0:
        return test
    other = custom_signal("STRING_DOES_NOT_CONTAIN", "tier", ["banned"])
    nested = {"percent": {
        "percentOperator": "BETWEEN", "seed": "nested",
        "microPercentRange": {"microPercentLowerBound": 0, "microPercentUpperBound": 5_000_000}}}
    return {"orCondition": {"conditions": [
        {"andCondition": {"conditions": [test, other]}},
        {"andCondition": {"conditions": [nested, other]}},
    ]}}


def template(rng):
    conditions = [
        {"name": f"condition_{index}", "condition": condition(index, rng)}
        for index in range(CONDITIONS)]
    parameters = {}
    for index in range(PARAMETERS):
        conditional = {}
        for _ in range(3):
            name = f"condition_{rng.randrange(CONDITIONS)}"
            if name not in conditional:
                # Now and then the in-app default, so `default` and `static` values show too.
                conditional[name] = (
                    {"useInAppDefault": True} if index % 25 == 7
                    else {"value": f"value_{index}_{name}"})
        default = {"useInAppDefault": True} if index % 40 == 3 else {"value": f"default_{index}"}
        parameters[f"param_{index}"] = {"defaultValue": default, "conditionalValues": conditional}
    return {
        "conditions": conditions, "parameters": parameters,
        "version": {"versionNumber": "1"}, "etag": "etag-switchyard-peer-1"}


def context(index, rng):
    tiers = ["free", "paid", "trial", "gold", " paid "]
    countries = ["JP", "US", "UK", "JA", "FR"]
    # No empty strings and no zero: firebase-admin-python reads a falsy signal as missing.
    return {
        "randomizationId": f"user-{index}-{rng.randrange(1_000_000)}",
        "customSignals": {
            "grade": rng.randint(1, 6),
            "tier": rng.choice(tiers),
            "country": rng.choice(countries),
            "version": f"2.{rng.randint(0, 12)}.{rng.randint(0, 3)}",
            "build": str(rng.randint(100, 999)),
        },
    }


def generate(directory, count, seed):
    rng = random.Random(seed)
    with open(f"{directory}/template.json", "w", encoding="utf-8") as file:
        json.dump(template(rng), file, indent=1)
    defaults = {"param_3": "in-app 3", "param_7": "in-app 7", "param_0": "in-app 0",
                "in_app_only": "yes"}
    with open(f"{directory}/defaults.json", "w", encoding="utf-8") as file:
        json.dump(defaults, file)
    with open(f"{directory}/contexts.jsonl", "w", encoding="utf-8") as file:
        for index in range(count):
            file.write(json.dumps(context(index, rng), separators=(",", ":")) + "\n")


def evaluate(template_path, defaults_path, contexts_path):
    import logging
    import firebase_admin
    import google.auth.credentials
    from firebase_admin import credentials, remote_config

    # Evaluation logs at INFO for every in-app default it uses; a server would not print
    # those, and writing them is not evaluation work.
    logging.getLogger("firebase_admin.remote_config").setLevel(logging.ERROR)

    class NoCredential(credentials.Base):
        """Evaluation never reaches a server, so no real credential is needed."""

        def get_credential(self):
            return google.auth.credentials.AnonymousCredentials()

    app = firebase_admin.initialize_app(
        NoCredential(), {"projectId": "switchyard-peer"}, name="switchyard-peer")
    with open(template_path, encoding="utf-8") as file:
        template_json = file.read()
    with open(defaults_path, encoding="utf-8") as file:
        defaults = json.load(file)
    server_template = remote_config.init_server_template(
        app=app, default_config=defaults, template_data_json=template_json)
    keys = sorted(set(json.loads(template_json)["parameters"]) | set(defaults))
    out = sys.stdout
    elapsed = 0.0
    with open(contexts_path, encoding="utf-8") as file:
        for line in file:
            if not line.strip():
                continue
            given = json.loads(line)
            # firebase-admin-python's context: the id as randomization_id, signals beside it.
            peer_context = dict(given.get("customSignals", {}))
            if "randomizationId" in given:
                peer_context["randomization_id"] = given["randomizationId"]
            start = time.perf_counter()
            config = server_template.evaluate(peer_context)
            values = {key: {"value": config.get_string(key),
                            "source": config.get_value_source(key)} for key in keys}
            elapsed += time.perf_counter() - start
            out.write(json.dumps(values, separators=(",", ":"), ensure_ascii=False) + "\n")
    print(f"firebase-admin evaluate loop: {elapsed:.3f} s", file=sys.stderr)


def compare(switchyard_path, peer_path, template_path, defaults_path):
    with open(template_path, encoding="utf-8") as file:
        keys = set(json.load(file)["parameters"])
    with open(defaults_path, encoding="utf-8") as file:
        keys |= set(json.load(file))
    differences = 0
    lines = 0
    with open(switchyard_path, encoding="utf-8") as ours, open(peer_path, encoding="utf-8") as theirs:
        for number, (mine, peer) in enumerate(zip(ours, theirs), start=1):
            lines += 1
            mine, peer = json.loads(mine), json.loads(peer)
            # Both sides print every template and default key: a key one side leaves out is
            # a difference, not a value to fill in.
            for key in sorted(keys | set(mine) | set(peer)):
                if key not in mine or key not in peer:
                    a = mine.get(key, "missing")
                    b = peer.get(key, "missing")
                elif (mine[key].get("value"), mine[key].get("source")) == (
                        peer[key].get("value"), peer[key].get("source")):
                    continue
                else:
                    a, b = mine[key], peer[key]
                differences += 1
                if differences <= 10:
                    print(f"line {number}, key {key}: switchyard {a}, firebase-admin {b}")
    with open(switchyard_path, encoding="utf-8") as file:
        ours_count = sum(1 for _ in file)
    with open(peer_path, encoding="utf-8") as file:
        theirs_count = sum(1 for _ in file)
    if ours_count != theirs_count:
        print(f"line counts differ: switchyard {ours_count}, firebase-admin {theirs_count}")
        return 1
    if differences:
        print(f"{differences} values differ")
        return 1
    print(f"values: identical for {lines} contexts x {len(keys)} keys (value and source)")
    return 0


def main(arguments):
    if len(arguments) >= 2 and arguments[0] == "generate":
        count, seed = 3000, 12
        rest = arguments[2:]
        while rest:
            option, value, rest = rest[0], rest[1], rest[2:]
            if option == "--contexts":
                count = int(value)
            elif option == "--seed":
                seed = int(value)
            else:
                raise SystemExit(f"unknown option {option}")
        generate(arguments[1], count, seed)
        return 0
    if len(arguments) == 4 and arguments[0] == "evaluate":
        evaluate(*arguments[1:])
        return 0
    if len(arguments) == 5 and arguments[0] == "compare":
        return compare(*arguments[1:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
