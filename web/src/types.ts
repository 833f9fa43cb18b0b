// The shapes of docs/server.md's messages and docs/protocol.md's engine JSON: generated from the one
// schema (schema/messages.schema.json → messages.gen.ts, `npm run types`), which
// tests/schema.spec.ts checks real server messages of every type and family against.

export type {
  Action,
  Card,
  ChancesMsg,
  ChatMsg,
  Choice,
  ErrorMsg,
  GameEvent,
  Hint,
  HintChoice,
  HintMsg,
  Laid,
  Legal,
  PotPlayer,
  PotState,
  Preset,
  PresetsMsg,
  ReplayMsg,
  ReplayStep,
  SeatedMsg,
  Seat,
  ServerMsg,
  State,
  TableListing,
  TableMsg,
  TablesMsg,
  TbPlayer,
  TbState,
} from './messages.gen';
import type { State, TbState } from './messages.gen';

export function isTb(s: State | null): s is TbState {
  return !!s && s.game === 'threebetween';
}
