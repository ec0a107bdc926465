// Games that survive (docs/widgets.md): a play app's kernel sends its game's save after every
// change over a comm (target `dicelab.saved`, dicelab/widgets/common/saved.py); the page keeps
// it in the browser's storage, one save per page and class link, and sends it back to the
// kernel of the page opened again (a reload, "Carry on"), which reads it as hostile input.

const TARGET = 'dicelab.saved';
const PREFIX = 'dicelab.saved:';
/** The parts of a page's link that choose its game (not its language). */
const GAME_LINK = ['class', 'seed', 'solo'];

/** The storage key of this page's save: its path, and its class link if any. */
export function pageKey(location = window.location) {
  const query = new URLSearchParams(location.search);
  const link = new URLSearchParams();
  for (const name of GAME_LINK) {
    const values = query.getAll(name);
    if (values.length) {
      link.set(name, values[values.length - 1]); // the last counts, as in the kernel
    }
  }
  const rest = link.toString();
  return PREFIX + location.pathname + (rest ? `?${rest}` : '');
}

function read(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage off (a private window's settings): the game lives in the kernel
  }
}

function write(key, text) {
  try {
    window.localStorage.setItem(key, text);
  } catch {
    // Storage full or off: the kernel still has the game; nothing to tell the learner now.
  }
}

/**
 * Keep the game of the page's play app, if it has one: find its kernel's save comm, send it
 * the save this browser kept for the page (or none), and keep every save it sends. True if
 * the page has a game to keep.
 */
export async function keepGame(kernel) {
  const reply = await kernel.requestCommInfo({ target_name: TARGET });
  const comms = (reply.content && reply.content.comms) || {};
  const id = Object.keys(comms).find((key) => comms[key].target_name === TARGET);
  if (!id) {
    return false;
  }
  const key = pageKey();
  const comm = kernel.createComm(TARGET, id);
  comm.onMsg = (msg) => {
    const data = msg.content.data;
    if (data && data.method === 'save' && typeof data.save === 'string') {
      write(key, data.save);
    }
  };
  comm.send({ method: 'hello', saved: read(key) });
  return true;
}
