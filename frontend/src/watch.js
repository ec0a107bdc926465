// The page watches its kernel and its connection (docs/widgets.md, "Games that survive"): a
// drop is said within a second or two, in the page's language (the template's
// `window.dicelabTexts`), while the connection tries again by itself; a kernel that is gone
// (culled while the page had no connection, restarted, the server restarted) is said too,
// with a button that opens the page again: the game comes back (saved.js).
import './connection.css';

import { askShutdown, xsrfToken } from './kernel.js';

/** A drop shorter than this (ms) is not shown: a blink of the network is not news. */
const LOST_AFTER = 1000;
/**
 * How often (ms) the page asks the server (a small JSON answer) whether its kernel is still there. A kernel shut
 * down by the server (culled, or by an administrator) leaves the page's websocket open under
 * Voilà: without asking, the page would not know.
 */
const CHECK_EVERY = 1000;
const GONE_STATES = ['dead', 'restarting', 'autorestarting'];

/**
 * Watch `kernel` (of the server at `baseUrl`); `hasGame()` says whether the page keeps a
 * game (its words then say that the game is kept).
 */
export function watchKernel(kernel, baseUrl, hasGame) {
  const banner = new Banner();
  let state = 'ok'; // 'ok' | 'lost' | 'gone'
  let lostTimer = null;
  let checkTimer = null;
  let closing = false;
  let asking = null; // the question in flight (an AbortController)
  window.addEventListener('beforeunload', () => {
    closing = true;
    // The page's kernel is being shut down (kernel.js): a question already sent, or one due
    // in a moment, would come back "404, no such kernel" and be logged as a failed request by
    // a page that is leaving.
    asking?.abort();
    if (typeof checkTimer === 'number') {
      clearTimeout(checkTimer);
      checkTimer = null;
    }
  });

  const stopTimers = () => {
    clearTimeout(lostTimer);
    lostTimer = null;
  };
  const gone = () => {
    if (closing || state === 'gone') {
      return;
    }
    state = 'gone';
    stopTimers();
    clearTimeout(checkTimer);
    banner.show('gone', hasGame());
    window.dicelabConnection = 'gone';
    document.body.dataset.dlConnection = 'gone';
    document.getElementById('rendered_cells')?.setAttribute('inert', ''); // clicks do nothing
    release();
  };
  // Let go of the kernel: no more attempts on one that is not there, and a kernel the server
  // restarted (empty: the page's widgets are not in it) is shut down. After a restart the
  // connection is being made again (a promise of @jupyterlab/services waits on it): it is
  // let go once that is done, or the promise would fail on the page.
  let restarted = false;
  const release = () => {
    if (!restarted || kernel.connectionStatus === 'disconnected') {
      shutDown(kernel, baseUrl, false);
    } else if (kernel.connectionStatus === 'connected') {
      shutDownStarted();
    } else {
      const settled = (_, status) => {
        if (status !== 'connecting') {
          kernel.connectionStatusChanged.disconnect(settled);
          release();
        }
      };
      kernel.connectionStatusChanged.connect(settled);
    }
  };
  // The restarted kernel is shut down once it has started (it answers a question, or 20 s
  // have passed): shut down while it starts, it writes a traceback in the server's log.
  const shutDownStarted = () => {
    let done = false;
    const once = () => {
      if (!done) {
        done = true;
        shutDown(kernel, baseUrl, true);
      }
    };
    setTimeout(once, 20000);
    kernel.requestKernelInfo().then(once, once);
  };
  const check = async () => {
    if (closing) {
      return;
    }
    checkTimer = 'asking'; // one question at a time
    asking = new AbortController();
    try {
      const response = await fetch(`${baseUrl}api/kernels/${encodeURIComponent(kernel.id)}`, {
        cache: 'no-store',
        headers: { 'X-XSRFToken': xsrfToken() },
        signal: asking.signal,
      });
      if (response.status === 404) {
        gone();
        return;
      }
      if (response.ok && (await response.json()).execution_state === 'dead') {
        gone();
        return;
      }
      if (unreachable) {
        unreachable = false;
        reachedAgain();
      }
    } catch {
      if (closing) {
        return; // asked away by the page leaving
      }
      // No answer from the server: the network is down, whatever the websocket says (it
      // may stay "open" for minutes after a drop).
      unreachable = true;
      lostNow();
    }
    checkTimer = state !== 'gone' && !closing ? setTimeout(check, CHECK_EVERY) : null;
  };
  let unreachable = false;
  const lostNow = () => {
    if (state === 'ok' && !closing) {
      stopTimers();
      state = 'lost';
      window.dicelabConnection = 'lost';
      banner.show('lost', hasGame());
    }
  };
  // The server answers again after a drop: a websocket that still says "connected" may be
  // dead inside, so the connection is made anew (the page's widgets and comms are kept).
  const reachedAgain = () => {
    if (state === 'lost' && kernel.connectionStatus === 'connected') {
      kernel.reconnect().catch(() => {}); // a failure shows as the connection's status
    }
  };
  window.addEventListener('offline', lostNow);
  window.addEventListener('online', () => {
    if (typeof checkTimer === 'number') {
      clearTimeout(checkTimer);
      void check();
    }
  });

  kernel.connectionStatusChanged.connect((_, status) => {
    if (closing || state === 'gone') {
      return;
    }
    if (status === 'connected') {
      stopTimers();
      if (checkTimer === null) {
        checkTimer = setTimeout(check, CHECK_EVERY);
      }
      if (state === 'lost') {
        banner.show('back', hasGame());
      }
      state = 'ok';
      window.dicelabConnection = 'ok';
    } else if (state === 'ok' && lostTimer === null) {
      lostTimer = setTimeout(() => {
        lostTimer = null;
        state = 'lost';
        window.dicelabConnection = 'lost';
        banner.show('lost', hasGame());
      }, LOST_AFTER);
    }
  });
  kernel.statusChanged.connect((_, status) => {
    if (GONE_STATES.includes(status)) {
      restarted = restarted || status !== 'dead';
      // After the status handlers: @jupyterlab/services starts its reconnection then.
      void Promise.resolve().then(gone);
    }
  });
  window.dicelabConnection = 'ok';
}

