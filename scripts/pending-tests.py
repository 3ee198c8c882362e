#!/usr/bin/env python3
"""Lists the Swift tests a `swift test` log shows as started and not yet ended: what to look at
when the test process stops making progress. Usage: scripts/pending-tests.py LOG"""

import re
import sys

started, ended = [], set()
with open(sys.argv[1], errors="replace") as log:
    for line in log:
        if match := re.match(r'◇ Test "(.*?)" started', line):
            started.append(match.group(1))
        elif match := re.match(r'[✔✘] Test "(.*?)" (?:passed|failed|with )', line):
            ended.add(match.group(1))
for name in started:
    if name not in ended:
        print(f"  still running: {name}")
