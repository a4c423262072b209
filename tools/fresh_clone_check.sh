#!/usr/bin/env bash
# Read the README from the top as a new user would: clone HEAD into a temporary
# folder, then run the README's two set-up commands there (the play command is
# fed the quick game on stdin, so it ends by itself).
#
#     tools/fresh_clone_check.sh            # keeps the folder and prints where it is
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
git clone -q "$here" "$work/life2-retro"
# the listing is found beside the checkout, as on CI
if [ -d "$here/../shared" ]; then ln -s "$(cd "$here/../shared" && pwd)" "$work/shared"; fi
cd "$work/life2-retro"
mapfile -t commands < <(python3 - <<'PY'
import re
text = open("README.md").read().split("\n---\n")[0]
for command in re.findall(r"```sh\n(.+?)\n```", text):
    print(command)
PY
)
echo "== ${commands[0]}"
printf '1,1\n1,5\n5,5\n3,2\n3,3\n3,4\n' | bash -c "${commands[0]}" | tail -4
echo "== ${commands[1]}"
LIFE2_REQUIRE_REFERENCE=1 bash -c "${commands[1]} -q" | tail -3
echo "checked in $work"
