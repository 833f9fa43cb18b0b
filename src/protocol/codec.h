#pragma once
// Every family's JSON adapter, Codec<F> (protocol/codec_of.h), each from its family's folder:
// generated/family_codecs.h (written by src/CMakeLists.txt from its list of families) includes
// each family's codec.h. A family in the registry without one is a compile error wherever a
// codec is asked for.
#include "generated/family_codecs.h"
#include "protocol/codec_of.h"
