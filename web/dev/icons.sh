#!/bin/sh
# Makes the app icons (public/) from public/icon.svg: needs librsvg2-bin and imagemagick.
set -e
cd "$(dirname "$0")/../public"
rsvg-convert -w 192 -h 192 icon.svg -o icon-192.png
rsvg-convert -w 512 -h 512 icon.svg -o icon-512.png
t=$(mktemp -d)
for s in 16 32 48; do rsvg-convert -w $s -h $s icon.svg -o "$t/$s.png"; done
convert "$t/16.png" "$t/32.png" "$t/48.png" favicon.ico
rm -r "$t"
