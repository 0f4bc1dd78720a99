"""Checks `switchyard serve` with PyPI's OpenFeature SDK and OFREP provider (see ofrep-clients.sh).

Starts `switchyard serve --template T --defaults D --port 0 --api-key-file K --access-log` on
127.0.0.1, then, through `openfeature-sdk`'s client with `openfeature-provider-ofrep`:
every value type, every reason of README's mapping table, each error code; the same values as
`switchyard evaluate` for a population of users; bulk evaluation with its ETag and 304 and the
event stream it advertises (read with `requests` across a reload); the API
key; `/switchyard/v1/route` against `route --scenarios`; `/healthz`, `/readyz`, `/metrics`; a
template reload (and a broken template refused while the previous one keeps serving); that no
context value and no key reached the log; and SIGTERM ending the process with status 0.
"""

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

import requests

from openfeature import api
from openfeature.evaluation_context import EvaluationContext
from openfeature.exception import ErrorCode
from openfeature.contrib.provider.ofrep import OFREPProvider

TOOL = sys.argv[1]
API_KEY = "sk-ofrep-check-5f1c9a"
SECRET_USER = "user-private-77d3"
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL {message}", file=sys.stderr)


def template(banner):
    """A client-format template with one parameter for each row of README's mapping table."""
    return {
        "conditions": [
            {"name": "paid", "expression": "app.customSignal['tier'].exactlyMatches(['paid'])"},
            {"name": "half", "expression": "percent('ofrep-check') <= 50"},
            {"name": "new_app", "expression": "app.version.>=(['2.0.0'])"},
        ],
        "parameters": {
            "new_checkout": {
                "defaultValue": {"value": "false"},
                "conditionalValues": {"paid": {"value": "true"}},
                "valueType": "BOOLEAN",
            },
            "banner_text": {"defaultValue": {"value": banner}, "valueType": "STRING"},
            "max_items": {
                "defaultValue": {"value": "10"},
                "conditionalValues": {"half": {"value": "20"}},
                "valueType": "NUMBER",
            },
            "discount_rate": {"defaultValue": {"value": "0.15"}, "valueType": "NUMBER"},
            "theme": {
                "defaultValue": {"value": '{"color": "blue", "sizes": [1, 2]}'},
                "valueType": "JSON",
            },
            "palette": {"defaultValue": {"value": '["red", {"size": 2}]'}, "valueType": "JSON"},
            "no_theme": {"defaultValue": {"value": "null"}, "valueType": "JSON"},
            "page_size": {"defaultValue": {"value": "25.0"}, "valueType": "NUMBER"},
            "upgrade_prompt": {
                "defaultValue": {"value": "off"},
                "conditionalValues": {"new_app": {"value": "on"}},
            },
            "timeout_ms": {"defaultValue": {"useInAppDefault": True}, "valueType": "NUMBER"},
            "legacy_flag": {"defaultValue": {"useInAppDefault": True}, "valueType": "BOOLEAN"},
        },
        "version": {"versionNumber": "7" if banner == "Welcome" else "8"},
    }


DEFAULTS = {"timeout_ms": 2500, "offline_message": "Try again later"}


def write_json(path, value):
    temporary = path + ".tmp"
    with open(temporary, "w") as file:
        json.dump(value, file)
    os.replace(temporary, path)


