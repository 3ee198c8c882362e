"""Hooks for scripts/schemathesis.sh (loaded through SCHEMATHESIS_HOOKS).

A POST that repeats an Idempotency-Key with the same body gets the first answer again, by design:
when the thing it made was deleted meanwhile, schemathesis's stateful checks then report a
"created resource not found". So every request that sends a valid key gets a key of its own
(the generated one with a random suffix); keys that are not valid are sent as generated, and
their 400 is still checked. Repeats, other bodies and races are tested in IdempotencyHTTPTests."""

import uuid

import schemathesis


def _valid(key: str) -> bool:
    return 1 <= len(key.encode()) <= 200 and all(0x21 <= ord(character) <= 0x7E for character in key)


@schemathesis.hook
def before_call(context, case, **kwargs):
    headers = case.headers or {}
    key = headers.get("Idempotency-Key")
    if isinstance(key, str) and _valid(key):
        headers["Idempotency-Key"] = f"{key}-{uuid.uuid4()}"
        case.headers = headers