/** Dispose of the connection; `running`: ask Voilà to shut the (restarted) kernel down. */
function shutDown(kernel, baseUrl, running) {
  if (running) {
    askShutdown(kernel, baseUrl);
  }
  kernel.dispose();
}

/** The line at the top of the page that says what happened, and the button to carry on. */
class Banner {
  constructor() {
    this.node = document.createElement('div');
    this.node.className = 'dl-connection';
    this.node.setAttribute('role', 'alert');
    this.node.hidden = true;
    const lang = document.getElementById('loading_text')?.getAttribute('lang');
    if (lang) {
      this.node.setAttribute('lang', lang);
    }
    this.text = document.createElement('p');
    this.button = document.createElement('button');
    this.button.type = 'button';
    this.button.className = 'dl-carry-on';
    this.button.addEventListener('click', () => window.location.reload());
    this.node.append(this.text, this.button);
    document.body.prepend(this.node);
    this.hideTimer = null;
  }

  /** Show the words of `kind` ('lost', 'gone', 'back'); `game`: the page keeps a game. */
  show(kind, game) {
    const texts = window.dicelabTexts;
    clearTimeout(this.hideTimer);
    const words = [texts[kind]];
    if (game && kind !== 'back') {
      words.push(texts.kept);
    }
    this.node.dataset.kind = kind;
    this.text.textContent = words.join(' ');
    this.button.hidden = kind !== 'gone';
    this.button.textContent = game ? texts.carryOn : texts.reload;
    this.node.hidden = false;
    if (kind === 'gone') {
      this.button.focus();
    }
    if (kind === 'back') {
      this.hideTimer = setTimeout(() => {
        this.node.hidden = true;
      }, 4000);
    }
  }
}
