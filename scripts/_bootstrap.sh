# Sourced by scripts/dev and scripts/test: make .venv match requirements/lock.txt.
# Needs only Python 3.11+ with pip and venv; reinstalls when the lock or pyproject changes.
set -eu
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
VENV="${VENV:-.venv}"

if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "hop needs Python 3.11 or newer; $PYTHON is $("$PYTHON" --version 2>&1)" >&2
    exit 1
fi

stamp="$(cat requirements/lock.txt pyproject.toml | "$PYTHON" -c 'import hashlib,sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())')"
if [ ! -x "$VENV/bin/python" ] || [ "$(cat "$VENV/.hop-stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "Installing dependencies into $VENV (pinned by requirements/lock.txt)..." >&2
    "$PYTHON" -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
        --require-hashes -r requirements/lock.txt
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
        --no-deps --no-build-isolation -e .
    echo "$stamp" > "$VENV/.hop-stamp"
fi
