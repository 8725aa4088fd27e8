/** @kodama/core/local-door: the door of a local server — Host, Origin and the bearer token, before anything runs. */
export {
  isLoopback,
  type LocalDoor,
  type Refusal,
  refusalOf,
  sameSecret,
  urlHost,
} from '../local-door/local-door.ts';
