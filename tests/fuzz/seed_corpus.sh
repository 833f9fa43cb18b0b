#!/usr/bin/env bash
# Writes the seed corpora of the fuzz targets (corpus/<target>/) from the project's own
# examples: the protocol sessions of docs/ and the README, games played by bots and saved by
# `inbetween play`, the rule and deck files, card notation. Run from anywhere with a built
# `inbetween` (default: build/inbetween); the files it writes are committed.
#   tests/fuzz/seed_corpus.sh [path/to/inbetween]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
inbetween="$(realpath "${1:-$root/build/inbetween}")"
corpus="$here/corpus"
# Inputs that found bugs (crash-*) stay; everything else is written again.
mkdir -p "$corpus"/{protocol,rule_file,deck_file,card_notation,saved_game}
find "$corpus" -type f ! -name 'crash-*' -delete

# Protocol: every example session of the docs, one file per code block of `> ` lines.
for doc in "$root"/docs/*.md "$root"/README.md; do
  awk -v out="$corpus/protocol/$(basename "$doc" .md)" '
    /^```/ { if (n) block++; n = 0; next }
    /^> \{/ { n++; sub(/^> /, ""); print > (out "-" (block + 0) ".jsonl") }
  ' "$doc"
done

# Games played by bots to their end and saved by `play`: a save is a protocol session too.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
n=0
for rules in hoyle hoyle-3 banker red-dog between-the-sheets acey-deucey threebetween; do
  players="bot,bot:random,bot:cautious"
  [ "$rules" = threebetween ] && players="bot,bot:random"
  for seed in 1 2; do
    n=$((n + 1))
    "$inbetween" play --rules "$rules" --players "$players" --seed "$seed" --set "$([ "$rules" = threebetween ] && echo target=30 || echo deals=2)" \
      --save "$work/$rules-$seed.jsonl" --color never </dev/null >/dev/null
    # Short games keep the fuzzer fast: the first 30 lines of each.
    head -n 30 "$work/$rules-$seed.jsonl" > "$work/short.jsonl"
    # The saved game target reads its first byte as a switch: 0 as it is, 1 checksums made right.
    { printf '\0'; cat "$work/short.jsonl"; } > "$corpus/saved_game/$rules-$seed.bin"
    { printf '\1'; sed 's/,"sum":"[0-9a-f]*"}$/}/' "$work/short.jsonl"; } > "$corpus/saved_game/$rules-$seed-resum.bin"
    sed 's/,"sum":"[0-9a-f]*"}$/}/' "$work/short.jsonl" > "$corpus/protocol/game-$rules-$seed.jsonl"
    { sed 's/,"sum":"[0-9a-f]*"}$/}/' "$work/short.jsonl" | head -n 1
      echo '{"cmd":"legal"}'; echo '{"cmd":"hint"}'; echo '{"cmd":"act","bot":"random"}'; echo '{"cmd":"state"}'; echo '{"cmd":"log"}'
    } > "$corpus/protocol/questions-$rules-$seed.jsonl"
  done
done

cp "$root"/rules/*.toml "$corpus/rule_file/"
cp "$root"/decks/*.toml "$corpus/deck_file/"
for card in TD 10d as 2C qh K a/e E/A '?' z Q/U 10 A; do
  printf '%s' "$card" > "$corpus/card_notation/$(printf '%s' "$card" | tr '/?' '_w')"
done
echo "seed_corpus: $(find "$corpus" -type f | wc -l) files, $(du -sh "$corpus" | cut -f1)"
