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
mkdir -p "$corpus"/{protocol,rule_file,deck_file,card_notation,saved_game,lobby}
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
# The server's messages (lobby_fuzz.cpp): whole table stories, one message a line; a leading 1
# or 2 sends from that connection, $T is the newest table code and $Kn connection n's token.
lobby() { cat > "$corpus/lobby/$1"; }
lobby hoyle <<'MESSAGES'
{"type":"presets","id":1}
{"type":"create","name":"Ann","rules":"hoyle","seats":3,"set":{"deals":2},"id":2}
1{"type":"join","table":"$T","name":"Bob"}
{"type":"bot","table":"$T","token":"$K0","kind":"sensible"}
2{"type":"watch","table":"$T"}
{"type":"start","table":"$T","token":"$K0"}
{"type":"act","table":"$T","token":"$K0","action":{"type":"bet","amount":1}}
1{"type":"act","table":"$T","token":"$K1","action":{"type":"pass"}}
{"type":"hint","table":"$T","token":"$K0","id":3}
1{"type":"hint","table":"$T","token":"$K1"}
2{"type":"chat","table":"$T","text":"hello"}
1{"type":"chat","table":"$T","token":"$K1","text":"<b>hi</b>"}
{"type":"act","table":"$T","token":"$K1","action":{"type":"bet","amount":2}}
{"type":"replay","table":"$T","game":1}
{"type":"tables"}
MESSAGES
lobby red-dog <<'MESSAGES'
{"type":"create","name":"Ann","rules":"red-dog","seats":2}
{"type":"bot","table":"$T","token":"$K0","kind":"random"}
{"type":"start","table":"$T","token":"$K0"}
{"type":"act","table":"$T","token":"$K0","action":{"type":"wager","amount":1}}
{"type":"act","table":"$T","token":"$K0","action":{"type":"raise"}}
{"type":"act","table":"$T","token":"$K0","action":{"type":"stand"}}
{"type":"hint","table":"$T","token":"$K0"}
{"type":"again","table":"$T","token":"$K0"}
MESSAGES
lobby threebetween <<'MESSAGES'
{"type":"create","name":"Ann","rules":"threebetween","seats":2,"set":{"target":20}}
1{"type":"join","table":"$T","name":"Bob"}
{"type":"start","table":"$T","token":"$K0"}
{"type":"act","table":"$T","token":"$K0","action":{"type":"place","card":"E","as":"E"}}
1{"type":"act","table":"$T","token":"$K1","action":{"type":"bank"}}
{"type":"act","table":"$T","token":"$K0","action":{"type":"pass"}}
2{"type":"resume","table":"$T","token":"$K1"}
MESSAGES
lobby rules-text <<'MESSAGES'
{"type":"create","name":"Ann","rules_text":"game = \"pot\"\nname = \"mine\"\nante = 2\n","seats":2}
{"type":"create","name":"Ann","rules_text":"game = \"house\"\ndecks = 2\n"}
{"type":"create","name":"Bo","rules":"banker","set":{"ante":3,"deck":"/etc/passwd"}}
{"type":"bot","table":"$T","token":"$K0","kind":"cautious"}
{"type":"start","table":"$T","token":"$K0"}
MESSAGES
lobby malformed <<'MESSAGES'
{"type":"act","table":"ZZZZ","token":"x","action":[[[[]]]]}
[1,2,3]
{"type":7}
{"type":"create","name":"\u0007\u001b[2J","rules":"hoyle"}
{"type":"create","name":"Ann","rules":"hoyle","seats":99}
{"type":"join","table":"$T","name":""}
1{"type":"resume","table":"$T","token":"$K0"}
{"type":"chat","table":"$T","text":""}
not json at all
MESSAGES

echo "seed_corpus: $(find "$corpus" -type f | wc -l) files, $(du -sh "$corpus" | cut -f1)"
