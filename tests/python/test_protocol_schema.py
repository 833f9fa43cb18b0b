"""docs/protocol.schema.json against the engine's real replies: `inbetween engine` is run over
sessions of every family (every request kind, every bot, refusals of many kinds), and every
request sent and every reply read is checked against the schema's shape for that request.

The executable is $INBETWEEN_EXECUTABLE (set by ctest), else build/inbetween of the checkout.
Validation is Debian's python3-jsonschema (draft 2020-12)."""
import copy
import json
import os
import pathlib
import random
import subprocess

import jsonschema
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "protocol.schema.json").read_text())
EXECUTABLE = os.environ.get("INBETWEEN_EXECUTABLE", str(ROOT / "build" / "inbetween"))


def validator(definition):
    """A validator of one of the schema's $defs, with the whole schema around it for its $refs."""
    schema = dict(SCHEMA)
    schema.pop("oneOf")
    schema["$ref"] = f"#/$defs/{definition}"
    return jsonschema.Draft202012Validator(schema)


VALIDATORS = {}
SEEN = {"events": set(), "codes": set(), "kinds": set()}  # over every test of this file, for the last one


def check(definition, document):
    if definition not in VALIDATORS:
        VALIDATORS[definition] = validator(definition)
    errors = sorted(VALIDATORS[definition].iter_errors(document), key=lambda e: list(e.path))
    assert not errors, f"{definition}: {json.dumps(document)[:600]}\n" + "\n".join(
        f"  at {list(e.path)}: {e.message[:300]}" for e in errors[:5])


