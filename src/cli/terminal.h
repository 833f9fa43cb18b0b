#pragma once
// How the terminal shows a family: Terminal<F> narrates its events, draws its table, asks a
// person for a move (with the best one suggested) and reads the answer, shows the hint and
// the end. The one play loop and the one replay (play_loop.h) talk to every family through it.
//
// Each specialisation offers, for a Style, a game and the bot seats' kinds:
//   title()                      the first line: the game and the knobs in force
//   narrate(event)               a line (or a few) for an event, "" for none; it may keep
//                                track of the game (deal and hand summaries)
//   after()                      after a move's events: who it knocked out, or ""
//   table()                      the table before a person decides
//   prompt(seat, best)           the choices and the question, `best` in brackets
//   parse(input, seat, best, why) the action typed, or nullopt with `why` set
//   hint(seat)                   the `?` key: exact values of every choice
//   refusal(text)                a refused input or action, styled
//   history()                    what happened so far, for a loaded game
//   ending()                     the final standings ("" where the narration showed them)
//
// Each family's folder holds its own (families/NAME/terminal.h): generated/family_terminals.h
// (written by src/CMakeLists.txt from its list of families) includes every one. A family in the
// registry without one is a compile error in the play loop.
#include "generated/family_terminals.h"