def http(base, method, path, body=None, headers=None):
    request = urllib.request.Request(base + path, data=body, method=method)
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def until(predicate, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def evaluate_with_tool(directory, contexts):
    """`switchyard evaluate`'s values for each context, the reference serve must agree with."""
    lines = "".join(json.dumps(context) + "\n" for context in contexts)
    result = subprocess.run(
        [TOOL, "evaluate", "--template", os.path.join(directory, "template.json"),
         "--defaults", os.path.join(directory, "defaults.json"), "--contexts", "-"],
        input=lines, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in result.stdout.splitlines()]


def main():
    directory = tempfile.mkdtemp(prefix="ofrep-clients-")
    template_path = os.path.join(directory, "template.json")
    write_json(template_path, template("Welcome"))
    write_json(os.path.join(directory, "defaults.json"), DEFAULTS)
    with open(os.path.join(directory, "api-key"), "w") as file:
        file.write(API_KEY + "\n")
    stderr_path = os.path.join(directory, "stderr.log")
    stderr = open(stderr_path, "w")
    server = subprocess.Popen(
        [TOOL, "serve", "--template", template_path,
         "--defaults", os.path.join(directory, "defaults.json"), "--port", "0",
         "--api-key-file", os.path.join(directory, "api-key"), "--access-log"],
        stdout=subprocess.PIPE, stderr=stderr, text=True)
    timer = threading.Timer(60, server.kill)
    timer.start()
    try:
        first = json.loads(server.stdout.readline())
        base = first["listening"]
        check(base.startswith("http://127.0.0.1:"), f"first line names the address: {first}")
        run_checks(base, directory, template_path, stderr_path)
        server.send_signal(signal.SIGTERM)
        status = server.wait(timeout=15)
        check(status == 0, f"SIGTERM ends serve with status 0, not {status}")
    finally:
        timer.cancel()
        if server.poll() is None:
            server.kill()
        stderr.close()
    log = open(stderr_path).read()
    check(API_KEY not in log, "the API key never reaches the log")
    check(SECRET_USER not in log, "no context value reaches the log")
    check("POST /ofrep/v1/evaluate/flags" in log, "--access-log logs each request's path")
    if failures:
        print(f"{len(failures)} check(s) failed; serve's stderr:\n{log}", file=sys.stderr)
        sys.exit(1)
    print("ofrep-clients: every check held")


def run_checks(base, directory, template_path, stderr_path):
    provider = OFREPProvider(base, headers_factory=lambda: {"Authorization": f"Bearer {API_KEY}"})
    api.set_provider(provider)
    client = api.get_client()
    paid = EvaluationContext(SECRET_USER, {"tier": "paid", "appVersion": "2.1.0"})
    plain = EvaluationContext("user-2", {"tier": "free", "appVersion": "1.9.0"})

    # Each type, and each row of README's mapping table.
    rows = [
        ("boolean", "new_checkout", False, paid, True, "TARGETING_MATCH", "paid"),
        ("boolean", "new_checkout", True, plain, False, "DEFAULT", "default"),
        ("string", "banner_text", "", plain, "Welcome", "STATIC", "default"),
        ("float", "discount_rate", 0.0, plain, 0.15, "STATIC", "default"),
        ("object", "theme", {}, plain, {"color": "blue", "sizes": [1, 2]}, "STATIC", "default"),
        # A JSON array is the array; JSON's null is no value, so the caller's default answers.
        ("object", "palette", {}, plain, ["red", {"size": 2}], "STATIC", "default"),
        ("object", "no_theme", {"mine": True}, plain, {"mine": True}, "STATIC", "default"),
        # An integral NUMBER is an integer however it is written.
        ("integer", "page_size", 0, plain, 25, "STATIC", "default"),
        ("string", "upgrade_prompt", "", paid, "on", "TARGETING_MATCH", "new_app"),
        ("integer", "timeout_ms", 0, plain, 2500, "DEFAULT", "inAppDefault"),
        ("string", "offline_message", "", plain, "Try again later", "DEFAULT", "inAppDefault"),
        ("boolean", "legacy_flag", True, plain, True, "DEFAULT", "inAppDefault"),
    ]
    for kind, key, default, context, value, reason, variant in rows:
        details = getattr(client, f"get_{kind}_details")(key, default, context)
        check(details.value == value and type(details.value) is type(value),
              f"{key}: value {details.value!r}, expected {value!r}")
        check(details.reason == reason, f"{key}: reason {details.reason}, expected {reason}")
        check(details.variant == variant, f"{key}: variant {details.variant}, expected {variant}")
        check(details.error_code is None, f"{key}: no error, got {details.error_code}")

    # The percent bucket decides max_items: SPLIT for those in it, and every user's values are
    # `switchyard evaluate`'s.
    users = [f"split-user-{n}" for n in range(40)]
    expected = evaluate_with_tool(
        directory, [{"randomizationId": user, "customSignals": {"tier": "free"},
                     "appVersion": "2.1.0"} for user in users])
    reasons = set()
    for user, reference in zip(users, expected):
        context = EvaluationContext(user, {"tier": "free", "appVersion": "2.1.0"})
        items = client.get_integer_details("max_items", 0, context)
        reasons.add(items.reason)
        check(items.value == int(reference["max_items"]["value"]),
              f"max_items for {user}: {items.value}, evaluate says {reference['max_items']}")
        check((items.reason, items.variant) in {("SPLIT", "half"), ("DEFAULT", "default")},
              f"max_items for {user}: {items.reason}/{items.variant}")
        check((items.variant == "half") == (items.value == 20),
              f"max_items for {user}: variant {items.variant} with value {items.value}")
        flag = client.get_boolean_details("new_checkout", True, context).value
        check(flag == (reference["new_checkout"]["value"] == "true"),
              f"new_checkout for {user}: {flag}, evaluate says {reference['new_checkout']}")
    check(reasons == {"SPLIT", "DEFAULT"}, f"40 users meet both sides of the split: {reasons}")

    # Errors, as the OpenFeature client reports them.
    errors = [
        ("string", "no_such_flag", "fallback", plain, ErrorCode.FLAG_NOT_FOUND),
        ("integer", "banner_text", 3, plain, ErrorCode.TYPE_MISMATCH),
        ("boolean", "discount_rate", False, plain, ErrorCode.TYPE_MISMATCH),
        ("string", "banner_text", "fallback", EvaluationContext("u", {"tier": {"nested": 1}}),
         ErrorCode.INVALID_CONTEXT),
    ]
    for kind, key, default, context, code in errors:
        details = getattr(client, f"get_{kind}_details")(key, default, context)
        check(details.value == default, f"{key} ({code}): the caller's default, got {details.value!r}")
        check(details.reason == "ERROR", f"{key} ({code}): reason {details.reason}")
        check(details.error_code == code, f"{key}: error {details.error_code}, expected {code}")
    status, _, body = http(base, "POST", "/ofrep/v1/evaluate/flags/banner_text", b"{not json",
                           {"Authorization": f"Bearer {API_KEY}",
                            "Content-Type": "application/json"})
    answer = json.loads(body)
    check(status == 400 and answer.get("errorCode") == "PARSE_ERROR",
          f"a body that is not JSON: 400 PARSE_ERROR, got {status} {answer}")

    # API keys: both headers, and 401 without.
    unauthenticated = OFREPProvider(base)
    api.set_provider(unauthenticated, "no-key")
    details = api.get_client("no-key").get_string_details("banner_text", "fallback", plain)
    check(details.error_code == ErrorCode.GENERAL and details.value == "fallback",
          f"without a key the client gets its default and GENERAL, got {details}")
    request = json.dumps({"context": {"targetingKey": "u"}}).encode()
    status, _, _ = http(base, "POST", "/ofrep/v1/evaluate/flags/banner_text", request,
                        {"X-API-Key": API_KEY, "Content-Type": "application/json"})
    check(status == 200, f"X-API-Key is accepted: {status}")
    status, _, _ = http(base, "POST", "/ofrep/v1/evaluate/flags/banner_text", request,
                        {"X-API-Key": API_KEY + "x", "Content-Type": "application/json"})
    check(status == 401, f"a wrong key is 401: {status}")

    # Bulk: every flag, the version, an ETag and 304 for it.
    key_headers = {"Authorization": f"Bearer {API_KEY}", "Content-Type": "application/json"}
    bulk_body = json.dumps({"context": {"targetingKey": "user-2", "tier": "free"}}).encode()
    status, headers, body = http(base, "POST", "/ofrep/v1/evaluate/flags", bulk_body, key_headers)
    bulk = json.loads(body)
    keys = sorted(flag["key"] for flag in bulk.get("flags", []))
    check(status == 200, f"bulk: 200, got {status}")
    check(keys == sorted(list(template("Welcome")["parameters"]) + ["offline_message"]),
          f"bulk answers every flag of the template and the defaults: {keys}")
    check(str(bulk.get("metadata", {}).get("version")) == "7", f"bulk metadata: {bulk.get('metadata')}")
    streams = bulk.get("eventStreams") or [{}]
    check(streams[0].get("type") == "sse"
          and streams[0].get("endpoint", {}).get("requestUri") == "/ofrep/v1/events",
          f"bulk advertises the event stream (ADR 0008): {bulk.get('eventStreams')}")
    etag = headers.get("ETag")
    check(bool(etag), f"bulk has an ETag: {headers}")
    status, _, body = http(base, "POST", "/ofrep/v1/evaluate/flags", bulk_body,
                           dict(key_headers, **{"If-None-Match": etag or "-"}))
    check(status == 304 and body == b"", f"bulk with its ETag: 304 and no body, got {status}")

    # Routing over HTTP: exactly the line `route --scenarios` prints.
    scenario = {"config": "ready", "session": "signedIn",
                "profile": {"stage": "elementary", "year": 2, "feature": None},
                "app": {"version": "2.3.0"}, "device": {"idiom": "pad"}}
    line = json.dumps(scenario).encode()
    status, _, body = http(base, "POST", "/switchyard/v1/route", line, key_headers)
    reference = subprocess.run(
        [TOOL, "route", "--template", template_path, "--scenarios", "-"],
        input=line + b"\n", capture_output=True, check=True).stdout
    check(status == 200 and body.strip() == reference.strip(),
          f"/switchyard/v1/route answers route's line: {status} {body!r} vs {reference!r}")

    # Health, readiness and metrics.
    check(http(base, "GET", "/healthz")[0] == 200, "/healthz is 200")
    check(http(base, "GET", "/readyz")[0] == 200, "/readyz is 200 with a template")
    status, _, body = http(base, "GET", "/metrics", headers=key_headers)
    metrics = body.decode()
    for name in ("switchyard_http_requests_total", "switchyard_http_request_duration_seconds",
                 "switchyard_evaluations_total", "switchyard_template_version",
                 "switchyard_refresh_age_seconds", "switchyard_refresh_failures_total"):
        check(name in metrics, f"/metrics has {name}")
    check('reason="SPLIT"' in metrics, "/metrics counts evaluations by reason")

    # A reload: the new template serves within 2 s; a broken one is refused and the last good
    # one keeps serving.
    def banner():
        return client.get_string_details("banner_text", "", plain).value
    events = requests.get(base + "/ofrep/v1/events", stream=True, timeout=(5, 10),
                          headers={"Authorization": f"Bearer {API_KEY}"})
    check(events.status_code == 200
          and events.headers.get("Content-Type") == "text/event-stream",
          f"the event stream answers: {events.status_code} {events.headers}")
    started = time.monotonic()
    write_json(template_path, template("Hello again"))
    check(until(lambda: banner() == "Hello again", 5), "a changed template is served")
    print(f"ofrep-clients: the changed template served after {time.monotonic() - started:.2f} s")
    event = []
    for line in events.iter_lines(decode_unicode=True):
        if line.startswith(":"):
            continue  # a heartbeat comment
        if not line and event:
            break
        if line:
            event.append(line)
    events.close()
    data = json.loads(next((l[6:] for l in event if l.startswith("data: ")), "{}"))
    check(data.get("type") == "refetchEvaluation" and data.get("etag") == "8",
          f"the event stream says to evaluate again after the reload: {event}")
    status, headers, body = http(base, "POST", "/ofrep/v1/evaluate/flags", bulk_body,
                                 dict(key_headers, **{"If-None-Match": etag or "-"}))
    check(status == 200 and headers.get("ETag") != etag, "after a reload the old ETag is not 304")
    with open(template_path, "w") as file:
        file.write('{"parameters": {"banner_text": {"defaultValue": {"value": 1}}}, ')
    check(until(lambda: "refused" in open(stderr_path).read(), 5),
          "a broken template is refused with a line on stderr")
    check(banner() == "Hello again", "the last good template keeps serving")


if __name__ == "__main__":
    main()