class Engine:
    """One `inbetween engine` process; every request and reply checked against the schema."""

    def __init__(self, *args):
        env = dict(os.environ, INBETWEEN_DATA=str(ROOT), INBETWEEN_CACHE_DIR=os.environ.get("INBETWEEN_CACHE_DIR", "off"))
        self.process = subprocess.Popen([EXECUTABLE, "engine", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, env=env)
        self.codes = set()     # error codes seen
        self.kinds = set()     # requests answered with ok: true, by cmd
        self.events = set()    # event types seen
        self.replies = []      # (cmd, reply), for the tests that change a reply
        self.actions = set()   # types of the actions taken (typed in or a bot's)

    def line(self, text, cmd):
        """Sends one raw line; the reply must be the shape of `cmd`'s reply, or an error."""
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()
        reply = json.loads(self.process.stdout.readline())
        if reply.get("ok") is False:
            check("reply_error", reply)
            self.codes.add(reply["error"]["code"])
            SEEN["codes"].add(reply["error"]["code"])
        else:
            check(f"reply_{cmd}", reply)
            self.kinds.add(cmd)
            SEEN["kinds"].add(cmd)
            for event in reply.get("events", []):
                self.events.add(event["type"])
                SEEN["events"].add(event["type"])
            self.replies.append((cmd, reply))
        check("reply", reply)  # the union every reply belongs to
        return reply

    def send(self, request, valid=True):
        """A request, its reply. The schema must take the request when `valid`, else refuse it."""
        if valid:
            check("request", request)
        else:
            with pytest.raises(AssertionError):
                check("request", request)
        reply = self.line(json.dumps(request), request.get("cmd") if isinstance(request, dict) else None)
        if reply.get("ok") and request.get("cmd") == "act":
            self.actions.add((request.get("action") or reply["action"])["type"])
        return reply

    def close(self):
        self.send({"cmd": "quit"})
        assert self.process.wait(timeout=30) == 0


def random_action(choice, rng):
    """A concrete action from a `legal` choice (a range is given an amount inside it)."""
    action = {k: v for k, v in choice.items() if k not in ("min", "max")}
    if "min" in choice:
        action["amount"] = rng.randint(choice["min"], choice["max"])
    if choice["type"] == "call":
        action["ace"] = rng.choice(choice["ace"])
    return action


def play(engine, new, rng, moves=400, hint_every=5):
    """Starts `new` and plays it out with random legal actions and every bot, asking for the
    state, hints, the log and other players' legal actions on the way."""
    reply = engine.send(new)
    assert reply["ok"], reply
    state = reply["state"]
    for move in range(moves):
        if state["over"]:
            break
        if move % hint_every == 0:
            assert engine.send({"cmd": "hint"})["ok"]
        if move % 7 == 3:
            for p in state["players"]:
                engine.send({"cmd": "legal", "player": p["name"]})
        if move % 3 == 0:
            bot = ["random", "cautious", "sensible", "optimal"][(move // 3) % 4]
            reply = engine.send({"cmd": "act", "bot": bot})
        else:
            legal = engine.send({"cmd": "legal"})
            action = random_action(rng.choice(legal["actions"]), rng)
            reply = engine.send({"cmd": "act", "player": legal["player"], "action": action})
            if not reply["ok"]:  # a random amount the rules refuse now; the bot moves instead
                reply = engine.send({"cmd": "act", "bot": "random"})
        assert reply["ok"], reply
        if move % 11 == 5 and not reply["state"]["over"]:
            reply = engine.send({"cmd": "act", "bot": "cautious", "state": False})
            assert reply["ok"] and "state" not in reply
            state = engine.send({"cmd": "state"})["state"]
        else:
            state = reply["state"]
        if move % 13 == 0:
            engine.send({"cmd": "log"})
    assert state["over"], f"{new}: not over after {moves} moves"
    engine.send({"cmd": "state"})
    engine.send({"cmd": "log"})
    engine.send({"cmd": "hint"})                                       # nobody_to_act
    engine.send({"cmd": "act", "action": {"type": "pass"}})            # game_over
    return engine


PRESETS = {
    "hoyle": {"deals": 3},
    "hoyle-3": {"deals": 3},
    "banker": {"deals": 2, "rebuys": True},
    "between-the-sheets": {"deals": 4, "second_ace": "call"},
    "acey-deucey": {"deals": 4},
    "red-dog": {"hands": 6},
    "threebetween": {"target": 60},
}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_reply_of_a_game_of_every_preset_fits_the_schema(preset):
    rng = random.Random(preset)
    engine = Engine()
    for seed in (1, 2):
        new = {"cmd": "new", "rules": preset, "players": ["ann", "bob", "cy"], "seed": seed, "set": PRESETS[preset]}
        if preset == "red-dog":
            new["set"] = {}  # the preset's own length
        play(engine, new, rng, moves=3000 if preset == "threebetween" else 600,
             hint_every=40 if preset == "threebetween" else 5)
    engine.close()
    assert {"new", "legal", "act", "hint", "state", "log", "quit"} <= engine.kinds
    assert {"nobody_to_act", "game_over"} <= engine.codes


def test_the_documented_hoyle_session_and_its_refusals():
    engine = Engine()
    for cmd in ("legal", "act", "hint", "state", "log"):
        engine.send({"cmd": cmd, "action": {"type": "pass"}} if cmd == "act" else {"cmd": cmd})  # no_game
    engine.send({"cmd": "new", "rules": "hoyle", "players": ["Ann", "Bob"], "seed": 7, "dealer": "Bob",
                 "deck": ["5S", "JH", "9C", "3D", "4D", "7H", "7C", "2C", "KS", "KD"], "program": "a test"})
    engine.send({"cmd": "legal"})
    engine.send({"cmd": "act", "player": "Ann", "action": {"type": "bet", "amount": 5}})     # bet_too_large
    engine.send({"cmd": "act", "player": "Ann", "action": {"type": "bet", "amount": 0}})     # bet_too_small
    engine.send({"cmd": "act", "player": "Ann", "action": {"type": "call", "ace": "low"}})  # no_ace_to_call
    engine.send({"cmd": "act", "player": "Ann", "action": {"type": "raise"}})              # raise_not_allowed
    engine.send({"cmd": "act", "player": "Ann", "action": {"type": "stand"}})              # not_now
    engine.send({"cmd": "act", "player": "Ann", "action": {"type": "rebuy", "amount": 5}})  # rebuy_not_allowed
    engine.send({"cmd": "act", "player": "Ann", "action": {"type": "pass"}})               # pass_not_allowed
    engine.send({"cmd": "act", "player": "Ann", "action": {"type": "bet", "amount": 2}})
    engine.send({"cmd": "act", "player": "Bob", "action": {"type": "bet", "amount": 1}})    # not_your_turn
    engine.send({"cmd": "act", "player": "Zed", "action": {"type": "bet", "amount": 1}})    # unknown_player
    engine.send({"cmd": "legal", "player": "Bob"})
    engine.send({"cmd": "act", "player": "Ann", "action": {"type": "bet", "amount": 1}})
    engine.send({"cmd": "state"})
    log = engine.send({"cmd": "log"})["log"]
    assert log[0]["program"] == "a test" and len(log) == 3
    engine.close()


def test_refusals_of_the_protocol_fit_the_schema():
    engine = Engine()
    engine.line("not json", None)                                        # bad_json
    engine.line("[" * 100 + "]" * 100, None)                             # too_deep
    engine.line('{"cmd":"state","pad":"' + "x" * (1 << 20) + '"}', None)  # line_too_long
    engine.line("[1,2]", None)                                           # bad_request: not an object
    engine.send({"cmd": "dance"}, valid=False)                           # unknown_cmd
    engine.send({"cmd": "new", "players": "ann"}, valid=False)           # bad_request
    engine.send({"cmd": "new", "rules": "no-such-rules", "players": ["a", "b"]})          # bad_rules
    engine.send({"cmd": "new", "rules": "../rules/hoyle.toml", "players": ["a", "b"]})    # bad_rules: a path
    engine.send({"cmd": "new", "rules": "hoyle", "set": {"pair_pays": -3}, "players": ["a", "b"]})  # bad_rules
    engine.send({"cmd": "new", "rules": "hoyle", "players": ["a", "a"]})                  # bad_setup
    engine.send({"cmd": "new", "rules": "hoyle", "players": ["a", "b"], "dealer": "z"})   # bad_setup
    engine.send({"cmd": "new", "rules": "hoyle", "players": ["a", "b"], "deck": ["5X"]}, valid=False)  # bad_card
    engine.send({"cmd": "new", "rules": "hoyle", "players": ["a", "b"], "dealing": 1})    # old_dealing
    engine.send({"cmd": "new", "rules": "hoyle", "rules_text": "x", "players": ["a", "b"]}, valid=False)  # bad_request
    text = (ROOT / "rules" / "hoyle.toml").read_text()
    assert engine.send({"cmd": "new", "rules_text": text, "players": ["a", "b"], "seed": 3, "state": False})["ok"]
    engine.send({"cmd": "act", "action": {"type": "fly"}}, valid=False)   # bad_action
    engine.send({"cmd": "act", "action": {"type": "bet"}}, valid=False)   # bad_action: no amount
    engine.send({"cmd": "act", "action": {"type": "pass"}, "bot": "optimal"}, valid=False)  # bad_request: both
    engine.send({"cmd": "act", "bot": "genius"}, valid=False)             # bad_request
    engine.send({"cmd": "act"}, valid=False)                               # bad_request
    engine.send({"cmd": "hint", "composition": "magic"}, valid=False)     # bad_request
    engine.send({"cmd": "state", "extra": 1}, valid=False)                # ignored by the engine: a state reply
    engine.close()
    assert {"bad_json", "too_deep", "line_too_long", "bad_request", "unknown_cmd", "bad_rules", "bad_setup", "bad_card",
            "old_dealing", "bad_action", "no_game"} - engine.codes <= {"no_game"}


def test_red_dog_raises_stands_and_cannot_afford():
    engine = Engine()
    rng = random.Random(5)
    for seed in range(1, 6):
        new = {"cmd": "new", "rules": "red-dog", "players": ["ann", "bob"], "seed": seed, "set": {"start_chips": 3}}
        play(engine, new, rng, moves=400)
    engine.send({"cmd": "new", "rules": "red-dog", "players": ["ann"], "seed": 1})
    engine.send({"cmd": "act", "action": {"type": "call", "ace": "high"}})  # no_ace_to_call
    engine.send({"cmd": "act", "action": {"type": "rebuy", "amount": 1}})   # rebuy_not_allowed
    engine.close()
    assert {"raise", "stand", "win", "loss"} <= engine.events


def test_threebetween_every_action_and_its_refusals():
    engine = Engine()
    # The documented round (docs/protocol.md, Example round), with its refusals.
    engine.send({"cmd": "new", "rules": "threebetween", "players": ["ann", "bob"], "seed": 5, "dealer": "bob",
                 "set": {"target": 20},
                 "deck": ["?", "M", "T", "M", "Z", "B", "H", "A/E", "N", "S", "C", "A/I", "R", "Q", "D", "L", "W"]})
    engine.send({"cmd": "legal"})
    engine.send({"cmd": "hint"})
    engine.send({"cmd": "act", "player": "ann", "action": {"type": "replace", "card": "K"}})  # not_your_card
    engine.send({"cmd": "act", "player": "ann", "action": {"type": "keep"}})
    engine.send({"cmd": "legal"})
    engine.send({"cmd": "act", "player": "ann", "action": {"type": "place_limits", "low": {"card": "?"}, "high": {"card": "T"}}})
    engine.send({"cmd": "act", "player": "bob", "action": {"type": "replace", "card": "M"}})
    engine.send({"cmd": "act", "player": "ann", "action": {"type": "draw"}})
    engine.send({"cmd": "legal"})
    engine.send({"cmd": "act", "player": "ann", "action": {"type": "place", "card": "A/E", "as": "X"}})  # bad_letter
    engine.send({"cmd": "act", "player": "ann", "action": {"type": "place", "card": "Z"}})               # not_drawn
    engine.send({"cmd": "act", "player": "ann", "action": {"type": "place", "card": "A/E", "as": "E"}})
    engine.send({"cmd": "act", "player": "ann", "action": {"type": "place", "card": "H"}})
    engine.send({"cmd": "act", "player": "ann", "action": {"type": "place", "card": "B"}})
    engine.send({"cmd": "hint", "composition": "remaining"})
    engine.send({"cmd": "act", "player": "bob", "action": {"type": "bank"}})                 # no_threebetween
    engine.send({"cmd": "act", "player": "bob", "action": {"type": "draw"}})
    engine.send({"cmd": "act", "player": "bob", "action": {"type": "place", "card": "N"}})
    engine.send({"cmd": "act", "player": "bob", "action": {"type": "place", "card": "N"}})   # not_drawn
    engine.send({"cmd": "act", "player": "bob", "action": {"type": "place", "card": "S"}})
    engine.send({"cmd": "act", "player": "ann", "action": {"type": "draw"}})                 # no_empty_space
    engine.send({"cmd": "act", "player": "ann", "action": {"type": "bank"}})
    engine.send({"cmd": "act", "player": "ann", "action": {"type": "place_limits", "low": {"card": "R"}, "high": {"card": "A/I", "as": "A"}}})
    engine.send({"cmd": "act", "player": "ann", "action": {"type": "place_limits", "low": {"card": "A/I", "as": "A"}, "high": {"card": "R"}}})
    for request in ({"cmd": "act", "player": "bob", "action": {"type": "draw"}},
                    {"cmd": "act", "player": "bob", "action": {"type": "place", "card": "Q"}},
                    {"cmd": "act", "player": "ann", "action": {"type": "draw"}},
                    {"cmd": "act", "player": "ann", "action": {"type": "place", "card": "W"}},
                    {"cmd": "act", "player": "ann", "action": {"type": "place", "card": "D"}},
                    {"cmd": "act", "player": "ann", "action": {"type": "end_turn"}},
                    {"cmd": "act", "player": "bob", "action": {"type": "pass"}},
                    {"cmd": "act", "player": "ann", "action": {"type": "pass"}},
                    {"cmd": "log"}, {"cmd": "hint"}):
        engine.send(request)
    # Identical limit cards kept: a bust.
    engine.send({"cmd": "new", "rules": "threebetween", "players": ["ann", "bob"], "seed": 5, "dealer": "bob",
                 "deck": ["M", "T", "M", "T"]})
    engine.send({"cmd": "act", "player": "ann", "action": {"type": "keep"}})
    engine.send({"cmd": "act", "player": "bob", "action": {"type": "keep"}})
    engine.close()
    assert {"keep", "replace", "place_limits", "draw", "place", "end_turn", "bank", "pass"} <= engine.actions
    assert {"does_not_fit", "bad_letter", "not_drawn", "not_your_card", "no_threebetween", "no_empty_space",
            "limits_out_of_order"} <= engine.codes
    assert {"round_started", "limit_dealt", "kept", "replaced", "limits_laid", "drew", "placed", "discarded",
            "threebetween", "banked", "passed", "tally", "game_over", "bust"} <= engine.events


def test_the_schema_refuses_a_reply_whose_shape_changed():
    """A real reply with a field left out, one added, or one of another type is refused: the
    schema would notice a change of the protocol's shape."""
    engine = Engine()
    engine.send({"cmd": "new", "rules": "red-dog", "players": ["ann", "bob"], "seed": 1})
    engine.send({"cmd": "hint"})
    engine.send({"cmd": "legal"})
    engine.close()
    replies = dict(engine.replies)
    changes = [
        ("new", lambda r: r["state"].pop("house")),
        ("new", lambda r: r["state"]["players"][0].pop("raised")),
        ("new", lambda r: r["state"]["players"][0].update(seat=0)),
        ("new", lambda r: r["state"].update(pot=5)),
        ("new", lambda r: r["events"][0].update(amount=1)),
        ("new", lambda r: r["events"].append({"type": "explosion"})),
        ("new", lambda r: r["state"]["shoe"].pop("discards")),
        ("hint", lambda r: r.pop("unit")),
        ("hint", lambda r: r["choices"][0].pop("why")),
        ("hint", lambda r: r.update(ev=1.0)),
        ("legal", lambda r: r["actions"][0].pop("max")),
        ("legal", lambda r: r.update(player=3)),
        ("quit", lambda r: r.update(bye=True)),
    ]
    for cmd, change in changes:
        check(f"reply_{cmd}", replies[cmd])
        changed = copy.deepcopy(replies[cmd])
        change(changed)
        with pytest.raises(AssertionError):
            check(f"reply_{cmd}", changed)
    with pytest.raises(AssertionError):
        check("reply_error", {"ok": False, "error": {"code": "bad_json"}})
    with pytest.raises(AssertionError):
        check("request", {"cmd": "act", "player": "ann", "acton": {"type": "pass"}})


def test_the_sessions_above_met_every_event_and_most_refusals():
    """The schema's every event type came up in a real reply above (so none of its event shapes
    is unchecked), and so did every error code but the few no session here can provoke."""
    assert SEEN["events"], "run the whole file: this test reads what the ones above met"
    events = {d[len("event_"):] for d in SCHEMA["$defs"] if d.startswith("event_")}
    assert events - SEEN["events"] == set()
    codes = set(SCHEMA["$defs"]["reply_error"]["properties"]["error"]["properties"]["code"]["enum"])
    assert codes - SEEN["codes"] <= {"internal", "too_big", "raise_unaffordable", "no_bet_possible", "rebuy_out_of_range",
                                     "letter_taken"}
    assert SEEN["kinds"] == {"new", "legal", "act", "hint", "state", "log", "quit"}
