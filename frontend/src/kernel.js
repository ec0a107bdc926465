// The page's kernel: Voilà started it (or took it from its pool) and named it in the page.
import { CommsOverSubshells } from '@jupyterlab/services/lib/kernel/comm';
import { KernelConnection } from '@jupyterlab/services/lib/kernel/default';
import { ServerConnection } from '@jupyterlab/services/lib/serverconnection';

/**
 * A connection to the kernel `kernelId` of the server at `baseUrl`.
 *
 * The kernel's model is not asked of the server first, as Voilà does: the page was made by
 * that kernel a moment ago, and the websocket needs only its id.
 *
 * Comms never go over kernel subshells. ipykernel 7 says it has subshells, so
 * @jupyterlab/services 7.6 would open one for the widgets' comms with a
 * `create_subshell_request`; Voilà's server lets a page send only comm and kernel-info
 * messages and drops that request without a word, so its reply never comes, and when the
 * connection is cleared (page closed, kernel restarted) every widget's comm rejected a
 * promise nobody waits for: about 70 "Canceled future for create_subshell_request" errors
 * per page (docs/serving.md). A dicelab page runs no code beside its widgets' messages:
 * it needs no subshell.
 */
export function connectKernel(baseUrl, kernelId) {
  const serverSettings = ServerConnection.makeSettings({ baseUrl });
  return new KernelConnection({
    model: { id: kernelId, name: 'python3' },
    serverSettings,
    commsOverSubshells: CommsOverSubshells.Disabled,
  });
}

/**
 * Ask Voilà to shut the kernel down when the page closes (a learner closes the tab, reloads,
 * or goes to another page), with a beacon: the one request a closing page may still send.
 */
export function shutDownOnClose(kernel, baseUrl) {
  window.addEventListener('beforeunload', () => {
    if (!kernel.isDisposed) {
      // (a page that let go of a kernel that is gone has nothing to shut down: watch.js)
      askShutdown(kernel, baseUrl);
      kernel.dispose();
    }
  });
}

/** Ask Voilà to shut `kernel` down, with a beacon (also from a closing page). */
export function askShutdown(kernel, baseUrl) {
  const form = new FormData();
  form.append('_xsrf', xsrfToken());
  navigator.sendBeacon(`${baseUrl}voila/api/shutdown/${kernel.id}`, form);
}

/**
 * The server's XSRF token (its `_xsrf` cookie), which a request the page makes itself sends
 * back: a learner's server on JupyterHub answers a request authenticated by its cookie only
 * with it (docs/classroom.md).
 */
export function xsrfToken() {
  const xsrf = document.cookie.match('\\b_xsrf=([^;]*)\\b');
  return (xsrf && xsrf[1]) || '';
}
