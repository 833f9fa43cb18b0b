#pragma once
// Every family's JSON adapter, Codec<F> (protocol/codec_of.h), each from its family's folder.
// A family in the registry without one is a compile error wherever a codec is asked for.
#include "families/house/codec.h"
#include "families/pot/codec.h"
#include "families/three/codec.h"
#include "protocol/codec_of.h"
