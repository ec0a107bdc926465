// The page's kernel: Voilà started it (or took it from its pool) and named it in the page.
import { KernelConnection } from '@jupyterlab/services/lib/kernel/default';
import { ServerConnection } from '@jupyterlab/services/lib/serverconnection';

/**
 * A connection to the kernel `kernelId` of the server at `baseUrl`.
 *
 * The kernel's model is not asked of the server first, as Voilà does: the page was made by
 * that kernel a moment ago, and the websocket needs only its id.
 */
export function connectKernel(baseUrl, kernelId) {
  const serverSettings = ServerConnection.makeSettings({ baseUrl });
  return new KernelConnection({ model: { id: kernelId, name: 'python3' }, serverSettings });
}

/**
 * Ask Voilà to shut the kernel down when the page closes (a learner closes the tab, reloads,
 * or goes to another page), with a beacon: the one request a closing page may still send.
 */
export function shutDownOnClose(kernel, baseUrl) {
  window.addEventListener('beforeunload', () => {
    const form = new FormData();
    const xsrf = document.cookie.match('\\b_xsrf=([^;]*)\\b');
    form.append('_xsrf', (xsrf && xsrf[1]) || '');
    navigator.sendBeacon(`${baseUrl}voila/api/shutdown/${kernel.id}`, form);
    kernel.dispose();
  });
}
