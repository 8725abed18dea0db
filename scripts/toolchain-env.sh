# Sourced by scripts/serve, scripts/test and scripts/bench after scripts/setup:
# puts the pinned Emscripten on PATH and works around Debian's packaging.
# shellcheck shell=bash
if command -v emsdk >/dev/null 2>&1; then
  # A user's own emsdk (scripts/setup activated the pinned version in it).
  # shellcheck disable=SC1091
  EMSDK_QUIET=1 source "$(dirname "$(command -v emsdk)")/emsdk_env.sh" >/dev/null
fi
# Debian's emcc needs its JavaScript modules (acorn) on NODE_PATH.
if [ -d /usr/share/nodejs ]; then
  export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
fi
